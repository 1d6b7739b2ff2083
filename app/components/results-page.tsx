/**
 * Pieces shared by the public list pages (`/todos-os-imoveis`, `/mapa`,
 * `/busca`, `/corretor/{filtro}`, `/condominios`): the "catalogue being
 * updated" state, the heading block, the count-and-sort toolbar, the
 * "Criar alerta desta busca" shortcut, the pager with "Página x de y",
 * pill links with a count, and the "Pular para os resultados" skip link.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/format";
import { button } from "~/styles/ui.css";
import { EmptyState } from "./empty-state";
import { BellIcon } from "./icons";
import { Pagination } from "./pagination";
import * as s from "./page-layout.css";

/**
 * "Mostrando 25–48 de {of}": the range of the items on `page` (1-based) of
 * `pageSize`, `shown` of them on this page; `of` is the total as text
 * ("1.234" or "1.234 imóveis encontrados"). Without `of`, "Mostrando 25–48":
 * for a page whose heading block already states the total (the count once, ADR 0092).
 */
export function showingRange(page: number, pageSize: number, shown: number, of?: string): string {
  const first = (page - 1) * pageSize + 1;
  const range = `Mostrando ${formatCount(first)}–${formatCount(first + shown - 1)}`;
  return of ? `${range} de ${of}` : range;
}

/** Id of the results' heading on the list pages, the target of {@link SkipToResults}. */
export const RESULTS_HEADING_ID = "resultados";

/**
 * "Pular para os resultados", the content's first Tab stop on the list pages: a plain
 * fragment link (no script) to the results' heading, which takes the focus (give that
 * heading `id={RESULTS_HEADING_ID}` (or `target`), `tabIndex={-1}` and `s.skipTarget`);
 * out of sight until focused.
 */
export function SkipToResults({ target = RESULTS_HEADING_ID }: { target?: string }) {
  return (
    <a href={`#${target}`} className={s.skipLink}>
      Pular para os resultados
    </a>
  );
}

/**
 * The first sync is still filling the catalogue: "Estamos atualizando nosso
 * catálogo", the explanation (`children`) and a plain "Tentar novamente" link
 * (a full reload) to `retryHref`.
 */
export function CatalogueUpdating({
  retryHref,
  headingLevel,
  children,
}: {
  retryHref: string;
  headingLevel?: 1 | 2;
  children: ReactNode;
}) {
  return (
    <EmptyState
      headingLevel={headingLevel}
      title="Estamos atualizando nosso catálogo"
      actions={[
        <a key="retry" className={button.dark} href={retryHref}>
          Tentar novamente
        </a>,
      ]}
    >
      <p>{children}</p>
    </EmptyState>
  );
}

/** The heading block: the H1 and its count line (a live status); `children` go under it. */
export function ResultsHeader({ title, count, children }: { title: string; count: ReactNode; children?: ReactNode }) {
  return (
    <header className={s.header}>
      <h1 className={s.title}>{title}</h1>
      <p className={s.muted} role="status">
        {count}
      </p>
      {children}
    </header>
  );
}

/** Count line (none when null: the heading block states it) and sort form (`children`) above a results grid. */
export function ResultsToolbar({ count, children }: { count: string | null; children: ReactNode }) {
  return (
    <div className={s.toolbar}>
      {count ? <p className={s.muted}>{count}</p> : null}
      {children}
    </div>
  );
}

/** Id of the "Criar alerta" form (`./alert-form`: `useLazyValidation`'s id), the shortcut's target. */
const ALERT_FORM_ID = "criar-alerta";

/**
 * "Criar alerta desta busca" at the top of the results: a link to the alert
 * form after them (a plain fragment link without JavaScript); with it, the
 * page scrolls to the form and its e-mail field takes the focus, so the
 * visitor can type at once.
 */
export function AlertShortcut() {
  return (
    <a
      href={`#${ALERT_FORM_ID}`}
      className={`${button.outline} ${s.alertShortcut}`}
      onClick={(event) => {
        const form = document.getElementById(ALERT_FORM_ID);
        if (!form) return;
        // Scrolled here rather than by the fragment: the router would treat the new hash as a
        // navigation and restore the scroll position it saved for it.
        event.preventDefault();
        form.scrollIntoView({ block: "start" });
        document.getElementById(`${ALERT_FORM_ID}-email`)?.focus({ preventScroll: true });
      }}
    >
      <BellIcon size={18} />
      Criar alerta desta busca
    </a>
  );
}

/**
 * "Lista | Mapa": the same search as a list or on the map, each link carrying
 * every filter (`list` and `map` are the two URLs; the current view is marked,
 * not linked). A link is left out when the search cannot be shown that way.
 */
export function ViewSwitch({
  current,
  list,
  map,
}: {
  current: "list" | "map";
  list: string | null;
  map: string | null;
}) {
  const views = [
    { id: "list" as const, label: "Lista", href: list },
    { id: "map" as const, label: "Mapa", href: map },
  ];
  return (
    <nav className={s.viewSwitch} aria-label="Ver resultados em">
      {views.map((view) =>
        view.id === current ? (
          <span key={view.id} className={s.viewSwitchItem} aria-current="page">
            {view.label}
          </span>
        ) : view.href ? (
          <Link key={view.id} to={view.href} className={s.viewSwitchItem}>
            {view.label}
          </Link>
        ) : null,
      )}
    </nav>
  );
}

/** Numbered page links and, with more than one page, "Página x de y" under them. */
export function Pager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  /** Canonical URL of a page. */
  hrefFor: (page: number) => string;
}) {
  return (
    <>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
      {pageCount > 1 ? (
        <p className={s.pageInfo}>
          Página {formatCount(page)} de {formatCount(pageCount)}
        </p>
      ) : null}
    </>
  );
}

/** A pill link with its number of listings in brackets; a negative `count` shows none. */
export function ChipLink({ to, label, count }: { to: string; label: string; count: number }) {
  return (
    <Link to={to} className={s.chip}>
      {label}
      {count >= 0 ? <span className={s.chipCount}>({formatCount(count)})</span> : null}
    </Link>
  );
}

/** "Ver todos os imóveis", the way out of an empty result. */
export function AllListingsLink({ to }: { to: string }) {
  return (
    <Link to={to} className={button.dark}>
      Ver todos os imóveis
    </Link>
  );
}
