/**
 * Pieces shared by the public list pages (`/todos-os-imoveis`, `/mapa`,
 * `/busca`, `/corretor/{filtro}`, `/condominios`): the "catalogue being
 * updated" state, the heading block, the count-and-sort toolbar, the pager
 * with "Página x de y", and pill links with a count.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/format";
import { button } from "~/styles/ui.css";
import { EmptyState } from "./empty-state";
import { Pagination } from "./pagination";
import * as s from "./page-layout.css";

/**
 * "Mostrando 25–48 de {of}": the range of the items on `page` (1-based) of
 * `pageSize`, `shown` of them on this page; `of` is the total as text
 * ("1.234" or "1.234 imóveis encontrados").
 */
export function showingRange(page: number, pageSize: number, shown: number, of: string): string {
  const first = (page - 1) * pageSize + 1;
  return `Mostrando ${formatCount(first)}–${formatCount(first + shown - 1)} de ${of}`;
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

/** Count line and sort form (`children`) above a results grid. */
export function ResultsToolbar({ count, children }: { count: string; children: ReactNode }) {
  return (
    <div className={s.toolbar}>
      <p className={s.muted}>{count}</p>
      {children}
    </div>
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
