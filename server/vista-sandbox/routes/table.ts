/**
 * The sandbox's route table: Vista endpoint (exact path, Vista's casing) →
 * allowed methods, the resource name its 401 names, whether it is part of
 * Vista's API, and the handler (docs/vista-api.md §2, §8.1). Paths under
 * `/__sandbox/` are the test surface, not Vista's.
 */
import { VistaHttpError } from "../query";
import type { Route, RouteHandler } from "./context";
import { lead } from "./leads";
import { detalhes, listPage } from "./listings";
import { enderecos, finalidades, listarConteudo, listarcampos, prontuario } from "./lookups";
import { agencias, corretores, usuarios } from "./people";
import * as surface from "./test-surface";

/** A route of Vista's API (Accept, faults and URL length apply) whose resource is its path. */
function vista(path: string, methods: readonly string[], handle: RouteHandler): [string, Route] {
  return [`/${path}`, { methods, resource: path, vista: true, handle }];
}

/** A route of the test surface (plain JSON; no Accept check, no faults). */
function sandbox(path: string, methods: readonly string[], handle: RouteHandler): [string, Route] {
  return [`/${path}`, { methods, resource: path, vista: false, handle }];
}

const GET = ["GET"] as const;
const POST = ["POST"] as const;

/** Every route, keyed by path. */
export const ROUTES: Readonly<Record<string, Route>> = Object.fromEntries([
  vista("imoveis/listar", GET, (ctx) => listPage(ctx)),
  vista("imoveis/buscaAvancada", GET, (ctx) => listPage(ctx)),
  vista("imoveis/destaques", GET, (ctx) => listPage(ctx, { DestaqueWeb: "Sim" })),
  vista("imoveis/detalhes", GET, detalhes),
  vista("imoveis/listarConteudo", GET, listarConteudo),
  vista("imoveis/listarcampos", GET, listarcampos),
  vista("imoveis/finalidades", GET, finalidades),
  vista("imoveis/prontuario", GET, prontuario),
  vista("imoveis/enderecos", GET, enderecos),
  vista("imoveis/fotos", ["POST", "PUT", "DELETE"], () => {
    throw new VistaHttpError(400, "O envio de fotos não é suportado por este ambiente de testes.");
  }),
  vista("logotipo", GET, (ctx) => ({ logotipo: `${ctx.wire.baseUrl}/fotos/logotipo.png` })),
  vista("siteurl", GET, (ctx) => ({ siteurl: ctx.sandbox.siteUrl })),
  vista("reloadcache", GET, (ctx) => {
    ctx.sandbox.state.queries.clear();
    return { status: 200, message: "Cache recarregado com sucesso." };
  }),
  vista("corretores/listar", GET, corretores),
  vista("usuarios/listar", GET, usuarios),
  vista("agencias/listar", GET, agencias),
  vista("lead", POST, (ctx) => lead(ctx, "lead")),
  vista("lead/site", POST, (ctx) => lead(ctx, "lead/site")),
  sandbox("__sandbox/touch", POST, surface.touch),
  sandbox("__sandbox/remove", POST, surface.remove),
  sandbox("__sandbox/hide", POST, surface.hide),
  sandbox("__sandbox/faults", POST, surface.faults),
  sandbox("__sandbox/leads", GET, surface.leads),
  sandbox("__sandbox/stats", GET, surface.stats),
  sandbox("__sandbox/reset", POST, surface.reset),
]);
