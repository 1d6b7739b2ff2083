/**
 * The site on the open internet, tried as an attacker would against the
 * production build (docs/decisions/0021-trusted-origin-and-input-hygiene.md):
 * foreign hosts, poisoned caches, links mailed to a foreign host, hostile
 * paths, parameters and bodies (a fast-check property: never a 5xx), foreign
 * origins on writes, oversized bodies, and the security headers of a real page
 * (the module preloads carry the nonce too; scripts and styles are sent
 * precompressed).
 *
 * Requests go out through `node:http` with the target exactly as written
 * (fetch and Playwright's request context would normalise `..`, `\` and
 * escapes away). Every request sends its own `X-Forwarded-For` from the
 * documentation range: the test peer is loopback, which TRUST_PROXY trusts,
 * so the per-IP rate limits of the forms keep their budget for other specs.
 */
import http from "node:http";
import zlib from "node:zlib";
import { rawRequest, type RawAnswer } from "../integration/helpers/raw-request";
import fc from "fast-check";
import { baseURL } from "../../playwright.config";
import { createBroker, outboxMessagesTo } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { listingPaths, waitForHydration } from "./helpers";

const base = new URL(baseURL);

let clientNumber = 0;

/** Sends one request with the target exactly as given. */
function send(
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  clientNumber = (clientNumber % 250) + 1;
  return rawRequest(
    undefined,
    {
      host: base.hostname,
      port: base.port,
      method,
      path: target,
      headers: { "X-Forwarded-For": `198.51.100.${clientNumber}`, Accept: "text/html", ...options.headers },
    },
    options.body,
  );
}

const sameOrigin = { Origin: base.origin };

test.describe("one trusted origin", () => {
  test("a foreign Host or X-Forwarded-Host is refused with 421 and never reaches a page, the sitemap or robots.txt", async () => {
    for (const path of ["/", "/sitemap.xml", "/robots.txt", "/todos-os-imoveis"]) {
      expect((await send("GET", path, { headers: { Host: "evil.example" } })).status, path).toBe(421);
      expect((await send("GET", path, { headers: { "X-Forwarded-Host": "evil.example" } })).status, path).toBe(421);
    }
    // What a later visitor gets carries only the site's own origin.
    for (const path of ["/", "/sitemap.xml", "/robots.txt"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).not.toContain("evil.example");
    }
  });

  test("a password reset asked through a foreign host mails nothing; through the site's own host the link is the site's", async () => {
    // A broker of its own: the reset e-mails per address are rate-limited, and other specs reset the admin.
    const broker = await createBroker({ uid: "seguranca-reset" });
    const before = outboxMessagesTo(broker.email).length;
    const body = JSON.stringify({ email: broker.email });
    const headers = { "Content-Type": "application/json", Accept: "application/json" };
    const refused = await send("POST", "/api/auth/reset-password", {
      headers: { ...headers, "X-Forwarded-Host": "evil.example" },
      body,
    });
    expect(refused.status).toBe(421);
    expect(outboxMessagesTo(broker.email).length).toBe(before);

    const accepted = await send("POST", "/api/auth/reset-password", { headers: { ...headers, ...sameOrigin }, body });
    expect(accepted.status).toBeLessThan(300);
    await expect.poll(() => outboxMessagesTo(broker.email).length).toBe(before + 1);
    const mail = outboxMessagesTo(broker.email).at(-1) ?? "";
    expect(mail).toContain(`${base.origin}/login-corretores/reset-de-senha`);
    expect(mail).not.toContain("evil.example");
  });
});

