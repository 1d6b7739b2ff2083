/**
 * The sandbox's people and agency lists (docs/vista-api.md §2.1, §6.6):
 * `corretores/listar` (paged by `page`/`limit`), `usuarios/listar` and
 * `agencias/listar` (paged by `pesquisa`, with the requested fields).
 */
import { AGENCY_FIELDS, BROKER_SUBFIELDS, fieldMessage } from "../../../app/.server/vista/contract";
import { VistaHttpError, parsePesquisa } from "../query";
import { agencyRow, brokerRow } from "../wire-tables";
import { keyedOrEmpty, truthy, type RouteContext } from "./context";

/** Fields `usuarios/listar` serves (the website-safe broker fields, the sector and the flags). */
const USER_FIELDS = [...BROKER_SUBFIELDS, "Setor", "Inativo", "Sexo"];

/** `corretores/listar`: every broker row, keyed by code, `limit` (≤ 50) per `page`. */
export function corretores(ctx: RouteContext): unknown {
  const page = Math.max(1, Number(ctx.url.searchParams.get("page") ?? "1") || 1);
  const limit = Math.min(50, Math.max(1, Number(ctx.url.searchParams.get("limit") ?? "50") || 50));
  const body: Record<string, unknown> = {};
  for (const broker of ctx.sandbox.catalogue.brokers.slice((page - 1) * limit, page * limit))
    body[broker.code] = brokerRow(broker, ctx.wire);
  return keyedOrEmpty(body);
}

/**
 * A keyed page of people rows projected to the requested fields (`Codigo` by default).
 * @throws {VistaHttpError} 400 naming every field outside `allowedFields`.
 */
function peopleList(ctx: RouteContext, rows: [string, Record<string, string>][], allowedFields: readonly string[]) {
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
  return keyedOrEmpty(body);
}

/** `usuarios/listar`: the brokers as users of the "Corretores" sector. */
export function usuarios(ctx: RouteContext): unknown {
  return peopleList(
    ctx,
    ctx.sandbox.catalogue.brokers.map((broker) => [
      broker.code,
      { ...brokerRow(broker, ctx.wire), Setor: "Corretores" },
    ]),
    USER_FIELDS,
  );
}

/** `agencias/listar`: the one agency row. */
export function agencias(ctx: RouteContext): unknown {
  return peopleList(ctx, [["1", agencyRow(ctx.wire)]], AGENCY_FIELDS);
}
