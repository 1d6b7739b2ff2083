/**
 * The Express side of every request (docs/decisions/0021-trusted-origin-and-input-hygiene.md):
 *
 * - {@link requestGuards}: the first middleware. Resolves the trusted origin
 *   (`res.locals.origin`), draws the CSP nonce (`res.locals.cspNonce`), and
 *   refuses bad targets and cross-origin writes before anything else runs.
 * - {@link createRemixHandler}: the Remix request handler in place of
 *   `@remix-run/express`'s, which builds the request URL from `Host` /
 *   `X-Forwarded-Host` and streams any body to the route. This one builds it on
 *   the trusted origin (and sets `Host` to it, so Remix's own CSRF check
 *   compares against it), reads form and JSON bodies with a size limit first
 *   (raw-body, as Express's body parsers do), and renders refusals as the
 *   spec's error screen for a browser, JSON under `/api/`, plain text otherwise.
 */
import { randomBytes } from "node:crypto";
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import getRawBody from "raw-body";
import {
  bodyPlan,
  inspectTarget,
  isCleanBody,
  isSameOriginWrite,
  REJECTION_MESSAGES,
  type Rejection,
  resolveOrigin,
} from "./request-guards";

/** What the guards leave in `res.locals` for later middleware. */
export interface GuardedLocals {
  /** The trusted origin of this request, e.g. "https://www.imobiliaria.com.br". */
  origin: string;
  /** This request's CSP nonce (base64 of 16 random bytes). */
  cspNonce: string;
}

/** The requested path made printable for messages: visible ASCII only, at most 300 characters. */
export function printablePath(target: string): string {
  const path = target.split("?")[0] ?? "/";
  const ascii = path.replace(/[^\x21-\x7e]/g, "?");
  return ascii.length > 300 ? `${ascii.slice(0, 297)}...` : ascii;
}

/** Options of {@link requestGuards}. */
export interface RequestGuardOptions {
  /** `PUBLIC_URL`, when configured. */
  publicUrl?: string;
  /** Renders a refusal (see {@link RemixHandler.reject}). */
  reject(req: Request, res: Response, rejection: Rejection): void;
}

/**
 * The first middleware of the app: trusted origin, CSP nonce, target and
 * origin checks. Express's `req.hostname` and `req.protocol` honour
 * `trust proxy`, so `X-Forwarded-*` count only from trusted peers.
 */
export function requestGuards(options: RequestGuardOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const trustProxy = req.app.get("trust proxy fn") as
      ((address: string | undefined, hop: number) => boolean) | undefined;
    const forwardedHost = trustProxy?.(req.socket.remoteAddress, 0) ? req.get("X-Forwarded-Host") : undefined;
    const resolved = resolveOrigin({
      publicUrl: options.publicUrl,
      protocol: req.protocol,
      host: req.headers.host,
      forwardedHost,
    });
    if ("status" in resolved) {
      // Refusals still need an origin for the error screen's links: the loopback default.
      res.locals.origin = "http://localhost";
      return options.reject(req, res, resolved);
    }
    res.locals.origin = resolved.origin;
    const problem = inspectTarget(req.originalUrl);
    if (problem === "length")
      return options.reject(req, res, { status: 414, message: REJECTION_MESSAGES.targetTooLong });
    if (problem === "path") return options.reject(req, res, { status: 404, message: REJECTION_MESSAGES.badTarget });
    if (problem === "query") return options.reject(req, res, { status: 400, message: REJECTION_MESSAGES.badTarget });
    const sameOrigin = isSameOriginWrite(
      req.method,
      { origin: req.get("Origin"), secFetchSite: req.get("Sec-Fetch-Site") },
      resolved.origin,
    );
    if (!sameOrigin) return options.reject(req, res, { status: 403, message: REJECTION_MESSAGES.foreignOrigin });
    next();
  };
}

/** A Fetch `Headers` from Node's request headers (repeated headers appended). */
function fetchHeaders(raw: Request["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Writes a Fetch Response to Express (status, headers with repeats, streamed body). */
async function sendResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Form encodings a page's action takes. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Whether a buffered body is a form Remix can parse (`request.formData()`
 * throws on anything else, which would be a 500 in the action).
 * @returns "ok", or the refusal: 415 for another type, 400 for a malformed form.
 */
async function checkForm(body: Buffer, contentType: string | undefined): Promise<"ok" | Rejection> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, message: REJECTION_MESSAGES.notAForm };
  try {
    await new globalThis.Response(body as unknown as BodyInit, {
      headers: { "Content-Type": contentType ?? type },
    }).formData();
    return "ok";
  } catch {
    return { status: 400, message: REJECTION_MESSAGES.badBody };
  }
}

