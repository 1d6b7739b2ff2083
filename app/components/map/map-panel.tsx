/**
 * The list panel of `/mapa` (ADR 0038, ADR 0061): the folded filters, the
 * list of the listings in view and the "Criar alerta" form. The page renders
 * it as an island (`./map-panel-island`): on a phone's full-screen map the
 * panel is hidden, so React hydrates it only once the visitor opens the list
 * (or the map's area changes it); on a computer, beside the map, right after
 * the page.
 */
import { AlertForm } from "~/components/alert-form";
import type { ListingSummary } from "~/domain/listing-summary";
import type { LeadFormTokens } from "~/lib/lead-fields";
import type { FilterVocabulary, ListingFilters } from "~/lib/filters";
import { MAP_FILTERS_ID, mapUrl, type BoundingBox } from "~/lib/map-data";
import { mapShapeUrl, type DrawnShape } from "~/lib/map-shape";
import { MapFiltersForm } from "./map-filters-form";
import { MapList } from "./map-list";
import * as s from "./map-panel.css";

/** Props of {@link MapPanel}: the map page's loader data it shows. */
export interface MapPanelProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  /** The searched area (`area=`), or null for the whole catalogue. */
  area: BoundingBox | null;
  /** The drawn area (ADR 0091), or null. */
  shape: DrawnShape | null;
  /** Whether the filters box is open on wide screens (phones: the form folds itself). */
  filtersOpen: boolean;
  /** The listings of this page of the list (24 per page). */
  items: ListingSummary[];
  /** Matching listings with a location in total (inside the area when there is one). */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Signed render time and idempotency key of the alert form (`leadFormTokens()`). */
  alertForm: LeadFormTokens;
  /** Called with the code of the hovered/focused card, or null when it leaves. */
  onHighlight(code: string | null): void;
  /** True while a new list loads. */
  loading: boolean;
}

/** The map page's list panel; see the module comment. */
export function MapPanel(props: MapPanelProps) {
  const { filters, vocabulary, area, shape, filtersOpen } = props;
  const hrefFor = (page: number) => mapShapeUrl({ ...filters, page: page > 1 ? page : undefined }, area, shape);
  return (
    <>
      <div className={s.filters} id={MAP_FILTERS_ID} data-open={filtersOpen || undefined}>
        <MapFiltersForm filters={filters} vocabulary={vocabulary} shape={shape} />
      </div>
      <MapList
        items={props.items}
        total={props.total}
        page={props.page}
        pageCount={props.pageCount}
        pageSize={props.pageSize}
        inArea={area != null}
        purpose={filters.purpose}
        hrefFor={hrefFor}
        allHref={mapShapeUrl({ ...filters, page: undefined }, null, shape)}
        removeShapeHref={shape ? mapUrl({ ...filters, page: undefined }) : null}
        onHighlight={props.onHighlight}
        loading={props.loading}
      />
      <AlertForm tokens={props.alertForm} headingLevel={3} />
    </>
  );
}
