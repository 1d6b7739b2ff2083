/**
 * The `<li>` items of a list of links (the caller gives the `<ul>`): each a
 * `<Link>`, or with `nav` a `<NavLink>` (marked `aria-current="page"` on its
 * page; `end` to match the path only exactly).
 */
import { Link, NavLink } from "@remix-run/react";

/** One link of {@link LinkItems}. */
export interface LinkItem {
  to: string;
  label: string;
  /** With `nav`: the link is current only on exactly this path. */
  end?: boolean;
}

/** One `<li>` per link, in order, each link with `className`. */
export function LinkItems({
  links,
  className,
  nav = false,
}: {
  links: readonly LinkItem[];
  className: string;
  nav?: boolean;
}) {
  return links.map((link) => (
    <li key={link.to}>
      {nav ? (
        <NavLink to={link.to} end={link.end} className={className}>
          {link.label}
        </NavLink>
      ) : (
        <Link to={link.to} className={className}>
          {link.label}
        </Link>
      )}
    </li>
  ));
}
