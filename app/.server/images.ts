/**
 * The image service behind `/imagens?src=&w=` (`app/routes/image.ts`): the
 * browser never talks to Vista's hosts directly (docs/architecture.md "images").
 *
 * A request names a source URL and one of `IMAGE_WIDTHS` (`app/lib/images.ts`,
 * whose `imageUrl()` builds these URLs), and nothing else: any other or
 * repeated parameter is a 400. The source must be on the agency's own hosts
 * (Vista's photo CDN `cdn.vistahost.com.br` and the origin of the Vista API in
 * use, which is the embedded sandbox on a fresh clone; no other
 * `*.vistahost.com.br` tenant) and must be a photo URL the read model holds
 * (`./image-catalogue`, asked on a disk-cache miss), else 400 before anything
 * is fetched (ADR 0067). The
 * service fetches it with a timeout and without following redirects to other
 * hosts (`./image-source`), resizes it with sharp (never enlarging), encodes
 * WebP (AVIF only when enabled and accepted; JPEG for clients that accept
 * neither) and caches the result on disk under `<DATA_DIR>/cache/images/`,
 * keyed by a hash of source, width and format (`./image-disk-cache` keeps its
 * budget). Cache misses are rate-limited per client IP ({@link IMAGE_MISS_RULE}).
 *
 * Status codes: 400 for bad parameters, a host not allowed or a source the
 * catalogue does not hold, 404 when the source answers 404/410, 429 past the
 * per-IP rate of cache misses, 502 for any other upstream failure or timeout,
 * or for bytes sharp cannot decode. Never 500 for an upstream problem.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { RateLimiterRes } from "rate-limiter-flexible";
import sharp from "sharp";
import { z } from "zod";
import { IMAGE_WIDTHS } from "~/lib/images";
import { getConfig } from "./config";
import { getDb } from "./db";
import { type CatalogueImages, createCatalogueImages } from "./image-catalogue";
import { pruneImageCache } from "./image-disk-cache";
import { downloadImage, ImageError, isAllowedImageUrl, vistaImageOrigins } from "./image-source";
import { createLimiter as createRateLimiter, defaultRateLimitStore, type Limiter } from "./rate-limit";
import { singleton } from "./singleton";

export { ImageError, isAllowedImageUrl, vistaImageOrigins } from "./image-source";
export { pruneImageCache } from "./image-disk-cache";

/** Output encodings the service produces. */
export type ImageFormat = "avif" | "webp" | "jpeg";

/** `Cache-Control` of a resized image: the URL names its content, so it never changes. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** The only query parameters of `/imagens`, each exactly once. */
const IMAGE_PARAMS = new Set(["src", "w"]);

/**
 * Cache misses (a download and an encode) one client IP may cause: 600 per
 * minute. A cold results page or gallery costs one per photo it shows (ADR
 * 0067 has the count), and a visitor (or an office behind one address)
 * paging quickly through a cold catalogue makes several a minute, so the
 * rate is set far above that; the encoder's own concurrency (two at a time)
 * bounds the CPU, and this keeps one client from holding it alone.
 */
export const IMAGE_MISS_RULE = { keyPrefix: "imagens-miss", points: 600, durationSeconds: 60 } as const;

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
 * Validates the query of `/imagens` (`src`, `w`) with zod.
 * @throws {ImageError} 400 when a parameter is missing, repeated, unknown or
 * malformed, `w` is not one of `IMAGE_WIDTHS` written plainly, or the host of
 * `src` is not allowed.
 */
export function parseImageRequest(params: URLSearchParams, extraOrigins: readonly string[]): ImageRequest {
  const names = [...params.keys()];
  const unexpected = names.find((name, i) => !IMAGE_PARAMS.has(name) || names.indexOf(name) !== i);
  if (unexpected !== undefined)
    throw new ImageError(400, `${unexpected.slice(0, 40)}: unexpected or repeated parameter`);
  if (!/^[1-9]\d*$/.test(params.get("w") ?? "")) throw new ImageError(400, "w: must be a plain integer");
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
  /** The read model's photo URLs: a source it does not hold is refused (400) before any fetch. */
  catalogue: Pick<CatalogueImages, "has">;
  /** Origins allowed besides Vista's photo CDN; a function so a sandbox registered later counts. */
  extraOrigins?: () => readonly string[];
  /** Cache misses per client IP ({@link IMAGE_MISS_RULE}); none: unlimited (tests). */
  missLimiter?: Pick<Limiter, "consume">;
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

/** One image to produce: source, width (px), format, and the client IP its cache miss is counted for. */
export interface ImageJob extends ImageRequest {
  format: ImageFormat;
  /** Keys the per-IP rate of cache misses; "unknown" when absent. */
  clientIp?: string;
}

/** Resizes and caches remote images; see the module comment. */
export interface ImageService {
  /** Origins allowed besides Vista's photo CDN, right now. */
  extraOrigins(): readonly string[];
  /**
   * The image at `src`, `width` px wide at most (never enlarged), in `format`;
   * the disk cache first, else (a miss) only a photo the catalogue holds.
   * @throws {ImageError} 400 host not allowed (also after a redirect) or, on a
   * miss, not a catalogue photo (not cacheable: the next sync may add it), 404
   * source not found, 429 the client's cache misses are over the rate, 502
   * upstream failure, timeout or undecodable bytes.
   */
  get(job: ImageJob): Promise<ResizedImage>;
}

/** A tiny counting semaphore: at most `max` jobs run at once, the rest wait in order. */
function createSemaphore(max: number) {
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

/** Counts one cache miss for `clientIp`; a limiter's own failure lets the request through. */
async function countMiss(limiter: Pick<Limiter, "consume"> | undefined, clientIp: string | undefined): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(clientIp || "unknown");
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new ImageError(429, "too many new images from this address", { retryAfterSeconds, transient: true });
  }
}

