/**
 * `/mapa` (docs/product.md "Public site"; ADR 0009, layout and counts ADR
 * 0038): the catalogue on a Leaflet map with clustering, the same filters as
 * the list, and the list of the listings in view, which follows the map.
 *
 * Server: the loader reads the same filters as the list page
 * (`parseFilters(undefined, searchParams, vocabulary)`) plus `area`
 * (`south,west,north,east`; invalid → ignored), redirects (301) any other
 * spelling to the canonical `/mapa?…` (`mapUrl`), and renders the first page
 * of the listings the map can show (`listingsOnMap`: with coordinates, inside
 * the area when there is one), 24 per page. That total is the page's one
 * count; the matches without a location are counted apart
 * (`unlocatedCount`) and linked to the list page. Without JavaScript the page
 * is a usable list with the filters and pagination links.
 *
 * Browser: the map module (`*.client.tsx`, Leaflet) is fetched as soon as this
 * route module runs and renders once the page is hydrated, into a fixed box (no
 * layout shift); it opens on the box the loader computed for the matches (or on
 * the searched area) while the points, asked for by the map module as soon as
 * it runs, download (ADR 0096). When the visitor pans or zooms, the list
 * and the count follow (debounced): a client navigation that replaces the
 * history entry with `/mapa?…&area=…`, so reload and back keep the view.
 * Desktop: the list (two card columns, scrolling on its own) beside a map
 * that fills the rest. Phone: a full-screen map and a "Lista"/"Mapa" toggle,
 * and "Filtros" over the map (the list pages' sheet, loaded on the first press).
 *
 * A drawn area (`poligono=` or `circulo=`, ADR 0091) restricts the points, the
 * list and the count; "Desenhar área" on the map draws one (its code is loaded
 * on the first press), "Remover área" in the list and on the map removes it.
 */
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css?url";
import { useCallback, useRef, useState, type MouseEvent } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CostNotice } from "~/components/cost-notice";
import { MapFiltersButton } from "~/components/map/map-filters-button";
import { MapPanelIsland } from "~/components/map/map-panel-island";
import { MapPreview } from "~/components/map/map-preview";
import { firstMapView } from "~/components/map/map-view";
import { useMapComponent } from "~/components/map/use-map-component";
import { useWayBack, type PhoneView } from "~/components/map/use-way-back";
import { CatalogueUpdating, ViewSwitch } from "~/components/results-page";
import { useConsentBannerHeight } from "~/components/use-consent-banner-height";
import { isHydrated, useHydrated } from "~/components/use-hydrated";
import { publicPageHeaders } from "~/lib/cache-control";
import { filtersToUrl, LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { withPagingMeta } from "~/lib/list-pages";
import { MAP_FILTERS_ID, mapUrl, type BoundingBox } from "~/lib/map-data";
import { shapeBounds } from "~/lib/map-shape";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { formatCount, plural } from "~/lib/format";
import { MAP_PATH } from "~/lib/paths";
import { visuallyHidden } from "~/styles/ui.css";
import * as s from "./map.css";
import { loadMapPage } from "./map.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];

/** The map page's data (`./map.server`): redirects to the canonical URL, or the filters, list and counts. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadMapPage(request);
}

export const headers = publicPageHeaders;

/** Title, description and canonical; `noindex, follow` on an area, a deep page or an empty result. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  if (data.state === "updating") {
    return catalogueUpdatingMeta(`Mapa de imóveis | ${data.site.title}`, data.canonicalUrl);
  }
  const title = `Mapa: ${data.heading} | ${data.site.title}`;
  const description = `${data.countText}. Veja no mapa onde fica cada imóvel e busque na região que você quer na ${data.site.title}.`;
  return withPagingMeta(pageMeta({ title, description, canonicalUrl: data.canonicalUrl }), data);
};

/** The map page (or, while the first sync runs, the "updating" state). */
export default function MapPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "updating") {
    return (
      <div className={s.page}>
        <CatalogueUpdating headingLevel={1} retryHref={MAP_PATH}>
          Os imóveis aparecem no mapa em alguns instantes. Obrigado pela paciência!
        </CatalogueUpdating>
      </div>
    );
  }
  return <MapScreen data={data} />;
}

type OkData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ok" }>;

