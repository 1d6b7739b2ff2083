import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type Request, type Response } from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cookieNames,
  createPageCache,
  ENTRY_OVERHEAD_BYTES,
  pageCacheKey,
  pageCacheUrl,
  sharedCacheLifetimeMs,
  type PageCache,
  type PageCacheOptions,
} from "./page-cache";

describe("sharedCacheLifetimeMs", () => {
  it("reads s-maxage before max-age, only for public responses", () => {
    expect(sharedCacheLifetimeMs("public, max-age=60, s-maxage=300, stale-while-revalidate=600")).toBe(300_000);
    expect(sharedCacheLifetimeMs("public, max-age=60")).toBe(60_000);
    expect(sharedCacheLifetimeMs("private, max-age=60")).toBe(0);
    expect(sharedCacheLifetimeMs("public, no-store")).toBe(0);
    expect(sharedCacheLifetimeMs("max-age=60")).toBe(0);
    expect(sharedCacheLifetimeMs("public, s-maxage=abc")).toBe(0);
    expect(sharedCacheLifetimeMs(undefined)).toBe(0);
  });
});

describe("cookieNames", () => {
  it("lists the names of a Cookie header", () => {
    expect(cookieNames("a=1; __flash=xyz;  b = 2")).toEqual(["a", "__flash", "b"]);
    expect(cookieNames(undefined)).toEqual([]);
  });
});

