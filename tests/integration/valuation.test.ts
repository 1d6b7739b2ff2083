/**
 * The owner's estimate (ADR 0089) on a real database with hand-made
 * listings: the comparables of the one query (own neighbourhood first, then
 * the nearest neighbourhoods, the same type only, active listings only),
 * suppression below five comparables, and the contact step's `valuation`
 * lead with its outbox rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearVocabularyCache } from "~/.server/catalogue/vocabulary";
import type { Db } from "~/.server/db";
import { leadDeliveries, leads, listings, users } from "~/.server/db/schema";
import { createLeadRateLimiters, leadFormTokens, MIN_FILL_MS } from "~/.server/leads/form-guard";
import { applyVistaAnswer } from "~/.server/leads/routing";
import { handleValuationContact, VALUATION_THANK_YOU_PATH } from "~/.server/valuation/contact";
import { estimateFor, valuationView } from "~/.server/valuation/estimate";
import type { Listing } from "~/domain/listing";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { settle } from "./helpers/loaders";

const SECRETS = ["test-secret-test-secret-test-secret-0"];
const SITE = "http://site.test";

let env: TestDatabase;
let db: Db;

/** An apartment for sale of 70 m² and 2 bedrooms at `place`, priced `price`. */
const flat = (code: string, place: Partial<Listing>, price: number, extra: Partial<Listing> = {}) =>
  makeListing({
    code,
    title: `Apartamento ${code}`,
    salePrice: price,
    privateArea: 70,
    bedrooms: 2,
    ...place,
    ...extra,
  });

const MOEMA = { neighbourhood: "Moema", latitude: -23.6, longitude: -46.66 };
// About 2 km from Moema's centroid.
const VILA_OLIMPIA = { neighbourhood: "Vila Olímpia", latitude: -23.595, longitude: -46.68 };
// About 25 km away.
const ITAQUERA = { neighbourhood: "Itaquera", latitude: -23.54, longitude: -46.45 };

beforeAll(async () => {
  env = await createTestDatabase("pglite");
  db = env.database.db;
  clearVocabularyCache();
  const now = new Date();
  const rows: Listing[] = [
    // Moema: six comparables (R$ 10.000 to 12.500 per m²) …
    ...[700_000, 735_000, 770_000, 805_000, 840_000, 875_000].map((price, i) => flat(`MO${i}`, MOEMA, price)),
    // … and what is not comparable: too many bedrooms, too large, a house.
    flat("MOBIG", MOEMA, 3_000_000, { bedrooms: 5 }),
    flat("MOWIDE", MOEMA, 2_000_000, { privateArea: 200 }),
    flat("MOCASA", MOEMA, 900_000, { category: "Casa" }),
    // Vila Olímpia, nearby: eight comparables.
    ...Array.from({ length: 8 }, (_, i) => flat(`VO${i}`, VILA_OLIMPIA, 800_000 + i * 10_000)),
    // Itaquera, far: comparables of its own only.
    ...Array.from({ length: 3 }, (_, i) => flat(`IT${i}`, ITAQUERA, 300_000 + i * 10_000)),
  ];
  await db.insert(listings).values([
    ...rows.map((listing) => storedRow(listing, { condominiumSlug: null, now })),
    // A removed listing never counts.
    storedRow(flat("MOGONE", MOEMA, 100_000), { condominiumSlug: null, now, removed: true }),
  ]);
}, 60_000);
afterAll(async () => {
  clearVocabularyCache();
  await env?.cleanup();
});

const subject = (neighbourhood: string, category = "apartamento") => ({
  purpose: "venda" as const,
  category,
  city: "sao-paulo",
  neighbourhood,
  area: 70,
  bedrooms: 2,
});

