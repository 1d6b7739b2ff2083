/**
 * Navigation of the admin pages: "Início" plus one link per
 * section of `ADMIN_SECTIONS`, scrolling sideways on a phone; the current
 * section has `aria-current="page"`.
 */
import { NavLink } from "@remix-run/react";
import { ADMIN_SECTIONS } from "~/lib/admin";
import * as s from "./admin.css";
import { ADMIN_PATH } from "~/lib/paths";

/** The admin navigation bar. */
export function AdminNav() {
  return (
    <nav aria-label="Administração">
      <ul className={s.nav}>
        <li>
          <NavLink to={ADMIN_PATH} end className={s.navLink}>
            Início
          </NavLink>
        </li>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink to={section.path} className={s.navLink}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
