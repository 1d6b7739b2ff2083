/**
 * The Vista-compatible HTTP API of the sandbox, following the checklist of
 * docs/vista-api.md §8: exact routes and casing, 404/405 in Symfony's words, the
 * key check with the `Permissão Negada` body, `Accept: application/json`,
 * `pesquisa` parsing and field validation with Vista's 400 bodies, the
 * 50-per-page limit, keyed objects, strings everywhere, `[]` for empty
 * sub-tables, `showtotal` counters, `POST /lead`, and fault injection. Plus a
 * test surface under `/__sandbox/` that is NOT part of Vista's API.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { loadCatalogue, type Catalogue, type SandboxListing } from "./catalogue";
import { phpJson } from "./json";
import { PhotoStore, servePhoto } from "./photos";
import {
  AGENCY_FIELDS,
  ATTACHMENT_FIELDS,
  BROKER_FIELDS,
  CARAC_FIELDS,
  EXTRA_LISTING_FIELDS,
  HISTORY_FIELDS,
  IMOVEIS_FIELDS,
  INFRA_FIELDS,
  OWNER_FIELDS,
  PHOTO_FIELDS,
  POINT_OF_INTEREST_FIELDS,
  SUB_TABLES,
  VIDEO_FIELDS,
} from "./fields";
import {
  FORMAT_MESSAGE,
  VistaHttpError,
  compileFilter,
  compileOrder,
  fieldMessage,
  fold,
  parsePesquisa,
  tableMessage,
  validatePesquisa,
  type CompiledFilter,
  type FieldPermissions,
  type Pesquisa,
  type PropertyMethod,
} from "./query";
import { ACTIVE_STATUSES, SandboxState, type SandboxFaults, type SandboxLead, type SandboxStats } from "./state";
import { amenityObject, agencyRow, brokerRow, fieldValue, subTableRows, type WireContext } from "./wire";

/** The public sandbox key printed in Vista's guide ("Chave de teste", docs/vista-api.md §1.1). */
export const SANDBOX_KEY = "c9fdd79584fb8d369a6a579af1a8f681";

/**
 * What one API key may do (docs/vista-api.md §1.2: permissions are per method and per field).
 * Method names are Vista's resource paths: "imoveis/listar", "corretores/listar", "lead",
 * "__sandbox/touch"…
 */
export interface SandboxKeyPolicy {
  /** Methods allowed; "*" (default) = every method except those in `deniedMethods`. */
  methods?: readonly string[] | "*";
  /** Methods refused even under "*". Default for the sandbox key: ["corretores/listar", "imoveis/fotos"]. */
  deniedMethods?: readonly string[];
  /** Fields this key may not read: plain names ("ValorVenda"), sub-tables ("proprietarios") or "Table.Field". */
  deniedFields?: readonly string[];
}

/** Options shared by {@link createVistaSandboxHandler} and `startVistaSandbox`. */
export interface VistaSandboxOptions {
  /** Application data folder; generated photos are cached in `<dataDir>/vista-sandbox/fotos/`. */
  dataDir: string;
  /**
   * Extra keys (or an override of the sandbox key) with their permissions. The
   * sandbox key `c9fdd79584fb8d369a6a579af1a8f681` is always accepted unless
   * overridden here; by default it may call every method except `corretores/listar`
   * (401, as on real website keys) and the photo upload `imoveis/fotos`.
   */
  keys?: Record<string, SandboxKeyPolicy>;
  /**
   * Origin (plus optional path prefix) that photo URLs start with, no trailing
   * slash. Default: `http://<Host header>` of each request (the sandbox itself).
   */
  publicBaseUrl?: string;
  /** Agency name for the `Agencia` rows and broker `Empresa`; default "Horizonte". */
  agencyName?: string;
  /** Reply of `/siteurl` and `Agencia.Site`; default "http://localhost:3000". */
  siteUrl?: string;
  /**
   * Require `Accept: application/json` on Vista routes (docs/vista-api.md §1.3 "sem exceção");
   * default true: anything else gets 406. Photos and `/__sandbox/` never require it.
   */
  requireAcceptJson?: boolean;
  /** Longest request URL (characters) before a 406, like Vista on over-long requests (docs/vista-api.md §4.2); default 8192. */
  maxUrlLength?: number;
  /** Share of listings with `ExibirNoSite = "Nao"`, default 0.02. */
  hiddenShare?: number;
  /** Request log line sink (method, path WITHOUT query string, status, ms); default none. Never receives the key. */
  log?: (line: string) => void;
  /** Catalogue to serve (tests); default the one built from the data set. */
  catalogue?: Catalogue;
}