describe("page cache middleware", () => {
  let base: string;
  let server: ReturnType<express.Express["listen"]>;
  const renders = new Map<string, number>();
  const cache = createPageCache({ personalCookies: ["__flash"], maxTtlMs: 60_000 });

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(cache.middleware);
    app.use((req, res) => {
      renders.set(req.originalUrl, (renders.get(req.originalUrl) ?? 0) + 1);
      const n = renders.get(req.originalUrl);
      if (req.path === "/private") res.setHeader("Cache-Control", "private, no-store");
      else if (req.path === "/cookie") {
        res.setHeader("Cache-Control", "public, max-age=60");
        res.setHeader("Set-Cookie", "x=1");
      } else if (req.path === "/etag") {
        res.setHeader("Cache-Control", "public, max-age=60");
        res.setHeader("ETag", '"v1"');
        if (req.headers["if-none-match"] === '"v1"') return void res.status(304).end();
      } else if (req.path === "/missing")
        return void res.status(404).setHeader("Cache-Control", "public, max-age=60").end("no");
      else res.setHeader("Cache-Control", "public, max-age=60, s-maxage=300");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(`<p>render ${n} of ${req.originalUrl}</p>`);
      res.end("x".repeat(2000));
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("renders a public page once and replays it, also compressed", async () => {
    const first = await fetch(`${base}/lista?q=1`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const body = await first.text();
    const second = await fetch(`${base}/lista?q=1`, { headers: { "Accept-Encoding": "gzip" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toContain("text/html");
    expect(second.headers.get("cache-control")).toContain("public");
    expect(await second.text()).toBe(body);
    expect(renders.get("/lista?q=1")).toBe(1);
  });

  it("keys by the page's own parameters, leaves click identifiers out and renders anything unknown", async () => {
    await fetch(`${base}/lista?q=3`);
    expect(await (await fetch(`${base}/lista?q=3`)).text()).toContain("render 1 of /lista?q=3<");
    const tagged = await fetch(`${base}/lista?q=3&gclid=abc`);
    expect(tagged.headers.get("x-page-cache")).toBe("hit");
    expect(await tagged.text()).toContain("render 1 of /lista?q=3<");
    const unknown = await fetch(`${base}/lista?q=3&k=1`);
    expect(unknown.headers.get("x-page-cache")).toBeNull();
    expect(await unknown.text()).toContain("render 1 of /lista?q=3&k=1");
  });

  it("never stores private responses, responses setting cookies, or errors", async () => {
    for (const path of ["/private", "/cookie", "/missing"]) {
      await fetch(`${base}${path}`);
      await fetch(`${base}${path}`);
      expect(renders.get(path)).toBe(2);
    }
  });

  it("leaves responses with their own ETag to the app, which answers If-None-Match with 304", async () => {
    const first = await fetch(`${base}/etag`);
    expect(first.headers.get("etag")).toBe('"v1"');
    const again = await fetch(`${base}/etag`);
    expect(again.headers.get("x-page-cache")).toBe("miss");
    expect(again.headers.get("etag")).toBe('"v1"');
    expect((await fetch(`${base}/etag`, { headers: { "If-None-Match": '"v1"' } })).status).toBe(304);
    expect(renders.get("/etag")).toBe(3);
  });

  it("bypasses the cache for requests carrying a personal cookie", async () => {
    await fetch(`${base}/pessoal`);
    const withFlash = await fetch(`${base}/pessoal`, { headers: { Cookie: "__flash=abc" } });
    expect(await withFlash.text()).toContain("render 2");
    const other = await fetch(`${base}/pessoal`, { headers: { Cookie: "consent=1" } });
    expect(other.headers.get("x-page-cache")).toBe("hit");
  });

  it("forgets everything on clear()", async () => {
    await fetch(`${base}/limpar`);
    cache.clear();
    expect(await (await fetch(`${base}/limpar`)).text()).toContain("render 2");
  });
});

describe("page cache with trusted origins and CSP nonces", () => {
  let base: string;
  let server: ReturnType<express.Express["listen"]>;
  let renders = 0;
  let requests = 0;
  const cache = createPageCache({ personalCookies: [], maxTtlMs: 60_000 });

  beforeAll(async () => {
    const app = express();
    // Stands in for the request guards: the origin comes from a header only in this test.
    app.use((req, res, next) => {
      res.locals.origin = req.get("X-Test-Origin") ?? "http://localhost:3000";
      res.locals.cspNonce = `n0nce${++requests}x`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
      next();
    });
    app.use(cache.middleware);
    app.use((_req, res) => {
      renders += 1;
      res.setHeader("Cache-Control", "public, max-age=60");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(
        `<link rel="canonical" href="${res.locals.origin}/"><script nonce="${res.locals.cspNonce}">1</script><script nonce="${res.locals.cspNonce}">2</script>`,
      );
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("keeps one entry per origin, so one origin's page never reaches another", async () => {
    await fetch(`${base}/pagina`, { headers: { "X-Test-Origin": "http://127.0.0.1:3000" } });
    const other = await fetch(`${base}/pagina`);
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(await other.text()).toContain('href="http://localhost:3000/"');
    expect(renders).toBe(2);
  });

  it("gives a hit this request's nonce in the header and in every script", async () => {
    await fetch(`${base}/nonce`);
    const hit = await fetch(`${base}/nonce`);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(hit.headers.get("content-security-policy") ?? "")?.[1];
    const body = await hit.text();
    const nonces = [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(nonces).toEqual([nonce, nonce]);
    expect(body).not.toContain(`n0nce${requests - 1}x`);
  });
});

describe("page cache and cookie consent", () => {
  let base: string;
  let server: ReturnType<express.Express["listen"]>;
  let renders = 0;
  const cache = createPageCache({ personalCookies: [], maxTtlMs: 60_000 });
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
  const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

  beforeAll(async () => {
    const app = express();
    app.use(cache.middleware);
    // Renders what the root loader decides: the banner without a choice, the tag with analytics granted.
    app.use((req, res) => {
      renders += 1;
      const cookie = req.headers.cookie ?? "";
      const ua = req.headers["user-agent"] ?? "";
      const state = /consentimento=v1:analytics=1/.test(cookie)
        ? "tag"
        : /consentimento=v1:analytics=0/.test(cookie)
          ? "quiet"
          : /Googlebot/.test(ua)
            ? "bot"
            : "banner";
      res.setHeader("Cache-Control", "public, max-age=60");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<p>${state}</p>`);
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (cookie: string | null, userAgent = BROWSER) =>
    fetch(`${base}/sobre`, { headers: { "User-Agent": userAgent, ...(cookie ? { Cookie: cookie } : {}) } });

  it("keys on the consent state, so no visitor gets another state's page", async () => {
    const variants: [string | null, string, string][] = [
      [null, BROWSER, "banner"],
      ["consentimento=v1:analytics=0", BROWSER, "quiet"],
      ["consentimento=v1:analytics=1", BROWSER, "tag"],
      [null, CRAWLER, "bot"],
    ];
    for (const [cookie, ua, expected] of variants) {
      const first = await get(cookie, ua);
      expect(first.headers.get("x-page-cache")).toBe("miss");
      expect(await first.text()).toBe(`<p>${expected}</p>`);
    }
    for (const [cookie, ua, expected] of variants) {
      const again = await get(cookie, ua);
      expect(again.headers.get("x-page-cache")).toBe("hit");
      expect(await again.text()).toBe(`<p>${expected}</p>`);
    }
    expect(renders).toBe(4);
  });

  it("treats an unknown consent version as no choice (the banner asks again)", async () => {
    const stale = await get("consentimento=v0:analytics=1");
    expect(stale.headers.get("x-page-cache")).toBe("hit");
    expect(await stale.text()).toBe("<p>banner</p>");
  });

  it("builds distinct keys per variant", () => {
    const keys = new Set([
      pageCacheKey("o", "/", undefined, BROWSER)?.key,
      pageCacheKey("o", "/", "consentimento=v1:analytics=0", BROWSER)?.key,
      pageCacheKey("o", "/", "consentimento=v1:analytics=1", BROWSER)?.key,
      pageCacheKey("o", "/", undefined, CRAWLER)?.key,
    ]);
    expect(keys.size).toBe(4);
    expect(pageCacheKey("o", "/", "x=1; consentimento=v1:analytics=0", CRAWLER)).toEqual(
      pageCacheKey("o", "/", "consentimento=v1:analytics=0", BROWSER),
    );
  });
});

describe("pageCacheUrl", () => {
  it("keeps the parameters pages read, Remix's own and utm_*, in their order and spelling", () => {
    for (const url of [
      "/todos-os-imoveis?quartos=2&preco-max=1",
      // Another order may be a redirect to the canonical one: it stays a URL of its own.
      "/todos-os-imoveis?preco-max=1&quartos=2",
      "/comparar?codigos=B&codigos=A&_data=routes%2Fcompare",
      "/?index&_data=routes%2Fhome",
      "/detalhes/x.data?_routes=root%2Croutes%2Fcondominium",
      "/detalhes/x/1?entrada=10&prazo=30&unidades=todas",
      // Pages copy utm_* into their WhatsApp links, so they change the page.
      "/?utm_source=news&utm_campaign=maio",
    ]) {
      expect(pageCacheUrl(url)).toEqual({ url, storable: true });
    }
  });

  it("leaves click identifiers out, and marks the request's own render as not storable", () => {
    expect(pageCacheUrl("/busca?gclid=1&q=casa&fbclid=2&_gl=3")).toEqual({ url: "/busca?q=casa", storable: false });
    expect(pageCacheUrl("/?msclkid=1&gbraid=2&wbraid=3&mc_cid=4&mc_eid=5&_ga=6")).toEqual({
      url: "/",
      storable: false,
    });
  });

  it("answers null (bypass) for any other parameter, including another spelling of a known one", () => {
    for (const url of ["/?k=1", "/busca?q=casa&ref=x", "/busca?Q=casa", "/busca?q=a&=x", "/?yclid=1"]) {
      expect(pageCacheUrl(url)).toBeNull();
    }
    expect(pageCacheUrl("/busca?q=casa&&")?.url).toBe("/busca?q=casa");
  });

  it("ignores the query of the paths that read none", () => {
    for (const path of ["/robots.txt", "/sitemap.xml", "/sitemap-2.xml", "/favicon.ico", "/manifest.json"]) {
      expect(pageCacheUrl(`${path}?k=${"x".repeat(50)}&gclid=1`)).toEqual({ url: path, storable: true });
    }
  });
});

/** What the stand-in app answers: default a public HTML page `<p>{url}</p>`. */
type Render = { body?: string; cacheControl?: string; headers?: Record<string, string> };

/** Runs one request through the middleware alone (no socket); `render` stands in for the app. */
function drive(cache: PageCache, url: string, render: Render = {}) {
  const headers = new Map<string, string>();
  let [body, rendered] = ["", false];
  const res = {
    locals: { origin: "http://localhost:3000" },
    statusCode: 200,
    status: (code: number) => ((res.statusCode = code), res),
    setHeader: (name: string, value: string) => (headers.set(name.toLowerCase(), String(value)), res),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    getHeaders: () => Object.fromEntries(headers),
    write: (chunk: string | Buffer) => ((body += chunk.toString()), true),
    end: (chunk?: string | Buffer) => ((body += chunk?.toString() ?? ""), res),
  };
  const req = { method: "GET", originalUrl: url, headers: { "user-agent": "Mozilla/5.0 Chrome/126.0" } };
  cache.middleware(req as unknown as Request, res as unknown as Response, () => {
    rendered = true;
    res.setHeader("Cache-Control", render.cacheControl ?? "public, max-age=60, s-maxage=300");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    for (const [name, value] of Object.entries(render.headers ?? {})) res.setHeader(name, value);
    res.end(render.body ?? `<p>${url}</p>`);
  });
  return { state: headers.get("x-page-cache"), body, rendered };
}

describe("page cache bounds", () => {
  const caches: PageCache[] = [];
  const open = (options: PageCacheOptions) => caches[caches.push(createPageCache(options)) - 1];
  afterAll(() => caches.forEach((cache) => cache.close()));

  it("counts an entry's key, every stored header and its body", () => {
    const cache = open({ personalCookies: [] });
    const url = `/busca?q=${"k".repeat(6000)}`;
    const header = "h".repeat(3000);
    drive(cache, url, { body: "b".repeat(1000), headers: { "X-Large": header } });
    expect(cache.size).toBe(1);
    // The key, the 3,000-character header, the body and the overhead, plus under 200 (other headers, origin).
    const extra = cache.totalBytes - (ENTRY_OVERHEAD_BYTES + url.length + header.length + 1000);
    expect(extra >= 0 && extra < 200).toBe(true);
  });

  it("stays under its entry cap and byte budget after 30,000 distinct URLs", () => {
    const maxTotalBytes = 8 * 1024 * 1024;
    const cache = open({ personalCookies: [], maxTotalBytes, maxEntries: 2000 });
    const page = `<p>${"x".repeat(2000)}</p>`;
    drive(cache, "/busca?q=casa", { body: page });
    let renders = 1;
    for (let i = 0; i < 30_000; i++) {
      const junk = `${i}-${"j".repeat(4000)}`;
      const url = [`/robots.txt?k=`, `/?k=`, `/busca?q=`, `/?utm_source=`, `/busca?q=casa&gclid=`][i % 5] + junk;
      if (drive(cache, url, { body: page }).rendered) renders += 1;
      expect(cache.size).toBeLessThanOrEqual(2000);
      expect(cache.totalBytes).toBeLessThanOrEqual(maxTotalBytes);
    }
    // Each kept entry counts at least its 4,000-character key: the keys are in the budget.
    expect(cache.totalBytes).toBeGreaterThan(cache.size * 4000);
    // robots.txt rendered once, the gclid URLs never: they were served "/busca?q=casa".
    expect(drive(cache, "/robots.txt").state).toBe("hit");
    expect(renders).toBe(1 + 1 + 3 * 6000);
  });

  it("shares one entry among the URLs that differ by click identifiers only", () => {
    const cache = open({ personalCookies: [] });
    drive(cache, "/busca?q=casa");
    for (const tag of ["gclid=1", "fbclid=2", "gclid=3&_ga=1", "_gl=4&msclkid=5"]) {
      const answer = drive(cache, `/busca?q=casa&${tag}`);
      expect(answer).toMatchObject({ state: "hit", rendered: false, body: "<p>/busca?q=casa</p>" });
    }
    expect(cache.size).toBe(1);
    // Rendered with a click identifier (the page may echo it): served, never stored.
    expect(drive(cache, "/busca?gclid=9&q=apto")).toMatchObject({ state: "miss", rendered: true });
    expect(drive(cache, "/busca?q=apto")).toMatchObject({ state: "miss", rendered: true });
    expect(cache.size).toBe(2);
  });

  it("keeps each utm_* value apart and never stores a request with an unknown parameter", () => {
    const cache = open({ personalCookies: [] });
    expect(drive(cache, "/?utm_source=a").body).toBe("<p>/?utm_source=a</p>");
    expect(drive(cache, "/?utm_source=b").body).toBe("<p>/?utm_source=b</p>");
    expect(drive(cache, "/?utm_source=a").state).toBe("hit");
    for (let i = 0; i < 2; i++) expect(drive(cache, "/?k=1")).toMatchObject({ state: undefined, rendered: true });
    expect(cache.size).toBe(2);
  });
});

describe("page cache expiry", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("purges expired entries without a request asking for them", () => {
    const cache = createPageCache({ personalCookies: [], maxTtlMs: 60_000, purgeIntervalMs: 10_000, now: Date.now });
    for (const q of ["a", "b"]) drive(cache, `/busca?q=${q}`);
    drive(cache, "/busca?q=curta", { cacheControl: "public, max-age=5" });
    expect(cache.size).toBe(3);
    vi.advanceTimersByTime(10_001);
    // The 5 s response is gone at the first purge after it expired.
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(40_000);
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(20_000);
    expect([cache.size, cache.totalBytes]).toEqual([0, 0]);
  });

  it("stops its purge timer on close()", () => {
    const cache = createPageCache({ personalCookies: [], now: Date.now });
    drive(cache, "/busca?q=a");
    cache.close();
    vi.advanceTimersByTime(1000);
    expect([cache.size, vi.getTimerCount()]).toEqual([0, 0]);
  });
});
