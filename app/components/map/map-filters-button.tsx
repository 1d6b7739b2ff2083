/**
 * "Filtros" on a phone's full-screen map (ADR 0091): the list pages' filters
 * sheet with its live count, over the map, applying to the map's points. The
 * sheet's code (the filters form) comes on the first press (`React.lazy`), so
 * the map page hydrates no more than before. Hidden on wide screens, where
 * the list column beside the map has the filters.
 */
import { lazy, Suspense, useState } from "react";
import type { FilterVocabulary, ListingFilters } from "~/lib/filters";
import type { DrawnShape } from "~/lib/map-shape";

const MapFiltersSheet = lazy(() => import("./map-filters-sheet"));

/** Props of {@link MapFiltersButton}. */
export interface MapFiltersButtonProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  shape: DrawnShape | null;
  /** Listings the map shows now. */
  total: number;
  className: string;
}

/** The button and, once pressed, the sheet. */
export function MapFiltersButton({ className, ...sheet }: MapFiltersButtonProps) {
  const [open, setOpen] = useState(false);
  const set = Object.keys(sheet.filters).filter((key) => key !== "sort" && key !== "page").length;
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Filtros{set > 0 ? ` (${set})` : ""}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MapFiltersSheet {...sheet} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
