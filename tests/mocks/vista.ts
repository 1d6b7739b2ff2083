/**
 * msw 2 handlers for the Vista REST API (docs/style.md §12: one handler module per
 * third party, shared by unit tests). The responses follow docs/vista-api.md §4–§5:
 * lists keyed by code with counters as siblings (`showtotal=1`), strings
 * everywhere, "Sim"/"Nao", sub-tables keyed or `[]`, errors as
 * `{"message": …, "status": …}` with non-ASCII escaped (`n\u00e3o`), the key
 * echoed in 401 bodies. Bodies are written as raw JSON text so the server's
 * key order survives (integer-like codes included).
 *
 * Use `createVistaHandlers()` for a small in-memory tenant, or the response
 * helpers (`vistaJsonResponse`, `vistaErrorResponse`…) in `server.use()` for
 * one-off cases. Only the HTTP client's own tests use msw (ADR 0076); the data
 * come from `app/test-support/vista-data.ts` and the messages from the Vista
 * contract. The real Vista-compatible server is `server/vista-sandbox/`.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import {
  FORMAT_MESSAGE,
  NOT_FOUND_MESSAGE,
  PAGE_SIZE_MESSAGE,
  VISTA_COUNTER_KEYS,
  VISTA_MAX_PAGE_SIZE,
  VISTA_MEDIA_TABLES,
  fieldMessage,
  permissionDeniedMessage,
  tableMessage,
  type VistaFieldSpec,
  type VistaListingWire,
  type VistaProntuarioWire,
} from "~/.server/vista/contract";
import { makeVistaCatalogue, makeVistaDetail } from "~/test-support/vista-data";

/** Base URL the handlers answer on by default. */
export const VISTA_MOCK_URL = "https://demo-rest.vistahost.com.br";
/** The key the handlers accept by default (the public sandbox key printed in Vista's guide). */
export const VISTA_MOCK_KEY = "c9fdd79584fb8d369a6a579af1a8f681";

// ---------------------------------------------------------------------------
// Raw JSON helpers

/** Escapes non-ASCII characters as `\uXXXX`, as Vista (PHP json_encode) does (docs/vista-api.md §5.1). */
export function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Serialises an object from ordered entries, keeping that order even for
 * integer-like keys (JSON.stringify of an object would sort them).
 */
