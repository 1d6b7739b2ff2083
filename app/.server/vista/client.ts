/**
 * The Vista REST client: the only code that talks HTTP to Vista
 * (docs/vista-api.md; docs/style.md §4). It builds the query string (`key`, `pesquisa`,
 * top-level params), sends `Accept: application/json`, applies a timeout per
 * attempt, retries with exponential backoff and jitter on 5xx, timeouts and
 * network errors only (never on 4xx), maps failures to the typed errors of
 * `errors.ts`, and normalises the response shapes (keyed objects, counters,
 * `[]`). It never logs, and no error it throws contains the key or a URL.
 */
import {
  VistaError,
  VistaNetworkError,
  VistaNotFoundError,
  VistaServerError,
  VistaTimeoutError,
  VistaBadRequestError,
  redactSecrets,
  vistaErrorFromResponse,
} from "./errors";
import {
  normalizePesquisa,
  serializePesquisa,
  VISTA_MAX_PAGE_SIZE,
  type ConditionInput,
  type PesquisaInput,
} from "./pesquisa";
import type { VistaFieldSpec, VistaListingWire, VistaPesquisa, VistaProntuarioWire } from "./wire";

/** Options of {@link createVistaClient}. */
export interface VistaClientOptions {
  /** Tenant base URL, e.g. "https://cliente-rest.vistahost.com.br" (trailing slashes ignored). */
  baseUrl: string;
  /** API key, sent as the `key` query parameter. Secret: never logged. */
  key: string;
  /** Timeout of one attempt in ms (default 15000). */
  timeoutMs?: number;
  /** Retries after the first attempt on 5xx/timeout/network errors (default 3). */
  retries?: number;
  /** Base of the exponential backoff in ms (default 300): attempt n waits base·2ⁿ plus up to base of jitter. */
  retryBaseDelayMs?: number;
  /** fetch implementation (default: the global fetch at call time, so msw can intercept it). */
  fetch?: typeof fetch;
  /** Called before each retry, e.g. to log `error.message` (already redacted). */
  onRetry?: (info: { endpoint: string; attempt: number; delayMs: number; error: VistaError }) => void;
}

/** One page of `imoveis/listar`: the items in server order, and the counters when `showtotal=1`. */
export interface VistaListPage {
  items: VistaListingWire[];
  /** Matching listings in all pages. */
  total?: number;
  /** Number of pages at this page size. */
  paginas?: number;
  /** This page (1-based). */
  pagina?: number;
  /** Requested page size (Vista echoes it, not the item count). */
  quantidade?: number;
}

/** Progress of {@link VistaClient.listAll}, reported after each page. */
export interface VistaListProgress {
  pagina: number;
  paginas: number;
  total: number;
}

/** Per-call options. */
export interface VistaCallOptions {
  /** Aborts the call (and its retries); the abort reason is thrown as is. */
  signal?: AbortSignal;
}

