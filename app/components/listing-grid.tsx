/**
 * A responsive grid of listing cards (home sections, listings page): one
 * column on a 360 px phone, up to four on a wide screen.
 */
import type { Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { ListingCard } from "./listing-card";
import * as s from "./listing-grid.css";

/** Props of {@link ListingGrid}. */
export interface ListingGridProps {
  listings: ListingSummary[];
  /** Offer to show first on every card (the filtered purpose). */
  purpose?: Purpose;
  /** Heading level of the card titles (default 3). */
  headingLevel?: 2 | 3;
  /** How many first cards load their photo eagerly (the first row above the fold); default 0. */
  eagerCount?: number;
  /** Accessible name of the list, e.g. "Resultados". */
  label?: string;
  /** "grid" (default) or "row": a swipeable row below 960 px (home sections). */
  layout?: "grid" | "row";
  /**
   * Gives each item the id `{itemIdPrefix}-{n}`, n counted from 1, so that a
   * link can land on a given card (the condominium page's "ver todas" link
   * lands on the first card it shows).
   */
  itemIdPrefix?: string;
}

/** Cards in a list (`<ul>`), one link each. */
export function ListingGrid({
  listings,
  purpose,
  headingLevel,
  eagerCount = 0,
  label,
  layout = "grid",
  itemIdPrefix,
}: ListingGridProps) {
  const row = layout === "row";
  return (
    <ul className={row ? `${s.grid} ${s.row}` : s.grid} aria-label={label}>
      {listings.map((listing, i) => (
        <li
          key={listing.code}
          id={itemIdPrefix ? `${itemIdPrefix}-${i + 1}` : undefined}
          className={row ? `${s.item} ${s.rowItem}` : s.item}
        >
          <ListingCard listing={listing} purpose={purpose} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
