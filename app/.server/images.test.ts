import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLimiter } from "./rate-limit";
import {
  IMAGE_CACHE_CONTROL,
  IMAGE_MISS_RULE,
  createImageService,
  handleImageRequest,
  isAllowedImageUrl,
  negotiateImageFormat,
  parseImageRequest,
  pruneImageCache,
  type ImageService,
} from "./images";

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let server: http.Server;
let origin: string;
let jpeg: Buffer;
let hits: Record<string, number>;
let cacheDir: string;
let service: ImageService;

/** Paths of the test source that the catalogue holds (any query string makes another URL). */
const CATALOGUE_PATHS = new Set([
  "/foto.jpg",
  "/lenta.jpg",
  "/erro.jpg",
  "/texto.jpg",
  "/redireciona-dentro.jpg",
  "/redireciona-fora.jpg",
  "/nao-existe.jpg",
  "/a.jpg",
]);
/** The catalogue of these tests: {@link CATALOGUE_PATHS} on any loopback origin, without a query string. */
const catalogue = {
  has: async (href: string) => {
    const url = new URL(href);
    return url.hostname === "127.0.0.1" && url.search === "" && CATALOGUE_PATHS.has(url.pathname);
  },
};

beforeAll(async () => {
  // A real 1200×800 JPEG with some structure, as Vista's CDN would serve.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#8ab"/><circle cx="600" cy="400" r="300" fill="#c53"/></svg>`;
  jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  server = http.createServer((req, res) => {
    const route = new URL(req.url ?? "/", "http://x").pathname;
    hits[route] = (hits[route] ?? 0) + 1;
    switch (route) {
      case "/foto.jpg":
        res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length });
        res.end(jpeg);
        return;
      case "/lenta.jpg":
        setTimeout(() => {
          if (!res.destroyed) res.end(jpeg);
        }, 2_000);
        return;
      case "/erro.jpg":
        res.writeHead(500).end("boom");
        return;
      case "/texto.jpg":
        res.writeHead(200, { "Content-Type": "text/html" }).end("<html>not an image</html>");
        return;
      case "/redireciona-dentro.jpg":
        res.writeHead(302, { Location: "/foto.jpg" }).end();
        return;
      case "/redireciona-fora.jpg":
        res.writeHead(302, { Location: "http://example.com/foto.jpg" }).end();
        return;
      default:
        res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

beforeEach(async () => {
  hits = {};
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "imagens-"));
  service = createImageService({ cacheDir, catalogue, extraOrigins: () => [origin], timeoutMs: 400 });
});

function request(src: string, w: number | string, headers: Record<string, string> = { Accept: CHROME_ACCEPT }) {
  const url = `http://site.test/imagens?src=${encodeURIComponent(src)}&w=${w}`;
  return handleImageRequest(new Request(url, { headers }), service);
}

describe("isAllowedImageUrl", () => {
  it("allows Vista's photo CDN and the configured origins only, not other agencies' Vista hosts", () => {
    expect(isAllowedImageUrl(new URL("https://cdn.vistahost.com.br/a/b.jpg"), [])).toBe(true);
    expect(isAllowedImageUrl(new URL("http://cdn.vistahost.com.br/a/b.jpg"), [])).toBe(true);
    const own = ["https://horizonte-rest.vistahost.com.br"];
    expect(isAllowedImageUrl(new URL("https://horizonte-rest.vistahost.com.br/x.jpg"), own)).toBe(true);
    expect(isAllowedImageUrl(new URL("https://imob-rest.vistahost.com.br/x.jpg"), own)).toBe(false);
    expect(isAllowedImageUrl(new URL("https://imob-rest.vistahost.com.br/x.jpg"), [])).toBe(false);
    expect(isAllowedImageUrl(new URL("http://127.0.0.1:8787/fotos/1.jpg"), ["http://127.0.0.1:8787"])).toBe(true);
    expect(isAllowedImageUrl(new URL("http://127.0.0.1:9999/fotos/1.jpg"), ["http://127.0.0.1:8787"])).toBe(false);
    expect(isAllowedImageUrl(new URL("https://evilvistahost.com.br/x.jpg"), [])).toBe(false);
    expect(isAllowedImageUrl(new URL("https://cdn.vistahost.com.br.evil.com/x.jpg"), [])).toBe(false);
    expect(isAllowedImageUrl(new URL("https://user:pw@cdn.vistahost.com.br/x.jpg"), [])).toBe(false);
    expect(isAllowedImageUrl(new URL("ftp://cdn.vistahost.com.br/x.jpg"), [])).toBe(false);
  });
});

describe("parseImageRequest", () => {
  it("accepts a known width and an allowed http(s) source", () => {
    const parsed = parseImageRequest(new URLSearchParams({ src: "https://cdn.vistahost.com.br/a.jpg", w: "640" }), []);
    expect(parsed.width).toBe(640);
    expect(parsed.src.href).toBe("https://cdn.vistahost.com.br/a.jpg");
  });

  it.each([
    [{ w: "640" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "500" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "abc" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "640.5" }],
    [{ src: "javascript:alert(1)", w: "640" }],
    [{ src: "/relative.jpg", w: "640" }],
    [{ src: "https://example.com/a.jpg", w: "640" }],
    [{ src: "https://outra-rest.vistahost.com.br/a.jpg", w: "640" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "0640" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "+640" }],
    [{ src: "https://cdn.vistahost.com.br/a.jpg", w: "640", v: "2" }],
  ])("rejects %j with status 400", (query) => {
    expect(() => parseImageRequest(new URLSearchParams(query as Record<string, string>), [])).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it("rejects a repeated parameter", () => {
    const src = encodeURIComponent("https://cdn.vistahost.com.br/a.jpg");
    for (const query of [`src=${src}&w=640&w=320`, `src=${src}&src=${src}&w=640`])
      expect(() => parseImageRequest(new URLSearchParams(query), []), query).toThrow(
        expect.objectContaining({ status: 400 }),
      );
  });
});

describe("negotiateImageFormat", () => {
  it("prefers WebP, AVIF only when enabled, JPEG otherwise", () => {
    expect(negotiateImageFormat(CHROME_ACCEPT)).toBe("webp");
    expect(negotiateImageFormat(CHROME_ACCEPT, true)).toBe("avif");
    expect(negotiateImageFormat("image/webp,*/*")).toBe("webp");
    expect(negotiateImageFormat("*/*")).toBe("jpeg");
    expect(negotiateImageFormat(null)).toBe("jpeg");
    expect(negotiateImageFormat("image/webp;q=0, image/jpeg")).toBe("jpeg");
  });
});

describe("handleImageRequest", () => {
  it("resizes to the requested width as WebP with immutable caching headers", async () => {
    const response = await request(`${origin}/foto.jpg`, 640);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(IMAGE_CACHE_CONTROL);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get("vary")).toBe("Accept");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(427);
  });

  it("never enlarges: a 1200 px source asked at 1600 stays 1200 px", async () => {
    const response = await request(`${origin}/foto.jpg`, 1600);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(1200);
  });

  it("falls back to JPEG when the client accepts neither WebP nor AVIF", async () => {
    const response = await request(`${origin}/foto.jpg`, 320, { Accept: "*/*" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("caches on disk: the second request does not hit the source", async () => {
    const first = await request(`${origin}/foto.jpg`, 480);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const again = createImageService({ cacheDir, catalogue, extraOrigins: () => [origin] });
    const second = await handleImageRequest(
      new Request(`http://site.test/imagens?src=${encodeURIComponent(`${origin}/foto.jpg`)}&w=480`, {
        headers: { Accept: CHROME_ACCEPT },
      }),
      again,
    );
    expect(Buffer.from(await second.arrayBuffer())).toEqual(firstBytes);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(hits["/foto.jpg"]).toBe(1);
    const folders = await readdir(cacheDir);
    expect(folders).toHaveLength(1);
    expect(await readdir(path.join(cacheDir, folders[0]))).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.webp$/)]);
  });

  it("answers 304 to a matching If-None-Match without fetching", async () => {
    const first = await request(`${origin}/foto.jpg`, 320);
    const etag = first.headers.get("etag")!;
    hits = {};
    const second = await request(`${origin}/foto.jpg`, 320, { Accept: CHROME_ACCEPT, "If-None-Match": etag });
    expect(second.status).toBe(304);
    expect(hits["/foto.jpg"]).toBeUndefined();
  });

  it("fetches the source once for simultaneous identical requests", async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => request(`${origin}/foto.jpg`, 960)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(hits["/foto.jpg"]).toBe(1);
  });

  it("answers 400 for a host not allowed and for a width not offered, without fetching", async () => {
    expect((await request("https://example.com/foto.jpg", 640)).status).toBe(400);
    expect((await request(`${origin}/foto.jpg`, 500)).status).toBe(400);
    expect((await request(`${origin}/foto.jpg`, "")).status).toBe(400);
    expect(hits).toEqual({});
  });

  it("answers 404 when the source does not exist", async () => {
    expect((await request(`${origin}/nao-existe.jpg`, 640)).status).toBe(404);
  });

  it("answers 502 for upstream errors, timeouts, non-images and unreachable hosts", async () => {
    const error = await request(`${origin}/erro.jpg`, 640);
    expect(error.status).toBe(502);
    expect(error.headers.get("cache-control")).toBe("no-store");
    expect((await request(`${origin}/lenta.jpg`, 640)).status).toBe(502);
    expect((await request(`${origin}/texto.jpg`, 640)).status).toBe(502);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createImageService({ cacheDir, catalogue, extraOrigins: () => [closedOrigin] });
    const response = await handleImageRequest(
      new Request(`http://site.test/imagens?src=${encodeURIComponent(`${closedOrigin}/a.jpg`)}&w=640`),
      unreachable,
    );
    expect(response.status).toBe(502);
  });

  it("follows redirects within allowed hosts only", async () => {
    expect((await request(`${origin}/redireciona-dentro.jpg`, 320)).status).toBe(200);
    expect((await request(`${origin}/redireciona-fora.jpg`, 320)).status).toBe(400);
  });
});

describe("bounds of the image route (ADR 0067)", () => {
  it("answers 400 to distinct query strings on an allowed host, without fetching or caching", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await request(`${origin}/foto.jpg?v=${i}`, 640);
      statuses.push(response.status);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    // Parameters besides src and w, repeated ones, and widths written otherwise.
    const src = encodeURIComponent(`${origin}/foto.jpg`);
    for (const query of [`src=${src}&w=640&v=1`, `src=${src}&w=640&w=640`, `src=${src}&w=0640`, `w=640&src=${src}&x`]) {
      const response = await handleImageRequest(new Request(`http://site.test/imagens?${query}`), service);
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(hits).toEqual({});
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it("refuses another agency's vistahost.com.br host and a CDN path the catalogue does not hold", async () => {
    const other = await request("https://outra-imobiliaria-rest.vistahost.com.br/fotos/AP1/1.jpg", 640);
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("host not allowed");
    const cdn = await request("https://cdn.vistahost.com.br/outra/vista.imobi/fotos/AP1/1.jpg", 640);
    expect(cdn.status).toBe(400);
    expect(await cdn.text()).toContain("not a photo of the catalogue");
    expect(hits).toEqual({});
  });

  it("serves a catalogue photo, and 304 only for one", async () => {
    const response = await request(`${origin}/foto.jpg`, 320);
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag")!;
    const again = await request(`${origin}/foto.jpg`, 320, { Accept: CHROME_ACCEPT, "If-None-Match": etag });
    expect(again.status).toBe(304);
    const outside = await request(`${origin}/foto.jpg?v=1`, 320, { Accept: CHROME_ACCEPT, "If-None-Match": "*" });
    expect(outside.status).toBe(400);
  });

  it("answers 429 past the per-IP rate of cache misses, without fetching; cache hits and other IPs still pass", async () => {
    const limited = createImageService({
      cacheDir,
      catalogue,
      extraOrigins: () => [origin],
      missLimiter: createLimiter({ ...IMAGE_MISS_RULE, keyPrefix: "imagens-test", points: 2 }, null),
    });
    const get = (w: number, clientIp: string) =>
      handleImageRequest(
        new Request(`http://site.test/imagens?src=${encodeURIComponent(`${origin}/foto.jpg`)}&w=${w}`, {
          headers: { Accept: CHROME_ACCEPT },
        }),
        limited,
        { clientIp },
      );
    expect((await get(160, "203.0.113.7")).status).toBe(200);
    expect((await get(320, "203.0.113.7")).status).toBe(200);
    const over = await get(480, "203.0.113.7");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("cache-control")).toBe("no-store");
    expect(hits["/foto.jpg"]).toBe(2);
    // Already cached: no miss to count.
    expect((await get(160, "203.0.113.7")).status).toBe(200);
    expect((await get(480, "198.51.100.2")).status).toBe(200);
    expect(hits["/foto.jpg"]).toBe(3);
  });
});

describe("disk cache budget", () => {
  it("deletes the oldest files until 80 % of the budget remains", async () => {
    for (let i = 0; i < 10; i++) {
      const folder = path.join(cacheDir, `0${i % 3}`);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `f${i}.webp`);
      await writeFile(file, Buffer.alloc(1_000));
      await utimes(file, 1_000 + i, 1_000 + i);
    }
    expect(await pruneImageCache(cacheDir, 20_000)).toEqual({ bytes: 10_000, deleted: 0 });
    const result = await pruneImageCache(cacheDir, 5_000);
    expect(result).toEqual({ bytes: 4_000, deleted: 6 });
    const left = (await Promise.all(["00", "01", "02"].map((f) => readdir(path.join(cacheDir, f))))).flat().sort();
    expect(left).toEqual(["f6.webp", "f7.webp", "f8.webp", "f9.webp"]);
  });

  it("prunes after writes when the budget is exceeded", async () => {
    const small = createImageService({
      cacheDir,
      catalogue,
      extraOrigins: () => [origin],
      maxCacheBytes: 1,
      pruneEvery: 1,
    });
    for (const w of [160, 320]) {
      const response = await handleImageRequest(
        new Request(`http://site.test/imagens?src=${encodeURIComponent(`${origin}/foto.jpg`)}&w=${w}`),
        small,
      );
      expect(response.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const files = (await Promise.all((await readdir(cacheDir)).map((f) => readdir(path.join(cacheDir, f))))).flat();
    expect(files.length).toBeLessThan(2);
  });
});
