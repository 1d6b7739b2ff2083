import { describe, expect, it } from "vitest";
import { AMENITY_LABELS } from "~/.server/vista/amenities";
import { AMENITY_FILTERS, AMENITY_SLUGS, amenityLabel, amenitySlugsOf, dedupeAmenities } from "./amenities";
import { slugify } from "./slug";

describe("AMENITY_FILTERS", () => {
  it("has unique URL-safe slugs and pt-BR labels", () => {
    expect(AMENITY_SLUGS.size).toBe(AMENITY_FILTERS.length);
    for (const amenity of AMENITY_FILTERS) {
      expect(slugify(amenity.slug)).toBe(amenity.slug);
      expect(amenity.label.trim()).not.toBe("");
      expect(amenityLabel(amenity.slug)).toBe(amenity.label);
    }
  });

  it("starts with what the portals offer first", () => {
    expect(AMENITY_FILTERS.slice(0, 6).map((a) => a.slug)).toEqual([
      "piscina",
      "mobiliado",
      "aceita-pet",
      "elevador",
      "portaria-24h",
      "academia",
    ]);
  });

  it("can be reached from the adapter's labels of every amenity", () => {
    // Each slug is implied by at least one label the Vista adapter writes.
    const reachable = new Set(
      Object.values(AMENITY_LABELS).flatMap((label) => amenitySlugsOf({ features: [label], infrastructure: [] })),
    );
    for (const amenity of AMENITY_FILTERS)
      expect([amenity.slug, reachable.has(amenity.slug)]).toEqual([amenity.slug, true]);
  });
});

describe("amenitySlugsOf", () => {
  it("maps unit and building labels to slugs in display order, once each", () => {
    const slugs = amenitySlugsOf({
      features: [
        "Sacada com churrasqueira",
        "Aceita pet",
        "Área de serviço",
        "Armário embutido",
        "Dormitório com armário",
      ],
      infrastructure: [
        "Piscina coletiva",
        "Piscina infantil",
        "Elevador",
        "Portaria 24h",
        "Academia",
        "Sauna no condomínio",
      ],
    });
    expect(slugs).toEqual([
      "piscina",
      "aceita-pet",
      "elevador",
      "portaria-24h",
      "academia",
      "churrasqueira",
      "varanda",
      "sauna",
      "area-de-servico",
      "armarios-embutidos",
    ]);
  });

  it("ignores case and accents, and labels that are no filter", () => {
    expect(
      amenitySlugsOf({ features: ["AREA DE SERVICO", "salao de festas", "Lareira"], infrastructure: ["Interfone"] }),
    ).toEqual(["salao-de-festas", "area-de-servico"]);
    expect(amenitySlugsOf({ features: [], infrastructure: [] })).toEqual([]);
  });

  it("uses the listing's flags too", () => {
    expect(
      amenitySlugsOf({
        features: [],
        infrastructure: [],
        pool: true,
        furnished: true,
        concierge24h: true,
        fitnessRoom: true,
        sportsCourt: true,
      }),
    ).toEqual(["piscina", "mobiliado", "portaria-24h", "academia", "quadra"]);
  });
});

describe("dedupeAmenities", () => {
  it("drops repeats by a folded key, in the same list or an earlier one, keeping order", () => {
    expect(
      dedupeAmenities([
        ["Sala de TV", "sala de tv", " Lareira ", ""],
        ["Lareira", "Área de serviço", "Area de Servico"],
      ]),
    ).toEqual([["Sala de TV", "Lareira"], ["Área de serviço"]]);
  });

  it("keeps the more specific label (Ar-condicionado split, Portaria 24h) and drops the generic one", () => {
    expect(
      dedupeAmenities([
        ["Ar-condicionado", "Ar-condicionado split", "Lavabo"],
        ["Portaria", "Elevador", "Portaria 24h"],
      ]),
    ).toEqual([
      ["Ar-condicionado split", "Lavabo"],
      ["Elevador", "Portaria 24h"],
    ]);
  });

  it("drops “Face leste” when the orientation already says Leste, not the other faces", () => {
    expect(dedupeAmenities([["Face leste", "Face norte", "Sacada"]], { orientation: "Leste" })).toEqual([
      ["Face norte", "Sacada"],
    ]);
    expect(dedupeAmenities([["Face leste"]], { orientation: "" })).toEqual([["Face leste"]]);
  });
});
