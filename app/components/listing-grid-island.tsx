/**
 * {@link ListingGrid} as an island (`./island`), for the listing sections of
 * the detail pages (similar listings, a condominium's listings): their cards'
 * code (favourite buttons) arrives when the visitor nears them
 * (docs/decisions/0051). The list pages and the home page render the grid itself.
 */
import type { ListingGrid, ListingGridProps } from "./listing-grid";
import { island } from "./island";
// The cards' stylesheets, for the document's first paint (the cards' code comes later).
import "./favourite-button.css";
import "./listing-card.css";
import "./listing-grid.css";

/** A grid of listing cards, hydrated when the visitor comes near it. */
export const ListingGridIsland = island<ListingGridProps>(
  () => import("./listing-grid").then((module): typeof ListingGrid => module.ListingGrid),
  "lista-de-imoveis",
);
