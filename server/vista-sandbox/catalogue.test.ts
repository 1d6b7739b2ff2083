import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DATASET_PATH,
  REFERENCE_DATE,
  addDays,
  buildCatalogue,
  listingCode,
  loadCatalogue,
  parseDataset,
  photosOf,
  privateOf,
  textsOf,
  type Catalogue,
  type SandboxListing,
} from "./catalogue";
import { SAO_PAULO_BOUNDS } from "./coordinates";
import { BROKERS } from "./vocabulary";

const csv = readFileSync(DATASET_PATH, "utf8");
const rows = parseDataset(csv);
const catalogue = loadCatalogue();

/** Everything observable about a listing, texts and private data included, as plain JSON. */
function snapshot(listing: SandboxListing, composed: boolean): unknown {
  const { building, features, infra, texts: _texts, privateData: _private, photos: _photos, ...rest } = listing;
  return {
    ...rest,
    building: building?.code ?? null,
    features: [...features].sort(),
    infra: [...infra].sort(),
    ...(composed ? { photos: photosOf(listing), texts: textsOf(listing), private: privateOf(listing) } : {}),
  };
}

describe("the data set copy", () => {
  it("has the 13,645 rows the README describes (7,230 rent, 6,415 sale, 97 districts)", () => {
    expect(rows).toHaveLength(13_645);
    expect(rows.filter((row) => row.negotiation === "rent")).toHaveLength(7_230);
    expect(rows.filter((row) => row.negotiation === "sale")).toHaveLength(6_415);
    expect(new Set(rows.map((row) => row.district)).size).toBe(97);
  });

  it("rejects a malformed file", () => {
    expect(() => parseDataset("a,b\n1,2")).toThrow(/header/);
    const header = csv.slice(0, csv.indexOf("\n"));
    expect(() => parseDataset(`${header}\n1,2,3`)).toThrow(/line 2/);
    expect(() => parseDataset(`${header}\nx,0,1,1,1,0,0,0,0,0,0,A/São Paulo,rent,apartment,0.0,0.0`)).toThrow(
      /Malformed number/,
    );
  });
});

