/**
 * The owner-data access log and hourly limit through the real routes
 * (ADR 0022), against the REAL Firebase Auth emulator, the Vista sandbox and
 * PGlite: a view of `/painel/imovel/{codigo}/dados` writes a row; over
 * `OWNER_DATA_LIMIT_PER_HOUR` (2 here) the JSON route answers 429 with
 * `Retry-After` and the page shows the message, re-opening a counted listing
 * still works, and rows of another process count; `/admin/acessos` is the
 * admin's only, filtered by user and listing.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ownerDataAccess } from "~/.server/db/schema";
import { setVistaTarget } from "~/.server/vista/target";
import * as adminOwnerAccess from "~/routes/admin-owner-access";
import * as panelListing from "~/routes/panel-listing";
import * as panelListingData from "~/routes/panel-listing-data";
import { answer, startAuthTestEnv, TEST_ORIGIN, type AuthTestEnv, type TestUser } from "./helpers/auth-env";
import { startTestSandbox, type TestSandbox } from "./helpers/sandbox";

// Read once by the configuration, before anything asks for it.
vi.hoisted(() => {
  process.env.OWNER_DATA_LIMIT_PER_HOUR = "2";
});

let env: AuthTestEnv;
let sandbox: TestSandbox;
/** Sandbox listing codes. */
let codes: string[] = [];

beforeAll(async () => {
  env = await startAuthTestEnv("owner-access", {
    uid: "agent-owner-access",
    claims: { role: "agent", brokerCode: "7" },
  });
  sandbox = await startTestSandbox();
  setVistaTarget({ baseUrl: sandbox.url, key: sandbox.sandbox.key });
  const page = await sandbox.client.listar({ fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 6 } });
  codes = page.items.map((item) => String(item.Codigo));
  expect(codes.length).toBeGreaterThanOrEqual(5);
});

afterAll(async () => {
  await sandbox?.close();
  await env?.close();
});

/** A GET as `who` (null: anonymous) with the helper's session cookie. */
function get(who: TestUser | null, pathAndQuery: string): Request {
  const headers = new Headers({ "User-Agent": "Mozilla/5.0 (Teste de integração)" });
  if (who) headers.set("Cookie", `session=${who.cookie}`);
  return new Request(`${TEST_ORIGIN}${pathAndQuery}`, { headers });
}

const args = (request: Request, params: Record<string, string> = {}, clientIp = "203.0.113.7") =>
  ({ request, params, context: { clientIp } }) as LoaderFunctionArgs;

async function rowsOf(uid: string) {
  return env.test.database.db
    .select()
    .from(ownerDataAccess)
    .where(eq(ownerDataAccess.uid, uid))
    .orderBy(ownerDataAccess.at);
}

function openData(who: TestUser, code: string, clientIp?: string): Promise<Response> {
  return answer(() =>
    panelListingData.loader(args(get(who, `/painel/imovel/${code}/dados`), { codigo: code }, clientIp)),
  );
}