/** Controls of a sandbox instance, for in-process tests (also under `/__sandbox/` over HTTP). */
export interface VistaSandboxControls {
  /** The sandbox key (`c9fdd79584fb8d369a6a579af1a8f681`). Secret in spirit: don't log it. */
  readonly key: string;
  /** Simulates a CRM edit: `DataAtualizacao` = today, price −2%, a prontuário entry. */
  touch(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Removes listings from the catalogue. */
  remove(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Sets `ExibirNoSite = "Nao"` (and `DataAtualizacao` = today). */
  hide(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Overwrites typed fields of listings (e.g. `{ status: "Vendido" }`). */
  patch(
    codes: readonly string[],
    fields: Partial<Omit<SandboxListing, "code" | "index">>,
  ): { changed: string[]; unknown: string[] };
  /** Fault injection (docs/vista-api.md §8.11); null clears it. */
  setFaults(faults: SandboxFaults | null): void;
  /** Leads received on `POST /lead`, oldest first. */
  leads(): SandboxLead[];
  /** Counts of the catalogue as it is now. */
  stats(): SandboxStats;
  /** The listing as served now (typed), or undefined. */
  listing(code: string): SandboxListing | undefined;
  /** Back to the pristine catalogue: no mutations, leads or faults. */
  reset(): void;
}

/** A Node `http` request listener that is a Vista API, plus its controls. */
export type VistaSandboxHandler = ((req: IncomingMessage, res: ServerResponse) => void) & VistaSandboxControls;

interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  key: string;
  policy: ResolvedPolicy;
  wire: WireContext;
}

interface ResolvedPolicy {
  methods: "*" | ReadonlySet<string>;
  deniedMethods: ReadonlySet<string>;
  permissions: FieldPermissions;
}

type RouteHandler = (ctx: RouteContext) => Promise<unknown> | unknown;

interface Route {
  methods: readonly string[];
  /** Resource name in the 401 message ("imoveis/listar"). */
  resource: string;
  /** Vista API route (Accept, faults, URL length apply) vs sandbox test surface. */
  vista: boolean;
  handle: RouteHandler;
}

/** Reply body + status, serialised by the dispatcher. */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly raw = false,
  ) {}
}

const truthy = (value: string | null) => value === "1" || value === "true";

/**
 * Creates the sandbox request listener (usable with `http.createServer`, or
 * mounted in Express: routing uses `req.url`, which Express makes relative to
 * the mount path).
 * @throws {Error} when the data set cannot be read or parsed (first call builds the catalogue).
 */
