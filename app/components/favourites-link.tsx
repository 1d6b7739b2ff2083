/**
 * The header's "Favoritos" link with the number of saved listings
 * (docs/decisions/0032-favourites-and-compare.md): in the bar, a heart, the
 * count when there is any, the word from 1200 px; in the folded menu of
 * phones, an item "Favoritos (3)". The count follows every heart on the
 * page (`useFavourites`); its accessible name is e.g. "Favoritos (3)".
 */
import { Link } from "@remix-run/react";
import { FAVOURITES_PATH } from "~/lib/favourites";
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
  const label = codes.length ? `Favoritos (${codes.length})` : "Favoritos";
  if (variant === "menu") {
    return (
      <Link to={FAVOURITES_PATH} className={className} aria-current={current ? "page" : undefined}>
        <span className={s.menuItem}>
          <HeartIcon size={20} />
          {label}
        </span>
      </Link>
    );
  }
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
      <span className={s.text}>Favoritos</span>
      {codes.length ? (
        <span className={s.count} aria-hidden="true">
          {codes.length}
        </span>
      ) : null}
    </Link>
  );
}