/** The Vista API operations the product uses (docs/spec.txt §7 "Listing provider"; docs/vista-api.md §2.1). */
export interface VistaClient {
  /**
   * `GET /imoveis/listar`: one page. With `showtotal`, the counters are read
   * (numbers or numeric strings). An empty result (`{}`, `[]`, counters only)
   * gives `items: []`.
   * @throws {RangeError} when paginacao.quantidade > 50; {VistaError} subclasses on failure.
   */
  listar(pesquisa: PesquisaInput, opts?: VistaCallOptions & { showtotal?: boolean }): Promise<VistaListPage>;
  /**
   * Every page of a search: page 1 with `showtotal=1`, then pages 2…`paginas`
   * with bounded concurrency, yielding each page's items in page order.
   * @throws {RangeError} when pageSize > 50; {VistaError} subclasses on failure.
   */
  listAll(
    pesquisa: Omit<PesquisaInput, "paginacao">,
    opts?: VistaCallOptions & {
      /** Page size, default and maximum 50. */
      pageSize?: number;
      /** Pages in flight at once, default 4. */
      concurrency?: number;
      onPage?: (progress: VistaListProgress) => void;
    },
  ): AsyncGenerator<VistaListingWire[], void, undefined>;
  /**
   * `GET /imoveis/detalhes?imovel={code}`: one property with the given fields
   * and sub-tables (`Foto`, `Video`, `Anexo`…). `Codigo` is always set on the result.
   * @throws {VistaNotFoundError} for an unknown code; other {VistaError} subclasses on failure.
   */
  detalhes(code: string, fields: readonly VistaFieldSpec[], opts?: VistaCallOptions): Promise<VistaListingWire>;
  /**
   * `GET /imoveis/listarConteudo`: distinct values per field (e.g. Cidade,
   * Bairro, Empreendimento), as strings, unnormalised ("" included). Every
   * requested field has an entry.
   * @throws {VistaError} subclasses on failure.
   */
  listarConteudo(
    fields: readonly string[],
    filter?: Record<string, ConditionInput>,
    opts?: VistaCallOptions,
  ): Promise<Record<string, string[]>>;
  /**
   * `GET /imoveis/prontuario?imovel={code}`: the property's history rows
   * (private). A property without history gives `[]`.
   * @throws {VistaError} subclasses on failure.
   */
  prontuario(code: string, opts?: VistaCallOptions): Promise<VistaProntuarioWire[]>;
  /**
   * `POST /lead?key=…` (docs/vista-api.md §2.4): sends the lead as the
   * form field `cadastro` = `{"lead":{nome,email,fone,interesse,anuncio,veiculo,mensagem}}`
   * (`application/x-www-form-urlencoded`). Not retried here: the lead outbox
   * retries with its own backoff (a retry could create a second CRM lead).
   * @returns Vista's client code (`Codigo`) and the broker picked (`Corretor`), numbers when present.
   * @throws {VistaError} subclasses on failure (HTTP 4xx/5xx, Vista error envelope, timeout, network).
   */
  createLead(lead: VistaLeadWire, opts?: VistaCallOptions): Promise<VistaLeadResult>;
}

/** The `lead` object inside `cadastro` (docs/vista-api.md §2.4): `nome` and `email` or `fone` are required. */
export interface VistaLeadWire {
  nome: string;
  email?: string;
  /** Digits only. */
  fone?: string;
  /** "Venda" or "Locação". */
  interesse?: "Venda" | "Locação";
  /** Listing `Codigo`. */
  anuncio?: string;
  /** Capture channel, shown in the CRM as `VeiculoCaptacao`. */
  veiculo?: string;
  /** Free text; ends up in `Observacoes`. */
  mensagem?: string;
}

/** Vista's answer to `POST /lead`. */
export interface VistaLeadResult {
  /** Client (lead) code in the CRM. */
  codigo?: number;
  /** Broker picked by the round-robin. */
  corretor?: number;
}

const COUNTER_KEYS = ["total", "paginas", "pagina", "quantidade"] as const;
const MAX_BACKOFF_MS = 10_000;

type QueryParams = Record<string, string | undefined>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A counter as a number: accepts numbers and numeric strings (docs/vista-api.md §3.6). */
function counter(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** JS reorders integer-like keys ("12" before "AP1"); only those need the raw text scan. */
function isArrayIndexKey(key: string): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}

/**
 * The keys of a JSON text's top-level object in the order they appear in the
 * text (JSON.parse loses it for integer-like keys). Returns null when the text
 * is not an object.
 */
export function topLevelKeyOrder(text: string): string[] | null {
  let i = 0;
  const n = text.length;
  const skipWhitespace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) i++;
      else break;
    }
  };
  const skipString = () => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x5c)
        i += 2; // backslash escape
      else if (c === 0x22) {
        i++;
        return;
      } else i++;
    }
    throw new SyntaxError("unterminated string");
  };
  const skipValue = () => {
    let depth = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        skipString();
        continue;
      }
      if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) return;
        depth--;
      } else if (c === 0x2c && depth === 0) return;
      i++;
    }
  };
  try {
    skipWhitespace();
    if (text[i] !== "{") return null;
    i++;
    const keys: string[] = [];
    for (;;) {
      skipWhitespace();
      if (text[i] === "}") return keys;
      if (text[i] !== '"') return null;
      const start = i;
      skipString();
      keys.push(JSON.parse(text.slice(start, i)) as string);
      skipWhitespace();
      if (text[i] !== ":") return null;
      i++;
      skipValue();
      if (text[i] === ",") i++;
      else if (text[i] === "}") return keys;
      else return null;
    }
  } catch {
    return null;
  }
}

