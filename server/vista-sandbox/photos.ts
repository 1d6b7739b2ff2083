/**
 * The sandbox's photo "CDN" (ADR 0002): real JPEG files generated with sharp
 * from the SVG scenes on first request, cached on disk under
 * `<dataDir>/vista-sandbox/fotos/` and in a small in-memory LRU, served with
 * long-lived immutable caching headers and an ETag. Nothing is committed to git.
 *
 * URLs: `/fotos/{Codigo}/{n}.jpg` (1200×800) and `/fotos/{Codigo}/{n}-p.jpg`
 * (400×267) for listings, `/fotos/emp/{CodigoEmpreendimento}/{n}[-p].jpg` for
 * condominiums, `/fotos/corretores/{Codigo}.jpg` for brokers, `/fotos/logotipo.png`.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { photosOf, type Catalogue } from "./catalogue";
import { PHOTO_HEIGHT, PHOTO_WIDTH, logoSvg, sceneSvg } from "./scenes";

/** Bump when the drawings change: cached files of an older version are ignored. */
export const PHOTO_RENDER_VERSION = "v1";

/** Thumbnail size, px (same 3:2 ratio as the full image). */
export const THUMBNAIL_SIZE = { width: 400, height: 267 } as const;

/** What one photo URL resolves to. */
export interface PhotoRequest {
  /** Cache path relative to the photo folder, e.g. "AP12345/3-p.jpg". */
  file: string;
  scene: string;
  seed: string;
  floors: number;
  thumbnail: boolean;
  format: "jpeg" | "png";
}

/**
 * Resolves a `/fotos/...` path against the catalogue (the pristine one: like
 * a CDN, photos of a removed listing keep answering).
 * @returns the photo to draw, or null for an unknown listing/photo number (→ 404).
 */
export function resolvePhoto(pathname: string, catalogue: Catalogue): PhotoRequest | null {
  if (pathname === "/fotos/logotipo.png") {
    return { file: "logotipo.png", scene: "logo", seed: "logo", floors: 0, thumbnail: false, format: "png" };
  }
  let match = /^\/fotos\/corretores\/(\d{1,6})\.jpg$/.exec(pathname);
  if (match) {
    const code = match[1] as string;
    if (!catalogue.brokersByCode.has(code)) return null;
    return {
      file: `corretores/${code}.jpg`,
      scene: "portrait",
      seed: `broker:${code}`,
      floors: 0,
      thumbnail: false,
      format: "jpeg",
    };
  }
  match = /^\/fotos\/emp\/(\d{1,8})\/(\d{1,2})(-p)?\.jpg$/.exec(pathname);
  if (match) {
    const [, code, n, small] = match as unknown as [string, string, string, string | undefined];
    const building = catalogue.buildingsByCode.get(code);
    const photo = building?.photos[Number(n) - 1];
    if (!building || !photo) return null;
    return {
      file: `emp/${code}/${n}${small ? "-p" : ""}.jpg`,
      scene: photo.scene,
      seed: `emp:${code}:${n}`,
      floors: building.floors,
      thumbnail: Boolean(small),
      format: "jpeg",
    };
  }
  match = /^\/fotos\/([A-Z]{2}\d{5})\/(\d{1,2})(-p)?\.jpg$/.exec(pathname);
  if (match) {
    const [, code, n, small] = match as unknown as [string, string, string, string | undefined];
    const listing = catalogue.byCode.get(code);
    const photo = listing ? photosOf(listing)[Number(n) - 1] : undefined;
    if (!listing || !photo) return null;
    return {
      file: `${code}/${n}${small ? "-p" : ""}.jpg`,
      scene: photo.scene,
      seed: `${code}:${n}`,
      floors: listing.floors,
      thumbnail: Boolean(small),
      format: "jpeg",
    };
  }
  return null;
}

/**
 * Draws one photo: SVG → JPEG (or PNG for the logo) with sharp.
 * Full size 1200×800, thumbnails 400×267 rendered directly at that size.
 */
export async function renderPhoto(request: PhotoRequest): Promise<Buffer> {
  if (request.format === "png") return sharp(Buffer.from(logoSvg())).png().toBuffer();
  const size = request.thumbnail ? THUMBNAIL_SIZE : { width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
  const svg = sceneSvg(request.scene, request.seed, request.floors, size);
  return sharp(Buffer.from(svg))
    .jpeg({ quality: request.thumbnail ? 78 : 82 })
    .toBuffer();
}

/** Disk + memory cache of rendered photos for one data folder. */
export class PhotoStore {
  private readonly memory = new LRUCache<string, Buffer>({
    maxSize: 48 * 1024 * 1024,
    sizeCalculation: (buffer) => buffer.length || 1,
  });
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Folder of this render version's files. */
  readonly folder: string;

  /** @param dataDir the application data folder; files go to `<dataDir>/vista-sandbox/fotos/<version>/`. */
  constructor(dataDir: string) {
    this.folder = path.join(dataDir, "vista-sandbox", "fotos", PHOTO_RENDER_VERSION);
  }

  /** The image bytes: memory, else disk, else drawn now (concurrent requests share one drawing). */
  async get(request: PhotoRequest): Promise<Buffer> {
    const cached = this.memory.get(request.file);
    if (cached) return cached;
    let pending = this.pending.get(request.file);
    if (!pending) {
      pending = this.load(request).finally(() => this.pending.delete(request.file));
      this.pending.set(request.file, pending);
    }
    return pending;
  }

  private async load(request: PhotoRequest): Promise<Buffer> {
    const file = path.join(this.folder, request.file);
    let buffer: Buffer;
    try {
      buffer = await readFile(file);
    } catch {
      buffer = await renderPhoto(request);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, buffer);
        await rename(temporary, file);
      } catch {
        // A read-only or full disk only costs a re-render later.
      }
    }
    this.memory.set(request.file, buffer);
    return buffer;
  }
}

/** Strong ETag of a photo: deterministic from the URL and render version, known before drawing. */
export function photoEtag(request: PhotoRequest): string {
  return `"${createHash("sha1").update(`${PHOTO_RENDER_VERSION}:${request.file}`).digest("hex").slice(0, 20)}"`;
}

/**
 * Serves a `/fotos/...` request: 200 with the image, 304 when `If-None-Match`
 * matches, 404 (plain text, like a CDN) for an unknown photo, 405 for methods
 * other than GET/HEAD.
 */
export async function servePhoto(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  catalogue: Catalogue,
  store: PhotoStore,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method Not Allowed");
    return;
  }
  const request = resolvePhoto(pathname, catalogue);
  if (!request) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not Found");
    return;
  }
  const etag = photoEtag(request);
  const headers = {
    "Content-Type": request.format === "png" ? "image/png" : "image/jpeg",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    res.writeHead(304, headers).end();
    return;
  }
  const buffer = await store.get(request);
  res.writeHead(200, { ...headers, "Content-Length": String(buffer.length) });
  res.end(req.method === "HEAD" ? undefined : buffer);
}