function MapScreen({ data }: { data: OkData }) {
  const { filters, vocabulary, area, shape } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const ListingsMap = useMapComponent(hydrated);
  const [highlight, setHighlight] = useState<string | null>(null);
  const { view, setView, listRef } = useWayBack(hydrated);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The first picture (ADR 0097): the server's page only, until the map's own tiles have loaded.
  const [tilesShown, setTilesShown] = useState(isHydrated);
  const preview = firstMapView(area, shape ? shapeBounds(shape) : null, data.openingBounds, data.tiles.url);
  const loading = navigation.state === "loading" && navigation.location.pathname === MAP_PATH;

  // Read by onAreaChange when the map settles, which may be after the visitor left the map.
  const navigationRef = useRef(navigation);
  navigationRef.current = navigation;
  // The list follows the map: same filters, first page, the visible box; the entry is replaced.
  // Not while the visitor is leaving the map (a card's "Ver imóvel"): a new navigation would
  // cancel theirs, and the map settles up to AREA_DEBOUNCE_MS after its last move (a popup's pan).
  const onAreaChange = useCallback(
    (box: BoundingBox) => {
      const pending = navigationRef.current;
      if (pending.state !== "idle" && pending.location.pathname !== MAP_PATH) return;
      navigate(mapUrl({ ...filters, page: undefined }, box, data.shapeParam), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [navigate, filters, data.shapeParam],
  );
  // A drawn area is a new search (a new history entry): the whole area, its first page (ADR 0091).
  const onShapeChange = useCallback(
    (drawn: readonly [string, string] | null) =>
      navigate(mapUrl({ ...filters, page: undefined }, null, drawn), { preventScrollReset: true }),
    [navigate, filters],
  );
  const toggleFilters = (event: MouseEvent) => {
    event.preventDefault();
    setFiltersOpen((open) => !open);
  };

  return (
    // The map's code fetches the points as soon as it runs, before hydration (`early-points`).
    <div className={s.page} data-view={hydrated ? view : undefined} data-points-url={data.pointsUrl}>
      <header className={s.header}>
        <div className={s.crumbs}>
          <Breadcrumbs items={[{ name: "Início", path: "/" }, { name: "Mapa" }]} />
        </div>
        <h1 className={s.title}>Mapa: {data.heading}</h1>
        <MapCount data={data} />
        <CostNotice notice={data.costNotice} />
      </header>

      <div className={s.split}>
        <div className={s.listArea} id="area-da-lista" ref={listRef}>
          <div className={s.listTools}>
            <a
              className={s.filtersButton}
              href={`#${MAP_FILTERS_ID}`}
              role={hydrated ? "button" : undefined}
              aria-expanded={hydrated ? filtersOpen : undefined}
              aria-controls={MAP_FILTERS_ID}
              onClick={toggleFilters}
            >
              Filtros
            </a>
            <ViewSwitch current="map" list={filtersListUrl(data)} map={null} />
          </div>
          {/* Hidden on a phone's full-screen map: hydrated once shown (ADR 0061). */}
          <MapPanelIsland
            filters={filters}
            vocabulary={vocabulary}
            area={area}
            shape={shape}
            filtersOpen={filtersOpen}
            items={data.items}
            total={data.total}
            page={data.page}
            pageCount={data.pageCount}
            pageSize={LISTINGS_PAGE_SIZE}
            alertForm={data.alertForm}
            onHighlight={setHighlight}
            loading={loading}
          />
        </div>
        <div className={s.mapArea} id="mapa">
          <h2 className={visuallyHidden}>Mapa</h2>
          <div className={s.mapBox}>
            {preview && !tilesShown && ListingsMap !== "failed" ? <MapPreview view={preview} /> : null}
            {hydrated ? (
              <MapFiltersButton
                className={s.mapFiltersButton}
                filters={filters}
                vocabulary={vocabulary}
                shape={shape}
                total={data.total}
              />
            ) : null}
            {ListingsMap && ListingsMap !== "failed" ? (
              <ListingsMap
                pointsUrl={data.pointsUrl}
                openingBounds={data.openingBounds}
                tileUrl={data.tiles.url}
                tileAttribution={data.tiles.attribution}
                area={area}
                shape={shape}
                onShapeChange={onShapeChange}
                onAreaChange={onAreaChange}
                highlightCode={highlight}
                onTilesShown={() => setTilesShown(true)}
                label="Mapa dos imóveis. Use a lista de imóveis para navegar pelo teclado."
              />
            ) : ListingsMap === "failed" ? (
              <MapPlaceholder text="Não foi possível carregar o mapa. Os imóveis estão na lista." />
            ) : (
              // Server render: also what a visitor without JavaScript keeps seeing.
              <MapPlaceholder text="Carregando o mapa…" />
            )}
          </div>
        </div>
      </div>
      {hydrated ? <ViewToggle view={view} onChange={setView} /> : null}
    </div>
  );
}

/**
 * The page's one count (ADR 0038): the listings the map can show, inside the
 * area when there is one; the matches without a location are said apart.
 */
function MapCount({ data }: { data: OkData }) {
  const where = data.shape ? "na área desenhada" : data.area ? "nesta área do mapa" : "no mapa";
  return (
    <p className={s.count} data-testid="contagem-mapa">
      <strong>
        {formatCount(data.total)} {data.total === 1 ? "imóvel" : "imóveis"}
      </strong>{" "}
      {where}
      {data.unlocated > 0 ? (
        <>
          {" · "}
          <Link to={filtersListUrl(data)} className={s.unlocated}>
            {plural(data.unlocated, "outro sem localização", "outros sem localização")} (ver em lista)
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The canonical list page of the same filters (`/todos-os-imoveis/…`). */
function filtersListUrl(data: OkData): string {
  return filtersToUrl({ ...data.filters, page: undefined }, data.vocabulary);
}

/** The box shown before the map module loads (same size: no layout shift). */
function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className={s.placeholder}>
      <p className={s.placeholderText}>{text}</p>
      <noscript>
        <p className={s.placeholderText}>
          O mapa precisa de JavaScript. Os mesmos imóveis estão na lista desta página:{" "}
          <a href="#lista-do-mapa">ir para a lista</a>.
        </p>
      </noscript>
    </div>
  );
}

/**
 * Phones: a floating "Lista" / "Mapa" switch between the full-screen map and
 * the list. It moves up above the consent banner while the banner is shown, so
 * it never covers nor is covered.
 */
function ViewToggle({ view, onChange }: { view: PhoneView; onChange(view: PhoneView): void }) {
  const lift = useConsentBannerHeight();
  const next: PhoneView = view === "map" ? "list" : "map";
  return (
    <button
      type="button"
      className={s.toggle}
      style={lift ? { bottom: `calc(${Math.ceil(lift)}px + 12px)` } : undefined}
      onClick={() => {
        onChange(next);
        window.scrollTo({ top: 0 });
      }}
    >
      {next === "list" ? "Ver lista" : "Ver mapa"}
    </button>
  );
}
