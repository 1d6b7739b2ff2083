import { describe, expect, it } from "vitest";
import type { Listing } from "~/domain/listing";
import { listingMetaDescription, openStreetMapUrl, purposePhrase, rangeOf, toPublicListing, truncate } from "./detail";

/** The broker fields a public page may show. */
const publicBroker = {
  code: "1",
  name: "Ana",
  email: "a@b.c",
  phone: "",
  mobile: "11999998888",
  creci: "1",
  photoUrl: "",
};

const listing = {
  code: "AP1",
  category: "Apartamento",
  neighbourhood: "Moema",
  city: "São Paulo",
  salePrice: 850_000,
  rentPrice: null,
  privateArea: 72,
  totalArea: null,
  builtArea: null,
  bedrooms: 2,
  parkingSpaces: 1,
  description: "",
  webDescription:
    "Apartamento reformado, perto do parque. Vista livre e muito sol da manhã em todos os cômodos da casa.",
  broker: { ...publicBroker, cpf: "123" },
  photos: [],
  videos: [],
  attachments: [],
  features: [],
  infrastructure: [],
} as unknown as Listing;

describe("toPublicListing", () => {
  it("drops owner and internal fields, in domain and Vista names, and non-public broker fields", () => {
    const stored = {
      ...listing,
      ownerName: "X",
      owners: [{ name: "X", phone: "1" }],
      Proprietario: "X",
      ObsVenda: "y",
      notes: "z",
    };
    const result = toPublicListing(stored as unknown as Listing) as unknown as Record<string, unknown>;
    for (const key of ["ownerName", "owners", "Proprietario", "ObsVenda", "notes"])
      expect(result).not.toHaveProperty(key);
    expect(result.broker).toEqual(publicBroker);
    expect(result.code).toBe("AP1");
  });

  it("fills missing media arrays", () => {
    const bare = { ...listing, photos: undefined, videos: undefined } as unknown as Listing;
    expect(toPublicListing(bare).photos).toEqual([]);
    expect(toPublicListing(bare).videos).toEqual([]);
  });
});

describe("page texts", () => {
  it("names the offer", () => {
    expect(purposePhrase({ salePrice: 1, rentPrice: null })).toBe("à venda");
    expect(purposePhrase({ salePrice: null, rentPrice: 1 })).toBe("para alugar");
    expect(purposePhrase({ salePrice: 1, rentPrice: 1 })).toBe("à venda e para alugar");
  });

  it("truncates at a word boundary with an ellipsis", () => {
    expect(truncate("curto", 10)).toBe("curto");
    expect(truncate("uma frase   com  espaços", 100)).toBe("uma frase com espaços");
    const cut = truncate("palavra ".repeat(40), 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith("palavra…")).toBe(true);
  });

  it("builds a meta description of at most 160 characters with type, place, facts and price", () => {
    const text = listingMetaDescription(listing);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(
      text.startsWith(
        "Apartamento à venda em Moema, São Paulo · 72 m² · 2 quartos · 1 vaga · R$ 850.000. Apartamento reformado",
      ),
    ).toBe(true);
  });
});

describe("openStreetMapUrl", () => {
  it("points at coordinates rounded to 3 decimals", () => {
    expect(openStreetMapUrl(-23.601987, -46.665432)).toBe(
      "https://www.openstreetmap.org/?mlat=-23.602&mlon=-46.665#map=16/-23.602/-46.665",
    );
    expect(openStreetMapUrl(null, -46.6)).toBeNull();
  });
});

describe("rangeOf", () => {
  it("ignores unknown and non-positive values", () => {
    expect(rangeOf([null, 500, 0, 300, undefined, 900])).toEqual({ min: 300, max: 900 });
    expect(rangeOf([])).toBeNull();
  });
});
