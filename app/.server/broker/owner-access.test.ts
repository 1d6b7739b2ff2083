/**
 * The owner-data access log and hourly limit against a real (PGlite)
 * database: rows written per view, the distinct-listing limit with re-opens,
 * rows of other processes, the window, refusals, the admin queries, and
 * `servePrivateListing` end to end with a stubbed Vista client.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { ownerDataAccess } from "~/.server/db/schema";
import type { VistaClient } from "~/.server/vista";
import { VistaNotFoundError } from "~/.server/vista";
import { createTestPglite, type TestDatabase } from "../../../tests/integration/helpers/database";
import {
  admitOwnerDataView,
  listOwnerDataAccess,
  type OwnerDataAttempt,
  ownerDataAttempt,
  ownerDataLimitMessage,
  OWNER_DATA_WINDOW_MS,
  recordOwnerDataView,
  retryAfterSeconds,
  summarizeOwnerDataAccess,
} from "./owner-access";
import { servePrivateListing } from "./private-listing";

let test: TestDatabase;
let db: Db;

beforeAll(async () => {
  test = await createTestPglite();
  db = test.database.db;
});

afterAll(async () => {
  await test?.cleanup();
});

beforeEach(async () => {
  await db.delete(ownerDataAccess);
});

const carla = { uid: "uid-carla", email: "carla@exemplo.com.br" };
const bruno = { uid: "uid-bruno", email: "bruno@exemplo.com.br" };
const T0 = new Date("2026-11-21T17:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function attempt(listingCode: string, reader = carla): OwnerDataAttempt {
  return { reader, listingCode, ip: "203.0.113.7", userAgent: "Mozilla/5.0 (Teste)" };
}

/** Opens `code` as the route does: early check, then the record. */
async function open(code: string, now: Date, limitPerHour: number, reader = carla) {
  const admitted = await admitOwnerDataView(attempt(code, reader), { db, limitPerHour, now });
  if (!admitted.allowed) return admitted;
  return recordOwnerDataView(attempt(code, reader), { db, limitPerHour, now });
}

async function rows(uid = carla.uid) {
  return db.select().from(ownerDataAccess).where(eq(ownerDataAccess.uid, uid)).orderBy(ownerDataAccess.at);
}

describe("ownerDataAttempt", () => {
  it("takes the client IP and the first 300 characters of the User-Agent", () => {
    const request = new Request("http://localhost/painel/imovel/AP1/dados", {
      headers: { "User-Agent": "x".repeat(500) },
    });
    const made = ownerDataAttempt(request, { ...carla, role: "agent" } as typeof carla, "AP1", "198.51.100.4");
    expect(made).toEqual({ reader: carla, listingCode: "AP1", ip: "198.51.100.4", userAgent: "x".repeat(300) });
    expect(ownerDataAttempt(new Request("http://localhost/"), carla, "AP1", undefined)).toMatchObject({
      ip: "",
      userAgent: "",
    });
  });
});

describe("recordOwnerDataView", () => {
  it("writes one allowed row per view with uid, e-mail, listing, time, IP and User-Agent", async () => {
    expect(await recordOwnerDataView(attempt("AP1"), { db, limitPerHour: 120, now: T0 })).toEqual({ allowed: true });
    expect(await recordOwnerDataView(attempt("AP1"), { db, limitPerHour: 120, now: minutes(1) })).toEqual({
      allowed: true,
    });
    const written = await rows();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({
      uid: carla.uid,
      email: carla.email,
      listingCode: "AP1",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Teste)",
      allowed: true,
    });
    expect(written[0]!.at.toISOString()).toBe(T0.toISOString());
  });

  it("still records every view when the limit is 0 (no limit)", async () => {
    for (let i = 0; i < 5; i++) expect((await open(`AP${i}`, T0, 0)).allowed).toBe(true);
    expect(await rows()).toHaveLength(5);
  });
});

