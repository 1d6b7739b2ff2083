/**
 * Who may request what (ADR 0016): the authorization matrix — every
 * protected route and action requested as anonymous, agent and admin gives
 * exactly the expected status — and the privacy guarantee:
 * a crawl of public pages as an anonymous visitor finds no owner name or
 * phone of the sandbox's owner data.
 */
import { expect, test } from "./fixtures";
import {
  ADMIN_EMAIL,
  adminPassword,
  createBroker,
  isolatedRequest,
  SESSION_COOKIE,
  sessionCookieFor,
} from "./auth-helpers";
import { listingPaths, splitListingPath } from "./helpers";

type Who = "anonymous" | "agent" | "admin";

/** One row of the matrix: the request and the status for each role (a redirect also names its target). */
interface Row {
  method: "GET" | "POST";
  path: string;
  form?: Record<string, string>;
  /** Send no Origin header (cross-site or non-browser POST). */
  foreign?: boolean;
  expect: Record<Who, number | [number, string]>;
}

test("matriz de autorização: cada rota e ação protegida × anônimo, corretor, administrador", async ({
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const broker = await createBroker({ uid: "matriz", brokerCode: "7" });
  const [path] = await listingPaths(api);
  const code = splitListingPath(path!).id;

  const rows: Row[] = [
    {
      method: "GET",
      path: "/painel",
      expect: { anonymous: [302, "/login-corretores?redirectTo=%2Fpainel"], agent: 200, admin: 200 },
    },
    {
      method: "GET",
      path: `/painel?codigo=${code}`,
      expect: {
        anonymous: [302, `/login-corretores?redirectTo=${encodeURIComponent(`/painel?codigo=${code}`)}`],
        agent: [302, `/painel/imovel/${code}`],
        admin: [302, `/painel/imovel/${code}`],
      },
    },
    {
      method: "GET",
      path: `/painel/imovel/${code}`,
      expect: {
        anonymous: [302, `/login-corretores?redirectTo=${encodeURIComponent(`/painel/imovel/${code}`)}`],
        agent: 200,
        admin: 200,
      },
    },
    { method: "GET", path: `/painel/imovel/${code}/dados`, expect: { anonymous: 401, agent: 200, admin: 200 } },
    {
      method: "GET",
      path: "/painel/imovel/c%C3%B3digo%20ruim/dados",
      expect: { anonymous: 401, agent: 404, admin: 404 },
    },
    {
      method: "GET",
      path: "/painel/imoveis",
      expect: { anonymous: [302, "/login-corretores?redirectTo=%2Fpainel%2Fimoveis"], agent: 200, admin: 200 },
    },
    {
      // Another broker's listings: only an admin may pick the broker.
      method: "GET",
      path: "/painel/imoveis?corretor=22",
      expect: {
        anonymous: [302, `/login-corretores?redirectTo=${encodeURIComponent("/painel/imoveis?corretor=22")}`],
        agent: 403,
        admin: 200,
      },
    },
    {
      method: "GET",
      path: "/painel/leads/00000000-0000-4000-8000-000000000000",
      expect: {
        anonymous: [
          302,
          `/login-corretores?redirectTo=${encodeURIComponent("/painel/leads/00000000-0000-4000-8000-000000000000")}`,
        ],
        agent: 404,
        admin: 404,
      },
    },
    {
      method: "GET",
      path: "/admin/distribuicao",
      expect: {
        anonymous: [302, "/login-corretores?redirectTo=%2Fadmin%2Fdistribuicao"],
        agent: 403,
        admin: 200,
      },
    },
    {
      method: "POST",
      path: "/admin/distribuicao",
      form: { intent: "rule", fallback: "round_robin" },
      foreign: true,
      // Anonymous: sent to sign in first (there is no session to abuse); signed in: the foreign post refused.
      expect: { anonymous: [302, "/login-corretores?redirectTo=%2Fadmin%2Fdistribuicao"], agent: 403, admin: 403 },
    },
    { method: "GET", path: "/api/auth/token/check", expect: { anonymous: 401, agent: 200, admin: 200 } },
    { method: "GET", path: "/api/roles", expect: { anonymous: 401, agent: 403, admin: 200 } },
    {
      method: "GET",
      path: "/login-corretores",
      expect: { anonymous: 200, agent: [302, "/painel"], admin: [302, "/admin"] },
    },
    {
      method: "POST",
      path: "/login-corretores",
      form: { email: "x@y.com", password: "abcdef" },
      foreign: true,
      expect: { anonymous: 403, agent: 403, admin: 403 },
    },
    {
      method: "POST",
      path: "/login-corretores/reset-de-senha",
      form: { intent: "request", email: "x@y.com" },
      foreign: true,
      expect: { anonymous: 403, agent: 403, admin: 403 },
    },
    {
      method: "POST",
      path: "/login-corretores/sair",
      foreign: true,
      expect: { anonymous: 403, agent: 403, admin: 403 },
    },
  ];

  const cookies: Record<Who, string | null> = {
    anonymous: null,
    agent: await sessionCookieFor(broker.email, broker.password),
    admin: await sessionCookieFor(ADMIN_EMAIL, adminPassword()),
  };
  const seen: string[] = [];
  const wanted: string[] = [];
  for (const row of rows) {
    for (const who of ["anonymous", "agent", "admin"] as const) {
      const headers: Record<string, string> = {};
      if (cookies[who]) headers.Cookie = `${SESSION_COOKIE}=${cookies[who]}`;
      if (row.method === "POST" && !row.foreign) headers.Origin = baseURL!;
      const response = await isolatedRequest(row.method, row.path, { headers, form: row.form });
      const expected = row.expect[who];
      const [status, location] = Array.isArray(expected) ? expected : [expected, undefined];
      wanted.push(`${row.method} ${row.path} as ${who}: ${status}${location ? ` → ${location}` : ""}`);
      seen.push(`${row.method} ${row.path} as ${who}: ${response.status}${location ? ` → ${response.location}` : ""}`);
      if (who !== "anonymous" && response.status === 200) {
        expect(response.cacheControl, `${row.path} as ${who}`).toBe("private, no-store");
      }
    }
  }
  expect(seen).toEqual(wanted);

  // Sign-out with the site's Origin: 302 home for everyone, and the session is gone.
  for (const who of ["anonymous", "agent", "admin"] as const) {
    const headers: Record<string, string> = { Origin: baseURL! };
    if (cookies[who]) headers.Cookie = `${SESSION_COOKIE}=${cookies[who]}`;
    const out = await isolatedRequest("POST", "/login-corretores/sair", { headers });
    expect([who, out.status, out.location]).toEqual([who, 302, "/"]);
    if (cookies[who]) {
      const after = await isolatedRequest("GET", "/api/auth/token/check", {
        headers: { Cookie: `${SESSION_COOKIE}=${cookies[who]}` },
      });
      expect([who, after.status]).toEqual([who, 401]);
    }
  }
  await api.dispose();
});

/** Owner names and phones (all digits, and the last 8 as "1234-5678") of some listings, read as the admin. */
async function ownerStrings(cookie: string, codes: string[]): Promise<string[]> {
  const strings = new Set<string>();
  for (const code of codes) {
    const response = await isolatedRequest("GET", `/painel/imovel/${code}/dados`, {
      headers: { Cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(response.status).toBe(200);
    const body = JSON.parse(response.text) as {
      listing: { data: { ownerName: string; owners: { name: string; phone: string }[] } } | null;
    };
    const data = body.listing?.data;
    if (!data) continue;
    if (data.ownerName) strings.add(data.ownerName);
    for (const owner of data.owners) {
      if (owner.name) strings.add(owner.name);
      if (owner.phone) {
        const digits = owner.phone.replace(/\D/g, "");
        strings.add(digits);
        if (digits.length >= 10) strings.add(`${digits.slice(-8, -4)}-${digits.slice(-4)}`);
      }
    }
  }
  return [...strings];
}

test("garantia de privacidade: nenhuma página pública mostra proprietário ou telefone do proprietário", async ({
  playwright,
  baseURL,
}) => {
  const cookie = await sessionCookieFor(ADMIN_EMAIL, adminPassword());
  const anonymous = await playwright.request.newContext({ baseURL });

  const listing = [
    ...(await listingPaths(anonymous)).slice(0, 6),
    ...(await listingPaths(anonymous, "/todos-os-imoveis/aluguel")).slice(0, 4),
  ];
  const codes = listing.map((path) => splitListingPath(path).id);
  const secrets = await ownerStrings(cookie, codes);
  expect(secrets.length).toBeGreaterThanOrEqual(codes.length);

  const condominiums = [...new Set(listing.map((path) => `/detalhes/${splitListingPath(path).slug}`))];
  const pages = [
    "/",
    "/todos-os-imoveis",
    "/todos-os-imoveis/venda",
    "/todos-os-imoveis/aluguel",
    "/condominios",
    "/mapa",
    "/mapa/pontos",
    "/sitemap.xml",
    "/busca?q=moema",
    "/corretor/todos",
    ...listing,
    ...listing.map((path) => `${path}.data`),
    ...condominiums,
  ];
  const leaks: string[] = [];
  for (const path of pages) {
    const response = await anonymous.get(path);
    expect(response.status(), path).toBeLessThan(500);
    const body = await response.text();
    for (const secret of secrets) if (body.includes(secret)) leaks.push(`${path}: ${secret}`);
  }
  expect(leaks).toEqual([]);
  await anonymous.dispose();
});
