/**
 * Numbered, crawlable pagination: every page is a real `<a href>` to its
 * canonical URL (docs/product.md "numbered pages with crawlable links"), with
 * rel="prev"/"next" on the neighbours and `aria-current` on the current page.
 */
import { Link } from "@remix-run/react";
import { linkPrefetch } from "~/lib/prefetch";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { visuallyHidden } from "~/styles/ui.css";
import * as s from "./pagination.css";

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; nothing renders below 2. */
  pageCount: number;
  /** Canonical URL of a page. */
  hrefFor: (page: number) => string;
}

/** Items of the page list: numbers and "gap" markers, e.g. [1, "gap", 4, 5, 6, 7, 8, "gap", 20]. */
function pageItems(page: number, pageCount: number, radius = 2): (number | "gap")[] {
  const items: (number | "gap")[] = [];
  const from = Math.max(2, page - radius);
  const to = Math.min(pageCount - 1, page + radius);
  items.push(1);
  if (from > 2) items.push("gap");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pageCount - 1) items.push("gap");
  if (pageCount > 1) items.push(pageCount);
  return items;
}

/** The page navigation ("Paginação"). */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount < 2) return null;
  const items = pageItems(page, pageCount);
  return (
    <nav className={s.nav} aria-label="Paginação">
      <ul className={s.list}>
        {page > 1 ? (
          <li>
            <Link className={s.link} to={hrefFor(page - 1)} rel="prev" prefetch={linkPrefetch}>
              <ChevronLeftIcon size={18} />
              <span className={s.stepText}>Anterior</span>
            </Link>
          </li>
        ) : null}
        {items.map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} className={s.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li
              key={item}
              className={Math.abs(item - page) > 1 && item !== 1 && item !== pageCount ? s.far : undefined}
            >
              {item === page ? (
                <span className={s.current} aria-current="page">
                  <span aria-hidden="true">{item}</span>
                  <span className={visuallyHidden}>Página {item}</span>
                </span>
              ) : (
                <Link className={s.link} to={hrefFor(item)} aria-label={`Página ${item}`}>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link className={s.link} to={hrefFor(page + 1)} rel="next" prefetch={linkPrefetch}>
              <span className={s.stepText}>Próxima</span>
              <ChevronRightIcon size={18} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