/** Options of {@link createRemixHandler}. */
export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** The app's own load context (client IP…); the nonce and a refusal are added to it. */
  getLoadContext(req: Request): AppLoadContext;
}

/** The Remix handler and the renderer of refusals. */
export interface RemixHandler {
  /** Express handler that serves the request with Remix. */
  handle(req: Request, res: Response, next: NextFunction): Promise<void>;
  /**
   * Answers a refusal: the error screen (through Remix's "*" route) for a
   * browser page or form post, JSON `{ error }` under `/api/`, else plain
   * text; `private, no-store`; `Connection: close` when the body was not read.
   */
  reject(req: Request, res: Response, rejection: Rejection): void;
  /**
   * Answers a refusal of an overloaded server (admission control) like
   * {@link reject}, but at once: a page is the error screen rendered once per
   * origin and refusal, without the visitor's cookies, with this request's
   * CSP nonce put in (until that first render is ready, plain text): turning
   * a crowd away must not cost a render each, nor wait for one.
   */
  shed(req: Request, res: Response, rejection: Rejection): void;
}

/** Stands for the CSP nonce in a cached error screen; replaced by each request's own. */
const NONCE_PLACEHOLDER = "c2hlZC1wbGFjZWhvbGRlcg00";

/** Cached error screens at most (origins × refusals; the origin is a trusted one). */
const MAX_CACHED_SCREENS = 8;

/** A rendered error screen kept for {@link RemixHandler.shed}. */
interface CachedScreen {
  headers: [string, string][];
  body: string;
}

/** The path refusals are rendered on: one no route claims, so the "*" route answers. */
const REJECTION_PATH = "/__recusado";

/**
 * Whether a refusal is answered with the spec's error screen: a page or form
 * request (a browser navigation, a plain form post, a crawler or `curl` asking
 * for anything). Remix data requests (`/path.data`, `?_data=`), the JSON API and the site's
 * own `fetch` calls (which ask for JSON only) get JSON or plain text instead.
 */
function wantsDocument(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return false;
  if (req.path.startsWith("/api/") || req.path.endsWith(".data") || /[?&]_data(?:=|&|$)/.test(req.originalUrl))
    return false;
  const accept = req.headers.accept ?? "";
  return accept.includes("text/html") || !accept.includes("json");
}

