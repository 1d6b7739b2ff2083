/**
 * The sandbox's test surface under `/__sandbox/` (NOT part of Vista's API):
 * mutations of the catalogue (touch, remove, hide), fault injection, the
 * leads received, counts, and a reset. Answered as plain JSON.
 */
import type { SandboxFaults } from "../state";
import { VistaHttpError } from "../query";
import { Reply, isRecord, readJsonBody, type RouteContext } from "./context";

/**
 * The `codes` of a `{"codes": [...]}` body.
 * @throws {VistaHttpError} 400 when the body is not that shape.
 */
async function codesOf(ctx: RouteContext): Promise<string[]> {
  const body = await readJsonBody(ctx.req);
  const codes = isRecord(body) ? body.codes : undefined;
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === "string")) {
    throw new VistaHttpError(400, 'Envie {"codes": ["AP12345", …]}');
  }
  return codes as string[];
}

/** Fault settings from a JSON body: numbers and strings kept, anything else dropped. */
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

/** `POST /__sandbox/touch`: a CRM edit of each code. */
export async function touch(ctx: RouteContext): Promise<unknown> {
  return ctx.sandbox.state.touch(await codesOf(ctx));
}

/** `POST /__sandbox/remove`: takes the codes out of the catalogue. */
export async function remove(ctx: RouteContext): Promise<unknown> {
  return ctx.sandbox.state.remove(await codesOf(ctx));
}

/** `POST /__sandbox/hide`: `ExibirNoSite = "Nao"` on the codes. */
export async function hide(ctx: RouteContext): Promise<unknown> {
  return ctx.sandbox.state.hide(await codesOf(ctx));
}

/** `POST /__sandbox/faults`: sets the faults, or clears them with an empty body. */
export async function faults(ctx: RouteContext): Promise<unknown> {
  const { state } = ctx.sandbox;
  const body = await readJsonBody(ctx.req);
  state.faults = isRecord(body) && Object.keys(body).length > 0 ? parseFaults(body) : null;
  return { status: 200, faults: state.faults };
}

/** `GET /__sandbox/leads`: the leads received, oldest first. */
export function leads(ctx: RouteContext): Reply {
  return new Reply(200, ctx.sandbox.state.leads, true);
}

/** `GET /__sandbox/stats`: counts of the catalogue as it is now. */
export function stats(ctx: RouteContext): unknown {
  return ctx.sandbox.state.stats();
}

/** `POST /__sandbox/reset`: back to the pristine catalogue. */
export function reset(ctx: RouteContext): unknown {
  ctx.sandbox.state.reset();
  return { status: 200, message: "Sandbox restaurado." };
}
