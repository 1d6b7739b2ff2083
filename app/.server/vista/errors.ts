/**
 * Typed Vista errors (docs/vista-api.md §5). Every message is safe to log: the API
 * key is replaced by "***" wherever it appears (Vista's 401 body echoes it,
 * docs/vista-api.md §5.2), `key=` query values are masked and URLs lose their query string. No
 * error ever carries the request URL.
 */

/** What went wrong, independent of the class (useful in logs and health output). */
export type VistaErrorKind = "auth" | "field" | "not-found" | "bad-request" | "server" | "timeout" | "network";

/** Context common to every Vista error. */
export interface VistaErrorContext {
  /** HTTP status; 0 when there was no response (timeout, network). */
  status: number;
  /** Endpoint path without host or query, e.g. "imoveis/listar". */
  endpoint: string;
  /** Vista's decoded message(s), redacted. */
  vistaMessages?: string[];
  /** Low-level error code (e.g. "ECONNREFUSED"), when known. */
  code?: string;
}

/**
 * Removes secrets from a text: every occurrence of the key becomes "***",
 * `key=<value>` pairs are masked and query strings are cut off URLs.
 */
export function redactSecrets(text: string, key?: string): string {
  let out = text;
  if (key) out = out.split(key).join("***");
  out = out.replace(/([?&]key=)[^&\s"']*/gi, "$1***");
  out = out.replace(/(https?:\/\/[^\s"'?#]+)\?[^\s"']*/gi, "$1");
  return out;
}

/** Base class of every Vista failure. `message` never contains the key nor a full URL. */
export class VistaError extends Error {
  override name = "VistaError";
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** Endpoint path, e.g. "imoveis/detalhes". */
  readonly endpoint: string;
  /** Vista's own message(s), decoded and redacted. */
  readonly vistaMessages: string[];
  /** Low-level error code, when known. */
  readonly code: string | undefined;
  /** Category of the failure. */
  readonly kind: VistaErrorKind = "bad-request";

  constructor(message: string, context: VistaErrorContext) {
    super(message);
    this.status = context.status;
    this.endpoint = context.endpoint;
    this.vistaMessages = context.vistaMessages ?? [];
    this.code = context.code;
  }

  /** Whether the client may retry the request (5xx, timeout, network only; never 4xx). */
  get retryable(): boolean {
    return false;
  }
}

/** HTTP 401 "Permissão Negada": bad key, or the key may not call this method (docs/vista-api.md §1.2, §5.2). */
export class VistaAuthError extends VistaError {
  override name = "VistaAuthError";
  override readonly kind = "auth";
}

/**
 * HTTP 400 naming fields the key may not read ("Campo X não está disponível",
 * one message per field) or a sub-table the method refuses ("A tabela Foto não
 * está disponível para este método") (docs/vista-api.md §5.2). A caller can drop
 * `fields` and retry once.
 */
export class VistaFieldError extends VistaError {
  override name = "VistaFieldError";
  override readonly kind = "field";
  /** Rejected field or sub-table names, e.g. ["Estado", "ValorIPTU"]. */
  readonly fields: string[];

  constructor(message: string, context: VistaErrorContext & { fields: string[] }) {
    super(message, context);
    this.fields = context.fields;
  }
}

/** The record or route does not exist: HTTP 404, 204, or a 400 "… não foi encontrado" (docs/vista-api.md §4.2, §5.2). */
export class VistaNotFoundError extends VistaError {
  override name = "VistaNotFoundError";
  override readonly kind = "not-found";
}

/** Any other 4xx: bad format, page size above 50, 405, 406… Never retried. */
export class VistaBadRequestError extends VistaError {
  override name = "VistaBadRequestError";
  override readonly kind = "bad-request";
}

/** HTTP 5xx, "Too many connections", or an unreadable body. Retried with backoff. */
export class VistaServerError extends VistaError {
  override name = "VistaServerError";
  override readonly kind = "server";
  override get retryable(): boolean {
    return true;
  }
}

/** No answer within the client's timeout. Retried with backoff. */
export class VistaTimeoutError extends VistaError {
  override name = "VistaTimeoutError";
  override readonly kind = "timeout";
  override get retryable(): boolean {
    return true;
  }
}

/** The connection failed (DNS, refused, reset). Retried with backoff. */
export class VistaNetworkError extends VistaError {
  override name = "VistaNetworkError";
  override readonly kind = "network";
  override get retryable(): boolean {
    return true;
  }
}

const FIELD_MESSAGE = /Campo\s+(.+?)\s+n[ãa]o\s+est[áa]\s+dispon[íi]vel/i;
const TABLE_MESSAGE = /A\s+tabela\s+(.+?)\s+n[ãa]o\s+est[áa]\s+dispon[íi]vel/i;
const NOT_FOUND_MESSAGE = /n[ãa]o\s+foi\s+encontrad[oa]|n[ãa]o\s+encontrad[oa]|No route found/i;

/** Turns Vista's `message` (string, array, or anything) into a list of strings. */
function messagesOf(body: unknown): string[] {
  if (body === null || body === undefined) return [];
  if (typeof body === "string") return body.trim() ? [body.trim()] : [];
  if (Array.isArray(body)) return body.flatMap(messagesOf);
  if (typeof body === "object") {
    const record = body as Record<string, unknown>;
    if ("message" in record) return messagesOf(record.message);
    if ("error" in record) return messagesOf(record.error);
    return [];
  }
  return [String(body)];
}

/**
 * Maps an HTTP status and a decoded error body (or raw text) to a typed error
 * (docs/vista-api.md §5.2). The body's `\uXXXX` escapes must already be decoded
 * (i.e. the body was JSON-parsed), so Portuguese text matches.
 */
export function vistaErrorFromResponse(input: {
  status: number;
  endpoint: string;
  body: unknown;
  key: string;
}): VistaError {
  const { status, endpoint, key } = input;
  const vistaMessages = messagesOf(input.body).map((m) => redactSecrets(m, key));
  const summary = vistaMessages.length ? vistaMessages.join(" | ") : "(sem mensagem)";
  const message = `Vista ${endpoint}: HTTP ${status}: ${summary}`;
  const context: VistaErrorContext = { status, endpoint, vistaMessages };

  if (status >= 500 || vistaMessages.some((m) => /too many connections/i.test(m))) {
    return new VistaServerError(message, context);
  }
  if (status === 401) return new VistaAuthError(message, context);
  if (status === 404 || status === 204) return new VistaNotFoundError(message, context);
  if (status === 400) {
    const fields: string[] = [];
    for (const m of vistaMessages) {
      const match = FIELD_MESSAGE.exec(m) ?? TABLE_MESSAGE.exec(m);
      if (match) fields.push(match[1].replace(/^["'“]|["'”]$/g, ""));
    }
    if (fields.length) return new VistaFieldError(message, { ...context, fields: [...new Set(fields)] });
    if (vistaMessages.some((m) => NOT_FOUND_MESSAGE.test(m))) return new VistaNotFoundError(message, context);
  }
  return new VistaBadRequestError(message, context);
}