/** Creates the handler (see the module comment). */
export function createRemixHandler(options: RemixHandlerOptions): RemixHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);

  function context(req: Request, res: Response, rejection?: AppLoadContext["rejection"]): AppLoadContext {
    return {
      ...options.getLoadContext(req),
      cspNonce: res.locals.cspNonce as string,
      ...(rejection ? { rejection } : {}),
    };
  }

  function headersFor(req: Request, origin: string): Headers {
    const headers = fetchHeaders(req.headers);
    headers.set("Host", new URL(origin).host);
    headers.delete("X-Forwarded-Host");
    return headers;
  }

  /** An AbortSignal that fires when the client goes away before the answer is complete. */
  function abortSignal(res: Response): AbortSignal {
    let controller: AbortController | null = new AbortController();
    const signal = controller.signal;
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    return signal;
  }

  async function send(
    req: Request,
    res: Response,
    next: NextFunction,
    request: globalThis.Request,
    loadContext: AppLoadContext,
  ) {
    try {
      const response = await handleRequest(request, loadContext);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  }

  function reject(req: Request, res: Response, rejection: Rejection): void {
    res.setHeader("Cache-Control", "private, no-store");
    if (req.method !== "GET" && req.method !== "HEAD") res.setHeader("Connection", "close");
    const origin = (res.locals.origin as string | undefined) ?? "http://localhost";
    if (wantsDocument(req)) {
      // A GET of a path no route claims reaches the "*" route, which throws the refusal from the context.
      const request = new Request(`${origin}${REJECTION_PATH}`, {
        method: "GET",
        headers: headersFor(req, origin),
        signal: abortSignal(res),
      });
      const rejected = { status: rejection.status, message: rejection.message, path: printablePath(req.originalUrl) };
      const fallback = (error: unknown) => {
        console.error("[http] falha ao mostrar a página de erro", error);
        if (!res.headersSent) res.status(rejection.status).type("text/plain; charset=utf-8").send(rejection.message);
      };
      void send(req, res, fallback, request, context(req, res, rejected));
      return;
    }
    res.status(rejection.status);
    if (req.path.startsWith("/api/")) res.json({ error: rejection.message });
    else res.type("text/plain; charset=utf-8").send(rejection.message);
  }

  const screens = new Map<string, Promise<CachedScreen>>();
  const readyScreens = new Map<string, CachedScreen>();

  /** The error screen of `rejection` on `origin`, rendered once (a failed render is forgotten). */
  function cachedScreen(req: Request, origin: string, rejection: Rejection): Promise<CachedScreen> {
    const key = `${origin} ${rejection.status} ${rejection.message}`;
    let screen = screens.get(key);
    if (screen) return screen;
    const request = new Request(`${origin}${REJECTION_PATH}`, {
      headers: { Host: new URL(origin).host, Accept: "text/html", "User-Agent": "Mozilla/5.0" },
    });
    const loadContext: AppLoadContext = {
      ...options.getLoadContext(req),
      cspNonce: NONCE_PLACEHOLDER,
      rejection: { status: rejection.status, message: rejection.message, path: "/" },
    };
    screen = handleRequest(request, loadContext).then(async (response) => {
      const rendered = {
        headers: [...response.headers.entries()].filter(([name]) => name.toLowerCase() !== "set-cookie"),
        body: await response.text(),
      };
      if (readyScreens.size >= MAX_CACHED_SCREENS) readyScreens.delete(readyScreens.keys().next().value!);
      readyScreens.set(key, rendered);
      return rendered;
    });
    if (screens.size >= MAX_CACHED_SCREENS) screens.delete(screens.keys().next().value!);
    screens.set(key, screen);
    screen.catch(() => screens.delete(key));
    return screen;
  }

  function shed(req: Request, res: Response, rejection: Rejection): void {
    if (!wantsDocument(req) || req.method === "POST") return reject(req, res, rejection);
    res.setHeader("Cache-Control", "private, no-store");
    const origin = (res.locals.origin as string | undefined) ?? "http://localhost";
    const screen = readyScreens.get(`${origin} ${rejection.status} ${rejection.message}`);
    if (!screen) {
      // Answered at once all the same: the screen renders once in the background for the next ones.
      cachedScreen(req, origin, rejection).catch((error: unknown) => {
        console.error("[http] falha ao mostrar a página de erro", error);
      });
      res.status(rejection.status).type("text/plain; charset=utf-8").send(rejection.message);
      return;
    }
    res.status(rejection.status);
    for (const [name, value] of screen.headers) if (name !== "cache-control") res.setHeader(name, value);
    res.send(screen.body.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
  }

  async function handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    const origin = res.locals.origin as string;
    const plan = bodyPlan(req.method, req.path, req.get("Content-Type"));
    let body: BodyInit | undefined;
    if (plan.mode === "buffer") {
      try {
        const buffer = await getRawBody(req, { limit: plan.limit, length: req.get("Content-Length") });
        if (!isCleanBody(buffer, req.get("Content-Type")))
          return reject(req, res, { status: 400, message: REJECTION_MESSAGES.badBody });
        // Pages only take forms (the JSON API reads its own bodies): anything else never reaches an action.
        if (!req.path.startsWith("/api/") && (buffer.length > 0 || req.get("Content-Type"))) {
          const form = await checkForm(buffer, req.get("Content-Type"));
          if (form !== "ok") return reject(req, res, form);
        }
        body = buffer as unknown as BodyInit; // undici takes a Buffer as is
      } catch (error) {
        const type = (error as { type?: string }).type;
        if (type === "entity.too.large")
          return reject(req, res, { status: 413, message: REJECTION_MESSAGES.tooLarge(plan.limit) });
        if (type === "request.aborted") return;
        return reject(req, res, { status: 400, message: REJECTION_MESSAGES.badBody });
      }
    } else if (plan.mode === "stream") {
      const length = req.get("Content-Length");
      if (length === undefined && req.get("Transfer-Encoding"))
        return reject(req, res, { status: 411, message: REJECTION_MESSAGES.lengthRequired });
      if (Number(length ?? 0) > plan.limit)
        return reject(req, res, { status: 413, message: REJECTION_MESSAGES.tooLarge(plan.limit) });
      body = createReadableStreamFromReadable(req);
    }
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers: headersFor(req, origin),
      signal: abortSignal(res),
    };
    if (body !== undefined) {
      init.body = body;
      if (plan.mode === "stream") init.duplex = "half";
    }
    await send(req, res, next, new Request(`${origin}${req.originalUrl}`, init), context(req, res));
  }

  return {
    handle,
    reject,
    shed,
  };
}
