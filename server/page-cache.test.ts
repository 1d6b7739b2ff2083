import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieNames, createPageCache, pageCacheKey, sharedCacheLifetimeMs } from "./page-cache";

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
    const first = await fetch(`${base}/lista?a=1`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const body = await first.text();
    const second = await fetch(`${base}/lista?a=1`, { headers: { "Accept-Encoding": "gzip" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toContain("text/html");
    expect(second.headers.get("cache-control")).toContain("public");
    expect(await second.text()).toBe(body);
    expect(renders.get("/lista?a=1")).toBe(1);
  });

  it("keys by the full URL", async () => {
    await fetch(`${base}/lista?a=2`);
    expect(await (await fetch(`${base}/lista?a=2`)).text()).toContain("render 1 of /lista?a=2");
    expect(renders.get("/lista?a=2")).toBe(1);
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
      pageCacheKey("o", "/", undefined, BROWSER),
      pageCacheKey("o", "/", "consentimento=v1:analytics=0", BROWSER),
      pageCacheKey("o", "/", "consentimento=v1:analytics=1", BROWSER),
      pageCacheKey("o", "/", undefined, CRAWLER),
    ]);
    expect(keys.size).toBe(4);
    expect(pageCacheKey("o", "/", "x=1; consentimento=v1:analytics=0", CRAWLER)).toBe(
      pageCacheKey("o", "/", "consentimento=v1:analytics=0", BROWSER),
    );
  });
});
