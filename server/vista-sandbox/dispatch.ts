/**
 * The sandbox's dispatcher: from a Node request to a route of the table
 * (`routes/table.ts`) and back, with Vista's checks in Vista's order
 * (docs/vista-api.md §8.1–§8.3, §8.11): photos first, then 404/405 in
 * Symfony's words, injected faults, the key and its permissions (401
 * `Permissão Negada`), `Accept: application/json` and the URL length (406).
 * Replies are serialised as PHP's json_encode does, errors in Vista's envelope.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { permissionDeniedMessage } from "../../app/.server/vista/contract";
import { phpJson } from "./json";
import { type PhotoStore, servePhoto } from "./photos";
import { VistaHttpError } from "./query";
import { Reply, type ResolvedPolicy, type SandboxServices } from "./routes/context";
import { ROUTES } from "./routes/table";
import type { SandboxFaults, SandboxState } from "./state";
import type { WireContext } from "./wire";

/** What the dispatcher needs besides the routes. */
export interface DispatchConfig {
  services: SandboxServices;
  photos: PhotoStore;
  /** Key → resolved permissions. */
  policies: ReadonlyMap<string, ResolvedPolicy>;
  /** Fixed origin of photo URLs, or undefined to use the request's Host. */
  publicBaseUrl?: string;
  agencyName: string;
  requireAccept: boolean;
  maxUrlLength: number;
  log?: (line: string) => void;
}

/** Writes a JSON reply: PHP-style escaping (Vista routes) or plain `JSON.stringify` (`plainJson`). */
function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  plainJson = false,
) {
  const text = plainJson ? JSON.stringify(body) : phpJson(body);
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers });
  res.end(text);
}

/** Writes Vista's error envelope `{"message", "status"}` (docs/vista-api.md §5.1). */
function sendError(res: ServerResponse, error: VistaHttpError) {
  send(res, error.status, { message: error.body, status: error.status }, error.headers);
}

function allowed(policy: ResolvedPolicy | undefined, resource: string): boolean {
  return !!policy && !policy.deniedMethods.has(resource) && (policy.methods === "*" || policy.methods.has(resource));
}

function faultApplies(faults: SandboxFaults, pathname: string): boolean {
  return !faults.paths || faults.paths.length === 0 || faults.paths.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Applies an injected fault to a Vista route: waits the latency, then answers
 * the fault's status while its count lasts. Returns that status, or null when
 * the request goes on.
 */
async function injectFault(state: SandboxState, res: ServerResponse, pathname: string): Promise<number | null> {
  if (!state.faults || !faultApplies(state.faults, pathname)) return null;
  const faults = state.faults;
  if (faults.latencyMs && faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  const remaining = faults.count ?? 1;
  if (!faults.status || remaining === 0) return null;
  if (remaining > 0) faults.count = remaining - 1;
  if (faults.count === 0 && !faults.latencyMs && state.faults === faults) state.faults = null;
  const status = faults.status;
  sendError(res, new VistaHttpError(status, faults.message ?? (status >= 500 ? "Too many connections" : "Falha")));
  return status;
}

/**
 * The request listener of one sandbox: routes each request, logs one line per
 * request (method, path without the query string, status, ms; never the key).
 */
export function createDispatcher(config: DispatchConfig): (req: IncomingMessage, res: ServerResponse) => void {
  const { services, log } = config;
  const { state, catalogue } = services;

  const baseUrlOf = (req: IncomingMessage): string => {
    if (config.publicBaseUrl) return config.publicBaseUrl.replace(/\/+$/, "");
    const mount = (req as IncomingMessage & { baseUrl?: string }).baseUrl ?? "";
    return `http://${req.headers.host ?? "127.0.0.1"}${mount}`;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const method = (req.method ?? "GET").toUpperCase();
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const pathname = url.pathname;
    if (pathname.startsWith("/fotos/")) {
      await servePhoto(req, res, pathname, catalogue, config.photos);
      return res.statusCode;
    }
    const route = Object.hasOwn(ROUTES, pathname) ? ROUTES[pathname] : undefined;
    const where = `${baseUrlOf(req)}${pathname}`;
    if (!route) {
      sendError(res, new VistaHttpError(404, `No route found for "${method} ${where}"`));
      return 404;
    }
    if (!route.methods.includes(method)) {
      const allow = route.methods.join(", ");
      const message = `No route found for "${method} ${where}": Method Not Allowed (Allow: ${allow})`;
      sendError(res, new VistaHttpError(405, message, { Allow: allow }));
      return 405;
    }
    if (route.vista) {
      const faulted = await injectFault(state, res, pathname);
      if (faulted !== null) return faulted;
    }
    const key = url.searchParams.get("key") ?? "";
    const policy = config.policies.get(key);
    if (!policy || !allowed(policy, route.resource)) {
      sendError(res, new VistaHttpError(401, permissionDeniedMessage(key, route.resource)));
      return 401;
    }
    if (route.vista) {
      const accept = String(req.headers.accept ?? "").toLowerCase();
      if (config.requireAccept && !accept.includes("application/json")) {
        const message = "Requisição em formato inválido: envie o cabeçalho Accept: application/json";
        sendError(res, new VistaHttpError(406, message));
        return 406;
      }
      if ((req.url ?? "").length > config.maxUrlLength) {
        sendError(res, new VistaHttpError(406, "Requisição em formato inválido"));
        return 406;
      }
    }
    const wire: WireContext = {
      baseUrl: baseUrlOf(req),
      catalogue,
      agencyName: config.agencyName,
      siteUrl: services.siteUrl,
    };
    const result = await route.handle({ req, res, url, key, policy, wire, sandbox: services });
    if (result instanceof Reply) {
      send(res, result.status, result.body, {}, result.raw);
      return result.status;
    }
    send(res, 200, result, {}, !route.vista);
    return 200;
  };

  return (req, res) => {
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
}
