/**
 * The access log of the production server (morgan's "short" line) and the
 * one function that takes secrets out of a URL before any log prints it
 * (docs/decisions/0066-logs-exports-and-health-without-secrets.md).
 *
 * Several links carry a bearer secret in their URL: the invitation's
 * set-password token (`/login-corretores/definir-senha?token=…` and the older
 * `/login-corretores/reset-de-senha?token=…`, 7 days), the saved-search alert
 * tokens (`/alertas?token=…`, `/alertas/confirmar?token=…`,
 * `/alertas/cancelar?token=…`, up to 400 days and not revocable), the signed
 * upload address (`/admin/membros/{id}/envio?token=…`) and the reset code or
 * invitation token of `PUT /api/auth/reset-password/{token}`. Whoever reads
 * the log could use them, so the log never holds them: {@link redactUrl}
 * replaces them with `[redacted]`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import morgan from "morgan";

/** What a secret is replaced with. */
export const REDACTED = "[redacted]";

/**
 * Query parameters whose value is a secret, by exact name (compared
 * lower-case, after percent-decoding): the site's `token`, and the names
 * other auth flows use for codes and keys (Firebase's `oobCode` and `apiKey`,
 * OAuth's `code`, the Vista-style `key`). `codigo` is a listing code on
 * `/painel?codigo=`, which redirects to a path holding the same code, so
 * hiding it costs nothing and keeps a future reset code out of the log.
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "token",
  "code",
  "codigo",
  "oobcode",
  "otp",
  "key",
  "apikey",
  "api_key",
  "sig",
  "signature",
  "ticket",
  "senha",
  "password",
  "secret",
]);

/** Any query parameter whose name contains one of these is a secret too (`access_token`, `id_token`, `client_secret`…). */
const SECRET_PARAM_PARTS = /token|secret|senha|passw|signature/;

/**
 * Path segments after which every further segment is a secret: the reset
 * code or invitation token of `/api/auth/reset-password/{token}`, and the
 * owner's report token of `/proprietario/{token}[/cancelar]` (ADR 0083) and
 * the visit's token of `/visitas/{token}[/avaliacao|/convite.ics]` (ADR 0088). Compared
 * lower-case after percent-decoding, wherever they sit in the path, because
 * routes match without regard to case.
 */
export const SECRET_PATH_AFTER: ReadonlySet<string> = new Set(["reset-password", "proprietario", "visitas"]);

/** `value` percent-decoded (`+` as a space when `plus`), or as it is when malformed. */
function decoded(value: string, plus = false): string {
  try {
    return decodeURIComponent(plus ? value.replace(/\+/g, " ") : value);
  } catch {
    return value;
  }
}

/** Whether a query parameter of this (raw) name holds a secret. */
export function isSecretParam(rawName: string): boolean {
  const name = decoded(rawName, true).trim().toLowerCase();
  return SECRET_QUERY_PARAMS.has(name) || SECRET_PARAM_PARTS.test(name);
}

/** The path with every segment after a {@link SECRET_PATH_AFTER} segment replaced. */
function redactPath(path: string): string {
  const segments = path.split("/");
  const at = segments.findIndex((segment) => SECRET_PATH_AFTER.has(decoded(segment).toLowerCase()));
  if (at < 0) return path;
  return segments.map((segment, index) => (index > at && segment !== "" ? REDACTED : segment)).join("/");
}

/** The query (without `?`) with the values of secret parameters replaced; other text kept as it came. */
function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * `url` (a request target such as `req.originalUrl`, or an absolute URL) with
 * its secrets replaced by `[redacted]`: the values of the query parameters
 * {@link isSecretParam} names, and the path segments after a
 * {@link SECRET_PATH_AFTER} segment. Everything else is kept byte for byte;
 * a fragment is dropped (it never reaches a server, and a copied link's
 * fragment is no business of a log).
 */
export function redactUrl(url: string): string {
  const withoutHash = url.split("#")[0] ?? "";
  const mark = withoutHash.indexOf("?");
  if (mark < 0) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, mark))}?${redactQuery(withoutHash.slice(mark + 1))}`;
}

/** Name of the morgan token that prints the redacted request target. */
export const SAFE_URL_TOKEN = "safe-url";

morgan.token(SAFE_URL_TOKEN, (req: IncomingMessage & { originalUrl?: string }) =>
  redactUrl(req.originalUrl ?? req.url ?? ""),
);

/** morgan's "short" format with `:safe-url` in place of `:url`. */
export const REQUEST_LOG_FORMAT = `:remote-addr :remote-user :method :${SAFE_URL_TOKEN} HTTP/:http-version :status :res[content-length] - :response-time ms`;

/** Options of {@link requestLog}. */
export interface RequestLogOptions {
  /** Where lines go (default: standard output). */
  stream?: { write(line: string): void };
}

/**
 * The access log middleware: one {@link REQUEST_LOG_FORMAT} line per answer,
 * without secrets. Successful answers of `/imagens` and of the health check
 * (polled every few seconds by Docker and Caddy) are not logged.
 */
export function requestLog(options: RequestLogOptions = {}) {
  return morgan<IncomingMessage, ServerResponse>(REQUEST_LOG_FORMAT, {
    stream: options.stream as NodeJS.WritableStream | undefined,
    skip: (req, res) => res.statusCode < 400 && (req.url?.startsWith("/imagens") || req.url === "/health/server"),
  });
}
