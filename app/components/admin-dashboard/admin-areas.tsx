/** The admin home's list of areas: a card per section of `ADMIN_SECTIONS`, with its one-line description. */
import { Link } from "@remix-run/react";
import { ADMIN_SECTIONS } from "~/lib/admin";
import * as s from "../admin.css";

/** The cards of the admin sections, under the heading "Áreas". */
export function AdminAreas() {
  return (
    <section aria-labelledby="areas-titulo">
      <h2 id="areas-titulo" className={s.heading}>
        Áreas
      </h2>
      <ul className={s.cards}>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path} className={s.card}>
            <Link to={section.path} className={s.cardLink}>
              {section.label}
            </Link>
            <p className={s.muted}>{section.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
