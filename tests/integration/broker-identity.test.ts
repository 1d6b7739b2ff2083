/**
 * One broker identity (ADR 0085), against the real Firebase Auth emulator
 * with PGlite: the admin links a member to a Vista broker code and a login
 * (one active member each, pt-BR messages beside the fields; activation
 * refused while another active member has them), `users.broker_code` and the
 * claim follow the member's code, the listing page's broker card shows the
 * member when linked and the Vista broker otherwise, `/corretor/{filtro}`
 * answers 301 to `/membro/{slug}` for a linked broker (query kept) and 200
 * otherwise, the member page pages the broker's listings, and the sitemap
 * lists each person once.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clearBrokerCache } from "~/.server/catalogue/brokers";
import { clearSitemapCache, sitemapEntries } from "~/.server/catalogue/sitemap";
import { brokers, listings, members, users } from "~/.server/db/schema";
import { reactivateMember, softDeleteMember } from "~/.server/members";
import type { Listing } from "~/domain/listing";
import { LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { listingPath } from "~/lib/urls";
import * as adminMember from "~/routes/admin-member";
import { loader as brokerLoader } from "~/routes/broker";
import { loader as listingLoader } from "~/routes/listing";
import { loader as memberLoader } from "~/routes/member";
import { makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { answer, TEST_ORIGIN as ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";

const AGENT_UID = "agent-identity";
const env = useAuthTestEnv("broker-identity", { uid: AGENT_UID, claims: { role: "agent", brokerCode: "OLD1" } });
const db = () => env.test.database.db;

/** Vista's Camila (first name, no CRECI, a remote photo) and Bruno (CRECI from Vista). */
const CAMILA = makeBroker("77", "Camila", { creci: "", photoUrl: "https://cdn.vistahost.com.br/t/77.jpg" });
const BRUNO = makeBroker("88", "Bruno Sá", { creci: "5555-F" });
const CAMILA_LISTINGS = LISTINGS_PAGE_SIZE + 6;
const MEMBER_SLUG = "camila-rodrigues-moreira";
const rowsOf: Record<string, Listing[]> = { "77": [], "88": [] };

beforeAll(async () => {
  const now = new Date("2026-07-01T12:00:00Z");
  const all: Listing[] = [];
  for (let i = 0; i < CAMILA_LISTINGS + 2; i++) {
    const broker = i < CAMILA_LISTINGS ? CAMILA : BRUNO;
    const listing = makeListing({ code: `ID${String(i).padStart(3, "0")}`, broker, salePrice: 400_000 + i * 1_000 });
    rowsOf[broker.code].push(listing);
    all.push(listing);
  }
  await db()
    .insert(listings)
    .values(all.map((listing) => storedRow(listing, { condominiumSlug: null, now })));
  await db()
    .insert(brokers)
    .values([CAMILA, BRUNO].map((b) => ({ code: b.code, data: b })));
  clearBrokerCache();
  clearSitemapCache();
});

