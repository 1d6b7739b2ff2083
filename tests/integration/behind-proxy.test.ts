/**
 * The site behind a reverse proxy left at its defaults (docs/deploy.md,
 * docs/decisions/0021-trusted-origin-and-input-hygiene.md): nginx's plain
 * `proxy_pass http://app:3000;` sends `Host: app:3000` and no
 * `X-Forwarded-*` headers. With `PUBLIC_URL` set, the pages must still carry
 * `PUBLIC_URL` in their canonical link and `og:url`, and a browser's sign-in
 * post (its `Origin` is `PUBLIC_URL`) must be accepted, not refused with 403
 * or 421; a post from another origin is still refused.
 *
 * The Express app is wired as `server/index.ts` wires it (trust proxy, the
 * request guards, the Remix handler) over the real routes, compiled by Vite
 * with the Remix plugin in this process, the real Auth emulator and a PGlite
 * database.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemixHandler, requestGuards } from "../../server/remix-handler";
import { startAuthTestEnv, type AuthTestEnv } from "./helpers/auth-env";
import { rawRequest, type RawAnswer } from "./helpers/raw-request";

const PUBLIC_URL = "https://imobiliaria.example";
/** What nginx sends as `Host` with `proxy_pass http://app:3000;` and no `proxy_set_header`. */
const UPSTREAM_HOST = "app:3000";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const savedEnv = { PUBLIC_URL: process.env.PUBLIC_URL, TRUST_PROXY: process.env.TRUST_PROXY };
let env: AuthTestEnv;
let vite: ViteDevServer;
let server: Server;
let base: string;

beforeAll(async () => {
  // Read by the route modules' getConfig() on first use, which happens after this.
  process.env.PUBLIC_URL = PUBLIC_URL;
  process.env.TRUST_PROXY = "loopback";
  env = await startAuthTestEnv("behind-proxy", { uid: "corretor-proxy", claims: { role: "agent" } });
  // vite.config.ts leaves the Remix plugin out while VITEST is set; the routes need it here,
  // so the config file is loaded with VITEST unset (it is read once, at creation).
  const vitest = process.env.VITEST;
  delete process.env.VITEST;
  try {
    vite = await createServer({
      root,
      logLevel: "error",
      appType: "custom",
      server: { middlewareMode: true, hmr: false },
    });
  } finally {
    if (vitest !== undefined) process.env.VITEST = vitest;
  }
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  const remixHandler = createRemixHandler({
    build: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    mode: "production",
    getLoadContext: (req) => ({ clientIp: req.ip ?? "unknown" }),
  });
  // As server/index.ts: the guards first, with PUBLIC_URL; then Remix.
  app.use(requestGuards({ publicUrl: PUBLIC_URL, reject: remixHandler.reject }));
  app.use(remixHandler.handle);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await vite?.close();
  await env?.close();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/**
 * A request as nginx forwards it with its defaults: `Host` is the upstream
 * address, nothing else added. Sent with node:http, since fetch() does not let
 * a caller choose `Host`.
 */
function viaDefaultProxy(
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  return rawRequest(
    `${base}${pathname}`,
    {
      method: init.method ?? "GET",
      headers: {
        ...init.headers,
        Host: UPSTREAM_HOST,
        ...(body ? { "Content-Length": String(body.length) } : {}),
      },
    },
    body,
  );
}

/** A form post as a browser on `origin` sends it. */
function formPost(
  form: Record<string, string>,
  origin: string,
): { method: string; headers: Record<string, string>; body: string } {
  return {
    method: "POST",
    headers: {
      Origin: origin,
      "Sec-Fetch-Site": origin === PUBLIC_URL ? "same-origin" : "cross-site",
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
    },
    body: new URLSearchParams(form).toString(),
  };
}

describe("behind a proxy that sends Host: app:3000 (nginx defaults)", () => {
  it("the home page's canonical link and og:url are on PUBLIC_URL, never on the upstream host", async () => {
    const response = await viaDefaultProxy("/", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = response.body;
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(`${PUBLIC_URL}/`);
    expect(/<meta property="og:url" content="([^"]+)"/.exec(html)?.[1]).toBe(`${PUBLIC_URL}/`);
    expect(html).not.toContain(UPSTREAM_HOST);
  });

  it("a listing index's canonical link keeps its path on PUBLIC_URL", async () => {
    const response = await viaDefaultProxy("/todos-os-imoveis?utm_source=jornal", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = response.body;
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(`${PUBLIC_URL}/todos-os-imoveis`);
    expect(html).not.toContain(UPSTREAM_HOST);
  });

  it("the sign-in form posted from PUBLIC_URL is accepted: the admin is signed in and redirected", async () => {
    const response = await viaDefaultProxy(
      "/login-corretores",
      formPost({ email: env.admin.email, password: env.admin.password, redirectTo: "/" }, PUBLIC_URL),
    );
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/");
    expect((response.headers["set-cookie"] ?? []).some((cookie) => /^__Host-session=/.test(cookie))).toBe(true);
  });

  it("a wrong password through the same proxy gets the form's 401, not a 403 or 421", async () => {
    const response = await viaDefaultProxy(
      "/login-corretores",
      formPost({ email: env.admin.email, password: "senha-errada-123", redirectTo: "/" }, PUBLIC_URL),
    );
    expect(response.status).toBe(401);
  });

  it("a post whose Origin is the upstream address (not PUBLIC_URL) is refused with 403", async () => {
    const response = await viaDefaultProxy(
      "/login-corretores",
      formPost({ email: env.admin.email, password: env.admin.password, redirectTo: "/" }, `http://${UPSTREAM_HOST}`),
    );
    expect(response.status).toBe(403);
  });
});
