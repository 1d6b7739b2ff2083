/**
 * What every request passes before any route, cache or database sees it
 * (docs/decisions/0021-trusted-origin-and-input-hygiene.md):
 *
 * 1. **One trusted origin.** The site's origin is `PUBLIC_URL`; only the
 *    embedded demo (no `PUBLIC_URL`) takes it from the request, and then only
 *    for a loopback host (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`):
 *    any other host is refused with 421. `X-Forwarded-Host` and
 *    `X-Forwarded-Proto` count only from peers trusted by `TRUST_PROXY`
 *    (Express `req.hostname` / `req.protocol`). Canonical, Open Graph,
 *    JSON-LD, sitemap, robots and e-mail links all come from this origin: the
 *    Remix request is built on it (`server/remix-handler.ts`).
 * 2. **Clean targets.** A path with a NUL or other control character, a
 *    backslash, a malformed percent escape or invalid UTF-8 is a 404 (the
 *    spec's screen); such a query is a 400; a target over 8 KB is a 414.
 * 3. **Same-origin writes.** POST, PUT, PATCH and DELETE with an `Origin`
 *    other than the site's (or `null`), or with `Sec-Fetch-Site` other than
 *    `same-origin`/`none`, get 403. Requests without either header are not
 *    from a browser form (CSRF needs a browser) and pass.
 * 4. **Small bodies.** Forms and JSON at most {@link FORM_BODY_LIMIT_BYTES},
 *    read before the route with the limit enforced while reading; uploads
 *    (multipart, images, PDF) only under `/admin/` and `/api/members/`, with a
 *    `Content-Length` of at most {@link UPLOAD_BODY_LIMIT_BYTES}; a body with a
 *    NUL or invalid UTF-8 is a 400. Over the limit: 413 with a pt-BR message.
 *    Outside `/api/` a body must be a form that parses (415 for another type,
 *    400 for a malformed one): actions call `request.formData()`.
 *
 * The functions here are pure (tested with fast-check); the Express wiring
 * lives in `server/remix-handler.ts` and `server/index.ts`.
 */
import { isUtf8 } from "node:buffer";

/** Longest request target (path + query) accepted, characters; longer is 414. */
export const MAX_TARGET_LENGTH = 8 * 1024;

/** Largest form, JSON or other non-upload body, bytes (64 KiB: the longest form field is 5,000 characters). */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** Largest upload request (multipart with member files, a photo, a logo), bytes (100 MiB). */
export const UPLOAD_BODY_LIMIT_BYTES = 100 * 1024 * 1024;

/** A request refused before routing: its status and what to tell the client. */
export interface Rejection {
  status: 400 | 403 | 404 | 411 | 413 | 414 | 415 | 421 | 429 | 503;
  /** pt-BR explanation (JSON `error`, plain text, or the error screen's detail line). */
  message: string;
}

/** pt-BR messages of the refusals. */
export const REJECTION_MESSAGES = {
  badTarget: "Endereço inválido.",
  targetTooLong: "Endereço longo demais.",
  badBody: "O conteúdo enviado tem caracteres inválidos.",
  foreignOrigin: "Origem da requisição não permitida.",
  lengthRequired: "Envie o tamanho do conteúdo (cabeçalho Content-Length).",
  notAForm: "Envie os dados como um formulário (application/x-www-form-urlencoded ou multipart/form-data).",
  tooLarge: (limitBytes: number) => `O conteúdo enviado é grande demais (máximo de ${formatBytes(limitBytes)}).`,
  misdirected: "Este site não atende por este endereço.",
  tooManyAtOnce: "Muitas páginas pedidas ao mesmo tempo por este endereço. Aguarde um instante e tente de novo.",
  overloaded: "O site está recebendo muitos acessos neste momento. Aguarde alguns segundos e tente de novo.",
} as const;

/** "64 KB", "100 MB". */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** C0 controls, DEL and the backslash: never in a path of this site. */
const BAD_PATH_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** NUL and C0 controls other than tab, LF and CR: never in a query value. */
const BAD_QUERY_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Checks a request target as the client sent it (`req.originalUrl`).
 * @returns null when acceptable; otherwise which part is bad: "path" (answer
 *   404), "query" (400) or "length" (414).
 */
