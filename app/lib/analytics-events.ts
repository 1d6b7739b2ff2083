/**
 * The first-party analytics vocabulary shared by the browser beacon
 * (`~/components/analytics-beacon`) and the endpoint `POST /api/eventos`
 * (`~/.server/analytics/record`): event types, the beacon body's zod schema
 * and its size limits. Design: docs/decisions/0030-first-party-analytics.md.
 */
import { z } from "zod";

/**
 * Events the browser sends itself; `favourite_add` is a listing saved to the visitor's favourites
 * (the list itself stays in the browser: only the count per listing is kept, ADRs 0082, 0083).
 */
export const CLIENT_EVENT_TYPES = [
  "pageview",
  "gallery_open",
  "whatsapp_click",
  "form_start",
  "form_submit",
  "favourite_add",
] as const;

/** An event the browser sends. */
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

/**
 * Every stored event type: the client's, plus those the server derives from
 * a page view's address (`listing_view` on a listing page, `search` on
 * `/busca?q=`, `filter` per filter of a listings page, `map_search` on
 * `/mapa?area=`, the "Buscar nesta área" button).
 */
export const ANALYTICS_EVENT_TYPES = [...CLIENT_EVENT_TYPES, "listing_view", "search", "filter", "map_search"] as const;

/** A stored event type. */
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Device class derived from the User-Agent (the User-Agent itself is never stored). */
export type DeviceClass = "mobile" | "tablet" | "desktop";

/** Largest beacon body accepted, bytes (a page address of 2,000 characters fits easily). */
export const MAX_BEACON_BYTES = 4096;

/** Longest page address (path + query) a beacon may carry, characters. */
export const MAX_BEACON_PATH = 2000;

/** A listing code as the site writes it (Vista `Codigo`). */
const LISTING_CODE = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * The JSON body of `POST /api/eventos`:
 * - `type`: one of {@link CLIENT_EVENT_TYPES};
 * - `path`: the page's path and query (`/busca?q=moema`), starting with "/";
 * - `referrer`: `document.referrer` on the first page view (only its host is
 *   kept, and only when it is another site);
 * - `listing`: the listing code a gallery or WhatsApp event concerns;
 * - `form`: the lead form's kind for form events (`info`, `sell`, …);
 * - `results`: on a page view of `/busca` with a query, how many listings the
 *   page found (ADR 0084: the searches with no result).
 * Unknown keys are refused.
 */
export const beaconSchema = z
  .object({
    type: z.enum(CLIENT_EVENT_TYPES),
    path: z
      .string()
      .max(MAX_BEACON_PATH)
      .regex(/^\/(?!\/)/, "Caminho inválido."),
    referrer: z.string().max(MAX_BEACON_PATH).optional(),
    listing: z.string().regex(LISTING_CODE).optional(),
    form: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,29}$/)
      .optional(),
    results: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();

/** `detail_key` of a `search` event: the term (result count unknown or above zero). */
export const SEARCH_DETAIL_KEY = "q";

/** `detail_key` of a `search` event whose page found no listing (ADR 0084). */
export const EMPTY_SEARCH_DETAIL_KEY = "q_empty";

/** A validated beacon body. */
export type BeaconBody = z.infer<typeof beaconSchema>;

// The areas never recorded are shared with the browser's beacon and Google's tag.
export { isUntrackedPath, UNTRACKED_PATH_PREFIXES } from "./untracked-paths";

/** pt-BR labels of the event types (dashboard and CSV). */
export const ANALYTICS_EVENT_LABELS: Record<AnalyticsEventType, string> = {
  pageview: "Visualizações de página",
  listing_view: "Visualizações de imóvel",
  search: "Buscas",
  filter: "Filtros usados",
  map_search: "Buscas no mapa",
  gallery_open: "Galerias abertas",
  whatsapp_click: "Cliques no WhatsApp",
  favourite_add: "Imóveis favoritados",
  form_start: "Formulários iniciados",
  form_submit: "Formulários enviados",
};