/** Creates an image service; the site uses one per process ({@link getImageService}). */
export function createImageService(options: ImageServiceOptions): ImageService {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 25 * 1024 * 1024;
  const doFetch = options.fetch ?? fetch;
  const extraOrigins = options.extraOrigins ?? (() => []);
  const limit = createSemaphore(options.maxConcurrency ?? Math.max(1, Math.min(2, os.availableParallelism())));
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

  async function produce(key: string, job: ImageJob): Promise<ResizedImage> {
    const file = path.join(options.cacheDir, key.slice(0, 2), `${key}.${job.format}`);
    const base = { contentType: CONTENT_TYPES[job.format], etag: `"${key.slice(0, 32)}"`, format: job.format };
    try {
      return { ...base, body: await readFile(file), cached: true };
    } catch {
      // cache miss
    }
    // Only a miss asks the catalogue: a cached file was a catalogue photo when it was made.
    if (!(await options.catalogue.has(job.src.href))) {
      throw new ImageError(400, "src: not a photo of the catalogue", { transient: true });
    }
    await countMiss(options.missLimiter, job.clientIp);
    const input = await downloadImage(job.src, {
      fetch: doFetch,
      timeoutMs,
      maxBytes,
      isAllowed: (url) => isAllowedImageUrl(url, extraOrigins()),
    });
    const body = await limit(() => encode(input, job.width, job.format));
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
    async get(job) {
      if (!isAllowedImageUrl(job.src, extraOrigins())) throw new ImageError(400, "src: host not allowed");
      const key = imageCacheKey(job.src.href, job.width, job.format);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = produce(key, job).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}

/** Hex SHA-256 of source URL, width (px) and format: the disk-cache key and ETag seed. */
export function imageCacheKey(src: string, width: number, format: ImageFormat): string {
  return createHash("sha256").update(`${src}\n${width}\n${format}`).digest("hex");
}

/**
 * The process's image service: cache in `<DATA_DIR>/cache/images/`, the
 * Vista target's origin allowed, the process database's photo URLs as the
 * catalogue, and cache misses limited per IP ({@link IMAGE_MISS_RULE}, shared
 * between processes on PostgreSQL).
 */
export function getImageService(): ImageService {
  return singleton("image-service", () =>
    createImageService({
      cacheDir: path.join(getConfig().dataDir, "cache", "images"),
      extraOrigins: vistaImageOrigins,
      catalogue: createCatalogueImages({ db: () => getDb().db }),
      missLimiter: createRateLimiter(IMAGE_MISS_RULE, defaultRateLimitStore()),
    }),
  );
}

function errorResponse(error: ImageError): Response {
  const headers: Record<string, string> = {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": error.status === 502 || error.options.transient ? "no-store" : "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
  };
  if (error.options.retryAfterSeconds) headers["Retry-After"] = String(error.options.retryAfterSeconds);
  return new Response(error.status === 400 ? `Parâmetros inválidos: ${error.message}` : error.message, {
    status: error.status,
    headers,
  });
}

/**
 * Answers one `/imagens` request: 200 with the image, `Cache-Control`
 * {@link IMAGE_CACHE_CONTROL}, a strong ETag and `Vary: Accept`; 304 when
 * `If-None-Match` matches (nothing fetched or read); 400/404/429/502 as plain text
 * (see the module comment). `clientIp` keys the rate of cache misses.
 * Unexpected errors are logged (never with a Vista key: image URLs carry none)
 * and answered 502.
 */
export async function handleImageRequest(
  request: Request,
  service: ImageService = getImageService(),
  { clientIp }: { clientIp?: string } = {},
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
    const image = await service.get({ ...parsed, format, clientIp });
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
