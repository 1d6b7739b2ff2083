/**
 * The image service behind `/imagens?src=&w=` (`app/routes/image.ts`): the
 * browser never talks to Vista's hosts directly (docs/architecture.md "images").
 *
 * A request names a source URL and one of `IMAGE_WIDTHS` (`app/lib/images.ts`,
 * whose `imageUrl()` builds these URLs). The service checks the source host
 * against an allow-list (Vista's CDN `cdn.vistahost.com.br`, any
 * `*.vistahost.com.br`, and the origin of the Vista API in use, which is the
 * embedded sandbox on a fresh clone), fetches it with a timeout and without
 * following redirects to other hosts, resizes it with sharp (never enlarging),
 * encodes WebP (AVIF only when enabled and accepted; JPEG for clients that
 * accept neither) and caches the result on disk under
 * `<DATA_DIR>/cache/images/`, keyed by a hash of source, width and format.
 *
 * Status codes: 400 for bad parameters or a host not allowed, 404 when the
 * source answers 404/410, 502 for any other upstream failure or timeout, or
 * for bytes sharp cannot decode. Never 500 for an upstream problem.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_WIDTHS } from "~/lib/images";
import { getConfig } from "./config";
import { singleton } from "./singleton";
import { getVistaTarget } from "./vista/target";

/** Output encodings the service produces. */
export type ImageFormat = "avif" | "webp" | "jpeg";

/** `Cache-Control` of a resized image: the URL names its content, so it never changes. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** Hosts of Vista's photo CDN that are always allowed (docs/vista-api.md §4.2 "Photos"). */
const VISTA_CDN_HOST = "cdn.vistahost.com.br";
const VISTA_HOST_SUFFIX = ".vistahost.com.br";

/** An expected failure of an image request, carrying the HTTP status to answer. */
export class ImageError extends Error {
  override name = "ImageError";
  constructor(
    /** 400 bad request, 404 source not found, 502 upstream failure. */
    readonly status: 400 | 404 | 502,
    message: string,
  ) {
    super(message);
  }
}

const querySchema = z.object({
  src: z
    .string()
    .max(2048)
    .transform((value, ctx) => {
      try {
        const url = new URL(value);
        if (url.protocol === "http:" || url.protocol === "https:") return url;
      } catch {
        // fall through
      }
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "src must be an http(s) URL" });
      return z.NEVER;
    }),
  w: z.coerce
    .number()
    .int()
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
      message: `w must be one of ${IMAGE_WIDTHS.join(", ")}`,
    }),
});

/** A validated image request: the source URL and the output width in px. */
export interface ImageRequest {
  src: URL;
  width: number;
}

/**
 * True when `url` may be fetched: `cdn.vistahost.com.br`, any
 * `*.vistahost.com.br` host (http or https), or exactly one of `extraOrigins`
 * (scheme + host + port, e.g. the embedded sandbox `http://127.0.0.1:8787`).
 * Credentials in the URL are never allowed.
 */
export function isAllowedImageUrl(url: URL, extraOrigins: readonly string[]): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (host === VISTA_CDN_HOST || host.endsWith(VISTA_HOST_SUFFIX)) return true;
  return extraOrigins.includes(url.origin);
}

/**
 * The origins allowed besides Vista's own hosts: the origin of the Vista API
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

/**
 * Validates the query of `/imagens` (`src`, `w`) with zod.
 * @throws {ImageError} 400 when a parameter is missing or malformed, `w` is not
 * one of `IMAGE_WIDTHS`, or the host of `src` is not allowed.
 */
export function parseImageRequest(params: URLSearchParams, extraOrigins: readonly string[]): ImageRequest {
  const parsed = querySchema.safeParse({ src: params.get("src") ?? undefined, w: params.get("w") ?? undefined });
  if (!parsed.success) {
    throw new ImageError(
      400,
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
    );
  }
  if (!isAllowedImageUrl(parsed.data.src, extraOrigins)) {
    throw new ImageError(400, "src: host not allowed");
  }
  return { src: parsed.data.src, width: parsed.data.w };
}

/**
 * The output format for an `Accept` header: AVIF when `allowAvif` and the
 * client lists `image/avif`, else WebP when it lists `image/webp`, else JPEG
 * (a bare `*\/*`, as sent by many link-preview crawlers, gets JPEG).
 */