export function inspectTarget(target: string): "path" | "query" | "length" | null {
  if (target.length > MAX_TARGET_LENGTH) return "length";
  const queryStart = target.indexOf("?");
  const path = queryStart < 0 ? target : target.slice(0, queryStart);
  const query = queryStart < 0 ? "" : target.slice(queryStart + 1);
  if (!path.startsWith("/")) return "path";
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return "path";
  }
  if (BAD_PATH_CHARACTERS.test(decodedPath)) return "path";
  for (const part of query.split(/[&;]/)) {
    if (!part) continue;
    try {
      if (BAD_QUERY_CHARACTERS.test(decodeURIComponent(part.replace(/\+/g, " ")))) return "query";
    } catch {
      return "query";
    }
  }
  return null;
}

/** Whether a host name (no port; IPv6 with or without brackets) is a loopback name or address. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === "::1" ||
    host === "0:0:0:0:0:0:0:1"
  );
}

/** A syntactically valid `Host` value: a DNS name, IPv4 or bracketed IPv6, optional port. */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the site answers with for this request, or a rejection.
 * - With `publicUrl`: always its origin, whatever `Host` says (nothing
 *   depends on the request's host, so nothing can be poisoned by it).
 * - Without (embedded demo): `protocol://host` of the request, where host is
 *   `X-Forwarded-Host` from a trusted proxy, else `Host`; only a loopback
 *   host is served, any other gets 421.
 * @param forwardedHost `X-Forwarded-Host` when the peer is a trusted proxy, else undefined.
 */
export function resolveOrigin(input: {
  publicUrl?: string;
  protocol: string;
  host: string | undefined;
  forwardedHost?: string;
}): { origin: string } | Rejection {
  if (input.publicUrl) return { origin: new URL(input.publicUrl).origin };
  const host = (input.forwardedHost?.split(",")[0] ?? input.host ?? "").trim();
  if (!HOST_PATTERN.test(host)) return { status: 400, message: REJECTION_MESSAGES.badTarget };
  const url = new URL(`${input.protocol === "https" ? "https" : "http"}://${host}`);
  if (!isLoopbackHost(url.hostname)) return { status: 421, message: REJECTION_MESSAGES.misdirected };
  return { origin: url.origin };
}

/** Methods that change state and must come from the site itself. */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a write may proceed: `Origin` absent or equal to `origin`
 * (`null` is foreign), and `Sec-Fetch-Site` absent, `same-origin` or `none`.
 * Reads (GET, HEAD, OPTIONS) always pass.
 */
export function isSameOriginWrite(
  method: string,
  headers: { origin?: string; secFetchSite?: string },
  origin: string,
): boolean {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return true;
  if (headers.origin !== undefined && headers.origin !== origin) return false;
  const site = headers.secFetchSite?.toLowerCase();
  return site === undefined || site === "same-origin" || site === "none";
}

/** How a request body is taken in. */
export type BodyPlan =
  | { mode: "none" }
  /** Read completely before routing, refused past `limit` bytes and checked for NUL / invalid UTF-8. */
  | { mode: "buffer"; limit: number }
  /** Streamed to the route (uploads); `Content-Length` required and at most `limit`. */
  | { mode: "stream"; limit: number };

/** Paths whose routes take uploads (member photos and files, logos). */
const UPLOAD_PATHS = /^\/(?:admin\/|api\/members\/)/;

/** Content types of uploads. */
const UPLOAD_TYPES = /^(?:multipart\/form-data|image\/|application\/pdf|application\/octet-stream)/i;

/** The body plan for a method, path (decoded or not) and `Content-Type`. */
export function bodyPlan(method: string, path: string, contentType: string | undefined): BodyPlan {
  if (method === "GET" || method === "HEAD") return { mode: "none" };
  if (UPLOAD_PATHS.test(path) && UPLOAD_TYPES.test(contentType ?? ""))
    return { mode: "stream", limit: UPLOAD_BODY_LIMIT_BYTES };
  return { mode: "buffer", limit: FORM_BODY_LIMIT_BYTES };
}

/**
 * Whether a buffered body is clean: no NUL byte; for text types (forms,
 * JSON, text) valid UTF-8, no `%00` in a form and no `\u0000` escape in JSON
 * (PostgreSQL refuses NUL in text).
 */
export function isCleanBody(body: Buffer, contentType: string | undefined): boolean {
  if (body.length === 0) return true;
  if (body.includes(0)) return false;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const textual = type === "application/x-www-form-urlencoded" || type.endsWith("json") || type.startsWith("text/");
  if (!textual) return true;
  if (!isUtf8(body)) return false;
  if (type === "application/x-www-form-urlencoded") {
    const text = body.toString("latin1");
    if (/%00/.test(text)) return false;
    try {
      for (const part of text.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      return false;
    }
  }
  if (type.endsWith("json") && /\\u0000/i.test(body.toString("utf8"))) return false;
  return true;
}