export async function createVistaSandboxHandler(options: VistaSandboxOptions): Promise<VistaSandboxHandler> {
  const catalogue = options.catalogue ?? loadCatalogue({ hiddenShare: options.hiddenShare });
  const state = new SandboxState(catalogue);
  const photos = new PhotoStore(options.dataDir);
  const agencyName = options.agencyName ?? "Horizonte";
  const siteUrl = options.siteUrl ?? "http://localhost:3000";
  const requireAccept = options.requireAcceptJson ?? true;
  const maxUrlLength = options.maxUrlLength ?? 8192;
  const log = options.log;

  const policies = new Map<string, ResolvedPolicy>();
  const resolvePolicy = (policy: SandboxKeyPolicy): ResolvedPolicy => ({
    methods: policy.methods === undefined || policy.methods === "*" ? "*" : new Set(policy.methods),
    deniedMethods: new Set(policy.deniedMethods ?? []),
    permissions: { deniedFields: new Set(policy.deniedFields ?? []) },
  });
  policies.set(SANDBOX_KEY, resolvePolicy({ deniedMethods: ["corretores/listar", "imoveis/fotos"] }));
  for (const [key, policy] of Object.entries(options.keys ?? {})) policies.set(key, resolvePolicy(policy));

  const allowed = (policy: ResolvedPolicy | undefined, resource: string) =>
    !!policy && !policy.deniedMethods.has(resource) && (policy.methods === "*" || policy.methods.has(resource));

  // ---------------------------------------------------------------- listings

  const visibleStatuses = (url: URL): ReadonlySet<string> | null => {
    if (truthy(url.searchParams.get("showInternal"))) return null;
    if (truthy(url.searchParams.get("showSuspended"))) return new Set([...ACTIVE_STATUSES, "Suspenso"]);
    return ACTIVE_STATUSES;
  };

  const finalidadeStatuses = (url: URL): ReadonlySet<string> | null => {
    const finalidade = (url.searchParams.get("finalidade") ?? "").toLowerCase();
    if (finalidade === "venda") return new Set(["Venda", "Venda e Aluguel"]);
    if (finalidade === "aluguel" || finalidade === "locacao") return new Set(["Aluguel", "Venda e Aluguel"]);
    return null;
  };

  /** Filtered and sorted listings for a query, cached per state version. */
  const select = (
    url: URL,
    pesquisa: Pesquisa,
    wire: WireContext,
    extra: Record<string, unknown> = {},
  ): SandboxListing[] => {
    const network = (url.searchParams.get("imoveis") ?? "").toLowerCase();
    if (network === "rede" || network === "foradarede") return []; // No network listings in this tenant.
    const statuses = visibleStatuses(url);
    const purposes = finalidadeStatuses(url);
    const filter = { ...pesquisa.filter, ...extra };
    const key = phpJson([
      state.version,
      filter,
      pesquisa.order,
      statuses && [...statuses],
      purposes && [...purposes],
      wire.baseUrl,
    ]);
    const hit = state.queries.get(key);
    if (hit) return hit;
    const compiled = compileFilter(filter, wire);
    const out: SandboxListing[] = [];
    for (const listing of state.all()) {
      if (statuses && !statuses.has(listing.status)) continue;
      if (purposes && !purposes.has(listing.status)) continue;
      if (compiled.matches(listing)) out.push(listing);
    }
    if (pesquisa.order.length > 0) out.sort(compileOrder(pesquisa.order, wire));
    state.queries.set(key, out);
    return out;
  };

  /** One listing projected to the requested fields (docs/vista-api.md §8.8). */
  const project = (
    listing: SandboxListing,
    pesquisa: Pesquisa,
    wire: WireContext,
    rowFilter?: CompiledFilter,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = { Codigo: listing.code };
    for (const spec of pesquisa.fields ?? []) {
      if (spec.kind === "field" && (spec.name === "Caracteristicas" || spec.name === "InfraEstrutura")) {
        out[spec.name] = amenityObject(listing, spec.name);
        continue;
      }
      const subFields = spec.kind === "table" ? spec.fields : SUB_TABLES[spec.name];
      if (!subFields) {
        out[spec.name] = fieldValue(listing, spec.name, wire);
        continue;
      }
      // A sub-table, asked as {"Table": [...]} or by its bare name (all its sub-fields).
      const rows = table(listing, spec.name, subFields, wire, rowFilter);
      out[spec.name] = rows;
      if (spec.name === "Corretor") out.Corretor_Codigo = Array.isArray(rows) ? "" : (Object.keys(rows)[0] ?? "");
    }
    out.CodigoImobiliaria = null;
    return out;
  };

  const table = (
    listing: SandboxListing,
    name: string,
    fields: readonly string[],
    wire: WireContext,
    rowFilter?: CompiledFilter,
  ): Record<string, Record<string, string>> | [] => {
    const test = rowFilter?.rowFilter(name);
    const rows = subTableRows(listing, name, wire).filter(([, row]) => !test || test(row));
    if (rows.length === 0) return [];
    const keyed: Record<string, Record<string, string>> = {};
    for (const [key, row] of rows) {
      const projected: Record<string, string> = {};
      for (const field of fields) projected[field] = row[field] ?? "";
      if (name === "prontuarios") {
        projected.FinalidadeStatus = row.FinalidadeStatus ?? "";
        projected.Prontuario_Codigo = row.Prontuario_Codigo ?? "";
      }
      keyed[key] = projected;
    }
    return keyed;
  };

  const pesquisaOf = (ctx: RouteContext, method: PropertyMethod): Pesquisa => {
    const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
    validatePesquisa(pesquisa, method, ctx.policy.permissions);
    return pesquisa;
  };

  /** `listar`, `destaques`, `buscaAvancada`: the keyed page with optional counters (docs/vista-api.md §4.1, §3.6). */
  const listPage = (ctx: RouteContext, extra: Record<string, unknown> = {}) => {
    const pesquisa = pesquisaOf(ctx, "listar");
    const matches = select(ctx.url, pesquisa, ctx.wire, extra);
    const start = (pesquisa.page - 1) * pesquisa.pageSize;
    const body: Record<string, unknown> = {};
    for (const listing of matches.slice(start, start + pesquisa.pageSize))
      body[listing.code] = project(listing, pesquisa, ctx.wire);
    if (truthy(ctx.url.searchParams.get("showtotal"))) {
      body.total = matches.length;
      body.paginas = Math.ceil(matches.length / pesquisa.pageSize);
      body.pagina = pesquisa.page;
      body.quantidade = pesquisa.pageSize;
      return body;
    }
    // PHP's json_encode of an empty array: `[]` (docs/vista-api.md §4.1 "empty result").
    return Object.keys(body).length === 0 ? [] : body;
  };

  const findListing = (ctx: RouteContext): SandboxListing => {
    const code = ctx.url.searchParams.get("imovel") ?? "";
    const listing = code ? state.get(code) : undefined;
    const statuses = visibleStatuses(ctx.url);
    if (!listing || (statuses && !statuses.has(listing.status))) {
      throw new VistaHttpError(400, "O imóvel solicitado não foi encontrado.");
    }
    return listing;
  };

  const detalhes = (ctx: RouteContext) => {
    const raw = ctx.url.searchParams.get("pesquisa");
    const pesquisa = pesquisaOf(ctx, "detalhes");
    // Fields are validated before the record is looked up (docs/vista-api.md §5.2).
    if (raw === null || !pesquisa.fields || pesquisa.fields.length === 0) throw new VistaHttpError(400, FORMAT_MESSAGE);
    const listing = findListing(ctx);
    return project(listing, pesquisa, ctx.wire, compileFilter(pickTableFilters(pesquisa.filter), ctx.wire));
  };

  const listarConteudo = (ctx: RouteContext) => {
    const pesquisa = pesquisaOf(ctx, "listarConteudo");
    if (!pesquisa.fields || pesquisa.fields.length === 0) throw new VistaHttpError(400, FORMAT_MESSAGE);
    const matches = select(ctx.url, { ...pesquisa, order: [] }, ctx.wire);
    const body: Record<string, string[]> = {};
    for (const spec of pesquisa.fields) {
      if (spec.name === "Caracteristicas" || spec.name === "InfraEstrutura" || SUB_TABLES[spec.name]) {
        throw new VistaHttpError(400, tableMessage(spec.name));
      }
      const values = new Set<string>();
      for (const listing of matches) values.add(fieldValue(listing, spec.name, ctx.wire));
      body[spec.name] = [...values].sort((a, b) => {
        const fa = fold(a);
        const fb = fold(b);
        return fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0;
      });
    }
    return body;
  };

  const listarcampos = (ctx: RouteContext) => {
    const denied = ctx.policy.permissions.deniedFields;
    const keep = (names: readonly string[], table?: string) =>
      names.filter((name) => !denied.has(table ? `${table}.${name}` : name));
    const groups: Record<string, string[]> = {
      imoveis: keep([...IMOVEIS_FIELDS, ...EXTRA_LISTING_FIELDS.filter((name) => name !== "Codigo")]),
      carac: keep(CARAC_FIELDS),
      infra: keep(INFRA_FIELDS),
      codigo: ["Codigo"],
    };
    const tables: [string, readonly string[]][] = [
      ["Corretor", BROKER_FIELDS],
      ["Agencia", AGENCY_FIELDS],
      ["Foto", PHOTO_FIELDS],
      ["FotoEmpreendimento", PHOTO_FIELDS],
      ["Anexo", ATTACHMENT_FIELDS],
      ["Video", VIDEO_FIELDS],
      ["PontoInteresse", POINT_OF_INTEREST_FIELDS],
      ["prontuarios", HISTORY_FIELDS],
      ["proprietarios", OWNER_FIELDS],
    ];
    for (const [name, fields] of tables) if (!denied.has(name)) groups[name] = keep(fields, name);
    const tipo = ctx.url.searchParams.get("tipo");
    if (tipo) {
      const group = Object.keys(groups).find((name) => name.toLowerCase() === tipo.toLowerCase());
      if (!group) throw new VistaHttpError(400, FORMAT_MESSAGE);
      return { [group]: groups[group] };
    }
    return groups;
  };

  const prontuario = (ctx: RouteContext) => {
    const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
    const rejected = (pesquisa.fields ?? [])
      .filter((spec) => spec.kind !== "field" || !HISTORY_FIELDS.includes(spec.name))
      .map((spec) => spec.name);
    if (rejected.length > 0) {
      throw new VistaHttpError(400, rejected.map(fieldMessage));
    }
    if (ctx.policy.permissions.deniedFields.has("prontuarios"))
      throw new VistaHttpError(400, [fieldMessage("prontuarios")]);
    const listing = findListing(ctx);
    const fields =
      pesquisa.fields && pesquisa.fields.length > 0 ? pesquisa.fields.map((spec) => spec.name) : HISTORY_FIELDS;
    const rowFilter = compileFilter({ prontuarios: pesquisa.filter }, ctx.wire).rowFilter("prontuarios");
    const body: Record<string, Record<string, string>> = {};
    for (const [, row] of subTableRows(listing, "prontuarios", ctx.wire)) {
      if (rowFilter && !rowFilter(row)) continue;
      const projected: Record<string, string> = {};
      for (const field of fields) projected[field] = row[field] ?? "";
      projected.FinalidadeStatus = row.FinalidadeStatus ?? "";
      projected.Prontuario_Codigo = row.Prontuario_Codigo ?? "";
      body[row.Prontuario_Codigo ?? ""] = projected;
    }
    return Object.keys(body).length === 0 ? [] : body;
  };

  const finalidades = (ctx: RouteContext) =>
    truthy(ctx.url.searchParams.get("allStatus"))
      ? {
          Venda: ["Venda", "Venda e Aluguel", "Vendido", "Vendido Terceiros", "Reservado", "Suspenso"],
          Aluguel: ["Aluguel", "Venda e Aluguel", "Alugado Imobiliária", "Alugado Terceiros", "Pendente", "Suspenso"],
        }
      : ["Venda", "Aluguel"];

  const enderecos = (ctx: RouteContext) => {
    const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
    validatePesquisa({ ...pesquisa, fields: [] }, "listar", ctx.policy.permissions);
    const values = new Set<string>();
    for (const listing of select(ctx.url, { ...pesquisa, order: [] }, ctx.wire))
      values.add(fieldValue(listing, "Endereco", ctx.wire));
    return { Endereco: [...values].sort() };
  };

  // ----------------------------------------------------------- people/agency

  const corretores = (ctx: RouteContext) => {
    const page = Math.max(1, Number(ctx.url.searchParams.get("page") ?? "1") || 1);
    const limit = Math.min(50, Math.max(1, Number(ctx.url.searchParams.get("limit") ?? "50") || 50));
    const body: Record<string, unknown> = {};
    for (const broker of catalogue.brokers.slice((page - 1) * limit, page * limit))
      body[broker.code] = brokerRow(broker, ctx.wire);
    return Object.keys(body).length === 0 ? [] : body;
  };

  const peopleList = (
    ctx: RouteContext,
    rows: [string, Record<string, string>][],
    allowedFields: readonly string[],
  ) => {
    const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
    const requested = (pesquisa.fields ?? []).map((spec) => spec.name);
    const rejected = requested.filter((name) => !allowedFields.includes(name));
    if (rejected.length > 0) {
      throw new VistaHttpError(400, rejected.map(fieldMessage));
    }
    const fields = requested.length > 0 ? requested : ["Codigo"];
    const start = (pesquisa.page - 1) * pesquisa.pageSize;
    const body: Record<string, unknown> = {};
    for (const [key, row] of rows.slice(start, start + pesquisa.pageSize)) {
      const projected: Record<string, string> = { Codigo: row.Codigo ?? key };
      for (const field of fields) projected[field] = row[field] ?? "";
      body[key] = projected;
    }
    if (truthy(ctx.url.searchParams.get("showtotal"))) {
      Object.assign(body, {
        total: rows.length,
        paginas: Math.ceil(rows.length / pesquisa.pageSize),
        pagina: pesquisa.page,
        quantidade: pesquisa.pageSize,
      });
      return body;
    }
    return Object.keys(body).length === 0 ? [] : body;
  };

  const USER_FIELDS = [
    "Codigo",
    "Nome",
    "Nomecompleto",
    "Email",
    "Fone",
    "Celular",
    "CRECI",
    "Foto",
    "Setor",
    "Inativo",
    "Sexo",
  ];

  // ---------------------------------------------------------------- leads

  const lead = async (ctx: RouteContext, route: string) => {
    const raw = await readBody(ctx.req);
    const contentType = String(ctx.req.headers["content-type"] ?? "").toLowerCase();
    let cadastro: string | null = null;
    if (contentType.includes("application/x-www-form-urlencoded")) cadastro = new URLSearchParams(raw).get("cadastro");
    cadastro ??= ctx.url.searchParams.get("cadastro");
    if (cadastro === null) throw new VistaHttpError(401, "Você deve informar os dados em json no parâmetro 'cadastro'");
    let data: unknown;
    try {
      data = JSON.parse(cadastro);
    } catch {
      throw new VistaHttpError(400, FORMAT_MESSAGE);
    }
    const leadData = isRecord(data) && isRecord(data.lead) ? data.lead : null;
    if (!leadData) throw new VistaHttpError(400, FORMAT_MESSAGE);
    const nome = typeof leadData.nome === "string" ? leadData.nome.trim() : "";
    if (!nome) throw new VistaHttpError(400, "O campo nome é obrigatório.");
    const email = typeof leadData.email === "string" ? leadData.email.trim() : "";
    const fone =
      typeof leadData.fone === "string" || typeof leadData.fone === "number" ? String(leadData.fone).trim() : "";
    if (!email && !fone) throw new VistaHttpError(400, "Informe o e-mail ou o telefone do cliente.");
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new VistaHttpError(400, "O e-mail informado não é válido.");
    const record = state.recordLead(leadData, route);
    return { status: 200, message: "O cadastro foi encontrado.", Codigo: record.Codigo, Corretor: record.Corretor };
  };

  // ------------------------------------------------------------ test surface

  const codesOf = async (ctx: RouteContext): Promise<string[]> => {
    const body = await readJsonBody(ctx.req);
    const codes = isRecord(body) ? body.codes : undefined;
    if (!Array.isArray(codes) || !codes.every((code) => typeof code === "string")) {
      throw new VistaHttpError(400, 'Envie {"codes": ["AP12345", …]}');
    }
    return codes as string[];
  };

  const routes: Record<string, Route> = {
    "/imoveis/listar": { methods: ["GET"], resource: "imoveis/listar", vista: true, handle: (ctx) => listPage(ctx) },
    "/imoveis/buscaAvancada": {
      methods: ["GET"],
      resource: "imoveis/buscaAvancada",
      vista: true,
      handle: (ctx) => listPage(ctx),
    },
    "/imoveis/destaques": {
      methods: ["GET"],
      resource: "imoveis/destaques",
      vista: true,
      handle: (ctx) => listPage(ctx, { DestaqueWeb: "Sim" }),
    },
    "/imoveis/detalhes": { methods: ["GET"], resource: "imoveis/detalhes", vista: true, handle: detalhes },
    "/imoveis/listarConteudo": {
      methods: ["GET"],
      resource: "imoveis/listarConteudo",
      vista: true,
      handle: listarConteudo,
    },
    "/imoveis/listarcampos": { methods: ["GET"], resource: "imoveis/listarcampos", vista: true, handle: listarcampos },
    "/imoveis/finalidades": { methods: ["GET"], resource: "imoveis/finalidades", vista: true, handle: finalidades },
    "/imoveis/prontuario": { methods: ["GET"], resource: "imoveis/prontuario", vista: true, handle: prontuario },
    "/imoveis/enderecos": { methods: ["GET"], resource: "imoveis/enderecos", vista: true, handle: enderecos },
    "/imoveis/fotos": {
      methods: ["POST", "PUT", "DELETE"],
      resource: "imoveis/fotos",
      vista: true,
      handle: () => {
        throw new VistaHttpError(400, "O envio de fotos não é suportado por este ambiente de testes.");
      },
    },
    "/logotipo": {
      methods: ["GET"],
      resource: "logotipo",
      vista: true,
      handle: (ctx) => ({ logotipo: `${ctx.wire.baseUrl}/fotos/logotipo.png` }),
    },
    "/siteurl": { methods: ["GET"], resource: "siteurl", vista: true, handle: () => ({ siteurl: siteUrl }) },
    "/reloadcache": {
      methods: ["GET"],
      resource: "reloadcache",
      vista: true,
      handle: () => {
        state.queries.clear();
        return { status: 200, message: "Cache recarregado com sucesso." };
      },
    },
    "/corretores/listar": { methods: ["GET"], resource: "corretores/listar", vista: true, handle: corretores },
    "/usuarios/listar": {
      methods: ["GET"],
      resource: "usuarios/listar",
      vista: true,
      handle: (ctx) =>
        peopleList(
          ctx,
          catalogue.brokers.map((broker) => [broker.code, { ...brokerRow(broker, ctx.wire), Setor: "Corretores" }]),
          USER_FIELDS,
        ),
    },
    "/agencias/listar": {
      methods: ["GET"],
      resource: "agencias/listar",
      vista: true,
      handle: (ctx) => peopleList(ctx, [["1", agencyRow(ctx.wire)]], AGENCY_FIELDS),
    },
    "/lead": { methods: ["POST"], resource: "lead", vista: true, handle: (ctx) => lead(ctx, "lead") },
    "/lead/site": { methods: ["POST"], resource: "lead/site", vista: true, handle: (ctx) => lead(ctx, "lead/site") },
    "/__sandbox/touch": {
      methods: ["POST"],
      resource: "__sandbox/touch",
      vista: false,
      handle: async (ctx) => state.touch(await codesOf(ctx)),
    },
    "/__sandbox/remove": {
      methods: ["POST"],
      resource: "__sandbox/remove",
      vista: false,
      handle: async (ctx) => state.remove(await codesOf(ctx)),
    },
    "/__sandbox/hide": {
      methods: ["POST"],
      resource: "__sandbox/hide",
      vista: false,
      handle: async (ctx) => state.hide(await codesOf(ctx)),
    },
    "/__sandbox/faults": {
      methods: ["POST"],
      resource: "__sandbox/faults",
      vista: false,
      handle: async (ctx) => {
        const body = await readJsonBody(ctx.req);
        state.faults = isRecord(body) && Object.keys(body).length > 0 ? parseFaults(body) : null;
        return { status: 200, faults: state.faults };
      },
    },
    "/__sandbox/leads": {
      methods: ["GET"],
      resource: "__sandbox/leads",
      vista: false,
      handle: () => new Reply(200, state.leads, true),
    },
    "/__sandbox/stats": { methods: ["GET"], resource: "__sandbox/stats", vista: false, handle: () => state.stats() },
    "/__sandbox/reset": {
      methods: ["POST"],
      resource: "__sandbox/reset",
      vista: false,
      handle: () => {
        state.reset();
        return { status: 200, message: "Sandbox restaurado." };
      },
    },
  };

  // ------------------------------------------------------------- dispatcher

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
    plainJson = false,
  ) => {
    const text = plainJson ? JSON.stringify(body) : phpJson(body);
    res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
    res.end(text);
  };

  const sendError = (res: ServerResponse, error: VistaHttpError) =>
    send(res, error.status, { message: error.body, status: error.status }, error.headers);

  const baseUrlOf = (req: IncomingMessage): string => {
    if (options.publicBaseUrl) return options.publicBaseUrl.replace(/\/+$/, "");
    const mount = (req as IncomingMessage & { baseUrl?: string }).baseUrl ?? "";
    return `http://${req.headers.host ?? "127.0.0.1"}${mount}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const pathname = url.pathname;
    if (pathname.startsWith("/fotos/")) {
      await servePhoto(req, res, pathname, catalogue, photos);
      return res.statusCode;
    }
    const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
    const where = `${baseUrlOf(req)}${pathname}`;
    if (!route) {
      sendError(res, new VistaHttpError(404, `No route found for "${method} ${where}"`));
      return 404;
    }
    if (!route.methods.includes(method)) {
      const allow = route.methods.join(", ");
      sendError(
        res,
        new VistaHttpError(405, `No route found for "${method} ${where}": Method Not Allowed (Allow: ${allow})`, {
          Allow: allow,
        }),
      );
      return 405;
    }
    if (route.vista && state.faults && faultApplies(state.faults, pathname)) {
      const faults = state.faults;
      if (faults.latencyMs && faults.latencyMs > 0)
        await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
      const remaining = faults.count ?? 1;
      if (faults.status && remaining !== 0) {
        if (remaining > 0) faults.count = remaining - 1;
        if (faults.count === 0 && !faults.latencyMs && state.faults === faults) state.faults = null;
        const status = faults.status;
        sendError(
          res,
          new VistaHttpError(status, faults.message ?? (status >= 500 ? "Too many connections" : "Falha")),
        );
        return status;
      }
    }
    const key = url.searchParams.get("key") ?? "";
    const policy = policies.get(key);
    if (!policy || !allowed(policy, route.resource)) {
      sendError(res, new VistaHttpError(401, `Permissão Negada: "${key}" Método: ${route.resource}`));
      return 401;
    }
    if (route.vista) {
      const accept = String(req.headers.accept ?? "").toLowerCase();
      if (requireAccept && !accept.includes("application/json")) {
        sendError(
          res,
          new VistaHttpError(406, "Requisição em formato inválido: envie o cabeçalho Accept: application/json"),
        );
        return 406;
      }
      if ((req.url ?? "").length > maxUrlLength) {
        sendError(res, new VistaHttpError(406, "Requisição em formato inválido"));
        return 406;
      }
    }
    const wire: WireContext = { baseUrl: baseUrlOf(req), catalogue, agencyName, siteUrl };
    const result = await route.handle({ req, res, url, key, policy, wire });
    if (result instanceof Reply) {
      send(res, result.status, result.body, {}, result.raw);
      return result.status;
    }
    send(res, 200, result, {}, !route.vista);
    return 200;
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    handle(req, res)
      .catch((error: unknown) => {
        if (error instanceof VistaHttpError) {
          sendError(res, error);
          return error.status;
        }
        // Never echo internals (or the URL, which holds the key) to the client.
        if (!res.headersSent) send(res, 500, { message: "Erro interno do servidor", status: 500 });
        else res.end();
        log?.(`[vista-sandbox] erro interno: ${error instanceof Error ? error.message : String(error)}`);
        return 500;
      })
      .then((status) => {
        log?.(
          `[vista-sandbox] ${req.method} ${(req.url ?? "").split("?")[0]} ${status} ${Math.round(performance.now() - started)} ms`,
        );
      });
  };

  const controls: VistaSandboxControls = {
    key: SANDBOX_KEY,
    touch: (codes) => state.touch(codes),
    remove: (codes) => state.remove(codes),
    hide: (codes) => state.hide(codes),
    patch: (codes, fields) => state.patch(codes, fields),
    setFaults: (faults) => {
      state.faults = faults ? { ...faults } : null;
    },
    leads: () => [...state.leads],
    stats: () => state.stats(),
    listing: (code) => state.get(code),
    reset: () => state.reset(),
  };
  return Object.assign(listener, controls);
}

function pickTableFilters(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, condition] of Object.entries(filter)) if (SUB_TABLES[name]) out[name] = condition;
  return out;
}

function faultApplies(faults: SandboxFaults, pathname: string): boolean {
  return !faults.paths || faults.paths.length === 0 || faults.paths.some((prefix) => pathname.startsWith(prefix));
}

function parseFaults(body: Record<string, unknown>): SandboxFaults {
  const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
  return {
    status: num(body.status),
    count: num(body.count),
    latencyMs: num(body.latencyMs),
    message: typeof body.message === "string" ? body.message : undefined,
    paths: Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === "string") : undefined,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const MAX_BODY = 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY) throw new VistaHttpError(413, "Requisição muito grande");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new VistaHttpError(400, FORMAT_MESSAGE);
  }
}
