/**
 * `GET /mapa/pontos`: every active listing with coordinates
 * that matches the filters of the query string (the same parameters as the
 * list page and `/mapa`: `finalidade`, `tipo`, `cidade`, `bairro`, `preco-min`…,
 * read by `parseFilters`; unknown or malformed ones are ignored, never a 500),
 * as the compact `MapPointsPayload` JSON (`~/components/map/map-data`, ADR 0009).
 * Cached 60 s by browsers and shared caches.
 *
 * `GET /mapa/pontos?imovel={code}` answers instead `{ listing }`: the public
 * card (`ListingSummary`) of that active listing for a marker's popup, or
 * `{ listing: null }` (status 200: the popup says the listing left the
 * catalogue; a 404 would only add a browser console error).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { mapListingSummary, mapPointsJson } from "~/.server/catalogue/map";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { encodeMapPoints } from "~/components/map/map-data";
import { parseFilters, type ListingFilters } from "~/lib/filters";

/** Cache-Control of the points: one minute (ADR 0009). */
const MAP_POINTS_CACHE = "public, max-age=60";

/** Encoded points by canonical filters, kept {@link CACHE_TTL_MS}: the read model only changes with a sync. */
const cache = new Map<string, { body: string; expires: number }>();
/** ms an encoded payload is reused (the same minute browsers cache it). */
const CACHE_TTL_MS = 60_000;
/** Most filter sets kept (oldest dropped first). */
const CACHE_MAX_ENTRIES = 200;

async function cachedPoints(key: string, filters: ListingFilters): Promise<string> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.body;
  const body = await mapPointsJson(filters);
  cache.delete(key);
  cache.set(key, { body, expires: now + CACHE_TTL_MS });
  while (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return body;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("imovel");
  if (code != null) {
    const listing = await mapListingSummary(code);
    return json({ listing }, { headers: { "Cache-Control": listing ? MAP_POINTS_CACHE : "no-store" } });
  }
  const vocabulary = await getVocabulary();
  if (vocabulary.total === 0) {
    // First sync still running: nothing to show yet, and nothing worth caching.
    return json(encodeMapPoints([]), { headers: { "Cache-Control": "no-store" } });
  }
  const parsed = parseFilters(undefined, url.searchParams, vocabulary);
  const filters = "notFound" in parsed ? {} : parsed.filters;
  // Built by the database as one JSON text (see mapPointsJson).
  const key = "notFound" in parsed ? "" : parsed.canonical;
  return new Response(await cachedPoints(key, filters), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": MAP_POINTS_CACHE,
      Vary: "Accept-Encoding",
    },
  });
}