test.describe("hostile input never gives a 500", () => {
  test("NUL bytes, backslashes and malformed escapes answer 404 (paths) or 400 (parameters, bodies) with the spec's screen", async () => {
    for (const path of ["/detalhes/x/%00", "/detalhes/%00", "/membro/%00", "/%5C", "/detalhes/%E0%A4%A"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain("Página não encontrada");
    }
    const api = await send("GET", "/api/auth/user/%00", { headers: { Accept: "application/json" } });
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ error: "Endereço inválido." });
    expect((await send("GET", "/mapa/pontos?imovel=%00", { headers: { Accept: "*/*" } })).status).toBe(400);
    const json = { "Content-Type": "application/json", Accept: "application/json", ...sameOrigin };
    for (const path of ["/api/email/sell-property", "/api/members"]) {
      const answer = await send("POST", path, {
        headers: json,
        body: '{"name":"a\\u0000b","phone":"11999990000","location":"Moema"}',
      });
      expect(answer.status, path).toBe(400);
    }
  });

  test("a form post from another origin, or with Origin null, is a 403 on the error screen, not a 500", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const origin of ["https://evil.example", "null"]) {
      const answer = await send("POST", "/?index", {
        headers: { ...form, Origin: origin },
        body: "name=Ana&phone=11999990000&location=Moema",
      });
      expect(answer.status, origin).toBe(403);
      expect(answer.body).toContain("Origem da requisição não permitida.");
      expect(answer.body).toContain("Voltar para o início");
    }
    const login = await send("POST", "/login-corretores", {
      headers: { ...form, "Sec-Fetch-Site": "cross-site" },
      body: "email=a%40b.com&password=x",
    });
    expect(login.status).toBe(403);
  });

  test("a body over the limit is a 413 with a short pt-BR answer that echoes nothing", async () => {
    const huge = `name=${"a".repeat(2 * 1024 * 1024)}&phone=11999990000&location=Moema`;
    const answer = await send("POST", "/?index", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...sameOrigin },
      body: huge,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("O conteúdo enviado é grande demais (máximo de 64 KB).");
    expect(answer.body.length).toBeLessThan(100_000);
    expect(answer.body).not.toContain("a".repeat(1000));
    const api = await send("POST", "/api/email/sell-property", {
      headers: { "Content-Type": "application/json", Accept: "application/json", ...sameOrigin },
      body: JSON.stringify({ name: "a".repeat(200_000), phone: "11999990000", location: "Moema" }),
    });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({ error: "O conteúdo enviado é grande demais (máximo de 64 KB)." });
  });

  test("property: hostile path segments, parameters and bodies on every public route and API never get a 5xx", async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const [listing] = await listingPaths(request);
    const [, , slug, id] = (listing ?? "/detalhes/x/1").split("/");
    const raw = fc.constantFrom(
      "%00",
      "%",
      "%ZZ",
      "%C3%28",
      "%ED%A0%80",
      "%5C",
      "..",
      "%2e%2e",
      "%0d%0a",
      "%FF",
      "%F0%9F%98%80",
      "%EF%BB%BF",
      "",
      "-1",
      "0",
      "99999999999999999999",
    );
    const encoded = fc.string({ unit: "binary", maxLength: 300 }).map((value) => encodeURIComponent(value));
    const hostile = fc.oneof(
      raw,
      encoded,
      fc.array(raw, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("")),
    );
    const getTemplates = [
      (x: string) => `/${x}`,
      (x: string) => `/todos-os-imoveis/${x}`,
      (x: string) => `/todos-os-imoveis/venda-apartamento?pagina=${x}&quartos=${x}&ordem=${x}`,
      (x: string) => `/todos-os-imoveis?preco_min=${x}&bairros=${x}&codigo=${x}`,
      (x: string) => `/mapa?${x}=${x}`,
      (x: string) => `/mapa/pontos?bbox=${x}&zoom=${x}&imovel=${x}`,
      (x: string) => `/busca?q=${x}&pagina=${x}`,
      (x: string) => `/busca/sugestoes?q=${x}`,
      (x: string) => `/corretor/${x}`,
      (x: string) => `/condominios?pagina=${x}`,
      (x: string) => `/detalhes/${x}`,
      (x: string) => `/detalhes/${x}/${x}`,
      (x: string) => `/detalhes/${slug}/${x}`,
      (x: string) => `/detalhes/${x}/${id}`,
      (x: string) => `/obrigado?assunto=${x}&imovel=${x}`,
      (x: string) => `/obrigado-whatsapp?imovel=${x}&pagina=${x}&utm_source=${x}`,
      (x: string) => `/membro/${x}`,
      (x: string) => `/login-corretores?redirectTo=${x}`,
      (x: string) => `/login-corretores/reset-de-senha?token=${x}&email=${x}`,
      (x: string) => `/imagens?src=${x}&w=${x}&fmt=${x}`,
      (x: string) => `/arquivos/${x}`,
      (x: string) => `/sitemap.xml?${x}`,
      (x: string) => `/api/auth/user/${x}`,
      (x: string) => `/api/members/${x}`,
      (x: string) => `/api/auth/reset-password/${x}`,
      (x: string) => `/painel/imovel/${x}`,
      (x: string) => `/admin/membros/${x}`,
      (x: string) => `/${x}.data`,
      (x: string) => `/${x}.data?_routes=${x}`,
      (x: string) => `/${x}?_data=${x}`,
    ];
    const accepts = fc.constantFrom("text/html", "application/json", "*/*");
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: getTemplates.length - 1 }), hostile, accepts, async (index, value, accept) => {
        const target = getTemplates[index]!(value);
        const answer = await send("GET", target, { headers: { Accept: accept } });
        expect(answer.status, `GET ${target}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );

    const postTargets = [
      "/?index",
      `/detalhes/${slug}/${id}`,
      `/detalhes/${slug}`,
      "/login-corretores",
      "/login-corretores/reset-de-senha",
      "/api/email/sell-property",
      "/api/email/more-information",
      "/api/auth/reset-password",
      "/api/auth/reset-password/abc",
      "/api/members",
      "/api/auth",
    ];
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 3000 }),
      fc.constantFrom("\u0000", "\r\n", "a\r\nBcc: x@evil.example", "javascript:alert(1)", "//evil.example", "/\\evil"),
    );
    const field = fc.constantFrom(
      "name",
      "phone",
      "location",
      "email",
      "message",
      "code",
      "password",
      "intent",
      "newPassword",
      "token",
      "_form_key",
      "redirectTo",
    );
    const formBody = fc.dictionary(field, text, { maxKeys: 8 }).map((fields) => new URLSearchParams(fields).toString());
    const jsonBody = fc.oneof(
      fc
        .dictionary(
          field,
          fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 })),
          { maxKeys: 8 },
        )
        .map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
    );
    const body = fc.oneof(
      formBody.map((value) => ({ type: "application/x-www-form-urlencoded", value })),
      jsonBody.map((value) => ({ type: "application/json", value })),
      fc.string({ maxLength: 500 }).map((value) => ({ type: "text/plain", value })),
      fc
        .uint8Array({ maxLength: 500 })
        .map((value) => ({ type: "multipart/form-data; boundary=x", value: Buffer.from(value) })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postTargets),
        body,
        fc.constantFrom("POST", "PUT", "DELETE"),
        accepts,
        async (target, payload, method, accept) => {
          const answer = await send(method, target, {
            headers: { "Content-Type": payload.type, Accept: accept, ...sameOrigin },
            body: payload.value,
          });
          expect(answer.status, `${method} ${target} ${payload.type}`).toBeLessThan(500);
        },
      ),
      { numRuns: 250 },
    );
  });
});

test.describe("security headers", () => {
  test("a real page's scripts all carry this answer's CSP nonce; Permissions-Policy is set; no HSTS over http", async () => {
    for (const path of ["/", "/todos-os-imoveis", "/mapa"]) {
      const answers = [await send("GET", path), await send("GET", path)];
      const nonces = answers.map((answer) => {
        const csp = String(answer.headers["content-security-policy"] ?? "");
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
        expect(scriptSrc, path).not.toContain("unsafe-inline");
        expect(scriptSrc, path).toContain("'strict-dynamic'");
        const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1] ?? "";
        expect(nonce.length, path).toBeGreaterThanOrEqual(16);
        const scripts = [...answer.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
        const executable = scripts.filter((attributes) => !attributes.includes('type="application/ld+json"'));
        expect(executable.length, path).toBeGreaterThan(0);
        for (const attributes of executable) expect(attributes, path).toContain(`nonce="${nonce}"`);
        expect(String(answer.headers["permissions-policy"] ?? ""), path).toContain("camera=()");
        expect(answer.headers["strict-transport-security"], path).toBeUndefined();
        expect(answer.headers["x-frame-options"], path).toBe("DENY");
        return nonce;
      });
      // Also when the second answer came from the page cache, it has a nonce of its own.
      expect(nonces[0], path).not.toBe(nonces[1]);
    }
  });
});

test.describe("scripts start after the first paint, compressed once at build time", () => {
  test("no script is fetched before the first contentful paint; then every module of the first load is preloaded with this answer's nonce, and the page hydrates", async ({
    page,
  }) => {
    const answer = await send("GET", "/todos-os-imoveis");
    // The document: <Scripts>' preloads and module script are inert (ADR 0049), the loader comes after them.
    expect(answer.body).not.toContain('rel="modulepreload"');
    expect(answer.body).not.toMatch(/<script[^>]*type="module"/);
    const inert = [...answer.body.matchAll(/<link rel="x-modulepreload-after-paint" href="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(inert.length).toBeGreaterThan(5);
    // What the module script imports first: the route modules, then the client entry.
    const imported = [...answer.body.matchAll(/import(?: \* as route\d+ from |\()"(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    );
    expect(imported.length).toBeGreaterThan(1);
    for (const href of imported) expect(inert, href).toContain(href);

    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (event) =>
        w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const response = await page.goto("/todos-os-imoveis");
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
    await waitForHydration(page);
    const seen = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
        path: new URL(link.href).pathname,
        nonce: link.nonce,
      })),
      violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
    }));
    expect(seen.firstContentfulPaint).not.toBeNull();
    expect(seen.scripts.length).toBeGreaterThan(5);
    for (const script of seen.scripts)
      expect(script.start, script.path).toBeGreaterThanOrEqual(seen.firstContentfulPaint!);
    for (const href of imported) expect(seen.preloads.map((link) => link.path)).toContain(href);
    // The first load's preloads (later ones are Vite's, for dynamic imports: script-inserted, allowed by 'strict-dynamic').
    const firstLoad = seen.preloads.filter((link) => inert.includes(link.path));
    expect(firstLoad.map((link) => link.path).sort()).toEqual([...inert].sort());
    for (const link of firstLoad) expect(link.nonce, link.path).toBe(nonce);
    expect(seen.violations).toEqual([]);
    // A document React could not hydrate as rendered would be rendered again, with error #418 in the console.
    expect(errors).toEqual([]);
  });

  test("scripts and styles are sent as built: brotli or gzip by Accept-Encoding, the same bytes once decoded, cached for a year", async () => {
    const page = await send("GET", "/");
    const assets = [
      /\/assets\/entry\.client-[\w-]+\.js/.exec(page.body)?.[0],
      // The stylesheet every page shares (ADR 0047).
      /\/assets\/shell-[\w-]+\.css/.exec(page.body)?.[0],
    ];
    for (const asset of assets) {
      expect(asset).toBeDefined();
      const plain = await fetchBytes(asset!, "identity");
      expect(plain.encoding, asset).toBeUndefined();
      const brotli = await fetchBytes(asset!, "gzip, deflate, br, zstd");
      expect(brotli.encoding, asset).toBe("br");
      expect(brotli.cacheControl, asset).toContain("immutable");
      expect(brotli.vary, asset).toContain("Accept-Encoding");
      // Immutable: nothing to revalidate or fetch in ranges, so no header for it on each file (ADR 0047).
      expect(brotli.revalidation, asset).toEqual([undefined, undefined, undefined]);
      expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body), asset).toBe(true);
      expect(brotli.body.length, asset).toBeLessThan(plain.body.length);
      const gzip = await fetchBytes(asset!, "gzip");
      expect(gzip.encoding, asset).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).equals(plain.body), asset).toBe(true);
    }
  });
});

/** GET `target` with `acceptEncoding`; the body as sent (not decoded). */
function fetchBytes(
  target: string,
  acceptEncoding: string,
): Promise<{
  encoding?: string;
  cacheControl?: string;
  vary?: string;
  revalidation: (string | undefined)[];
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path: target, headers: { "Accept-Encoding": acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            encoding: response.headers["content-encoding"],
            cacheControl: response.headers["cache-control"],
            vary: response.headers["vary"],
            revalidation: [
              response.headers["etag"],
              response.headers["last-modified"],
              response.headers["accept-ranges"],
            ],
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}