describe("the access log and the hourly limit", () => {
  it("a view writes a row with uid, e-mail, listing, IP and User-Agent; the response is private", async () => {
    const response = await openData(env.agent, codes[0]!, "198.51.100.23");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await response.json()).listing).not.toBeNull();
    expect(await rowsOf(env.agent.uid)).toMatchObject([
      {
        uid: env.agent.uid,
        email: env.agent.email,
        listingCode: codes[0],
        ip: "198.51.100.23",
        userAgent: "Mozilla/5.0 (Teste de integração)",
        allowed: true,
      },
    ]);
  });

  it("refuses the (N+1)th distinct listing with 429 and Retry-After, records it, and re-opening a counted listing works", async () => {
    expect((await openData(env.agent, codes[1]!)).status).toBe(200);
    const refused = await openData(env.agent, codes[2]!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body.listing).toBeNull();
    expect(body.error).toMatch(
      /^Você atingiu o limite de 2 imóveis por hora com dados de proprietários\. Tente novamente às \d\d:\d\d\.$/,
    );

    const again = await openData(env.agent, codes[0]!);
    expect(again.status).toBe(200);
    expect((await again.json()).listing).not.toBeNull();

    expect((await rowsOf(env.agent.uid)).map((row) => [row.listingCode, row.allowed])).toEqual([
      [codes[0], true],
      [codes[1], true],
      [codes[2], false],
      [codes[0], true],
    ]);
  });

  it("the page shows the limit message (429) without owner data", async () => {
    const response = await answer(() =>
      panelListing.loader(args(get(env.agent, `/painel/imovel/${codes[3]}`), { codigo: codes[3]! })),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({
      code: codes[3],
      listing: null,
      error: expect.stringMatching(/^Você atingiu o limite de 2 imóveis/),
    });
    expect(panelListing.headers({ loaderHeaders: response.headers } as never)).toMatchObject({
      "Cache-Control": "private, no-store",
      "Retry-After": response.headers.get("Retry-After"),
    });
  });

  it("counts the rows written by another process (the admin is limited too)", async () => {
    const now = new Date();
    await env.test.database.db.insert(ownerDataAccess).values([
      {
        uid: env.admin.uid,
        email: env.admin.email,
        listingCode: "OUTRO-PROCESSO-1",
        at: new Date(now.getTime() - 10 * 60_000),
      },
      {
        uid: env.admin.uid,
        email: env.admin.email,
        listingCode: "OUTRO-PROCESSO-2",
        at: new Date(now.getTime() - 5 * 60_000),
      },
    ]);
    expect((await openData(env.admin, codes[4]!)).status).toBe(429);
    expect((await rowsOf(env.admin.uid)).at(-1)).toMatchObject({ listingCode: codes[4], allowed: false });
  });
});

describe("/admin/acessos", () => {
  const load = (who: TestUser | null, query = "") =>
    answer(() => adminOwnerAccess.loader(args(get(who, `/admin/acessos${query}`))));

  it("anonymous → redirect to the login; agent → 403", async () => {
    const anonymous = await load(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      `/login-corretores?redirectTo=${encodeURIComponent("/admin/acessos")}`,
    );
    expect((await load(env.agent)).status).toBe(403);
  });

  it("admin → 200, never cached, newest first, with the per-user summary", async () => {
    const response = await load(env.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = await response.json();
    expect(data.page.total).toBe(8);
    const times = data.page.items.map((item: { at: string }) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.summary).toMatchObject([
      { uid: env.agent.uid, email: env.agent.email, listings: 2, views: 3, refused: 2 },
      { uid: env.admin.uid, email: env.admin.email, listings: 2, views: 2, refused: 1 },
    ]);
  });

  it("filters by user (e-mail or uid) and by listing", async () => {
    const byEmail = await (
      await load(env.admin, `?usuario=${encodeURIComponent(env.agent.email.toUpperCase())}`)
    ).json();
    expect(byEmail.page.total).toBe(5);
    expect(new Set(byEmail.page.items.map((item: { uid: string }) => item.uid))).toEqual(new Set([env.agent.uid]));
    const byUid = await (await load(env.admin, `?usuario=${env.admin.uid}`)).json();
    expect(byUid.page.items.map((item: { listingCode: string }) => item.listingCode)).toEqual([
      codes[4],
      "OUTRO-PROCESSO-2",
      "OUTRO-PROCESSO-1",
    ]);
    const byListing = await (await load(env.admin, `?imovel=${codes[0]}`)).json();
    expect(byListing.page.items).toMatchObject([
      { listingCode: codes[0], email: env.agent.email, allowed: true },
      { listingCode: codes[0], email: env.agent.email, allowed: true, ip: "198.51.100.23" },
    ]);
    const refused = await (await load(env.admin, `?usuario=${env.agent.uid}&situacao=recusado`)).json();
    expect(refused.page.items.map((item: { listingCode: string }) => item.listingCode)).toEqual([codes[3], codes[2]]);
  });
});