export function orderedJson(entries: readonly (readonly [string, unknown])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",")}}`;
}

/** A 2xx/4xx/5xx response whose body is the given raw JSON text. */
export function vistaRawResponse(body: string, status = 200): Response {
  return new HttpResponse(body, { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** A JSON response as Vista writes it (non-ASCII escaped). */
export function vistaJsonResponse(body: unknown, status = 200): Response {
  return vistaRawResponse(escapeNonAscii(JSON.stringify(body)), status);
}

/** Vista's error envelope `{"message": …, "status": …}` with escaped accents (docs/vista-api.md §5.1). */
export function vistaErrorResponse(status: number, message: string | string[]): Response {
  return vistaJsonResponse({ message, status }, status);
}

/** 401 "Permissão Negada" echoing the key verbatim, as the real API does (docs/vista-api.md §5.2). */
export function permissionDeniedResponse(key: string, method: string): Response {
  return vistaErrorResponse(401, permissionDeniedMessage(key, method));
}

/** 400 naming every rejected field, one message per field (docs/vista-api.md §5.2). */
export function fieldErrorResponse(fields: readonly string[]): Response {
  return vistaErrorResponse(400, fields.map(fieldMessage));
}

/**
 * A `listar` body as raw JSON: items keyed by `Codigo` in the given order,
 * then the counters when given (numbers by default, strings on request).
 */
export function vistaListJson(
  items: readonly VistaListingWire[],
  counters?: { total: number; paginas: number; pagina: number; quantidade: number },
  options: { countersAs?: "number" | "string" } = {},
): string {
  const entries: [string, unknown][] = items.map((item) => [String(item.Codigo), item]);
  if (counters) {
    for (const name of VISTA_COUNTER_KEYS) {
      entries.push([name, options.countersAs === "string" ? String(counters[name]) : counters[name]]);
    }
  }
  return escapeNonAscii(orderedJson(entries));
}

// ---------------------------------------------------------------------------
// An in-memory tenant

/** Options of {@link createVistaHandlers}. */
export interface VistaMockOptions {
  baseUrl?: string;
  key?: string;
  /** The catalogue `listar` serves, in storage order (default: 120 listings). */
  listings?: VistaListingWire[];
  /** Full `detalhes` reply per code (default: `makeVistaDetail(code)` merged with the listing). */
  details?: Record<string, VistaListingWire>;
  /** History rows per code for `/imoveis/prontuario`. */
  prontuarios?: Record<string, VistaProntuarioWire[]>;
  /** Fields this key may not read: requesting them gives Vista's field 400. */
  deniedFields?: string[];
  /** Counters as JSON numbers (default, as live) or strings. */
  countersAs?: "number" | "string";
  /** Called for every request that reached a route (for counting calls in tests). */
  onRequest?: (request: { endpoint: string; url: URL }) => void;
}

function asNumber(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

function fold(value: unknown): string {
  return String(value ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function compareValues(a: unknown, b: unknown): number {
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na - nb;
  return String(a ?? "").localeCompare(String(b ?? ""));
}

const OPERATORS = [">", "<", ">=", "<=", "!=", "like"];

/** The filter grammar of docs/vista-api.md §3.2, as the stand-in reads it (docs/vista-api.md §8). */
function matches(item: VistaListingWire, field: string, condition: unknown): boolean {
  const value = item[field];
  if (Array.isArray(condition)) {
    if (condition.length === 2 && OPERATORS.includes(condition[0] as string)) {
      const [op, operand] = condition as [string, unknown];
      const c = compareValues(value, operand);
      switch (op) {
        case ">":
          return c > 0;
        case "<":
          return c < 0;
        case ">=":
          return c >= 0;
        case "<=":
          return c <= 0;
        case "!=":
          return String(value ?? "") !== String(operand);
        default:
          return fold(value).includes(fold(operand));
      }
    }
    const numericOrDate = (v: unknown) => asNumber(v) !== null || /^\d{4}-\d{2}-\d{2}/.test(String(v));
    if (condition.length === 2 && condition.every(numericOrDate) && numericOrDate(value)) {
      return compareValues(value, condition[0]) >= 0 && compareValues(value, condition[1]) <= 0;
    }
    return condition.some((c) => String(c) === String(value ?? ""));
  }
  return String(value ?? "") === String(condition);
}

function project(item: VistaListingWire, fields: VistaFieldSpec[]): VistaListingWire {
  const out: VistaListingWire = {};
  for (const spec of fields) {
    if (typeof spec === "string") {
      if (spec in item) out[spec] = item[spec];
      continue;
    }
    for (const [table, subFields] of Object.entries(spec)) {
      const rows = item[table];
      if (!rows || Array.isArray(rows) || typeof rows !== "object") {
        out[table] = [];
        continue;
      }
      const projected: Record<string, Record<string, unknown>> = {};
      for (const [key, row] of Object.entries(rows as Record<string, Record<string, unknown>>)) {
        projected[key] = Object.fromEntries(subFields.filter((f) => f in row).map((f) => [f, row[f]]));
      }
      out[table] = projected;
      if (table === "Corretor") out.Corretor_Codigo = Object.keys(projected)[0] ?? "";
    }
  }
  if (!("CodigoImobiliaria" in out)) out.CodigoImobiliaria = null;
  return out;
}

function fieldNamesOf(fields: VistaFieldSpec[]): string[] {
  return fields.flatMap((spec) => (typeof spec === "string" ? [spec] : Object.keys(spec)));
}

interface MockPesquisa {
  fields?: VistaFieldSpec[];
  filter?: Record<string, unknown>;
  order?: Record<string, string>;
  paginacao?: { pagina?: unknown; quantidade?: unknown };
}

type Parsed = { ok: true; pesquisa: MockPesquisa } | { ok: false; response: Response };

function parsePesquisa(url: URL): Parsed {
  const raw = url.searchParams.get("pesquisa");
  if (raw === null) return { ok: true, pesquisa: {} };
  try {
    const value = JSON.parse(raw) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
    return { ok: true, pesquisa: value as MockPesquisa };
  } catch {
    return { ok: false, response: vistaErrorResponse(400, FORMAT_MESSAGE) };
  }
}

/**
 * msw handlers for a small Vista tenant over `options.listings`:
 * `GET /imoveis/listar` (key check, sub-table and field checks, 50-per-page
 * limit, filter grammar, order, paginacao, `showtotal` counters),
 * `/imoveis/detalhes`, `/imoveis/listarConteudo`, `/imoveis/prontuario`, and
 * a 404 "No route found" for any other path under the base URL.
 */
export function createVistaHandlers(options: VistaMockOptions = {}): HttpHandler[] {
  const baseUrl = (options.baseUrl ?? VISTA_MOCK_URL).replace(/\/+$/, "");
  const key = options.key ?? VISTA_MOCK_KEY;
  const listings = options.listings ?? makeVistaCatalogue(120);
  const denied = new Set(options.deniedFields ?? []);

  const guard = (request: Request, method: string): { url: URL } | Response => {
    const url = new URL(request.url);
    options.onRequest?.({ endpoint: method, url });
    const given = url.searchParams.get("key") ?? "";
    if (given !== key) return permissionDeniedResponse(given, method);
    return { url };
  };
  const rejectFields = (fields: VistaFieldSpec[]): Response | undefined => {
    const bad = fieldNamesOf(fields).filter((f) => denied.has(f));
    return bad.length ? fieldErrorResponse(bad) : undefined;
  };

  return [
    http.get(`${baseUrl}/imoveis/listar`, ({ request }) => {
      const guarded = guard(request, "imoveis/listar");
      if (guarded instanceof Response) return guarded;
      const parsed = parsePesquisa(guarded.url);
      if (!parsed.ok) return parsed.response;
      const { fields = ["Codigo"], filter = {}, order = {}, paginacao = {} } = parsed.pesquisa;
      const table = fields
        .flatMap((f) => (typeof f === "string" ? [] : Object.keys(f)))
        .find((t) => VISTA_MEDIA_TABLES.includes(t));
      if (table) return vistaErrorResponse(400, tableMessage(table));
      const fieldError = rejectFields(fields);
      if (fieldError) return fieldError;
      const quantidade = Number(paginacao.quantidade ?? VISTA_MAX_PAGE_SIZE);
      const pagina = Number(paginacao.pagina ?? 1);
      if (quantidade > VISTA_MAX_PAGE_SIZE) return vistaErrorResponse(400, PAGE_SIZE_MESSAGE);

      let rows = listings.filter((item) => Object.entries(filter).every(([f, c]) => matches(item, f, c)));
      const [orderField, direction] = Object.entries(order)[0] ?? [];
      if (orderField) {
        const sign = String(direction).toLowerCase() === "desc" ? -1 : 1;
        rows = [...rows].sort((a, b) => sign * compareValues(a[orderField], b[orderField]));
      }
      const pageRows = rows.slice((pagina - 1) * quantidade, pagina * quantidade).map((item) => project(item, fields));
      const showtotal = guarded.url.searchParams.get("showtotal") === "1";
      const counters = showtotal
        ? { total: rows.length, paginas: Math.ceil(rows.length / quantidade), pagina, quantidade }
        : undefined;
      return vistaRawResponse(vistaListJson(pageRows, counters, { countersAs: options.countersAs }));
    }),

    http.get(`${baseUrl}/imoveis/detalhes`, ({ request }) => {
      const guarded = guard(request, "imoveis/detalhes");
      if (guarded instanceof Response) return guarded;
      const parsed = parsePesquisa(guarded.url);
      if (!parsed.ok) return parsed.response;
      const fields = parsed.pesquisa.fields;
      if (!Array.isArray(fields) || fields.length === 0) {
        return vistaErrorResponse(400, FORMAT_MESSAGE);
      }
      const fieldError = rejectFields(fields);
      if (fieldError) return fieldError;
      const code = guarded.url.searchParams.get("imovel") ?? "";
      const listing = listings.find((item) => item.Codigo === code);
      if (!listing) return vistaErrorResponse(400, NOT_FOUND_MESSAGE);
      const full = { ...listing, ...(options.details?.[code] ?? makeVistaDetail(code)) };
      return vistaJsonResponse(project(full, fields));
    }),

    http.get(`${baseUrl}/imoveis/listarConteudo`, ({ request }) => {
      const guarded = guard(request, "imoveis/listarConteudo");
      if (guarded instanceof Response) return guarded;
      const parsed = parsePesquisa(guarded.url);
      if (!parsed.ok) return parsed.response;
      const { fields, filter = {} } = parsed.pesquisa;
      if (!Array.isArray(fields) || fields.length === 0) {
        return vistaErrorResponse(400, FORMAT_MESSAGE);
      }
      const rows = listings.filter((item) => Object.entries(filter).every(([f, c]) => matches(item, f, c)));
      const body: Record<string, string[]> = {};
      for (const field of fields) {
        if (typeof field !== "string") continue;
        body[field] = [...new Set(rows.map((item) => String(item[field] ?? "")))].sort((a, b) => a.localeCompare(b));
      }
      return vistaJsonResponse(body);
    }),

    http.get(`${baseUrl}/imoveis/prontuario`, ({ request }) => {
      const guarded = guard(request, "imoveis/prontuario");
      if (guarded instanceof Response) return guarded;
      const code = guarded.url.searchParams.get("imovel") ?? "";
      const rows = options.prontuarios?.[code] ?? [];
      if (rows.length === 0) return vistaRawResponse("[]");
      return vistaRawResponse(escapeNonAscii(orderedJson(rows.map((row, index) => [String(index + 1), row]))));
    }),

    http.all(`${baseUrl}/*`, ({ request }) => {
      const url = new URL(request.url);
      return vistaErrorResponse(404, `No route found for "${request.method} ${url.origin}${url.pathname}"`);
    }),
  ];
}
