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
 * layout shift); the points, preloaded by a `<link rel="preload">`, download
 * with the page, and the map starts on them (or on the searched area). When the visitor pans or zooms, the list
 * and the count follow (debounced): a client navigation that replaces the
 * history entry with `/mapa?…&area=…`, so reload and back keep the view.
 * Desktop: the list (two card columns, scrolling on its own) beside a map
 * that fills the rest. Phone: a full-screen map and a "Lista"/"Mapa" toggle.
 */
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css?url";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { listingsOnMap, unlocatedCount } from "~/.server/catalogue/map";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getConfig } from "~/.server/config";
import { getTheme } from "~/.server/theme";
import { Breadcrumbs } from "~/components/breadcrumbs";
import {
  AREA_PARAM,
  MAP_FILTERS_ID,
  mapCanonicalRedirect,
  mapPointsUrl,
  mapUrl,
  parseBoundingBox,
  type BoundingBox,
} from "~/lib/map-data";
import type ListingsMapComponent from "~/components/map/listings-map.client";
import { MapPanelIsland } from "~/components/map/map-panel-island";
import { useHydrated } from "~/components/use-hydrated";
import { CatalogueUpdating } from "~/components/results-page";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import {
  describeFilters,
  filtersToUrl,
  hasFilters,
  LISTINGS_PAGE_SIZE,
  parseFilters,
  publicVocabulary,
} from "~/lib/filters";
import { withPagingMeta } from "~/lib/list-pages";
import { catalogueUpdatingMeta, pageMeta } from "~/lib/meta";
import { sessionStorageOrNull } from "~/lib/browser-storage";
import { readEntryState, writeEntryState } from "~/lib/entry-state";
import { formatCount, plural } from "~/lib/format";
import { visuallyHidden } from "~/styles/ui.css";
import * as s from "./map.css";
import { MAP_PATH } from "~/lib/paths";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";

/** The map component (default export of the client-only map module). */
type MapComponent = typeof ListingsMapComponent;

/** The map component once its module has loaded (so the first render after hydration can use it). */
let loadedMap: MapComponent | null = null;

/**
 * The map module (Leaflet, ~45 KB): asked for as soon as this route module runs in the browser,
 * so it downloads and evaluates while the page hydrates, instead of after (the map can only
 * render once hydrated). Never on the server: Leaflet touches `window` at import.
 */
const mapModule =
  typeof document === "undefined"
    ? null
    : import("~/components/map/listings-map.client").then((module) => (loadedMap = module.default));
// A failure is shown by the page once hydrated (`useMapComponent`), not reported as unhandled.
mapModule?.catch(() => undefined);

/**
 * The map component once the page is hydrated and its module has loaded; null before, and
 * "failed" when the module could not be loaded. Not `React.lazy`: a lazy component shows its
 * Suspense fallback once even when its module is already there, and React then waits about
 * 300 ms before it reveals the content.
 */
function useMapComponent(hydrated: boolean): MapComponent | "failed" | null {
  const [state, setState] = useState<MapComponent | "failed" | null>(null);
  useEffect(() => {
    // Effects run in the browser only, where `mapModule` is always set.
    if (!hydrated || loadedMap || !mapModule) return;
    let live = true;
    mapModule.then((component) => live && setState(() => component)).catch(() => live && setState("failed"));
    return () => {
      live = false;
    };
  }, [hydrated]);
  return hydrated ? (loadedMap ?? state) : null;
}

