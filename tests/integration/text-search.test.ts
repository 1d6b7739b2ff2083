/**
 * Integration: free-text search and suggestions on a PGlite
 * read model filled through the sync's own row mapping (`listingRow`,
 * `condominiumRow`): accent folding, Portuguese stemming, typo tolerance
 * (place names in memory, trigram similarity in the database), codes,
 * structured words as filters, and the suggestions' kinds and ranking.
 * Expectations come from the fixtures, never from hard-coded counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggest } from "~/.server/catalogue/suggestions";
import { searchText } from "~/.server/catalogue/text-search";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import { migrate, openDatabase, type Database } from "~/.server/db";
import { condominiums, listings } from "~/.server/db/schema";
import type { Listing } from "~/domain/listing";
import { listingPath } from "~/lib/urls";
import { slugify } from "~/lib/slug";
import { makeListing, storedCondominium, storedRow, type StoredRow } from "./helpers/fixtures";

const PLACES = [
  ["São Paulo", "Moema"],
  ["São Paulo", "Pinheiros"],
  ["São Paulo", "Vila Mariana"],
  ["São Paulo", "Jardim Paulista"],
  ["Santo André", "Centro"],
] as const;
const CONDOS = ["Residencial Palmeira", "Edifício Aurora", "Condomínio Vazio"] as const;

interface Fixture {
  listing: Listing;
  removed: boolean;
  condominium: string | null;
}

function fixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (let i = 0; i < 90; i++) {
    const [city, neighbourhood] = PLACES[i % PLACES.length];
    // Palmeira: units 0, 10, 20… (all in Pinheiros); Aurora: units 5, 15… (Moema); Vazio: one removed unit.
    const condo = i % 10 === 0 ? CONDOS[0] : i % 10 === 5 ? CONDOS[1] : i === 3 ? CONDOS[2] : null;
    out.push({
      listing: makeListing({
        code: `T${String(i).padStart(3, "0")}`,
        category: i % 4 === 0 ? "Casa" : "Apartamento",
        city: condo === CONDOS[0] ? "São Paulo" : condo === CONDOS[1] ? "São Paulo" : city,
        neighbourhood: condo === CONDOS[0] ? "Pinheiros" : condo === CONDOS[1] ? "Moema" : neighbourhood,
        title: i % 7 === 0 ? "Cobertura com terraço e churrasqueira" : "",
        address: `Rua das Flores, ${100 + i}`,
        development: condo ?? "",
        salePrice: i % 3 !== 1 ? 300_000 + i * 10_000 : null,
        rentPrice: i % 3 !== 0 ? 2_000 + i * 50 : null,
        bedrooms: (i % 4) + 1,
        updatedAt: `2026-0${1 + (i % 6)}-${String(1 + (i % 27)).padStart(2, "0")}`,
      }),
      removed: i === 3 || i === 47,
      condominium: condo ? slugify(condo) : null,
    });
  }
  return out;
}

let database: Database;
const now = new Date("2026-07-01T12:00:00Z");
let active: (StoredRow & { fixture: Fixture })[] = [];

beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  await migrate(database);
  const all = fixtures();
  const rows = all.map((f) => ({
    ...storedRow(f.listing, { condominiumSlug: f.condominium, removed: f.removed, now }),
  }));
  await database.db.insert(listings).values(rows);
  for (const name of CONDOS) {
    const first = all.find((f) => f.listing.development === name)!.listing;
    await database.db
      .insert(condominiums)
      .values(storedCondominium({ name, neighbourhood: first.neighbourhood, city: first.city }, slugify(name), now));
  }
  active = rows.map((row, i) => ({ ...row, fixture: all[i] })).filter((r) => r.removedAt == null);
  clearVocabularyCache();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const codesOf = (rows: { code: string }[]) => rows.map((r) => r.code).sort();

/** Every page of a text search, codes sorted. */
async function allCodes(query: string): Promise<string[]> {
  const first = await searchText(query, { db: database.db, pageSize: 100 });
  expect(first.pageCount).toBeLessThanOrEqual(1);
  return codesOf(first.items);
}

