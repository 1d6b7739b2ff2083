/**
 * The sandbox's property look-ups besides the listing pages (docs/vista-api.md
 * §2.1, §4.3, §8.9): distinct values (`listarConteudo`, `enderecos`), the
 * field catalogue (`listarcampos`), a listing's history (`prontuario`) and the
 * purposes (`finalidades`).
 */
import {
  AGENCY_FIELDS,
  ATTACHMENT_FIELDS,
  BROKER_FIELDS,
  CARAC_FIELDS,
  EXTRA_LISTING_FIELDS,
  FORMAT_MESSAGE,
  HISTORY_FIELDS,
  IMOVEIS_FIELDS,
  INFRA_FIELDS,
  OWNER_FIELDS,
  PHOTO_FIELDS,
  POINT_OF_INTEREST_FIELDS,
  PURPOSE_STATUSES,
  SUB_TABLES,
  VIDEO_FIELDS,
  fieldMessage,
  tableMessage,
} from "../../../app/.server/vista/contract";
import { VistaHttpError, compileFilter, fold, parsePesquisa, validatePesquisa } from "../query";
import { fieldValue } from "../wire";
import { subTableRows } from "../wire-tables";
import { keyedOrEmpty, truthy, type RouteContext } from "./context";
import { findListing, pesquisaOf, select } from "./listings";

/**
 * `listarConteudo`: the distinct values of each requested plain field over the
 * filtered listings, sorted accent-insensitively (docs/vista-api.md §4.3).
 * @throws {VistaHttpError} 400 without fields or for a sub-table or amenity object.
 */
export function listarConteudo(ctx: RouteContext): unknown {
  const pesquisa = pesquisaOf(ctx, "listarConteudo");
  if (!pesquisa.fields || pesquisa.fields.length === 0) throw new VistaHttpError(400, FORMAT_MESSAGE);
  const matches = select(ctx.sandbox, ctx.url, { ...pesquisa, order: [] }, ctx.wire);
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
}

/** The sub-tables `listarcampos` lists, in its order. */
const CATALOGUE_TABLES: readonly [string, readonly string[]][] = [
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

/**
 * `listarcampos`: the field groups the key may read (docs/vista-api.md §6), or one group with `tipo`.
 * @throws {VistaHttpError} 400 for an unknown `tipo`.
 */
export function listarcampos(ctx: RouteContext): unknown {
  const denied = ctx.policy.permissions.deniedFields;
  const keep = (names: readonly string[], table?: string) =>
    names.filter((name) => !denied.has(table ? `${table}.${name}` : name));
  const groups: Record<string, string[]> = {
    imoveis: keep([...IMOVEIS_FIELDS, ...EXTRA_LISTING_FIELDS.filter((name) => name !== "Codigo")]),
    carac: keep(CARAC_FIELDS),
    infra: keep(INFRA_FIELDS),
    codigo: ["Codigo"],
  };
  for (const [name, fields] of CATALOGUE_TABLES) if (!denied.has(name)) groups[name] = keep(fields, name);
  const tipo = ctx.url.searchParams.get("tipo");
  if (tipo) {
    const group = Object.keys(groups).find((name) => name.toLowerCase() === tipo.toLowerCase());
    if (!group) throw new VistaHttpError(400, FORMAT_MESSAGE);
    return { [group]: groups[group] };
  }
  return groups;
}

/**
 * `prontuario`: a listing's history rows keyed by `Prontuario_Codigo`, filterable (docs/vista-api.md §4.2).
 * @throws {VistaHttpError} 400 for a field outside the history table, a key that may not read it, or an unknown code.
 */
export function prontuario(ctx: RouteContext): unknown {
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
  return keyedOrEmpty(body);
}

/** `finalidades`: the purposes, or with `allStatus` every status under each (docs/vista-api.md §2.1). */
export function finalidades(ctx: RouteContext): unknown {
  return truthy(ctx.url.searchParams.get("allStatus"))
    ? { Venda: [...PURPOSE_STATUSES.Venda], Aluguel: [...PURPOSE_STATUSES.Aluguel] }
    : ["Venda", "Aluguel"];
}

/**
 * `enderecos`: the distinct addresses of the filtered listings, sorted.
 * @throws {VistaHttpError} 400 for a filter Vista would refuse.
 */
export function enderecos(ctx: RouteContext): unknown {
  const pesquisa = parsePesquisa(ctx.url.searchParams.get("pesquisa"));
  validatePesquisa({ ...pesquisa, fields: [] }, "listar", ctx.policy.permissions);
  const values = new Set<string>();
  for (const listing of select(ctx.sandbox, ctx.url, { ...pesquisa, order: [] }, ctx.wire))
    values.add(fieldValue(listing, "Endereco", ctx.wire));
  return { Endereco: [...values].sort() };
}