/** Canonical redirects are stable for a while, but follow vocabulary changes. */
const REDIRECT_CACHE = "public, max-age=300";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const site = getTheme();
  const config = getConfig();
  const origin = siteOrigin(request);
  const tiles = { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION };

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: a friendly page, never an error.
    return json(
      { state: "updating" as const, site: { title: site.title }, canonicalUrl: `${origin}${MAP_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const search = new URLSearchParams(url.searchParams);
  search.delete(AREA_PARAM);
  const parsed = parseFilters(undefined, search, vocabulary);
  const filters = "notFound" in parsed ? {} : parsed.filters;
  const area = parseBoundingBox(url.searchParams.get(AREA_PARAM));
  const target = mapCanonicalRedirect(url, mapUrl(filters, area));
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const [result, unlocated] = await Promise.all([
    listingsOnMap(filters, area, { pageSize: LISTINGS_PAGE_SIZE }),
    unlocatedCount(filters),
  ]);
  if (result.page > 1 && result.page > result.pageCount) {
    const last = mapUrl({ ...filters, page: result.pageCount > 1 ? result.pageCount : undefined }, area);
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const description = describeFilters(filters, vocabulary);
  return json(
    {
      state: "ok" as const,
      site: { title: site.title },
      filters,
      vocabulary: publicVocabulary(vocabulary),
      area,
      heading: description.heading,
      countText: description.count(result.total),
      unlocated,
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      pointsUrl: mapPointsUrl(filters),
      /** Render time and key of the "Criar alerta" form (ADR 0034). */
      alertForm: leadFormTokens(),
      tiles,
      canonicalUrl: `${origin}${mapUrl({ ...filters, page: undefined })}`,
      noindex: area != null || result.page > 1 || result.total === 0,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
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

/** Which half a phone shows (wide screens show both). */
type PhoneView = "map" | "list";

function MapScreen({ data }: { data: OkData }) {
  const { filters, vocabulary, area } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const ListingsMap = useMapComponent(hydrated);
  const [highlight, setHighlight] = useState<string | null>(null);
  const { view, setView, listRef } = useWayBack(hydrated);
  const [filtersOpen, setFiltersOpen] = useState(false);
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
      navigate(mapUrl({ ...filters, page: undefined }, box), { replace: true, preventScrollReset: true });
    },
    [navigate, filters],
  );
  const toggleFilters = (event: MouseEvent) => {
    event.preventDefault();
    setFiltersOpen((open) => !open);
  };

  return (
    <div className={s.page} data-view={hydrated ? view : undefined}>
      {/* Starts the points download with the HTML, before the map module arrives. */}
      <link rel="preload" href={data.pointsUrl} as="fetch" crossOrigin="anonymous" />
      <header className={s.header}>
        <div className={s.crumbs}>
          <Breadcrumbs items={[{ name: "Início", path: "/" }, { name: "Mapa" }]} />
        </div>
        <h1 className={s.title}>Mapa: {data.heading}</h1>
        <MapCount data={data} />
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
            {hasFilters(filters) ? <Link to={filtersListUrl(data)}>Ver em lista</Link> : null}
          </div>
          {/* Hidden on a phone's full-screen map: hydrated once shown (ADR 0061). */}
          <MapPanelIsland
            filters={filters}
            vocabulary={vocabulary}
            area={area}
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
            {ListingsMap && ListingsMap !== "failed" ? (
              <ListingsMap
                pointsUrl={data.pointsUrl}
                tileUrl={data.tiles.url}
                tileAttribution={data.tiles.attribution}
                area={area}
                onAreaChange={onAreaChange}
                highlightCode={highlight}
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

/** How long the list column's offset waits for the column to be able to scroll that far, ms. */
const RESTORE_WAIT_MS = 2_000;

/** Events by which the visitor scrolls the list column themselves. */
const VISITOR_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * What the way back restores besides the window's offset (ADR 0059): the view
 * a phone showed (map or list) and, on wide screens, how far the list column
 * was scrolled, both kept for the history entry (`location.key`, which a
 * replaced entry changes, so it is written again for the new one). Restored
 * only when the page is rendered by a client-side navigation, not when it
 * hydrates: before hydration a phone draws the map view (ADR 0040), and a
 * switch then would be a layout shift.
 */
function useWayBack(hydrated: boolean) {
  const { key } = useLocation();
  const [restored] = useState(() => (hydrated ? readEntryState(sessionStorageOrNull(), key) : undefined));
  const [view, setView] = useState<PhoneView>(restored?.view === "list" ? "list" : "map");
  const listRef = useRef<HTMLDivElement>(null);
  const listScroll = useRef(0);
  // The entry when the page is left (a pan replaces it without remounting the page).
  const entryKey = useRef(key);
  entryKey.current = key;

  useEffect(() => {
    if (hydrated) writeEntryState(sessionStorageOrNull(), key, { view });
  }, [hydrated, key, view]);

  // The list column scrolls in its own box on wide screens: its offset, before the first paint,
  // or as soon as the column can scroll that far (the route's stylesheet may still be applying).
  useLayoutEffect(() => {
    const list = listRef.current;
    const top = restored?.listScroll;
    if (!list || typeof top !== "number" || top <= 0) return;
    const apply = () => {
      list.scrollTop = top;
      listScroll.current = list.scrollTop;
      return Math.abs(list.scrollTop - top) <= 1;
    };
    if (apply() || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => apply() && stop());
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of VISITOR_SCROLL_EVENTS) list.removeEventListener(type, stop);
    };
    // Never against the visitor: their own scrolling ends the wait.
    for (const type of VISITOR_SCROLL_EVENTS) list.addEventListener(type, stop, { passive: true });
    const timer = setTimeout(stop, RESTORE_WAIT_MS);
    observer.observe(list);
    return stop;
  }, [restored]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => {
      listScroll.current = list.scrollTop;
    };
    // Read on scroll, not when leaving: by then the column may be out of the document.
    const save = () =>
      writeEntryState(sessionStorageOrNull(), entryKey.current, { listScroll: Math.round(listScroll.current) });
    list.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      list.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
      save();
    };
  }, []);

  return { view, setView, listRef };
}

/**
 * The page's one count (ADR 0038): the listings the map can show, inside the
 * area when there is one; the matches without a location are said apart.
 */
function MapCount({ data }: { data: OkData }) {
  const where = data.area ? "nesta área do mapa" : "no mapa";
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
  const [lift, setLift] = useState(0);
  // Placed before its first paint: a button that appears where it stays is no layout shift.
  useLayoutEffect(() => {
    const banner = document.querySelector('[data-testid="consent-banner"]');
    if (banner) setLift(banner.getBoundingClientRect().height);
  }, []);
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    let banner: Element | null = null;
    const resize = new ResizeObserver(() => setLift(banner?.isConnected ? banner.getBoundingClientRect().height : 0));
    const find = () => {
      const found = document.querySelector('[data-testid="consent-banner"]');
      if (found === banner) return;
      if (banner) resize.unobserve(banner);
      banner = found;
      if (banner) resize.observe(banner);
      else setLift(0);
    };
    find();
    // The banner is a sibling of the page's layout: its parent's own children are enough (no subtree).
    const mutations = new MutationObserver(find);
    mutations.observe((banner as Element | null)?.parentElement ?? document.body, { childList: true });
    return () => {
      mutations.disconnect();
      resize.disconnect();
    };
  }, []);
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
