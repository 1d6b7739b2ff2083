/**
 * Navigation of the admin pages: "Início" plus one link per
 * section of `ADMIN_SECTIONS`, scrolling sideways on a phone; the current
 * section has `aria-current="page"`.
 */
import type { ReactNode } from "react";
import { ADMIN_SECTIONS } from "~/lib/admin";
import * as s from "./admin.css";
import { LinkItems } from "./link-items";
import { ADMIN_PATH } from "~/lib/paths";

/** The admin navigation bar. */
export function AdminNav() {
  return (
    <nav aria-label="Administração">
      <ul className={s.nav}>
        <LinkItems
          nav
          className={s.navLink}
          links={[
            { to: ADMIN_PATH, label: "Início", end: true },
            ...ADMIN_SECTIONS.map((section) => ({ to: section.path, label: section.label })),
          ]}
        />
      </ul>
    </nav>
  );
}

/** The top of an admin page: the navigation bar, then the page's title and its lead paragraph (`children`). */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <AdminNav />
      <header>
        <h1 className={s.title}>{title}</h1>
        <p className={s.muted}>{children}</p>
      </header>
    </>
  );
}
