/**
 * A breadcrumb trail (Início › cidade › bairro › página) for the detail and
 * list pages; the last item is the current page (not a link). Pair it with
 * `breadcrumbJsonLd()` (`json-ld.tsx`) for search engines. On a narrow screen
 * the trail wraps between crumbs, each "›" staying at the end of its line.
 */
import { Link } from "@remix-run/react";
import * as s from "./breadcrumbs.css";

/** One crumb: label and site path (none for the current page). */
export interface Crumb {
  name: string;
  path?: string;
}

/** The trail as an ordered list inside a labelled `<nav>`. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Você está em" className={s.nav}>
      <ol className={s.list}>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`} className={s.crumb}>
            {item.path && index < items.length - 1 ? (
              <Link to={item.path} className={s.link}>
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" className={s.current}>
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