export function negotiateImageFormat(accept: string | null, allowAvif = false): ImageFormat {
  const types = (accept ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type.trim());
  if (allowAvif && types.includes("image/avif")) return "avif";
  if (types.includes("image/webp")) return "webp";
  return "jpeg";
}

/** A resized image ready to send. */
export interface ResizedImage {
  body: Buffer;
  contentType: string;
  /** Strong ETag (quoted), derived from the cache key. */
  etag: string;
  format: ImageFormat;
  /** True when served from the disk cache. */
  cached: boolean;
}

/** Options of {@link createImageService}. */
export interface ImageServiceOptions {
  /** Folder of the disk cache (created on demand). */
  cacheDir: string;
  /** Origins allowed besides Vista's hosts; a function so a sandbox registered later counts. */
  extraOrigins?: () => readonly string[];
  /** Upstream timeout in ms (whole request, body included). Default 10000. */
  timeoutMs?: number;
  /** Largest accepted upstream body in bytes. Default 25 MB. */
  maxBytes?: number;
  /** Concurrent sharp jobs. Default min(2, CPU count). */
  maxConcurrency?: number;
  /** Injected fetch, for tests. */
  fetch?: typeof fetch;
  /** Disk-cache budget in bytes; the oldest files go when it is exceeded. Default 2 GiB. */
  maxCacheBytes?: number;
  /** Writes between two budget checks. Default 200. */
  pruneEvery?: number;
}

/** Resizes and caches remote images; see the module comment. */
export interface ImageService {
  /** Origins allowed besides Vista's hosts, right now. */
  extraOrigins(): readonly string[];
  /**
   * The image at `src`, `width` px wide at most (never enlarged), in `format`.
   * @throws {ImageError} 400 host not allowed (also after a redirect), 404
   * source not found, 502 upstream failure, timeout or undecodable bytes.
   */
  get(request: ImageRequest & { format: ImageFormat }): Promise<ResizedImage>;
}

/** A tiny counting semaphore: at most `max` jobs run at once, the rest wait in order. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await job();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

const MAX_REDIRECTS = 3;

/** Creates an image service; the site uses one per process ({@link getImageService}). */
export function createImageService(options: ImageServiceOptions): ImageService {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 25 * 1024 * 1024;
  const doFetch = options.fetch ?? fetch;
  const extraOrigins = options.extraOrigins ?? (() => []);
  const limit = createLimiter(options.maxConcurrency ?? Math.max(1, Math.min(2, os.availableParallelism())));
  const inFlight = new Map<string, Promise<ResizedImage>>();
  const maxCacheBytes = options.maxCacheBytes ?? 2 * 1024 ** 3;
  const pruneEvery = options.pruneEvery ?? 200;
  let writesSincePrune = 0;
  let pruning: Promise<unknown> | null = null;

  function afterWrite() {
    writesSincePrune += 1;
    if (writesSincePrune < pruneEvery || pruning) return;
    writesSincePrune = 0;
    pruning = pruneImageCache(options.cacheDir, maxCacheBytes)
      .catch(() => undefined)
      .finally(() => {
        pruning = null;
      });
  }

  async function download(src: URL): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = src;
    try {
      for (let hop = 0; ; hop += 1) {
        const response = await doFetch(url, {
          redirect: "manual",
          signal,
          headers: { Accept: "image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8" },
        });
        if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
          await response.body?.cancel();
          const next = new URL(response.headers.get("location")!, url);
          if (hop >= MAX_REDIRECTS) throw new ImageError(502, "too many upstream redirects");
          if (!isAllowedImageUrl(next, extraOrigins()))
            throw new ImageError(400, "src: redirect to a host not allowed");
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
        if (declared > maxBytes) {
          await response.body.cancel();
          throw new ImageError(502, "upstream image too large");
        }
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new ImageError(502, "upstream image too large");
          chunks.push(chunk);
        }
        return Buffer.concat(chunks);
      }
    } catch (error) {
      if (error instanceof ImageError) throw error;
      const reason = signal.aborted ? "upstream timeout" : "upstream unreachable";
      throw new ImageError(502, reason);
    }
  }

  async function encode(input: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
    try {
      const pipeline = sharp(input, { limitInputPixels: 50_000_000, failOn: "error" })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      if (format === "avif") return await pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
      if (format === "webp") return await pipeline.webp({ quality: 78, effort: 4 }).toBuffer();
      return await pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
    } catch {
      throw new ImageError(502, "upstream bytes are not a decodable image");
    }
  }

  async function produce(key: string, request: ImageRequest & { format: ImageFormat }): Promise<ResizedImage> {
    const file = path.join(options.cacheDir, key.slice(0, 2), `${key}.${request.format}`);
    const base = { contentType: CONTENT_TYPES[request.format], etag: `"${key.slice(0, 32)}"`, format: request.format };
    try {
      return { ...base, body: await readFile(file), cached: true };
    } catch {
      // cache miss
    }
    const input = await download(request.src);
    const body = await limit(() => encode(input, request.width, request.format));
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
      afterWrite();
    } catch {
      // A read-only or full disk only costs the cache, never the response.
    }
    return { ...base, body, cached: false };
  }

  return {
    extraOrigins,
    async get(request) {
      if (!isAllowedImageUrl(request.src, extraOrigins())) throw new ImageError(400, "src: host not allowed");
      const key = imageCacheKey(request.src.href, request.width, request.format);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const job = produce(key, request).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    },
  };
}

