/**
 * The HTTP side of the Vista client (docs/vista-api.md §1, §5): it builds the
 * query string (`key`, `pesquisa`, top-level params), sends
 * `Accept: application/json`, applies a timeout per attempt, retries with
 * exponential backoff and jitter on 5xx, timeouts and network errors only
 * (never on 4xx), and maps failures to the typed errors of `errors.ts`. It
 * never logs, and no error it throws contains the key or a URL.
 */
import type { VistaClientOptions } from "./client";
import {
  VistaError,
  VistaNetworkError,
  VistaServerError,
  VistaTimeoutError,
  redactSecrets,
  vistaErrorFromResponse,
} from "./errors";
import { isRecord } from "./list-page";

const MAX_BACKOFF_MS = 10_000;

/** Top-level query parameters of one call; `undefined` values are left out. Values are sent as given (already encoded). */
export type QueryParams = Record<string, string | undefined>;

/** A decoded 2xx answer: HTTP status, the parsed body (undefined when empty) and the raw text. */
export interface VistaAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** What the endpoints of the client call. */
export interface VistaTransport {
  /**
   * One attempt, no retry; a `form` makes it a form-encoded POST.
   * @throws {VistaError} subclasses on failure; the signal's reason when aborted.
   */
  attempt(endpoint: string, params: QueryParams, signal?: AbortSignal, form?: URLSearchParams): Promise<VistaAnswer>;
  /**
   * A GET with retries on retryable errors (5xx, timeout, network), exponential backoff + jitter.
   * @throws {VistaError} subclasses once retries are spent or on a non-retryable error.
   */
  request(endpoint: string, params: QueryParams, signal?: AbortSignal): Promise<VistaAnswer>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Low-level error code of a fetch failure (undici puts it on `cause`). */
function errorCode(error: unknown): string | undefined {
  const candidates = [error, isRecord(error) ? (error as { cause?: unknown }).cause : undefined];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.code === "string") return candidate.code;
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/**
 * The HTTP transport of one Vista tenant (or the sandbox): `attempt` sends one
 * request, `request` retries it. Both resolve with the decoded 2xx body and
 * its raw text, and throw the typed errors of `errors.ts`.
 * @throws {TypeError} when baseUrl is not an http(s) URL or key is empty.
 */
export function createVistaTransport(options: VistaClientOptions): VistaTransport {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]/i.test(baseUrl)) throw new TypeError("Vista baseUrl must be an http(s) URL");
  if (!options.key) throw new TypeError("Vista key must not be empty");
  const key = options.key;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = Math.max(0, options.retries ?? 3);
  const baseDelay = Math.max(0, options.retryBaseDelayMs ?? 300);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function buildUrl(endpoint: string, params: QueryParams): string {
    let query = `key=${encodeURIComponent(key)}`;
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) query += `&${name}=${value}`;
    }
    return `${baseUrl}/${endpoint}?${query}`;
  }

  /** One attempt: the decoded 2xx body (undefined when empty) and its raw text. */
  async function attempt(
    endpoint: string,
    params: QueryParams,
    signal?: AbortSignal,
    form?: URLSearchParams,
  ): Promise<VistaAnswer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const response = await doFetch(
        buildUrl(endpoint, params),
        form
          ? {
              method: "POST",
              headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
              body: form.toString(),
              signal: controller.signal,
            }
          : { method: "GET", headers: { Accept: "application/json" }, signal: controller.signal },
      );
      const text = await response.text();
      let body: unknown = undefined;
      let parsed = true;
      if (text.trim() !== "") {
        try {
          body = JSON.parse(text);
        } catch {
          parsed = false;
          body = text.slice(0, 500);
        }
      }
      const status = response.status;
      if (status < 200 || status >= 300 || status === 204) {
        throw vistaErrorFromResponse({ status, endpoint, body, key });
      }
      if (!parsed) {
        const excerpt = redactSecrets(String(body), key).replace(/\s+/g, " ").slice(0, 200);
        throw new VistaServerError(`Vista ${endpoint}: HTTP ${status}: body is not JSON: ${excerpt}`, {
          status,
          endpoint,
          vistaMessages: [excerpt],
        });
      }
      // Vista's error envelope can come with HTTP 200 (docs/vista-api.md §7.5, rogercamara).
      if (isRecord(body) && typeof body.status === "number" && body.status >= 400 && "message" in body) {
        throw vistaErrorFromResponse({ status: body.status, endpoint, body, key });
      }
      return { status, body, text };
    } catch (error) {
      if (error instanceof VistaError) throw error;
      if (timedOut) {
        throw new VistaTimeoutError(`Vista ${endpoint}: no answer within ${timeoutMs} ms`, { status: 0, endpoint });
      }
      if (signal?.aborted) throw signal.reason ?? error;
      const code = errorCode(error);
      throw new VistaNetworkError(`Vista ${endpoint}: network error: ${redactSecrets(errorText(error), key)}`, {
        status: 0,
        endpoint,
        code,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Attempts with retries on retryable errors (5xx, timeout, network), exponential backoff + jitter. */
  async function request(endpoint: string, params: QueryParams, signal?: AbortSignal): Promise<VistaAnswer> {
    for (let attemptNo = 0; ; attemptNo++) {
      try {
        return await attempt(endpoint, params, signal);
      } catch (error) {
        if (!(error instanceof VistaError) || !error.retryable || attemptNo >= retries || signal?.aborted) throw error;
        const delayMs = Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** attemptNo + Math.random() * baseDelay);
        options.onRetry?.({ endpoint, attempt: attemptNo + 1, delayMs, error });
        await sleep(delayMs, signal);
      }
    }
  }

  return { attempt, request };
}
