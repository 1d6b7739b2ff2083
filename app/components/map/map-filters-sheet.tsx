/**
 * The filters sheet of a phone's full-screen map (ADR 0091): the list pages'
 * own form (`FiltersForm`, its sheet and live count) opened at once, counting
 * the listings the map shows (`/mapa/pontos?contagem=1`) and keeping the drawn
 * area. Loaded on the first press of the map's "Filtros" (`./map-filters-button`).
 */
import type { FilterVocabulary, ListingFilters } from "~/lib/filters";
import type { DrawnShape } from "~/lib/map-shape";
import { MapFiltersForm } from "./map-filters-form";
import * as s from "./map-panel.css";

/** Props of {@link MapFiltersSheet}. */
export interface MapFiltersSheetProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  shape: DrawnShape | null;
  /** Listings the map shows now: the sheet's first "Ver N imóveis". */
  total: number;
  /** The sheet closed or applied its filters. */
  onClose(): void;
}

/** The open filters sheet (default export, for `React.lazy`). */
export default function MapFiltersSheet({ filters, vocabulary, shape, total, onClose }: MapFiltersSheetProps) {
  return (
    <div className={s.sheetHost}>
      <MapFiltersForm
        filters={filters}
        vocabulary={vocabulary}
        shape={shape}
        total={total}
        startOpen
        onSheetClose={onClose}
      />
    </div>
  );
}
