/**
 * `GET /mapa/pontos`: every active listing with coordinates
 * that matches the filters of the query string (the same parameters as the
 * list page and `/mapa`: `finalidade`, `tipo`, `cidade`, `bairro`, `preco-min`…,
 * read by `parseFilters`; unknown or malformed ones are ignored, never a 500),
 * as the compact `MapPointsPayload` JSON (`~/lib/map-data`, ADR 0009).
 * Built once per filter set and sync (the cache is emptied when a sync
 * changes the catalogue), sent with a strong ETag (hash of the body, so it
 * changes exactly when the points do) and answered 304 to `If-None-Match`;
 * browsers reuse it for a minute and revalidate in the background for ten
 * (ADR 0038).
 *
 * A drawn area (`poligono` or `circulo`, ADR 0091) keeps the points inside it.
 * `GET /mapa/pontos?contagem=1&…` answers instead `{ count }`: how many
 * listings the map would show (the filters sheet's live count on `/mapa`).
 *
 * `GET /mapa/pontos?imovel={code}` answers instead `{ listing }`: the public
 * card (`ListingSummary`) of that active listing for a marker's popup, or
 * `{ listing: null }` (status 200: the popup says the listing left the
 * catalogue; a 404 would only add a browser console error).
 */
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { lruCache } from "~/.server/cache";
import { mapCount, mapListingSummary, mapPointsJson } from "~/.server/catalogue/map";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { encodeMapPoints } from "~/lib/map-data";
import { shapeFromParams, shapeParam, type DrawnShape } from "~/lib/map-shape";
import { parseFilters, type ListingFilters } from "~/lib/filters";

/** Cache-Control of the points and cards: fresh one minute, then revalidated (ETag) in the background. */
const MAP_POINTS_CACHE = "public, max-age=60, stale-while-revalidate=600";

/** An encoded payload and its strong ETag. */
interface CachedPoints {
  body: string;
  etag: string;
}

/**
 * Encoded points by canonical filters (at most 200 filter sets, least recently
 * used dropped first). Registered: `clearCaches()` empties it after a sync
 * changes the read model, so no TTL is needed; one hour is a safety net.
 */
const cache = lruCache<string, CachedPoints>("map:points", { max: 200, ttl: 3_600_000 });

async function cachedPoints(key: string, filters: ListingFilters, shape: DrawnShape | null): Promise<CachedPoints> {
  const hit = cache.get(key);
  if (hit) return hit;
  const body = await mapPointsJson(filters, { shape });
  const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"` };
  cache.set(key, entry);
  return entry;
}

/** Whether `If-None-Match` names `etag` (or `*`). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/** `?contagem=1`: the map's live count instead of its points. */
const COUNT_PARAM = "contagem";

/** `{ count }`, the `/busca/contagem` shape: the listings the map shows (located, inside the shape). */
async function countResponse(filters: ListingFilters, shape: DrawnShape | null): Promise<Response> {
  const { sort: _sort, page: _page, ...rest } = filters;
  try {
    const count = await mapCount(rest, { shape });
    return Response.json({ count }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    // The count is a convenience: the sheet keeps its "Ver imóveis" button.
    console.error("map count failed", error);
    return Response.json({ count: null }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("imovel");
  if (code != null) {
    const listing = await mapListingSummary(code);
    return Response.json({ listing }, { headers: { "Cache-Control": listing ? MAP_POINTS_CACHE : "no-store" } });
  }
  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: nothing to show yet, and nothing worth caching.
    return Response.json(encodeMapPoints([]), { headers: { "Cache-Control": "no-store" } });
  }
  const parsed = parseFilters(undefined, url.searchParams, vocabulary);
  const filters = "notFound" in parsed ? {} : parsed.filters;
  const shape = shapeFromParams(url.searchParams);
  if (url.searchParams.has(COUNT_PARAM)) return countResponse(filters, shape);
  // Built by the database as one JSON text (see mapPointsJson).
  const key = `${"notFound" in parsed ? "" : parsed.canonical}#${shape ? shapeParam(shape).join("=") : ""}`;
  const { body, etag } = await cachedPoints(key, filters, shape);
  const headers = {
    "Cache-Control": MAP_POINTS_CACHE,
    ETag: etag,
    Vary: "Accept-Encoding",
  };
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}
