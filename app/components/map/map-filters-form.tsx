/**
 * The list pages' filters form (`FiltersForm`) aimed at `/mapa`: it submits
 * to the map, counts only the listings the map can show (`/mapa/pontos?contagem=1`)
 * and keeps the drawn area (ADR 0091) as hidden fields. Shared by the map's
 * list panel and its phone filters sheet, which must submit the same thing.
 */
import { FiltersForm, type FiltersFormProps } from "~/components/filters-form";
import { MAP_COUNT_PATH } from "~/lib/map-data";
import { mapFiltersHidden, type DrawnShape } from "~/lib/map-shape";
import { MAP_PATH } from "~/lib/paths";

/** Props of {@link MapFiltersForm}: those of `FiltersForm` but the map's own, plus the drawn area. */
export interface MapFiltersFormProps extends Omit<FiltersFormProps, "action" | "countPath" | "hidden"> {
  /** The drawn area, or null: kept by the form's hidden fields. */
  shape: DrawnShape | null;
}

/** The filters form of `/mapa`; see the module comment. */
export function MapFiltersForm({ shape, ...props }: MapFiltersFormProps) {
  return <FiltersForm {...props} action={MAP_PATH} countPath={MAP_COUNT_PATH} hidden={mapFiltersHidden(shape)} />;
}
