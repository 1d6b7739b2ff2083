/**
 * The header's "Favoritos" link with the number of saved listings
 * (docs/decisions/0032-favourites-and-compare.md): in the bar, a heart with
 * the count as a badge on its corner when there is any (the icon alone, as
 * the portals show it, so the bar's width does not depend on the count; the
 * word is in its tooltip and accessible name); in the folded menu, an item
 * "Favoritos (3)". The count follows every heart on the page
 * (`useFavourites`). The bar link's accessible name is "Favoritos" or e.g.
 * "Favoritos: 3 imóveis", which holds the visible count as a word of its own
 * (WCAG 2.5.3 Label in Name; checkers drop a parenthesised "(3)").
 */
import { Link } from "@remix-run/react";
import { FAVOURITES_PATH } from "~/lib/favourites";
import { plural } from "~/lib/format";
import { useFavourites } from "~/lib/use-favourites";
import { HeartIcon } from "./icons";
import * as s from "./favourites-link.css";

/** Props of {@link FavouritesLink}. */
export interface FavouritesLinkProps {
  /** The header's link look (bar link or menu item). */
  className: string;
  /** Whether `/favoritos` is the current page. */
  current: boolean;
  /** `bar` (default): heart and count in the header bar, from 480 px; `menu`: an item of the folded menu. */
  variant?: "bar" | "menu";
}

/** The link: see the module comment. */
export function FavouritesLink({ className, current, variant = "bar" }: FavouritesLinkProps) {
  const { codes } = useFavourites();
  if (variant === "menu") {
    return (
      <Link to={FAVOURITES_PATH} className={className} aria-current={current ? "page" : undefined}>
        <span className={s.menuItem}>
          <HeartIcon size={20} />
          {codes.length ? `Favoritos (${codes.length})` : "Favoritos"}
        </span>
      </Link>
    );
  }
  const label = codes.length ? `Favoritos: ${plural(codes.length, "imóvel", "imóveis")}` : "Favoritos";
  return (
    <Link
      to={FAVOURITES_PATH}
      className={`${className} ${s.link} ${s.barOnly}`}
      aria-label={label}
      title={label}
      aria-current={current ? "page" : undefined}
      data-favourites-count={codes.length}
    >
      <HeartIcon size={20} />
      {codes.length ? (
        <span className={s.count} aria-hidden="true">
          {codes.length}
        </span>
      ) : null}
    </Link>
  );
}
