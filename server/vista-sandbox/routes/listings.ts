/**
 * The property reads of the sandbox (docs/vista-api.md §2.1, §4.1, §4.2):
 * selecting listings for a query (status and purpose visibility, the filter,
 * the order, cached per state version), projecting a listing to the requested
 * fields, and the `listar`/`destaques`/`buscaAvancada` pages and `detalhes`.
 */
import { ACTIVE_STATUSES, FORMAT_MESSAGE, NOT_FOUND_MESSAGE, SUB_TABLES } from "../../../app/.server/vista/contract";
import type { SandboxListing } from "../catalogue";
import { phpJson } from "../json";
import {
  VistaHttpError,
  compileFilter,
  compileOrder,
  parsePesquisa,
  validatePesquisa,
  type CompiledFilter,
  type Pesquisa,
  type PropertyMethod,
} from "../query";
import { amenityObject, fieldValue, type WireContext } from "../wire";
import { subTableRows } from "../wire-tables";
import { keyedOrEmpty, truthy, type RouteContext, type SandboxServices } from "./context";

/** The statuses a request may see: the active ones, plus "Suspenso" with `showSuspended`, all with `showInternal` (null). */
function visibleStatuses(url: URL): ReadonlySet<string> | null {
  if (truthy(url.searchParams.get("showInternal"))) return null;
  if (truthy(url.searchParams.get("showSuspended"))) return new Set([...ACTIVE_STATUSES, "Suspenso"]);
  return ACTIVE_STATUSES;
}

/** The statuses `finalidade=venda|aluguel|locacao` keeps, or null without one. */
function finalidadeStatuses(url: URL): ReadonlySet<string> | null {
  const finalidade = (url.searchParams.get("finalidade") ?? "").toLowerCase();
  if (finalidade === "venda") return new Set(["Venda", "Venda e Aluguel"]);
  if (finalidade === "aluguel" || finalidade === "locacao") return new Set(["Aluguel", "Venda e Aluguel"]);
  return null;
}

/**
 * Filtered and sorted listings for a query, cached per state version.
 * @throws {VistaHttpError} 400 for a filter Vista would refuse.
 */
export function select(
  sandbox: SandboxServices,
  url: URL,
  pesquisa: Pesquisa,
  wire: WireContext,
  extra: Record<string, unknown> = {},
): SandboxListing[] {
  const { state } = sandbox;
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
}

/** A sub-table of a listing, projected to `fields`, keyed as Vista keys it, or `[]` when it has no row. */
function table(
  listing: SandboxListing,
  name: string,
  fields: readonly string[],
  wire: WireContext,
  rowFilter?: CompiledFilter,
): Record<string, Record<string, string>> | [] {
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
}

/** One listing projected to the requested fields (docs/vista-api.md §8.8). */
function project(
  listing: SandboxListing,
  pesquisa: Pesquisa,
  wire: WireContext,
  rowFilter?: CompiledFilter,
): Record<string, unknown> {
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
}

/**
 * The request's `pesquisa`, parsed and checked for `method` against the key's permissions.
 * @throws {VistaHttpError} 400 with Vista's messages.
 */
export function pesquisaOf(ctx: RouteContext, method: PropertyMethod): Pesquisa {
  const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
  validatePesquisa(pesquisa, method, ctx.policy.permissions);
  return pesquisa;
}

/**
 * `listar`, `destaques`, `buscaAvancada`: the keyed page with optional counters
 * (docs/vista-api.md §4.1, §3.6); `extra` adds filter conditions (`destaques`).
 */
export function listPage(ctx: RouteContext, extra: Record<string, unknown> = {}): unknown {
  const pesquisa = pesquisaOf(ctx, "listar");
  const matches = select(ctx.sandbox, ctx.url, pesquisa, ctx.wire, extra);
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
  return keyedOrEmpty(body);
}

/**
 * The listing of `?imovel=`, if the request may see its status.
 * @throws {VistaHttpError} 400 "O imóvel solicitado não foi encontrado." otherwise.
 */
export function findListing(ctx: RouteContext): SandboxListing {
  const code = ctx.url.searchParams.get("imovel") ?? "";
  const listing = code ? ctx.sandbox.state.get(code) : undefined;
  const statuses = visibleStatuses(ctx.url);
  if (!listing || (statuses && !statuses.has(listing.status))) {
    throw new VistaHttpError(400, NOT_FOUND_MESSAGE);
  }
  return listing;
}

/** The sub-table conditions of a filter (`{"prontuarios": {...}}`), which filter rows, not listings. */
function pickTableFilters(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, condition] of Object.entries(filter)) if (SUB_TABLES[name]) out[name] = condition;
  return out;
}

/**
 * `detalhes`: one listing as a flat object with the requested fields and sub-tables (docs/vista-api.md §4.2).
 * @throws {VistaHttpError} 400 without fields, for a refused field, or an unknown code (fields checked first, §5.2).
 */
export function detalhes(ctx: RouteContext): unknown {
  const raw = ctx.url.searchParams.get("pesquisa");
  const pesquisa = pesquisaOf(ctx, "detalhes");
  // Fields are validated before the record is looked up (docs/vista-api.md §5.2).
  if (raw === null || !pesquisa.fields || pesquisa.fields.length === 0) throw new VistaHttpError(400, FORMAT_MESSAGE);
  const listing = findListing(ctx);
  return project(listing, pesquisa, ctx.wire, compileFilter(pickTableFilters(pesquisa.filter), ctx.wire));
}
