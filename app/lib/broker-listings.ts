/**
 * The query string of "Meus imóveis", `/painel/imoveis`
 * (docs/decisions/0082-broker-listings-page.md): the search `q` (code,
 * neighbourhood or title), the page `pagina` and, for admins only, the
 * broker `corretor` whose listings are shown. Shared by the loader (which
 * validates) and the page (which builds the links).
 */
import { z } from "zod";
import { emptyToUndefined, filterQuery } from "./list-filters";
import { PANEL_PATH } from "./paths";
import { singleLineText } from "./text-fields";

/** The page's path. */
export const BROKER_LISTINGS_PATH = `${PANEL_PATH}/imoveis`;

/** Listings a page shows. */
export const BROKER_LISTINGS_PAGE_SIZE = 25;

/** Most characters of the search (a code, a neighbourhood or a few words of a title). */
export const BROKER_LISTINGS_QUERY_MAX = 60;

/** Most words of the search that must all match (the rest of a long query is ignored). */
export const BROKER_LISTINGS_QUERY_WORDS = 5;

/** Most characters of a Vista broker code. */
const BROKER_CODE_MAX = 40;

/** pt-BR message of a search longer than {@link BROKER_LISTINGS_QUERY_MAX}. */
export const QUERY_TOO_LONG_MESSAGE = `Use no máximo ${BROKER_LISTINGS_QUERY_MAX} caracteres na busca.`;

/** pt-BR message of a malformed broker code in `corretor`. */
export const BROKER_CODE_MESSAGE = "Escolha um corretor da lista.";

/**
 * The query string's fields: `q` (the search, one line, at most
 * {@link BROKER_LISTINGS_QUERY_MAX} characters), `pagina` (1 to 100,000;
 * anything else means 1) and `corretor` (a Vista broker code). A bad `q` or
 * `corretor` is refused with a pt-BR message, shown beside its field.
 */
export const brokerListingsQuerySchema = z.object({
  q: z.preprocess(
    emptyToUndefined,
    singleLineText({ max: BROKER_LISTINGS_QUERY_MAX, maxMessage: QUERY_TOO_LONG_MESSAGE }).optional(),
  ),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  corretor: z.preprocess(
    emptyToUndefined,
    singleLineText({
      max: BROKER_CODE_MAX,
      maxMessage: BROKER_CODE_MESSAGE,
      controlMessage: BROKER_CODE_MESSAGE,
      rules: (value) => value.regex(/^[A-Za-z0-9._-]+$/, BROKER_CODE_MESSAGE),
    }).optional(),
  ),
});

/** The valid part of the query string. */
export interface BrokerListingsQuery {
  /** The search as typed (trimmed), or undefined. */
  q?: string;
  /** Requested page, 1-based (the loader clamps it to the last page). */
  pagina: number;
  /** Vista broker code an admin asked for, or undefined. */
  corretor?: string;
}

/** The query and the pt-BR message of each refused field. */
export interface ParsedBrokerListingsQuery {
  query: BrokerListingsQuery;
  errors: { q?: string; corretor?: string };
}

/**
 * Reads the query string (never throws): each field is validated on its own
 * so a refused search keeps the chosen broker and page, and vice versa; only
 * the first value of a repeated key counts.
 */
export function parseBrokerListingsQuery(params: URLSearchParams): ParsedBrokerListingsQuery {
  const { shape } = brokerListingsQuerySchema;
  const query: BrokerListingsQuery = { pagina: shape.pagina.parse(params.get("pagina") ?? undefined) };
  const errors: ParsedBrokerListingsQuery["errors"] = {};
  for (const key of ["q", "corretor"] as const) {
    const parsed = shape[key].safeParse(params.get(key) ?? undefined);
    if (!parsed.success) errors[key] = parsed.error.issues[0]?.message ?? "Valor inválido.";
    else if (parsed.data !== undefined) query[key] = parsed.data;
  }
  return { query, errors };
}

/**
 * The page's address for `query`: `q` and `corretor` when set, `pagina` from
 * page 2 on (`/painel/imoveis?q=moema&pagina=2`).
 */
export function brokerListingsHref(query: Partial<BrokerListingsQuery>): string {
  const params = filterQuery(query, ["corretor", "q"]);
  if (query.pagina && query.pagina > 1) params.set("pagina", String(query.pagina));
  const search = params.toString();
  return search ? `${BROKER_LISTINGS_PATH}?${search}` : BROKER_LISTINGS_PATH;
}

/** A line of "Meus imóveis": a listing of the broker in the read model. */
export interface BrokerListingSummary {
  code: string;
  title: string;
  /** Public page path. */
  path: string;
  neighbourhood: string;
  city: string;
  /** BRL. */
  salePrice: number | null;
  /** BRL per month. */
  rentPrice: number | null;
}

/** A line of "Meus imóveis" with its figures, as the loader sends it (`MyListingRow` of `~/.server/broker/my-listings`). */
export interface BrokerListingLine extends BrokerListingSummary {
  views: number;
  /** Null: not measured. */
  favourites: number | null;
  leads: number;
  visits: number;
}
