/**
 * `/mapa` (docs/product.md "Public site"; ADR 0009): the catalogue
 * on a Leaflet map with clustering, the same filters as the list, "Buscar
 * nesta área" and the list of listings in view.
 *
 * Server: the loader reads the same filters as the list page
 * (`parseFilters(undefined, searchParams, vocabulary)`) plus `area`
 * (`south,west,north,east`; invalid → ignored), redirects (301) any other
 * spelling to the canonical `/mapa?…` (`mapUrl`), and renders the first page
 * of listings in view (in the area with `listingsInBounds`, else every match
 * with `searchListings`), 24 per page. Without JavaScript the page is a usable
 * list with the filters form and pagination links.
 *
 * Browser: after hydration the map module (`*.client.tsx`, Leaflet) loads
 * lazily into a fixed-height box (no layout shift), fetches `/mapa/pontos`,
 * and "Buscar nesta área" navigates (no full reload) to `/mapa?…&area=…`.
 */
import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css?url";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { listingsInBounds } from "~/.server/catalogue/map";
import { searchListings } from "~/.server/catalogue/search";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getConfig } from "~/.server/config";
import { getTheme } from "~/.server/theme";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FiltersForm } from "~/components/filters-form";
import {
  AREA_PARAM,
  mapCanonicalRedirect,
  mapPointsUrl,
  mapUrl,
  parseBoundingBox,
  type BoundingBox,
} from "~/components/map/map-data";
import { MapList } from "~/components/map/map-list";
import { useHydrated } from "~/components/use-hydrated";
import * as layout from "~/components/page-layout.css";
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
import { visuallyHidden } from "~/styles/ui.css";
import * as s from "./map.css";
import { MAP_PATH } from "~/lib/paths";
import { siteOrigin } from "~/.server/origin";

const ListingsMap = lazy(() => import("~/components/map/listings-map.client"));

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

  const result = area
    ? await listingsInBounds(filters, area, { pageSize: LISTINGS_PAGE_SIZE })
    : await searchListings(filters, { pageSize: LISTINGS_PAGE_SIZE });
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
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      pointsUrl: mapPointsUrl(filters),
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

function MapScreen({ data }: { data: OkData }) {
  const { filters, vocabulary, area } = data;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [highlight, setHighlight] = useState<string | null>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === MAP_PATH;

  const onSearchArea = useCallback(
    (box: BoundingBox) => navigate(mapUrl({ ...filters, page: undefined }, box), { preventScrollReset: true }),
    [navigate, filters],
  );
  const hrefFor = (page: number) => mapUrl({ ...filters, page: page > 1 ? page : undefined }, area);

  return (
    <div className={s.page}>
      <Breadcrumbs items={[{ name: "Início", path: "/" }, { name: "Mapa" }]} />
      <header className={s.header}>
        <h1 className={layout.title}>Mapa: {data.heading}</h1>
        <p className={layout.muted}>
          {data.countText}
          {hasFilters(filters) ? (
            <>
              {" · "}
              <Link to={filtersListUrl(data)}>Ver em lista</Link>
            </>
          ) : null}
        </p>
      </header>

      <div className={s.layout}>
        <div className={s.filters}>
          <FiltersForm filters={filters} vocabulary={vocabulary} action={MAP_PATH} />
        </div>
        <div className={s.mapArea} id="mapa">
          <h2 className={visuallyHidden}>Mapa</h2>
          <div className={s.mapBox}>
            {hydrated ? (
              <Suspense fallback={<MapPlaceholder text="Carregando o mapa…" />}>
                <ListingsMap
                  pointsUrl={data.pointsUrl}
                  tileUrl={data.tiles.url}
                  tileAttribution={data.tiles.attribution}
                  area={area}
                  onSearchArea={onSearchArea}
                  highlightCode={highlight}
                  label="Mapa dos imóveis. Use a lista de imóveis para navegar pelo teclado."
                />
              </Suspense>
            ) : (
              // Server render: also what a visitor without JavaScript keeps seeing.
              <MapPlaceholder text="Carregando o mapa… (o mapa precisa de JavaScript; a lista de imóveis está logo abaixo)" />
            )}
          </div>
        </div>
        <div className={s.listArea}>
          <MapList
            items={data.items}
            total={data.total}
            page={data.page}
            pageCount={data.pageCount}
            pageSize={LISTINGS_PAGE_SIZE}
            inArea={area != null}
            purpose={filters.purpose}
            hrefFor={hrefFor}
            allHref={mapUrl({ ...filters, page: undefined })}
            onHighlight={setHighlight}
            loading={loading}
          />
        </div>
      </div>
      {hydrated ? <ViewToggle /> : null}
    </div>
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
        <p className={s.placeholderText}>O mapa precisa de JavaScript. A lista de imóveis está logo abaixo.</p>
      </noscript>
    </div>
  );
}

/** Phones: a floating "Ver lista" / "Ver mapa" link that jumps between the two. */
function ViewToggle() {
  const [mapVisible, setMapVisible] = useState(true);
  const observed = useRef(false);
  useEffect(() => {
    const target = document.getElementById("mapa");
    if (!target || observed.current || typeof IntersectionObserver === "undefined") return;
    observed.current = true;
    const observer = new IntersectionObserver(([entry]) => setMapVisible(entry.intersectionRatio > 0.3), {
      threshold: [0, 0.3, 0.6, 1],
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      observed.current = false;
    };
  }, []);
  return (
    <a className={s.toggle} href={mapVisible ? "#lista" : "#mapa"}>
      {mapVisible ? "Ver lista" : "Ver mapa"}
    </a>
  );
}