describe("comparables and estimate", () => {
  it("takes its own neighbourhood first, then the nearest neighbourhood, never a far one, another type or a removed listing", async () => {
    const estimate = await estimateFor(subject("moema"), db);
    expect(estimate.status).toBe("estimate");
    if (estimate.status !== "estimate") return;
    const codes = estimate.comparables.map((c) => c.code);
    expect(codes.slice(0, 6).sort()).toEqual(["MO0", "MO1", "MO2", "MO3", "MO4", "MO5"]);
    expect(codes.slice(6).every((code) => code.startsWith("VO"))).toBe(true);
    expect(codes).toHaveLength(12);
    expect(codes).not.toContain("MOBIG");
    expect(codes).not.toContain("MOWIDE");
    expect(codes).not.toContain("MOCASA");
    expect(codes).not.toContain("MOGONE");
    expect(estimate).toMatchObject({ widened: true, inNeighbourhood: 6, count: 12 });
    expect(estimate.min).toBeLessThanOrEqual(estimate.median);
    expect(estimate.median).toBeLessThanOrEqual(estimate.max);
    expect(estimate.comparables[0]!.path).toMatch(/^\/detalhes\//);
  });

  it("gives no figure below five comparables (far neighbourhoods are not added)", async () => {
    const estimate = await estimateFor(subject("itaquera"), db);
    expect(estimate).toMatchObject({ status: "insufficient", count: 3 });
  });

  it("compares a type only with its own type", async () => {
    const estimate = await estimateFor(subject("moema", "casa"), db);
    expect(estimate.status).toBe("insufficient");
    expect(estimate.comparables.map((c) => c.code)).toEqual(["MOCASA"]);
  });

  it("reads the GET form against the catalogue's vocabulary, with messages per field", async () => {
    const bad = await valuationView(new URL(`${SITE}/anunciar?finalidade=venda&cidade=sao-paulo&bairro=lua&area=abc`), {
      db,
    });
    expect(bad.query.status).toBe("invalid");
    if (bad.query.status !== "invalid") return;
    expect(bad.query.errors).toMatchObject({
      category: "Escolha o tipo do imóvel.",
      neighbourhood: "Escolha um bairro desta cidade.",
      area: "Informe a área em m², por exemplo 80.",
      bedrooms: "Informe quantos quartos.",
    });
    const good = await valuationView(
      new URL(`${SITE}/anunciar?finalidade=venda&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=70&quartos=2`),
      { db },
    );
    expect(good.estimate?.status).toBe("estimate");
    expect(good.labels).toMatchObject({ neighbourhood: "Moema", city: "São Paulo" });
  });
});

describe("contact step", () => {
  const post = (fields: Record<string, string>) =>
    new Request(`${SITE}/anunciar`, { method: "POST", body: new URLSearchParams(fields) });
  const tokens = () => leadFormTokens(Date.now() - MIN_FILL_MS - 1000, SECRETS);
  const property = {
    finalidade: "venda",
    tipo: "apartamento",
    cidade: "sao-paulo",
    bairro: "moema",
    area: "70",
    quartos: "2",
  };
  /** Sends the contact step of the property above, with fresh form tokens and the owner's `fields`. */
  const submit = (fields: Record<string, string>) =>
    settle(
      handleValuationContact(post({ ...property, ...tokens(), ...fields }), {
        db,
        secrets: SECRETS,
        clientIp: "10.0.0.9",
        limiters: createLeadRateLimiters(),
      }),
    );

  it("records a valuation lead with the property and the estimate, for the agency and Vista", async () => {
    const response = await submit({
      name: "Marta Proprietária",
      phone: "(11) 98765-4321",
      email: "marta@exemplo.com.br",
      message: "Prédio com portaria 24 h.",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(VALUATION_THANK_YOU_PATH);
    const [lead] = await db.select().from(leads).where(eq(leads.name, "Marta Proprietária"));
    expect(lead).toMatchObject({ kind: "valuation", phone: "11987654321", email: "marta@exemplo.com.br" });
    expect(lead!.message).toContain("Apartamento, Moema, São Paulo");
    expect(lead!.message).toContain("Estimativa do site: R$");
    expect(lead!.message).toContain("Prédio com portaria 24 h.");
    const outbox = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(outbox.map((row) => row.channel).sort()).toEqual(["email_agency", "vista"]);
    // Never a mail to the address the owner typed.
    expect(outbox.some((row) => row.recipient === "marta@exemplo.com.br")).toBe(false);
    // Routing (ADR 0080): no listing, so it waits for Vista's answer, which names the broker.
    expect(lead!.assignedUid).toBeNull();
    await db.insert(users).values({ uid: "val-broker", email: "val@exemplo.com.br", role: "agent", brokerCode: "42" });
    expect(await applyVistaAnswer(db, lead!.id, 42)).toBe("val-broker");
    const [routed] = await db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(routed).toMatchObject({ assignedUid: "val-broker", assignedBy: "vista" });
  });

  it("answers 400 with messages per field and stores nothing for bad input", async () => {
    const response = await submit({ name: "X", phone: "123", email: "nada" });
    expect(response.status).toBe(400);
    const data = response.data as { errors: Record<string, string[]> };
    expect(Object.keys(data.errors).sort()).toEqual(["email", "name", "phone"]);
    expect(await db.select().from(leads).where(eq(leads.name, "X"))).toHaveLength(0);
  });

  it("sends a bot that filled the honeypot to the thank-you page and stores nothing", async () => {
    const response = await submit({
      name: "Robô",
      phone: "(11) 98765-4321",
      email: "r@x.com.br",
      website: "spam",
    });
    expect(response.status).toBe(303);
    expect(await db.select().from(leads).where(eq(leads.name, "Robô"))).toHaveLength(0);
  });
});
