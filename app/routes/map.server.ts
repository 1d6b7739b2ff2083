/**
 * Server side of `/mapa` (ADR 0009, counts ADR 0038): the same filters as the
 * list page (`parseFilters(undefined, searchParams, vocabulary)`) plus `area`
 * (`south,west,north,east`; invalid → ignored), the drawn area (`poligono` or
 * `circulo`, ADR 0091; invalid → ignored), the site header's `filtros` and `q`
 * (`mapFilters`), a 301 from any other spelling
 * to the canonical `/mapa?…` (`mapUrl`), and the first page of the listings
 * the map can show (`listingsOnMap`), with the matches without a location
 * counted apart (`unlocatedCount`).
 */
import { data, redirect } from "@remix-run/node";
import { costNotice } from "~/.server/catalogue/cost-notice";
import { listingsOnMap, mapOpeningBounds, unlocatedCount } from "~/.server/catalogue/map";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getConfig } from "~/.server/config";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import {
  describeFilters,
  LISTINGS_PAGE_SIZE,
  normalizeFilters,
  parseFilters,
  publicVocabulary,
  type FilterVocabulary,
  type ListingFilters,
} from "~/lib/filters";
import { understandQuery } from "~/.server/catalogue/text-search";
import { LIST_SEGMENT_PARAM } from "~/lib/map-link";
import { CIRCLE_PARAM, mapShapeUrl, POLYGON_PARAM, shapeFromParams, shapeParam } from "~/lib/map-shape";
import { AREA_PARAM, mapCanonicalRedirect, mapPointsUrl, mapUrl, parseBoundingBox } from "~/lib/map-data";
import { MAP_PATH } from "~/lib/paths";

/** Canonical redirects are stable for a while, but follow vocabulary changes. */
const REDIRECT_CACHE = "public, max-age=300";

/**
 * The map page's data: `state: "updating"` (no-store) while the first sync
 * runs, else the filters, the listings of the first page, the counts, the
 * points' URL and the tiles (public cache). Throws a 301 to the canonical URL,
 * and a 302 to the last page when `page` is past it.
 */
export async function loadMapPage(request: Request) {
  const url = new URL(request.url);
  const site = getTheme();
  const config = getConfig();
  const origin = siteOrigin(request);
  const tiles = { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION };

  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: a friendly page, never an error.
    return data(
      { state: "updating" as const, site: { title: site.title }, canonicalUrl: `${origin}${MAP_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const filters = mapFilters(url.searchParams, vocabulary);
  const area = parseBoundingBox(url.searchParams.get(AREA_PARAM));
  const shape = shapeFromParams(url.searchParams);
  const target = mapCanonicalRedirect(url, mapShapeUrl(filters, area, shape));
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const [result, unlocated, cost, openingBounds] = await Promise.all([
    listingsOnMap(filters, area, { pageSize: LISTINGS_PAGE_SIZE, shape }),
    // A drawn area holds located listings only: none is left out of it.
    shape ? 0 : unlocatedCount(filters),
    // Inside an area the left-out count (over the whole search) would not match the map's: no figure then.
    costNotice(filters, (f) => mapShapeUrl(f, area, shape), { count: area == null && shape == null }),
    // Where the map opens when no area is given, so that it need not wait for the points.
    area || shape ? null : mapOpeningBounds(filters),
  ]);
  if (result.page > 1 && result.page > result.pageCount) {
    const last = mapShapeUrl({ ...filters, page: result.pageCount > 1 ? result.pageCount : undefined }, area, shape);
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const description = describeFilters(filters, vocabulary);
  return data(
    {
      state: "ok" as const,
      site: { title: site.title },
      filters,
      vocabulary: publicVocabulary(vocabulary),
      area,
      /** The drawn area (ADR 0091), or null. */
      shape,
      /** Its query parameter (`shapeParam`), so the page's own code need not encode shapes. */
      shapeParam: shape ? shapeParam(shape) : null,
      heading: description.heading,
      countText: description.count(result.total),
      unlocated,
      /** The total monthly cost filter's notice (ADR 0086), or null. */
      costNotice: cost,
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      pointsUrl: mapPointsUrl(filters, shape && shapeParam(shape)),
      /** The box the map opens on without an area (`mapOpeningBounds`), or null. */
      openingBounds,
      /** Render time and key of the "Criar alerta" form (ADR 0034). */
      alertForm: leadFormTokens(),
      tiles,
      canonicalUrl: `${origin}${mapUrl({ ...filters, page: undefined })}`,
      noindex: area != null || shape != null || result.page > 1 || result.total === 0,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/** Longest `q` read from `/busca`'s "Mapa" link (characters), as `/busca` itself. */
const MAX_QUERY = 200;

/**
 * The filters of a `/mapa` query string: the list page's parameters, plus the
 * two spellings the site header's "Mapa" link sends (`mapLinkFor`): a list
 * page's `{filtros}` segment in `filtros`, and `/busca`'s words in `q`, of
 * which the map keeps what `understandQuery` reads as filters and places (it
 * has no full-text search). An unknown segment is ignored.
 */
export function mapFilters(params: URLSearchParams, vocabulary: FilterVocabulary): ListingFilters {
  const search = new URLSearchParams(params);
  for (const name of [AREA_PARAM, POLYGON_PARAM, CIRCLE_PARAM, LIST_SEGMENT_PARAM, "q"]) search.delete(name);
  const segment = params.get(LIST_SEGMENT_PARAM) || undefined;
  let parsed = parseFilters(segment, search, vocabulary);
  if ("notFound" in parsed && segment) parsed = parseFilters(undefined, search, vocabulary);
  const filters = "notFound" in parsed ? {} : parsed.filters;
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY);
  if (!q) return filters;
  const understood = understandQuery(q, vocabulary);
  return normalizeFilters({ ...understood.filters, ...understood.where, ...filters, page: undefined });
}
