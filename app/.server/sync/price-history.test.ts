/**
 * Price history written by the sync (ADR 0033): change rows, first_seen_at,
 * price_reduced_at, and the queries of `catalogue/price-history` and the
 * "Preço reduzido" filter and sort that read them. A small fake Vista (the
 * `listar`/`detalhes` subset the sync uses) over PGlite in memory.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { FakeVista } from "~/test-support/fake-vista";
import type { ListingFilters } from "~/lib/filters";
import { newListingsSince, priceDropsSince, priceHistoryOf } from "../catalogue/price-history";
import { searchListings } from "../catalogue/search";
import type { Database } from "../db";
import { brokers, condominiums, listingPriceChanges, listings, syncState } from "../db/schema";
import { runSync } from "./run";

describe("price history in the sync (fake Vista, PGlite in memory)", () => {
  let database: Database;
  let vista: FakeVista;
  const log = () => undefined;
  const sync = (mode?: "full") => runSync({ database, client: vista.client(), log, mode });

  useMigratedMemoryDatabase((opened) => (database = opened));
  beforeEach(async () => {
    await database.db.execute(
      sql`truncate ${listings}, ${condominiums}, ${brokers}, ${syncState}, ${listingPriceChanges}`,
    );
    // Priced with charges, dated, without media: what the price history reads.
    vista = new FakeVista({
      defaults: { ValorCondominio: "800", ValorIptu: "2400", DataCadastro: "2026-01-15" },
      media: false,
    });
    for (const code of ["A1", "A2", "A3"]) vista.add(code);
  });

  const pageOfListings = (db: Database["db"], filters: ListingFilters) => searchListings(filters, { db });
  const row = async (code: string) => (await database.db.select().from(listings).where(eq(listings.code, code)))[0];
  const changes = async () =>
    database.db
      .select({
        code: listingPriceChanges.listingCode,
        field: listingPriceChanges.field,
        oldValue: listingPriceChanges.oldValue,
        newValue: listingPriceChanges.newValue,
      })
      .from(listingPriceChanges)
      .orderBy(listingPriceChanges.listingCode, listingPriceChanges.field);

  it("records nothing the first time a listing is seen, and takes first_seen_at from DataCadastro on an empty read model", async () => {
    const result = await sync();
    expect(result.counts.priceChanges).toBe(0);
    expect(await changes()).toEqual([]);
    // DataCadastro 2026-01-15 at midnight in São Paulo (UTC−3).
    expect((await row("A1")).firstSeenAt?.toISOString()).toBe("2026-01-15T03:00:00.000Z");
    expect((await row("A1")).priceReducedAt).toBeNull();
  });

  it("records one row per changed price on a delta, in the same run's upsert", async () => {
    await sync();
    vista.edit("A1", { ValorVenda: "450000", ValorCondominio: "900" });
    vista.edit("A2", { ValorIptu: "0" });
    vista.edit("A3", { TituloSite: "Outro título" });
    const before = Date.now();
    const result = await sync();
    expect(result.mode).toBe("delta");
    expect(result.counts.priceChanges).toBe(3);
    expect(await changes()).toEqual([
      { code: "A1", field: "condo_fee", oldValue: 800, newValue: 900 },
      { code: "A1", field: "sale", oldValue: 500000, newValue: 450000 },
      { code: "A2", field: "iptu", oldValue: 2400, newValue: null },
    ]);
    const a1 = await row("A1");
    expect(a1.salePrice).toBe(450000);
    expect(a1.priceReducedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await row("A2")).priceReducedAt).toBeNull();

    // An unchanged listing written again records nothing.
    const again = await sync("full");
    expect(again.counts.priceChanges).toBe(0);
    expect((await changes()).length).toBe(3);
  });

  it("clears price_reduced_at when the price rises again, and priceDropsSince reports only a standing drop", async () => {
    await sync();
    const since = new Date(Date.now() - 60_000);
    vista.edit("A1", { ValorVenda: "400000" });
    vista.edit("A2", { ValorVenda: "450000" });
    await sync();
    vista.edit("A2", { ValorVenda: "520000", DataAtualizacao: "2026-08-21" });
    await sync();
    expect((await row("A1")).priceReducedAt).not.toBeNull();
    expect((await row("A2")).priceReducedAt).toBeNull();

    const drops = await priceDropsSince(database.db, since);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({
      listingCode: "A1",
      field: "sale",
      oldValue: 500000,
      newValue: 400000,
      percent: 20,
    });
    expect(drops[0].changedAt).toBeInstanceOf(Date);
    expect(await priceDropsSince(database.db, since, ["A2", "A3"])).toEqual([]);
    expect(await priceDropsSince(database.db, since, [])).toEqual([]);
    expect(await priceDropsSince(database.db, new Date(Date.now() + 60_000))).toEqual([]);

    const history = await priceHistoryOf(database.db, "A2");
    expect(history.map((c) => [c.oldValue, c.newValue])).toEqual([
      [500000, 450000],
      [450000, 520000],
    ]);
    expect(await priceHistoryOf(database.db, "NOPE")).toEqual([]);
  });

  it("gives codes first seen by a later sync the current time, and keeps first_seen_at when a listing returns", async () => {
    await sync();
    const firstA1 = (await row("A1")).firstSeenAt;
    const since = new Date(Date.now() - 1000);
    vista.add("B1", { DataAtualizacao: "2026-08-20", DataCadastro: "2020-05-05" });
    vista.rows.delete("A1");
    await sync();
    expect((await row("A1")).removedAt).not.toBeNull();
    expect((await row("B1")).firstSeenAt!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect((await newListingsSince(database.db, since)).map((n) => n.listingCode)).toEqual(["B1"]);

    // A1 comes back with another price: history recorded, first_seen_at kept.
    vista.add("A1", { ValorVenda: "480000", DataAtualizacao: "2026-08-22" });
    await sync();
    const a1 = await row("A1");
    expect(a1.removedAt).toBeNull();
    expect(a1.firstSeenAt).toEqual(firstA1);
    expect((await priceHistoryOf(database.db, "A1")).map((c) => c.newValue)).toEqual([480000]);
  });

  it("filters and sorts by a recent price drop, and flags the cards", async () => {
    await sync();
    vista.edit("A2", { ValorVenda: "490000" });
    await sync();
    await database.db.update(listings).set({ firstSeenAt: new Date() }).where(eq(listings.code, "A3"));

    const reduced = await pageOfListings(database.db, { priceReduced: true });
    expect(reduced.items.map((i) => i.code)).toEqual(["A2"]);
    expect(reduced.total).toBe(1);
    const sorted = await pageOfListings(database.db, { sort: "preco-reduzido" });
    expect(sorted.items[0].code).toBe("A2");
    const cards = Object.fromEntries(sorted.items.map((i) => [i.code, i]));
    expect(cards.A2).toMatchObject({ priceReduced: true, isNew: false });
    expect(cards.A3).toMatchObject({ priceReduced: false, isNew: true });

    // Outside the 30-day window the badge and the filter drop it.
    await database.db
      .update(listings)
      .set({ priceReducedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(listings.code, "A2"));
    expect((await pageOfListings(database.db, { priceReduced: true })).total).toBe(0);
  });
});