describe("buildCatalogue", () => {
  it("turns every row into one listing; 13,640 have a price (5 rows have 0: 'valor a combinar')", () => {
    expect(catalogue.listings).toHaveLength(13_645);
    const sale = catalogue.listings.filter((l) => l.salePrice > 0);
    const rent = catalogue.listings.filter((l) => l.rentPrice > 0);
    expect(sale.length + rent.length).toBe(13_640);
    expect(sale.every((l) => l.status === "Venda" && l.rentPrice === 0)).toBe(true);
    expect(rent.every((l) => l.status === "Aluguel" && l.salePrice === 0)).toBe(true);
    // Counts for the report: sale and rent listings with a price.
    expect({ sale: sale.length, rent: rent.length }).toEqual({
      sale: rows.filter((r) => r.negotiation === "sale" && r.price > 0).length,
      rent: rows.filter((r) => r.negotiation === "rent" && r.price > 0).length,
    });
    console.info(
      `[catalogue] ${catalogue.listings.length} listings: ${sale.length} for sale, ${rent.length} for rent, ${catalogue.buildings.length} condominiums`,
    );
  });

  it("keeps the real facts of each row", () => {
    const mismatches: string[] = [];
    catalogue.listings.forEach((listing, i) => {
      const row = rows[i]!;
      const checks: [string, unknown, unknown][] = [
        ["area", listing.area, row.size],
        ["bedrooms", listing.bedrooms, row.rooms],
        ["bathrooms", listing.bathrooms, row.toilets],
        ["suites", listing.suites, row.suites],
        ["parking", listing.parking, row.parking],
        ["price", row.negotiation === "sale" ? listing.salePrice : listing.rentPrice, row.price],
        ["condo", listing.condoFee, row.condo > 0 ? row.condo : null],
        ["district", `${listing.neighbourhood}/${listing.city}`, row.district],
        ["furnished", listing.features.has("Mobiliado"), row.furnished],
        ["launch", listing.launch, row.isNew],
        ["pool", row.pool ? listing.infra.has("PiscinaColetiva") && listing.features.has("Piscina") : true, true],
        ["elevator", row.elevator ? listing.infra.has("Elevador") : true, true],
      ];
      for (const [name, actual, expected] of checks)
        if (actual !== expected) mismatches.push(`${listing.code} ${name}`);
    });
    expect(mismatches).toEqual([]);
  });

  it("gives unique, stable codes of the form AP + 5 digits", () => {
    const codes = catalogue.listings.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^AP\d{5}$/.test(code))).toBe(true);
    expect(codes.every((code, i) => code === listingCode(i))).toBe(true);
  });

  it("places every repaired coordinate inside São Paulo and drops the rest", () => {
    const { latitude, longitude } = SAO_PAULO_BOUNDS;
    const located = catalogue.listings.filter((l) => l.latitude !== null);
    expect(catalogue.listings.filter((l) => (l.latitude === null) !== (l.longitude === null))).toEqual([]);
    const outside = located.filter(
      (l) =>
        l.latitude! < latitude.min ||
        l.latitude! > latitude.max ||
        l.longitude! < longitude.min ||
        l.longitude! > longitude.max,
    );
    expect(outside).toEqual([]);
    // 884 rows are "0.0", 2 are empty, some are outside the box (e.g. -26.9): those have no pin.
    expect(located.length).toBeGreaterThan(12_000);
    expect(located.length).toBeLessThanOrEqual(13_645 - 886);
  });

  it("groups listings at identical coordinates into uniquely named buildings", () => {
    const names = catalogue.buildings.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    const bad: string[] = [];
    for (const building of catalogue.buildings) {
      if (building.unitCodes.length < 2 || building.photos.length < 3 || building.photos.length > 6)
        bad.push(`${building.code} size`);
      if (!/^(Edifício|Condomínio|Residencial)/.test(building.name)) bad.push(`${building.code} name`);
      for (const code of building.unitCodes) {
        const unit = catalogue.byCode.get(code)!;
        if (unit.building !== building || unit.infra !== building.infra) bad.push(`${code} building`);
        if (unit.latitude !== building.latitude || unit.longitude !== building.longitude) bad.push(`${code} position`);
      }
    }
    expect(bad).toEqual([]);
    const grouped = new Map<string, number>();
    for (const l of catalogue.listings) {
      if (l.latitude !== null)
        grouped.set(`${l.latitude},${l.longitude}`, (grouped.get(`${l.latitude},${l.longitude}`) ?? 0) + 1);
    }
    const shared = [...grouped.values()].filter((n) => n >= 2).length;
    expect(catalogue.buildings.length).toBe(shared);
    expect(
      catalogue.listings
        .filter((l) => l.building === null && l.latitude !== null)
        .every((l) => grouped.get(`${l.latitude},${l.longitude}`) === 1),
    ).toBe(true);
  });

  it("derives flags in the shares of a real tenant", () => {
    const n = catalogue.listings.length;
    const share = (predicate: (l: SandboxListing) => boolean) => catalogue.listings.filter(predicate).length / n;
    expect(share((l) => l.featured)).toBeGreaterThan(0.01);
    expect(share((l) => l.featured)).toBeLessThan(0.03);
    expect(share((l) => l.exclusive)).toBeGreaterThan(0.08);
    expect(share((l) => l.exclusive)).toBeLessThan(0.12);
    expect(share((l) => !l.showOnSite)).toBeGreaterThan(0.01);
    expect(share((l) => !l.showOnSite)).toBeLessThan(0.03);
    expect(catalogue.listings.filter((l) => l.launch)).toHaveLength(rows.filter((r) => r.isNew).length);
    const brokers = new Set(catalogue.listings.map((l) => l.brokerCode));
    expect(brokers.size).toBe(BROKERS.length);
  });

  it("dates every listing over the ~10 months before the reference date", () => {
    const earliest = addDays(REFERENCE_DATE, -310);
    const bad = catalogue.listings.filter(
      (l) =>
        l.createdAt < earliest ||
        l.updatedAt < l.createdAt ||
        l.updatedAt >= REFERENCE_DATE ||
        !/^\d{2}:\d{2}:\d{2}$/.test(l.updatedTime),
    );
    expect(bad.map((l) => l.code)).toEqual([]);
    // A delta sync (`DataAtualizacao >= last seen`) re-reads one day's worth of listings: a small share.
    const perDay = new Map<string, number>();
    for (const l of catalogue.listings) perDay.set(l.updatedAt, (perDay.get(l.updatedAt) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThan(catalogue.listings.length * 0.015);
  });

  it("gives every listing 3 to 8 photos with one visible cover", () => {
    const bad = catalogue.listings.filter((l) => {
      const covers = photosOf(l).filter((p) => p.order === 1);
      return (
        photosOf(l).length < 3 ||
        photosOf(l).length > 8 ||
        covers.length !== 1 ||
        !covers[0]!.visible ||
        new Set(photosOf(l).map((p) => p.order)).size !== photosOf(l).length
      );
    });
    expect(bad.map((l) => l.code)).toEqual([]);
    // The quirks are there too: some hidden photos, some galleries whose keys are not in `Ordem` order.
    expect(catalogue.listings.some((l) => photosOf(l).some((p) => !p.visible))).toBe(true);
    expect(catalogue.listings.some((l) => photosOf(l)[0]!.order !== 1)).toBe(true);
  });

  it("writes Portuguese titles and descriptions from the facts, with correct plurals", () => {
    const bad: string[] = [];
    for (const l of catalogue.listings.slice(0, 3000)) {
      const { title, webDescription, description } = textsOf(l);
      const text = `${title} ${webDescription}`;
      if (title.length < 15 || title.length > 100 || !title.includes(l.neighbourhood))
        bad.push(`${l.code} title: ${title}`);
      if (!webDescription.includes(`${l.area} m²`) || !description.includes(`${l.area} m²`)) bad.push(`${l.code} area`);
      if (/\b1 (quartos|dormitórios|suítes|vagas|banheiros)\b/.test(text)) bad.push(`${l.code} plural: ${text}`);
      if (/\b([2-9]|\d{2,}) (quarto|dormitório|suíte|vaga|banheiro)\b(?!s)/.test(text))
        bad.push(`${l.code} singular: ${text}`);
      if (/undefined|null|NaN/.test(text)) bad.push(`${l.code} hole: ${text}`);
    }
    expect(bad).toEqual([]);
    const titles = new Set(
      catalogue.listings.slice(0, 2000).map((l) => textsOf(l).title.replace(/\d+/g, "#").split(" ")[1]),
    );
    expect(titles.size).toBeGreaterThan(3);
  });

  it("composes 2-6 prontuário entries in date order, starting with the registration", () => {
    const bad: string[] = [];
    for (const l of catalogue.listings.slice(0, 2000)) {
      const { history, owners } = privateOf(l);
      const keys = history.map((h) => `${h.date} ${h.time}`);
      if (history.length < 2 || history.length > 6) bad.push(`${l.code} count`);
      if (history[0]!.subject !== (l.salePrice > 0 ? "Colocado para venda" : "Colocado para locação"))
        bad.push(`${l.code} first`);
      if (history[0]!.date !== l.createdAt) bad.push(`${l.code} date`);
      if ([...keys].sort().join() !== keys.join()) bad.push(`${l.code} order`);
      if (owners.length < 1 || !/^\(11\) 9\d{4}-\d{4}$/.test(owners[0]!.phone)) bad.push(`${l.code} owner`);
    }
    expect(bad).toEqual([]);
  });

  it("is deterministic: two builds give identical catalogues", () => {
    const again: Catalogue = buildCatalogue(csv);
    expect(again.buildings.map((b) => [b.code, b.name, b.description, [...b.infra].sort()])).toEqual(
      catalogue.buildings.map((b) => [b.code, b.name, b.description, [...b.infra].sort()]),
    );
    // Every listing's typed fields; texts, photos and private data (composed on demand) for every 4th.
    const first = catalogue.listings.map((l, i) => JSON.stringify(snapshot(l, i % 4 === 0)));
    const second = again.listings.map((l, i) => JSON.stringify(snapshot(l, i % 4 === 0)));
    expect(second.length).toBe(first.length);
    expect(catalogue.listings.filter((l, i) => first[i] !== second[i]).map((l) => l.code)).toEqual([]);
  });
});