/**
 * The object-valued entries of a keyed body in server order, skipping the
 * counters. `text` is the raw body, used to recover the order of integer-like
 * keys (JS iterates them numerically, docs/vista-api.md §4.1 "TypeScript pitfall").
 */
function orderedRecords(body: Record<string, unknown>, text: string): [string, Record<string, unknown>][] {
  let keys = Object.keys(body);
  if (keys.some(isArrayIndexKey)) keys = topLevelKeyOrder(text) ?? keys;
  const seen = new Set<string>();
  const out: [string, Record<string, unknown>][] = [];
  for (const key of keys) {
    if (seen.has(key) || (COUNTER_KEYS as readonly string[]).includes(key)) continue;
    seen.add(key);
    const value = body[key];
    if (isRecord(value)) out.push([key, value]);
  }
  return out;
}

/**
 * Splits a `listar` body into items (server order) and counters
 * (docs/vista-api.md §4.1): `{}`, `[]` and counters-only bodies give no items.
 * `text` is the raw body. Items without `Codigo` get their key as code.
 */
export function parseListPage(body: unknown, text: string): VistaListPage {
  if (Array.isArray(body)) {
    return { items: body.filter(isRecord) as VistaListingWire[] };
  }
  if (!isRecord(body)) return { items: [] };
  const page: VistaListPage = { items: [] };
  for (const name of COUNTER_KEYS) {
    const value = counter(body[name]);
    if (value !== undefined) page[name] = value;
  }
  for (const [key, item] of orderedRecords(body, text)) {
    const wire = item as VistaListingWire;
    page.items.push(typeof wire.Codigo === "string" && wire.Codigo !== "" ? wire : { ...wire, Codigo: key });
  }
  return page;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Low-level error code of a fetch failure (undici puts it on `cause`). */
function errorCode(error: unknown): string | undefined {
  const candidates = [error, isRecord(error) ? (error as { cause?: unknown }).cause : undefined];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.code === "string") return candidate.code;
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/**
 * Creates a client for one Vista tenant (or the sandbox).
 * @throws {TypeError} when baseUrl is not an http(s) URL or key is empty.
 */
export function createVistaClient(options: VistaClientOptions): VistaClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]/i.test(baseUrl)) throw new TypeError("Vista baseUrl must be an http(s) URL");
  if (!options.key) throw new TypeError("Vista key must not be empty");
  const key = options.key;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = Math.max(0, options.retries ?? 3);
  const baseDelay = Math.max(0, options.retryBaseDelayMs ?? 300);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function buildUrl(endpoint: string, params: QueryParams): string {
    let query = `key=${encodeURIComponent(key)}`;
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) query += `&${name}=${value}`;
    }
    return `${baseUrl}/${endpoint}?${query}`;
  }

  /** One attempt: the decoded 2xx body (undefined when empty) and its raw text. */
  async function attempt(
    endpoint: string,
    params: QueryParams,
    signal: AbortSignal | undefined,
    form?: URLSearchParams,
  ): Promise<{ status: number; body: unknown; text: string }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const response = await doFetch(
        buildUrl(endpoint, params),
        form
          ? {
              method: "POST",
              headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
              body: form.toString(),
              signal: controller.signal,
            }
          : { method: "GET", headers: { Accept: "application/json" }, signal: controller.signal },
      );
      const text = await response.text();
      let body: unknown = undefined;
      let parsed = true;
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          parsed = false;
          body = text.slice(0, 500);
        }
      }
      const status = response.status;
      if (status < 200 || status >= 300 || status === 204) {
        throw vistaErrorFromResponse({ status, endpoint, body, key });
      }
      if (!parsed) {
        const excerpt = redactSecrets(String(body), key).replace(/\s+/g, " ").slice(0, 200);
        throw new VistaServerError(`Vista ${endpoint}: HTTP ${status}: body is not JSON: ${excerpt}`, {
          status,
          endpoint,
          vistaMessages: [excerpt],
        });
      }
      // Vista's error envelope can come with HTTP 200 (docs/vista-api.md §7.5, rogercamara).
      if (isRecord(body) && typeof body.status === "number" && body.status >= 400 && "message" in body) {
        throw vistaErrorFromResponse({ status: body.status, endpoint, body, key });
      }
      return { status, body, text };
    } catch (error) {
      if (error instanceof VistaError) throw error;
      if (timedOut) {
        throw new VistaTimeoutError(`Vista ${endpoint}: no answer within ${timeoutMs} ms`, { status: 0, endpoint });
      }
      if (signal?.aborted) throw signal.reason ?? error;
      const code = errorCode(error);
      throw new VistaNetworkError(`Vista ${endpoint}: network error: ${redactSecrets(errorText(error), key)}`, {
        status: 0,
        endpoint,
        code,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Attempts with retries on retryable errors (5xx, timeout, network), exponential backoff + jitter. */
  async function request(endpoint: string, params: QueryParams, signal?: AbortSignal) {
    for (let attemptNo = 0; ; attemptNo++) {
      try {
        return await attempt(endpoint, params, signal);
      } catch (error) {
        if (!(error instanceof VistaError) || !error.retryable || attemptNo >= retries || signal?.aborted) throw error;
        const delayMs = Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** attemptNo + Math.random() * baseDelay);
        options.onRetry?.({ endpoint, attempt: attemptNo + 1, delayMs, error });
        await sleep(delayMs, signal);
      }
    }
  }

  async function listar(
    input: PesquisaInput,
    opts: VistaCallOptions & { showtotal?: boolean } = {},
  ): Promise<VistaListPage> {
    const normalized = normalizePesquisa(input);
    try {
      const { body, text } = await request(
        "imoveis/listar",
        { pesquisa: serializePesquisa(normalized), showtotal: opts.showtotal ? "1" : undefined },
        opts.signal,
      );
      return parseListPage(body, text);
    } catch (error) {
      // 204 "Dado não encontrado" on a search is an empty result.
      if (error instanceof VistaNotFoundError && error.status === 204) return { items: [] };
      throw error;
    }
  }

  async function* listAll(
    input: Omit<PesquisaInput, "paginacao">,
    opts: VistaCallOptions & { pageSize?: number; concurrency?: number; onPage?: (p: VistaListProgress) => void } = {},
  ): AsyncGenerator<VistaListingWire[], void, undefined> {
    const pageSize = opts.pageSize ?? VISTA_MAX_PAGE_SIZE;
    const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
    const internal = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, internal.signal]) : internal.signal;
    const pageOf = (pagina: number, showtotal: boolean) =>
      listar({ ...input, paginacao: { pagina, quantidade: pageSize } }, { showtotal, signal });

    try {
      const first = await pageOf(1, true);
      const total = first.total ?? first.items.length;
      const paginas = first.paginas ?? (first.total !== undefined ? Math.ceil(first.total / pageSize) : undefined);
      opts.onPage?.({ pagina: 1, paginas: paginas ?? 1, total });
      if (first.items.length) yield first.items;

      if (paginas === undefined) {
        // No counters (should not happen with showtotal=1): walk until a short page.
        let last = first;
        for (let pagina = 2; last.items.length >= pageSize; pagina++) {
          last = await pageOf(pagina, false);
          opts.onPage?.({ pagina, paginas: pagina, total: total + last.items.length });
          if (last.items.length) yield last.items;
        }
        return;
      }

      const inFlight = new Map<number, Promise<VistaListPage>>();
      let next = 2;
      const launch = () => {
        while (inFlight.size < concurrency && next <= paginas!) {
          const promise = pageOf(next, false);
          promise.catch(() => undefined); // awaited below in page order
          inFlight.set(next, promise);
          next++;
        }
      };
      for (let pagina = 2; pagina <= paginas; pagina++) {
        launch();
        const page = await inFlight.get(pagina)!;
        inFlight.delete(pagina);
        opts.onPage?.({ pagina, paginas, total });
        if (page.items.length) yield page.items;
      }
    } finally {
      internal.abort(); // stop pages still in flight when the consumer stops early or a page failed
    }
  }

  async function detalhes(
    code: string,
    fields: readonly VistaFieldSpec[],
    opts: VistaCallOptions = {},
  ): Promise<VistaListingWire> {
    if (!code.trim()) throw new TypeError("Vista detalhes: code must not be empty");
    const normalized: VistaPesquisa = normalizePesquisa({ fields });
    const { body } = await request(
      "imoveis/detalhes",
      { imovel: encodeURIComponent(code), pesquisa: serializePesquisa({ fields: normalized.fields }) },
      opts.signal,
    );
    if (!isRecord(body) || Object.keys(body).length === 0) {
      throw new VistaNotFoundError(`Vista imoveis/detalhes: HTTP 200: empty body for the requested property`, {
        status: 200,
        endpoint: "imoveis/detalhes",
      });
    }
    const wire = body as VistaListingWire;
    return typeof wire.Codigo === "string" && wire.Codigo !== "" ? wire : { ...wire, Codigo: code };
  }

  async function listarConteudo(
    fields: readonly string[],
    filter?: Record<string, ConditionInput>,
    opts: VistaCallOptions = {},
  ): Promise<Record<string, string[]>> {
    const normalized = normalizePesquisa({ fields, filter });
    const { body } = await request("imoveis/listarConteudo", { pesquisa: serializePesquisa(normalized) }, opts.signal);
    const out: Record<string, string[]> = {};
    for (const field of normalized.fields) if (typeof field === "string") out[field] = [];
    if (isRecord(body)) {
      for (const [field, values] of Object.entries(body)) {
        if (!Array.isArray(values)) continue;
        out[field] = values
          .filter((value) => value !== null && value !== undefined && typeof value !== "object")
          .map((value) => String(value));
      }
    }
    return out;
  }

  async function prontuario(code: string, opts: VistaCallOptions = {}): Promise<VistaProntuarioWire[]> {
    if (!code.trim()) throw new TypeError("Vista prontuario: code must not be empty");
    try {
      const { body, text } = await request("imoveis/prontuario", { imovel: encodeURIComponent(code) }, opts.signal);
      if (Array.isArray(body)) return body.filter(isRecord) as VistaProntuarioWire[];
      if (!isRecord(body)) return [];
      return orderedRecords(body, text).map(([, row]) => row as VistaProntuarioWire);
    } catch (error) {
      // No history: 204 "Dado não encontrado", or a 400 about prontuários (docs/vista-api.md §4.2).
      if (error instanceof VistaNotFoundError && error.status === 204) return [];
      if (error instanceof VistaBadRequestError && error.vistaMessages.some((m) => /prontu[aá]rio/i.test(m))) return [];
      throw error;
    }
  }

  async function createLead(lead: VistaLeadWire, opts: VistaCallOptions = {}): Promise<VistaLeadResult> {
    if (!lead.nome?.trim()) throw new TypeError("Vista lead: nome must not be empty");
    const cadastro = JSON.stringify({ lead });
    const { body } = await attempt("lead", {}, opts.signal, new URLSearchParams({ cadastro }));
    const result: VistaLeadResult = {};
    if (isRecord(body)) {
      const codigo = counter(body.Codigo);
      const corretor = counter(body.Corretor);
      if (codigo !== undefined) result.codigo = codigo;
      if (corretor !== undefined) result.corretor = corretor;
    }
    return result;
  }

  return { listar, listAll, detalhes, listarConteudo, prontuario, createLead };
}
