/**
 * The Vista REST client: the only code that talks HTTP to Vista
 * (docs/vista-api.md; docs/style.md §4). One function per endpoint over the
 * transport of `http.ts` (query string, timeouts, retries, typed errors);
 * `list-page.ts` normalises the keyed bodies (keyed objects, counters, `[]`).
 * It never logs, and no error it throws contains the key or a URL.
 */
import type { VistaFieldSpec, VistaLeadWire, VistaListingWire, VistaPesquisa, VistaProntuarioWire } from "./contract";
import { VistaBadRequestError, VistaNotFoundError, type VistaError } from "./errors";
import { createVistaTransport, type VistaTransport } from "./http";
import { counter, isRecord, orderedRecords, parseListPage, type VistaListPage } from "./list-page";
import {
  normalizePesquisa,
  serializePesquisa,
  VISTA_MAX_PAGE_SIZE,
  type ConditionInput,
  type PesquisaInput,
} from "./pesquisa";

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

/** Vista's answer to `POST /lead`. */
export interface VistaLeadResult {
  /** Client (lead) code in the CRM. */
  codigo?: number;
  /** Broker picked by the round-robin. */
  corretor?: number;
}

/** `GET /imoveis/listar`: see {@link VistaClient.listar}. */
async function listar(
  transport: VistaTransport,
  input: PesquisaInput,
  opts: VistaCallOptions & { showtotal?: boolean } = {},
): Promise<VistaListPage> {
  const normalized = normalizePesquisa(input);
  try {
    const { body, text } = await transport.request(
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

/** Every page of a search: see {@link VistaClient.listAll}. */
async function* listAll(
  transport: VistaTransport,
  input: Omit<PesquisaInput, "paginacao">,
  opts: VistaCallOptions & { pageSize?: number; concurrency?: number; onPage?: (p: VistaListProgress) => void } = {},
): AsyncGenerator<VistaListingWire[], void, undefined> {
  const pageSize = opts.pageSize ?? VISTA_MAX_PAGE_SIZE;
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
  const internal = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, internal.signal]) : internal.signal;
  const pageOf = (pagina: number, showtotal: boolean) =>
    listar(transport, { ...input, paginacao: { pagina, quantidade: pageSize } }, { showtotal, signal });

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

/** `GET /imoveis/detalhes`: see {@link VistaClient.detalhes}. */
async function detalhes(
  transport: VistaTransport,
  code: string,
  fields: readonly VistaFieldSpec[],
  opts: VistaCallOptions = {},
): Promise<VistaListingWire> {
  if (!code.trim()) throw new TypeError("Vista detalhes: code must not be empty");
  const normalized: VistaPesquisa = normalizePesquisa({ fields });
  const { body } = await transport.request(
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

/** `GET /imoveis/listarConteudo`: see {@link VistaClient.listarConteudo}. */
async function listarConteudo(
  transport: VistaTransport,
  fields: readonly string[],
  filter?: Record<string, ConditionInput>,
  opts: VistaCallOptions = {},
): Promise<Record<string, string[]>> {
  const normalized = normalizePesquisa({ fields, filter });
  const { body } = await transport.request(
    "imoveis/listarConteudo",
    { pesquisa: serializePesquisa(normalized) },
    opts.signal,
  );
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

/** `GET /imoveis/prontuario`: see {@link VistaClient.prontuario}. */
async function prontuario(
  transport: VistaTransport,
  code: string,
  opts: VistaCallOptions = {},
): Promise<VistaProntuarioWire[]> {
  if (!code.trim()) throw new TypeError("Vista prontuario: code must not be empty");
  try {
    const { body, text } = await transport.request(
      "imoveis/prontuario",
      { imovel: encodeURIComponent(code) },
      opts.signal,
    );
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

/** `POST /lead`: see {@link VistaClient.createLead}. */
async function createLead(
  transport: VistaTransport,
  lead: VistaLeadWire,
  opts: VistaCallOptions = {},
): Promise<VistaLeadResult> {
  if (!lead.nome?.trim()) throw new TypeError("Vista lead: nome must not be empty");
  const cadastro = JSON.stringify({ lead });
  const { body } = await transport.attempt("lead", {}, opts.signal, new URLSearchParams({ cadastro }));
  const result: VistaLeadResult = {};
  if (isRecord(body)) {
    const codigo = counter(body.Codigo);
    const corretor = counter(body.Corretor);
    if (codigo !== undefined) result.codigo = codigo;
    if (corretor !== undefined) result.corretor = corretor;
  }
  return result;
}

/**
 * Creates a client for one Vista tenant (or the sandbox).
 * @throws {TypeError} when baseUrl is not an http(s) URL or key is empty.
 */
export function createVistaClient(options: VistaClientOptions): VistaClient {
  const transport = createVistaTransport(options);
  return {
    listar: (input, opts) => listar(transport, input, opts),
    listAll: (input, opts) => listAll(transport, input, opts),
    detalhes: (code, fields, opts) => detalhes(transport, code, fields, opts),
    listarConteudo: (fields, filter, opts) => listarConteudo(transport, fields, filter, opts),
    prontuario: (code, opts) => prontuario(transport, code, opts),
    createLead: (lead, opts) => createLead(transport, lead, opts),
  };
}