describe("searchText", () => {
  it("'sao paulo' finds the São Paulo listings (accents folded), and only active ones", async () => {
    const expected = codesOf(active.filter((r) => r.city === "São Paulo"));
    const result = await searchText("sao paulo", { db: database.db, pageSize: 100 });
    expect(result.total).toBe(expected.length);
    expect(codesOf(result.items)).toEqual(expected);
    expect(result.listingsUrl).toBe("/todos-os-imoveis/sao-paulo");
    // The same words in full text, with another word: accents folded there too.
    const aurora = await searchText("Edificio AURORA são paulo", { db: database.db, pageSize: 100 });
    expect(aurora.mode).toBe("fulltext");
    expect(codesOf(aurora.items)).toEqual(codesOf(active.filter((r) => r.fixture.condominium === "edificio-aurora")));
  });

  it("finds a singular with a stemmed plural and a word by its prefix", async () => {
    const expected = codesOf(active.filter((r) => r.fixture.listing.title.includes("terraço")));
    expect(expected.length).toBeGreaterThan(0);
    const plural = await searchText("coberturas com terraços", { db: database.db, pageSize: 100 });
    expect(plural.mode).toBe("fulltext");
    expect(codesOf(plural.items)).toEqual(expected);
    expect(await allCodes("churrasq")).toEqual(expected);
  });

  it("still finds Pinheiros with the typo 'pinheros'", async () => {
    const result = await searchText("pinheros", { db: database.db, pageSize: 100 });
    expect(result.mode).toBe("place-typo");
    expect(result.correctedTo).toBe("Pinheiros");
    expect(codesOf(result.items)).toEqual(codesOf(active.filter((r) => r.neighbourhood === "Pinheiros")));
  });

  it("falls back to trigram similarity over the listings for other typos", async () => {
    const result = await searchText("palmeirra", { db: database.db, pageSize: 100 });
    expect(result.mode).toBe("similar");
    const expected = codesOf(active.filter((r) => r.fixture.condominium === "residencial-palmeira"));
    expect(codesOf(result.items)).toEqual(expected);
  });

  it("applies structured words as filters ('pinheiros 3 quartos', 'casa aluguel')", async () => {
    const result = await searchText("pinheiros 3 quartos", { db: database.db, pageSize: 100 });
    expect(result.filters).toEqual({ city: "sao-paulo", neighbourhoods: ["pinheiros"], bedroomsMin: 3 });
    expect(result.listingsUrl).toBe("/todos-os-imoveis/sao-paulo-pinheiros?quartos=3");
    expect(codesOf(result.items)).toEqual(
      codesOf(active.filter((r) => r.neighbourhood === "Pinheiros" && (r.bedrooms ?? 0) >= 3)),
    );
    const houses = await searchText("casa aluguel", { db: database.db, pageSize: 100 });
    expect(codesOf(houses.items)).toEqual(codesOf(active.filter((r) => r.category === "Casa" && r.forRent)));
    const text = await searchText("flores apartamento até 500 mil", { db: database.db, pageSize: 100 });
    expect(codesOf(text.items)).toEqual(
      codesOf(
        active.filter(
          (r) =>
            r.category === "Apartamento" &&
            ((r.forSale && r.salePrice! <= 500_000) || (r.forRent && r.rentPrice! <= 500_000)),
        ),
      ),
    );
  });

  it("sends a code typed alone to its listing, any case; a removed code does not", async () => {
    const row = active.find((r) => r.code === "T011")!;
    const result = await searchText("t011", { db: database.db });
    expect(result.redirect).toBe(listingPath({ ...row, condominiumSlug: row.condominiumSlug }));
    expect((await searchText("T047", { db: database.db })).redirect).toBeNull();
  });

  it("pages with 24 per page by default and answers junk with nothing", async () => {
    const first = await searchText("sao paulo", { db: database.db });
    const second = await searchText("sao paulo", { db: database.db, page: 2 });
    expect(first.items).toHaveLength(Math.min(24, first.total));
    expect(first.pageCount).toBe(Math.ceil(first.total / 24));
    expect(new Set([...codesOf(first.items), ...codesOf(second.items)]).size).toBe(
      first.items.length + second.items.length,
    );
    for (const junk of ["'\"&|!():*", "😀", "x".repeat(5000), "\\", "drop table listings; --"]) {
      const result = await searchText(junk, { db: database.db });
      expect(result.total).toBe(result.items.length === 0 ? 0 : result.total);
      expect(result.redirect).toBeNull();
    }
  });
});

describe("suggest", () => {
  it("suggests neighbourhoods by prefix with counts and canonical URLs", async () => {
    const vocabulary = await getVocabulary({ db: database.db });
    const result = await suggest("pinh", { db: database.db, vocabulary });
    const pinheiros = result.find((s) => s.kind === "bairro" && s.label === "Pinheiros");
    expect(pinheiros).toEqual({
      kind: "bairro",
      label: "Pinheiros",
      detail: "São Paulo",
      count: active.filter((r) => r.neighbourhood === "Pinheiros").length,
      url: "/todos-os-imoveis/sao-paulo-pinheiros",
    });
  });

  it("suggests cities first, then neighbourhoods, then condominiums with active units only", async () => {
    const result = await suggest("santo", { db: database.db });
    expect(result[0]).toMatchObject({ kind: "cidade", label: "Santo André", url: "/todos-os-imoveis/santo-andre" });
    const condos = await suggest("aur", { db: database.db });
    expect(condos).toEqual([
      {
        kind: "condominio",
        label: "Edifício Aurora",
        detail: "Moema, São Paulo",
        count: active.filter((r) => r.condominiumSlug === "edificio-aurora").length,
        url: "/detalhes/edificio-aurora",
      },
    ]);
    // "Condomínio Vazio" has no active unit.
    expect(await suggest("vazio", { db: database.db })).toEqual([]);
    const mixed = await suggest("moe", { db: database.db });
    const kinds = mixed.map((s) => s.kind);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) => ["cidade", "bairro", "condominio"].indexOf(a) - ["cidade", "bairro", "condominio"].indexOf(b),
      ),
    );
  });

  it("ranks condominiums whose name starts with the words first", async () => {
    const result = await suggest("residencial", { db: database.db });
    expect(result.map((s) => s.label)).toEqual(["Residencial Palmeira"]);
    const byWord = await suggest("palm", { db: database.db });
    expect(byWord.map((s) => s.label)).toEqual(["Residencial Palmeira"]);
  });
});