function request(who: Who, pathAndQuery: string, form?: Record<string, string>): Request {
  const headers = new Headers();
  if (env.cookies[who]) headers.set("Cookie", `session=${env.cookies[who]}`);
  if (!form) return new Request(`${ORIGIN}${pathAndQuery}`, { headers });
  headers.set("Origin", ORIGIN);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${ORIGIN}${pathAndQuery}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

const args = (req: Request, params: Record<string, string> = {}) =>
  ({ request: req, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;

/** Posts the member form as the admin (`id` "novo" creates). */
function saveAsAdmin(id: string, fields: Record<string, string>): Promise<Response> {
  const form = { intent: "save", sortOrder: "0", active: "on", userUid: "nenhum", ...fields };
  return answer(() => adminMember.action(args(request("admin", `/admin/membros/${id}`, form), { id })));
}

const camilaForm = (extra: Record<string, string> = {}) => ({
  name: "Camila Rodrigues Moreira",
  slug: MEMBER_SLUG,
  title: "Corretora",
  creci: "123456-F",
  brokerCode: "77",
  userUid: AGENT_UID,
  ...extra,
});

async function userBrokerCode(uid: string): Promise<string | null> {
  const [row] = await db().select({ code: users.brokerCode }).from(users).where(eq(users.uid, uid));
  return row?.code ?? null;
}

async function memberIdOf(slug: string): Promise<number> {
  const [row] = await db().select({ id: members.id }).from(members).where(eq(members.slug, slug));
  return row!.id;
}

const brokerPage = (url: string) => {
  const filtro = decodeURIComponent(new URL(url, ORIGIN).pathname.replace(/^\/corretor\//, ""));
  return answer(() => brokerLoader(args(request("anonymous", url), { filtro })));
};

async function listingBrokerFace(listing: Listing) {
  const path = listingPath({ ...listing, condominiumSlug: null });
  const [, , condominio, id] = path.split("/");
  const response = await answer(() => listingLoader(args(request("anonymous", path), { condominio, id })));
  expect(response.status).toBe(200);
  return ((await response.json()) as { brokerFace: Record<string, unknown> }).brokerFace;
}

describe("linking a member to a Vista broker and a login", () => {
  it("links the member; the user's broker code and claim follow the member's code", async () => {
    const created = await saveAsAdmin("novo", camilaForm());
    expect(created.status).toBe(302);
    const id = await memberIdOf(MEMBER_SLUG);
    const [row] = await db().select().from(members).where(eq(members.id, id));
    expect([row!.brokerCode, row!.userUid]).toEqual(["77", AGENT_UID]);
    expect(await userBrokerCode(AGENT_UID)).toBe("77");
    expect((await env.backend.auth.getUser(AGENT_UID)).customClaims?.brokerCode).toBe("77");

    // The member's code is the source: a new code is copied, a cleared one is cleared.
    expect((await saveAsAdmin(String(id), camilaForm({ brokerCode: "88" }))).status).toBe(302);
    expect(await userBrokerCode(AGENT_UID)).toBe("88");
    expect((await saveAsAdmin(String(id), camilaForm({ brokerCode: "" }))).status).toBe(302);
    expect(await userBrokerCode(AGENT_UID)).toBeNull();
    expect((await env.backend.auth.getUser(AGENT_UID)).customClaims?.brokerCode).toBeUndefined();
    // Unlinking the login takes the member's code back from it.
    expect((await saveAsAdmin(String(id), camilaForm())).status).toBe(302);
    expect(await userBrokerCode(AGENT_UID)).toBe("77");
    expect((await saveAsAdmin(String(id), camilaForm({ userUid: "nenhum" }))).status).toBe(302);
    expect(await userBrokerCode(AGENT_UID)).toBeNull();
    expect((await saveAsAdmin(String(id), camilaForm())).status).toBe(302);
    expect(await userBrokerCode(AGENT_UID)).toBe("77");
    // Deleting the member takes the code from the login (a person who left); "Reativar" gives it back.
    await softDeleteMember(db(), id);
    expect(await userBrokerCode(AGENT_UID)).toBeNull();
    await reactivateMember(db(), id);
    expect(await userBrokerCode(AGENT_UID)).toBe("77");
  });

  it("refuses a broker code or a login another active member has, beside the field", async () => {
    const refused = await saveAsAdmin("novo", { name: "Outra Pessoa", brokerCode: "77", userUid: AGENT_UID });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.brokerCode?.[0]).toBe(
      "O código 77 do Vista já está ligado a Camila Rodrigues Moreira, que está ativo. Desligue-o de lá antes.",
    );
    expect(body.result.error.userUid?.[0]).toBe(
      "Este login já está ligado a Camila Rodrigues Moreira, que está ativo. Desligue-o de lá antes.",
    );
    const unknown = await saveAsAdmin("novo", { name: "Outra Pessoa", userUid: "nao-existe" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { result: { error: Record<string, string[]> } }).result.error.userUid?.[0]).toBe(
      "Este login não existe mais. Escolha outro da lista.",
    );
  });

  it("keeps an inactive namesake with the same code, but does not show it while the first is active", async () => {
    const saved = await saveAsAdmin("novo", { name: "Camila Antiga", slug: "camila-antiga", brokerCode: "77" });
    expect(saved.status).toBe(409);
    const inactive = await saveAsAdmin("novo", {
      name: "Camila Antiga",
      slug: "camila-antiga",
      brokerCode: "77",
      active: "",
    });
    expect(inactive.status).toBe(302);
    const id = await memberIdOf("camila-antiga");
    const activate = await answer(() =>
      adminMember.action(args(request("admin", `/admin/membros/${id}`, { intent: "activate" }), { id: String(id) })),
    );
    expect(activate.status).toBe(409);
    expect(((await activate.json()) as { error: string }).error).toMatch(
      /^Não foi possível mostrar no site: O código 77 do Vista já está ligado a Camila Rodrigues Moreira/,
    );
  });
});

describe("one face on the public site", () => {
  it("the listing page shows the member for a linked broker and Vista's broker otherwise", async () => {
    expect(await listingBrokerFace(rowsOf["77"][0]!)).toEqual({
      name: "Camila Rodrigues Moreira",
      photo: null,
      credential: "Corretora de Imóveis · CRECI 123456-F",
      credentialText: "Camila Rodrigues Moreira · Corretora de Imóveis · CRECI 123456-F",
      path: `/membro/${MEMBER_SLUG}`,
      member: true,
    });
    expect(await listingBrokerFace(rowsOf["88"][0]!)).toMatchObject({
      name: "Bruno Sá",
      credential: "Corretor de Imóveis · CRECI 5555-F",
      path: "/corretor/bruno-sa",
      member: false,
    });
  });

  it("/corretor/{filtro} answers 301 to the member's page for a linked broker, query kept; 200 otherwise", async () => {
    for (const [from, to] of [
      ["/corretor/camila", `/membro/${MEMBER_SLUG}`],
      ["/corretor/77", `/membro/${MEMBER_SLUG}`],
      [`/corretor/${MEMBER_SLUG}`, `/membro/${MEMBER_SLUG}`],
      [
        "/corretor/camila?ordem=menor-preco&pagina=2&utm_source=x",
        `/membro/${MEMBER_SLUG}?ordem=menor-preco&pagina=2&utm_source=x`,
      ],
    ]) {
      const response = await brokerPage(from!);
      expect([from, response.status, response.headers.get("Location")]).toEqual([from, 301, to]);
    }
    const bruno = await brokerPage("/corretor/bruno-sa");
    expect(bruno.status).toBe(200);
    const data = (await bruno.json()) as { face: { credential: string; member: boolean } };
    expect(data.face).toMatchObject({ credential: "Corretor de Imóveis · CRECI 5555-F", member: false });
  });

  it("the member page pages the broker's listings with the credential line; past the last page is 302", async () => {
    const first = await answer(() =>
      memberLoader(args(request("anonymous", `/membro/${MEMBER_SLUG}`), { id: MEMBER_SLUG })),
    );
    const data = (await first.json()) as {
      listings: unknown[];
      totalListings: number;
      pageCount: number;
      nextUrl: string | null;
      credential: { role: string; registration: string };
    };
    expect([data.listings.length, data.totalListings, data.pageCount]).toEqual([
      LISTINGS_PAGE_SIZE,
      CAMILA_LISTINGS,
      2,
    ]);
    expect(data.nextUrl).toBe(`${ORIGIN}/membro/${MEMBER_SLUG}?pagina=2`);
    expect(data.credential).toMatchObject({ role: "Corretora de Imóveis", registration: "CRECI 123456-F" });
    const second = await answer(() =>
      memberLoader(args(request("anonymous", `/membro/${MEMBER_SLUG}?pagina=2`), { id: MEMBER_SLUG })),
    );
    expect(((await second.json()) as { listings: unknown[] }).listings).toHaveLength(CAMILA_LISTINGS - 24);
    const past = await answer(() =>
      memberLoader(args(request("anonymous", `/membro/${MEMBER_SLUG}?pagina=9`), { id: MEMBER_SLUG })),
    );
    expect([past.status, past.headers.get("Location")]).toEqual([302, `/membro/${MEMBER_SLUG}?pagina=2`]);
  });

  it("the sitemap lists the member's page instead of the linked broker's, each person once", async () => {
    clearSitemapCache();
    const paths = (await sitemapEntries(db())).map((entry) => entry.path);
    expect(paths.filter((p) => p === `/membro/${MEMBER_SLUG}`)).toHaveLength(1);
    expect(paths).not.toContain("/corretor/camila");
    expect(paths).toContain("/corretor/bruno-sa");
    expect(paths).not.toContain("/membro/camila-antiga");
  });

  it("a deactivated member gives the broker back its Vista face and its /corretor page", async () => {
    const id = await memberIdOf(MEMBER_SLUG);
    const off = await answer(() =>
      adminMember.action(args(request("admin", `/admin/membros/${id}`, { intent: "deactivate" }), { id: String(id) })),
    );
    expect(off.status).toBe(302);
    expect((await brokerPage("/corretor/camila")).status).toBe(200);
    expect(await listingBrokerFace(rowsOf["77"][1]!)).toMatchObject({
      name: "Camila",
      path: "/corretor/camila",
      member: false,
      photo: { src: CAMILA.photoUrl, local: false },
    });
  });
});
