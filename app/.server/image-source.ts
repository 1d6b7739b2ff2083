/**
 * The upstream half of the image service (`./images`): the error type every
 * part of it throws, which hosts a source may be on (the agency's own: Vista's
 * photo CDN and the Vista API in use, ADR 0067), and the download of a source
 * image with a timeout, a size cap and redirects followed only to allowed
 * hosts (ADR 0006).
 */
import { getVistaTarget } from "./vista/target";

/** Host of Vista's photo CDN, where every tenant's `Foto`/`FotoPequena` URLs live; which of its paths are ours, the catalogue says. */
const VISTA_CDN_HOST = "cdn.vistahost.com.br";

/**
 * True when `url` may be fetched: Vista's photo CDN `cdn.vistahost.com.br`
 * (http or https) or exactly one of `extraOrigins` (scheme + host + port: the
 * Vista API in use, e.g. the embedded sandbox `http://127.0.0.1:8787`). Other
 * `*.vistahost.com.br` hosts (other agencies' APIs) are not allowed, nor
 * credentials in the URL.
 */
export function isAllowedImageUrl(url: URL, extraOrigins: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  if (url.hostname.toLowerCase() === VISTA_CDN_HOST) return true;
  return extraOrigins.includes(url.origin);
}

/**
 * The origins allowed besides Vista's photo CDN: the origin of the Vista API
 * in use (`getVistaTarget().baseUrl`, the sandbox on a fresh clone, which
 * serves its photos like Vista's CDN). Empty when no Vista target is set.
 */
export function vistaImageOrigins(): string[] {
  try {
    return [new URL(getVistaTarget().baseUrl).origin];
  } catch {
    return [];
  }
}

/** HTTP statuses an image request may end with besides 200/304. */
export type ImageErrorStatus = 400 | 404 | 429 | 502;

/** An expected failure of an image request, carrying the HTTP status to answer. */
export class ImageError extends Error {
  override name = "ImageError";
  constructor(
    /** 400 bad request, 404 source not found, 429 too many cache misses, 502 upstream failure. */
    readonly status: ImageErrorStatus,
    message: string,
    /** `retryAfterSeconds`: when a 429 may be retried (s); `transient`: the answer may change soon, never cache it. */
    readonly options: { retryAfterSeconds?: number; transient?: boolean } = {},
  ) {
    super(message);
  }
}

/** Redirects followed at most per download. */
const MAX_REDIRECTS = 3;

/** Options of {@link downloadImage}. */
export interface DownloadOptions {
  /** The fetch to use (tests inject one). */
  fetch: typeof fetch;
  /** Whole request, body included (ms). */
  timeoutMs: number;
  /** Largest accepted body (bytes). */
  maxBytes: number;
  /** Whether a redirect target may be followed. */
  isAllowed: (url: URL) => boolean;
}

/**
 * The bytes at `src`, following at most 3 redirects, each to an allowed host.
 * @throws {ImageError} 400 redirect to a host not allowed, 404 source answered
 * 404/410, 502 any other status, too many redirects, a body over `maxBytes`,
 * a timeout or an unreachable host.
 */
export async function downloadImage(src: URL, options: DownloadOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = src;
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await options.fetch(url, {
        redirect: "manual",
        signal,
        headers: { Accept: "image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8" },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel();
        const next = new URL(response.headers.get("location")!, url);
        if (hop >= MAX_REDIRECTS) throw new ImageError(502, "too many upstream redirects");
        if (!options.isAllowed(next)) throw new ImageError(400, "src: redirect to a host not allowed");
        url = next;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        throw new ImageError(404, "source image not found");
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new ImageError(502, `upstream answered ${response.status}`);
      }
      const declared = Number(response.headers.get("content-length") ?? "0");
      if (declared > options.maxBytes) {
        await response.body.cancel();
        throw new ImageError(502, "upstream image too large");
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > options.maxBytes) throw new ImageError(502, "upstream image too large");
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError(502, signal.aborted ? "upstream timeout" : "upstream unreachable");
  }
}