/**
 * Keeps the disk cache under `maxBytes`: when the files under `cacheDir` add up
 * to more, the oldest (by modification time) are deleted until 80 % of the
 * budget remains. A deleted image is simply produced again on its next request.
 * @returns the bytes in the cache after pruning and how many files were deleted.
 */
export async function pruneImageCache(cacheDir: string, maxBytes: number): Promise<{ bytes: number; deleted: number }> {
  const files: { path: string; size: number; mtimeMs: number }[] = [];
  let folders: string[];
  try {
    folders = await readdir(cacheDir);
  } catch {
    return { bytes: 0, deleted: 0 };
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(path.join(cacheDir, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(cacheDir, folder, name);
      try {
        const info = await stat(file);
        if (info.isFile()) files.push({ path: file, size: info.size, mtimeMs: info.mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
  }
  let bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes <= maxBytes) return { bytes, deleted: 0 };
  let deleted = 0;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const file of files) {
    if (bytes <= maxBytes * 0.8) break;
    try {
      await unlink(file.path);
      bytes -= file.size;
      deleted += 1;
    } catch {
      // already gone
    }
  }
  return { bytes, deleted };
}

/** Hex SHA-256 of source URL, width (px) and format: the disk-cache key and ETag seed. */
export function imageCacheKey(src: string, width: number, format: ImageFormat): string {
  return createHash("sha256").update(`${src}\n${width}\n${format}`).digest("hex");
}

/** The process's image service: cache in `<DATA_DIR>/cache/images/`, Vista target origins allowed. */
export function getImageService(): ImageService {
  return singleton("image-service", () =>
    createImageService({
      cacheDir: path.join(getConfig().dataDir, "cache", "images"),
      extraOrigins: vistaImageOrigins,
    }),
  );
}

function errorResponse(error: ImageError): Response {
  return new Response(error.status === 400 ? `Parâmetros inválidos: ${error.message}` : error.message, {
    status: error.status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": error.status === 502 ? "no-store" : "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Answers one `/imagens` request: 200 with the image, `Cache-Control`
 * {@link IMAGE_CACHE_CONTROL}, a strong ETag and `Vary: Accept`; 304 when
 * `If-None-Match` matches; 400/404/502 as plain text (see the module comment).
 * Unexpected errors are logged (never with a Vista key: image URLs carry none)
 * and answered 502.
 */
export async function handleImageRequest(
  request: Request,
  service: ImageService = getImageService(),
): Promise<Response> {
  try {
    const parsed = parseImageRequest(new URL(request.url).searchParams, service.extraOrigins());
    const format = negotiateImageFormat(request.headers.get("accept"));
    const etag = `"${imageCacheKey(parsed.src.href, parsed.width, format).slice(0, 32)}"`;
    const common = { "Cache-Control": IMAGE_CACHE_CONTROL, ETag: etag, Vary: "Accept" };
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      return new Response(null, { status: 304, headers: common });
    }
    const image = await service.get({ ...parsed, format });
    return new Response(
      new Uint8Array(image.body.buffer as ArrayBuffer, image.body.byteOffset, image.body.byteLength),
      {
        status: 200,
        headers: {
          ...common,
          "Content-Type": image.contentType,
          "Content-Length": String(image.body.byteLength),
          "X-Content-Type-Options": "nosniff",
        },
      },
    );
  } catch (error) {
    if (error instanceof ImageError) return errorResponse(error);
    console.error("[imagens] unexpected error", error instanceof Error ? error.message : error);
    return errorResponse(new ImageError(502, "image processing failed"));
  }
}