describe("the hourly limit of distinct listings", () => {
  it("refuses the (N+1)th distinct listing, records the refusal, and still lets counted listings re-open", async () => {
    expect((await open("AP1", minutes(0), 3)).allowed).toBe(true);
    expect((await open("AP2", minutes(5), 3)).allowed).toBe(true);
    expect((await open("AP3", minutes(10), 3)).allowed).toBe(true);

    const refused = await open("AP4", minutes(20), 3);
    expect(refused).toEqual({ allowed: false, limit: 3, retryAt: minutes(60) });
    expect(retryAfterSeconds(refused as Extract<typeof refused, { allowed: false }>, minutes(20))).toBe(40 * 60);
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ listingCode: "AP4", allowed: false, ip: "203.0.113.7" });

    // Re-opening a listing already counted this hour is always allowed.
    expect(await open("AP2", minutes(25), 3)).toEqual({ allowed: true });
    // The refused attempt did not count: AP4 is still refused, and AP1 still leaves first.
    expect(await open("AP4", minutes(30), 3)).toEqual({ allowed: false, limit: 3, retryAt: minutes(60) });
    expect((await rows()).filter((row) => !row.allowed)).toHaveLength(2);
  });

  it("frees a slot when the oldest counted listing leaves the window, and a re-open keeps a listing counted", async () => {
    await open("AP1", minutes(0), 2);
    await open("AP2", minutes(10), 2);
    await open("AP1", minutes(30), 2); // AP1 now counts until 90 min
    expect(await open("AP3", minutes(61), 2)).toEqual({ allowed: false, limit: 2, retryAt: minutes(70) });
    expect(await open("AP3", minutes(71), 2)).toEqual({ allowed: true });
  });

  it("counts rows written by another process (inserted directly), and only the same user's", async () => {
    await db.insert(ownerDataAccess).values([
      { uid: carla.uid, email: carla.email, listingCode: "OUTRO-1", at: minutes(-30) },
      { uid: carla.uid, email: carla.email, listingCode: "OUTRO-2", at: minutes(-20) },
      { uid: carla.uid, email: carla.email, listingCode: "OUTRO-2", at: minutes(-10) },
      // Too old, refused, or someone else's: not counted.
      { uid: carla.uid, email: carla.email, listingCode: "VELHO", at: minutes(-61) },
      { uid: carla.uid, email: carla.email, listingCode: "RECUSADO", at: minutes(-5), allowed: false },
      { uid: bruno.uid, email: bruno.email, listingCode: "DO-BRUNO", at: minutes(-5) },
    ]);
    expect(await open("AP9", T0, 2)).toEqual({ allowed: false, limit: 2, retryAt: minutes(30) });
    expect(await open("OUTRO-1", T0, 2)).toEqual({ allowed: true });
    expect(await open("AP9", T0, 3)).toEqual({ allowed: true });
    expect((await open("AP1", T0, 1, bruno)).allowed).toBe(false);
  });

  it("concurrent views of one user never exceed the limit", async () => {
    const results = await Promise.all(
      ["C1", "C2", "C3", "C4", "C5", "C6"].map((code) =>
        recordOwnerDataView(attempt(code), { db, limitPerHour: 3, now: T0 }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    expect((await rows()).filter((row) => row.allowed)).toHaveLength(3);
  });

  it("says in Portuguese until when (São Paulo time, rounded up to the minute)", () => {
    expect(ownerDataLimitMessage({ allowed: false, limit: 120, retryAt: new Date("2026-11-21T17:34:20Z") })).toBe(
      "Você atingiu o limite de 120 imóveis por hora com dados de proprietários. Tente novamente às 14:35.",
    );
    expect(ownerDataLimitMessage({ allowed: false, limit: 1, retryAt: new Date("2026-11-21T03:05:00Z") })).toBe(
      "Você atingiu o limite de 1 imóvel por hora com dados de proprietários. Tente novamente às 00:05.",
    );
  });
});

describe("admin queries", () => {
  beforeEach(async () => {
    await db.insert(ownerDataAccess).values([
      { uid: carla.uid, email: carla.email, listingCode: "AP1", at: minutes(0), ip: "203.0.113.7" },
      { uid: carla.uid, email: carla.email, listingCode: "AP2", at: minutes(1) },
      { uid: carla.uid, email: carla.email, listingCode: "AP2", at: minutes(2) },
      { uid: carla.uid, email: carla.email, listingCode: "AP3", at: minutes(3), allowed: false },
      { uid: bruno.uid, email: bruno.email, listingCode: "AP1", at: minutes(4) },
      // The previous São Paulo day (2026-11-20, 23:59).
      { uid: bruno.uid, email: bruno.email, listingCode: "AP7", at: new Date("2026-11-21T02:59:00Z") },
    ]);
  });

  it("lists newest first, filters by e-mail (any case) or uid, listing, refused and São Paulo day", async () => {
    const all = await listOwnerDataAccess({}, db);
    expect(all.total).toBe(6);
    expect(all.items.map((item) => item.listingCode)).toEqual(["AP1", "AP3", "AP2", "AP2", "AP1", "AP7"]);
    expect((await listOwnerDataAccess({ usuario: "CARLA@exemplo.com.br" }, db)).total).toBe(4);
    expect((await listOwnerDataAccess({ usuario: bruno.uid }, db)).items.map((item) => item.listingCode)).toEqual([
      "AP1",
      "AP7",
    ]);
    expect((await listOwnerDataAccess({ imovel: "AP1" }, db)).items.map((item) => item.email)).toEqual([
      bruno.email,
      carla.email,
    ]);
    expect((await listOwnerDataAccess({ situacao: "recusado" }, db)).items).toMatchObject([
      { listingCode: "AP3", allowed: false },
    ]);
    expect((await listOwnerDataAccess({ de: "2026-11-21", ate: "2026-11-21" }, db)).total).toBe(5);
    expect((await listOwnerDataAccess({ ate: "2026-11-20" }, db)).items.map((item) => item.listingCode)).toEqual([
      "AP7",
    ]);
  });

  it("pages by the page size, clamping a page past the end", async () => {
    const second = await listOwnerDataAccess({ pagina: 2 }, db, 4);
    expect(second).toMatchObject({ total: 6, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(2);
    expect((await listOwnerDataAccess({ pagina: 99 }, db, 4)).page).toBe(2);
  });

  it("summarises per user by distinct listings served, under the same filters", async () => {
    expect(await summarizeOwnerDataAccess({}, db)).toEqual([
      { uid: carla.uid, email: carla.email, listings: 2, views: 3, refused: 1, lastAt: minutes(3).toISOString() },
      { uid: bruno.uid, email: bruno.email, listings: 2, views: 2, refused: 0, lastAt: minutes(4).toISOString() },
    ]);
    expect((await summarizeOwnerDataAccess({ imovel: "AP1" }, db)).map((user) => [user.email, user.listings])).toEqual([
      [bruno.email, 1],
      [carla.email, 1],
    ]);
  });
});

describe("servePrivateListing", () => {
  const vista = (missing = false) =>
    ({
      async detalhes(code: string) {
        if (missing)
          throw new VistaNotFoundError("Imóvel não encontrado", { endpoint: "imoveis/detalhes", status: 200 } as never);
        return {
          Codigo: code,
          Observacoes: "Chaves na portaria.",
          Proprietario: "Silvia Teixeira",
          proprietarios: { "9": { Proprietario: "Silvia Teixeira", FonePrincipal: "(11) 96723-2640" } },
        };
      },
      async prontuario() {
        return [];
      },
    }) as unknown as VistaClient;
  const get = (code: string) =>
    new Request(`http://localhost/painel/imovel/${code}/dados`, { headers: { "User-Agent": "Teste/1.0" } });
  const reader = { user: carla, clientIp: "203.0.113.9" };

  it("serves the owner data privately and records the view", async () => {
    const response = await servePrivateListing(get("SV-1"), "SV-1", reader, { db, limitPerHour: 2, client: vista() });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.listing?.data.owners).toEqual([{ name: "Silvia Teixeira", phone: "11967232640" }]);
    expect(await rows()).toMatchObject([
      { listingCode: "SV-1", ip: "203.0.113.9", userAgent: "Teste/1.0", allowed: true },
    ]);
  });

  it("over the limit: 429 with Retry-After and the message, no owner data, refusal recorded", async () => {
    await servePrivateListing(get("SV-1"), "SV-1", reader, { db, limitPerHour: 1, client: vista() });
    const response = await servePrivateListing(get("SV-2"), "SV-2", reader, {
      db,
      limitPerHour: 1,
      client: vista(),
      now: new Date(Date.now() + 60_000),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(response.headers.get("Retry-After"))).toBeLessThanOrEqual(OWNER_DATA_WINDOW_MS / 1000);
    const body = await response.json();
    expect(body.listing).toBeNull();
    expect(body.error).toMatch(
      /^Você atingiu o limite de 1 imóvel por hora com dados de proprietários\. Tente novamente às \d\d:\d\d\.$/,
    );
    expect((await rows()).map((row) => [row.listingCode, row.allowed])).toEqual([
      ["SV-1", true],
      ["SV-2", false],
    ]);
  });

  it("records nothing when Vista does not know the listing (no owner data was served)", async () => {
    const response = await servePrivateListing(get("SV-3"), "SV-3", reader, {
      db,
      limitPerHour: 2,
      client: vista(true),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).error).toBe("Imóvel não encontrado no Vista.");
    expect(await rows()).toEqual([]);
  });
});
