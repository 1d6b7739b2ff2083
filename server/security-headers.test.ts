import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIREBASE_AUTH_SOURCES,
  type GoogleTagCsp,
  googleTagSources,
  HSTS_MAX_AGE_SECONDS,
  isSubresourcePath,
  permissionsPolicy,
  securityHeaders,
} from "./security-headers";

/** A server with the headers middleware and a fixed nonce per request number. */
async function serve(options: { https: boolean; googleTag?: GoogleTagCsp; firebaseAuthPaths?: string[] }) {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}`;
    next();
  });
  app.use(securityHeaders({ ...options, production: true, imageSources: ["https://tile.openstreetmap.org"] }));
  app.get(["/", "/login-corretores"], (_req, res) => void res.send("ok"));
  app.get(["/assets/:file", "/imagens"], (_req, res) => void res.type("application/javascript").send("1"));
  const server = app.listen(0);
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("security headers", () => {
  let http: Awaited<ReturnType<typeof serve>>;
  let https: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    http = await serve({ https: false });
    https = await serve({ https: true });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
  });

  it("sends a CSP whose scripts need this request's nonce, never 'unsafe-inline'", async () => {
    const first = (await fetch(`${http.base}/`)).headers.get("content-security-policy") ?? "";
    const second = (await fetch(`${http.base}/`)).headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(first)?.[1] ?? "";
    expect(scriptSrc).toMatch(/^'nonce-nonce\d+' 'strict-dynamic'$/);
    expect(first).not.toBe(second);
    expect(first).toContain("object-src 'none'");
    expect(first).toContain("base-uri 'none'");
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).toContain(
      "img-src 'self' data: blob: https://i.ytimg.com https://i.vimeocdn.com https://tile.openstreetmap.org",
    );
    expect(first).not.toContain("upgrade-insecure-requests");
  });

  it("turns off what the site never uses and keeps what the video players need", async () => {
    const policy = (await fetch(`${http.base}/`)).headers.get("permissions-policy") ?? "";
    expect(policy).toBe(permissionsPolicy());
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).toContain('fullscreen=(self "https://www.youtube-nocookie.com"');
  });

  it("sends HSTS with preload only when the public origin is https", async () => {
    expect((await fetch(`${http.base}/`)).headers.get("strict-transport-security")).toBeNull();
    const secure = await fetch(`${https.base}/`);
    expect(secure.headers.get("strict-transport-security")).toBe(
      `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
    );
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(secure.headers.get("x-frame-options")).toBe("DENY");
    expect(secure.headers.get("x-content-type-options")).toBe("nosniff");
    expect(secure.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("subresources", () => {
  it("carry only nosniff, CORP and HSTS: no document policy on scripts, styles and photos", async () => {
    const server = await serve({ https: true });
    try {
      for (const path of ["/assets/root-abc123.js", "/assets/site-shell-abc.css", "/imagens?src=x&w=480"]) {
        const headers = (await fetch(`${server.base}${path}`)).headers;
        expect(headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
        expect(headers.get("strict-transport-security"), path).toContain("max-age=");
        expect(headers.get("content-security-policy"), path).toBeNull();
        expect(headers.get("permissions-policy"), path).toBeNull();
      }
      // An SVG can be opened as a document: it keeps the whole set.
      const svg = (await fetch(`${server.base}/assets/marker-abc.svg`)).headers;
      expect(svg.get("content-security-policy")).toContain("default-src 'self'");
      expect(svg.get("x-frame-options")).toBe("DENY");
    } finally {
      await server.close();
    }
  });

  it("are told apart by path", () => {
    expect(isSubresourcePath("/assets/entry.client-CgYmDNA7.js")).toBe(true);
    expect(isSubresourcePath("/assets/fonts/inter.woff2")).toBe(true);
    expect(isSubresourcePath("/imagens")).toBe(true);
    expect(isSubresourcePath("/assets/icons.svg")).toBe(false);
    expect(isSubresourcePath("/assets")).toBe(false);
    expect(isSubresourcePath("/")).toBe(false);
    expect(isSubresourcePath("/imagens-do-predio")).toBe(false);
    expect(isSubresourcePath("/todos-os-imoveis/x.js")).toBe(false);
  });
});

/** One directive's sources of a CSP header value. */
function directive(csp: string, name: string): string[] {
  const match = new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp);
  return match ? match[1]!.trim().split(/\s+/) : [];
}

describe("CSP and Google's tags", () => {
  it("has no Google origin at all when neither GA nor GTM is configured", async () => {
    const server = await serve({ https: true });
    try {
      const csp = (await fetch(`${server.base}/`)).headers.get("content-security-policy") ?? "";
      expect(csp).not.toMatch(/google/);
      expect(directive(csp, "connect-src")).toEqual(["'self'"]);
      expect(directive(csp, "script-src")).toEqual(["'nonce-nonce1'", "'strict-dynamic'"]);
    } finally {
      await server.close();
    }
    expect(googleTagSources(null)).toEqual({ script: [], connect: [], img: [] });
    expect(googleTagSources({ analytics: false, tagManager: false })).toEqual({ script: [], connect: [], img: [] });
  });

  it("opens exactly GA4's origins when a measurement id is set", async () => {
    const server = await serve({ https: true, googleTag: { analytics: true, tagManager: false } });
    try {
      const csp = (await fetch(`${server.base}/`)).headers.get("content-security-policy") ?? "";
      expect(directive(csp, "script-src")).toEqual([
        "'nonce-nonce1'",
        "'strict-dynamic'",
        "https://www.googletagmanager.com",
      ]);
      expect(directive(csp, "connect-src")).toEqual([
        "'self'",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://*.googletagmanager.com",
      ]);
      expect(directive(csp, "img-src").slice(-2)).toEqual([
        "https://*.google-analytics.com",
        "https://*.googletagmanager.com",
      ]);
      // Nothing else of Google's anywhere (frames, styles, fonts stay as they were).
      expect(directive(csp, "frame-src").join(" ")).not.toMatch(/google/);
      expect(directive(csp, "default-src")).toEqual(["'self'"]);
    } finally {
      await server.close();
    }
  });

  it("opens only www.googletagmanager.com for a Tag Manager container alone", () => {
    expect(googleTagSources({ analytics: false, tagManager: true })).toEqual({
      script: ["https://www.googletagmanager.com"],
      connect: ["https://www.googletagmanager.com"],
      img: ["https://www.googletagmanager.com"],
    });
  });
});

describe("CSP and the Firebase web SDK's sign-in (ADR 0070)", () => {
  it("opens the SDK's origins on the login page only, and only when a real project signs in there", async () => {
    const server = await serve({ https: true, firebaseAuthPaths: ["/login-corretores"] });
    const plain = await serve({ https: true });
    try {
      const login = (await fetch(`${server.base}/login-corretores`)).headers.get("content-security-policy") ?? "";
      expect(directive(login, "connect-src")).toEqual(["'self'", ...FIREBASE_AUTH_SOURCES.connect]);
      expect(directive(login, "frame-src")).toEqual(expect.arrayContaining([...FIREBASE_AUTH_SOURCES.frame]));
      expect(directive(login, "script-src").slice(0, 2)).toEqual(["'nonce-nonce1'", "'strict-dynamic'"]);
      const home = (await fetch(`${server.base}/`)).headers.get("content-security-policy") ?? "";
      expect(home).not.toMatch(/googleapis|recaptcha/);
      const emulatorLogin = (await fetch(`${plain.base}/login-corretores`)).headers.get("content-security-policy");
      expect(emulatorLogin ?? "").not.toMatch(/googleapis|recaptcha/);
    } finally {
      await server.close();
      await plain.close();
    }
  });
});
