import { describe, expect, it } from "vitest";
import type { Listing } from "~/domain/listing";
import { toListing } from "../vista";
import {
  bestArea,
  buildingKeyOf,
  condominiumRow,
  CondominiumSlugs,
  coverPhotoOf,
  hasPrice,
  isoDate,
  listingRow,
  titleOf,
} from "./rows";

function listing(overrides: Partial<Listing> = {}): Listing {
  const base = toListing({
    Codigo: "AP1",
    Categoria: "Apartamento",
    Bairro: "Jardim Paulista",
    Cidade: "São Paulo",
    UF: "SP",
    ValorVenda: "850000",
    ValorLocacao: "0",
    ValorCondominio: "1200",
    ValorIptu: "2400",
    AreaPrivativa: "82",
    AreaTotal: "100",
    Dormitorios: "3",
    DataAtualizacao: "2026-08-14",
    TituloSite: "Apartamento com varanda",
  });
  return { ...base, ...overrides };
}

const now = new Date("2026-08-15T12:00:00Z");

describe("listingRow", () => {
  it("denormalises slugs, purposes, monthly costs and the best area", () => {
    const row = listingRow(listing(), "edificio-aurora", now);
    expect(row).toMatchObject({
      code: "AP1",
      categorySlug: "apartamento",
      citySlug: "sao-paulo",
      neighbourhoodSlug: "jardim-paulista",
      forSale: true,
      forRent: false,
      salePrice: 850_000,
      rentPrice: null,
      monthlyCostSale: 1200 + 2400 / 12,
      monthlyCostRent: null,
      area: 82,
      bedrooms: 3,
      condominiumSlug: "edificio-aurora",
      updatedAt: "2026-08-14",
      removedAt: null,
      removalReason: null,
      syncedAt: now,
    });
    expect(row.data.code).toBe("AP1");
  });

  it("computes the rent offer's monthly cost (rent + condo + IPTU/12)", () => {
    const row = listingRow(listing({ salePrice: null, rentPrice: 3000 }), null, now);
    expect(row).toMatchObject({
      forSale: false,
      forRent: true,
      monthlyCostRent: 3000 + 1200 + 200,
      monthlyCostSale: null,
    });
  });

  it("stores a listing without any price as removed (no_price)", () => {
    const row = listingRow(listing({ salePrice: null, rentPrice: null }), null, now);
    expect(row).toMatchObject({ forSale: false, forRent: false, removedAt: now, removalReason: "no_price" });
    expect(hasPrice({ salePrice: 0, rentPrice: null })).toBe(false);
    expect(hasPrice({ salePrice: null, rentPrice: 1 })).toBe(true);
  });

  it("takes the broker code and the cover photo", () => {
    const broker = { code: "14", name: "Rafael", email: "", phone: "", mobile: "", creci: "", photoUrl: "" };
    const photos = [
      { url: "https://cdn/a.jpg", thumbnailUrl: "", isCover: false, order: 1, description: "", kind: "" },
      { url: "https://cdn/b.jpg", thumbnailUrl: "", isCover: true, order: 2, description: "", kind: "" },
    ];
    const row = listingRow(listing({ broker, photos, coverPhotoUrl: "" }), null, now);
    expect(row.brokerCode).toBe("14");
    expect(row.coverPhotoUrl).toBe("https://cdn/b.jpg");
  });
});

describe("helpers", () => {
  it("bestArea prefers private, then total, then built area", () => {
    expect(bestArea({ privateArea: null, totalArea: 120, builtArea: 90 })).toBe(120);
    expect(bestArea({ privateArea: null, totalArea: null, builtArea: 90 })).toBe(90);
    expect(bestArea({ privateArea: null, totalArea: null, builtArea: null })).toBeNull();
  });

  it("isoDate keeps the date of a date-time and rejects zero dates", () => {
    expect(isoDate("2026-08-14 10:22:00")).toBe("2026-08-14");
    expect(isoDate("0000-00-00")).toBeNull();
    expect(isoDate(null)).toBeNull();
  });

  it("coverPhotoOf falls back to the first photo", () => {
    const photo = { url: "https://cdn/x.jpg", thumbnailUrl: "", isCover: false, order: 1, description: "", kind: "" };
    expect(coverPhotoOf({ coverPhotoUrl: "", photos: [photo] })).toBe("https://cdn/x.jpg");
    expect(coverPhotoOf({ coverPhotoUrl: "", photos: [] })).toBe("");
  });

  it("titleOf builds a pt-BR fallback title", () => {
    expect(titleOf({ title: " ", category: "Casa", neighbourhood: "Mooca", city: "São Paulo" })).toBe("Casa em Mooca");
  });
});

describe("CondominiumSlugs", () => {
  const aurora = { name: "Edifício Aurora", neighbourhood: "Moema", city: "São Paulo" };

  it("gives the same building the same slug and keeps stored slugs", () => {
    const slugs = new CondominiumSlugs([[buildingKeyOf(aurora), "aurora-antigo"]]);
    expect(slugs.slugFor(aurora)).toBe("aurora-antigo");
    expect(slugs.slugFor({ ...aurora })).toBe("aurora-antigo");
  });

  it("appends the neighbourhood on a collision between different buildings, then a number", () => {
    const slugs = new CondominiumSlugs();
    expect(slugs.slugFor(aurora)).toBe("edificio-aurora");
    expect(slugs.slugFor({ ...aurora, neighbourhood: "Mooca" })).toBe("edificio-aurora-mooca");
    const other = new CondominiumSlugs([
      ["x/y/edificio-aurora", "edificio-aurora"],
      ["x/z/edificio-aurora", "edificio-aurora-mooca"],
    ]);
    expect(other.slugFor({ ...aurora, neighbourhood: "Mooca" })).toBe("edificio-aurora-mooca-2");
  });

  it("builds the condominium row with its slug in data", () => {
    const row = condominiumRow(
      {
        ...aurora,
        description: "",
        state: "SP",
        address: "",
        latitude: -23.6,
        longitude: -46.66,
        infrastructure: ["Piscina"],
        photos: [],
        coverPhotoUrl: "https://cdn/c.jpg",
        floors: 12,
        yearBuilt: 2010,
        isLaunch: false,
      },
      "edificio-aurora",
      now,
    );
    expect(row).toMatchObject({
      slug: "edificio-aurora",
      buildingKey: "sao-paulo/moema/edificio-aurora",
      citySlug: "sao-paulo",
      neighbourhoodSlug: "moema",
      coverPhotoUrl: "https://cdn/c.jpg",
    });
    expect(row.data.slug).toBe("edificio-aurora");
  });
});
