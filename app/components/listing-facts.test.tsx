import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListingFacts, listingFacts, type FactsListing } from "./listing-facts";

const base: FactsListing = {
  privateArea: null,
  totalArea: null,
  builtArea: null,
  bedrooms: null,
  suites: null,
  parkingSpaces: null,
  bathrooms: null,
};

describe("listingFacts", () => {
  it("lists área, dormitórios, suítes, vagas and banheiros in order with pt-BR plurals", () => {
    const facts = listingFacts({ ...base, privateArea: 85, bedrooms: 3, suites: 1, parkingSpaces: 2, bathrooms: 2 });
    expect(facts.map((f) => `${f.value} ${f.label}`)).toEqual([
      "85 m² área útil",
      "3 dormitórios",
      "1 suíte",
      "2 vagas",
      "2 banheiros",
    ]);
  });

  it("leaves zero counts out (no “0 suítes”, no “0 vagas”)", () => {
    const facts = listingFacts({ ...base, privateArea: 40, bedrooms: 1, suites: 0, parkingSpaces: 0, bathrooms: 0 });
    expect(facts.map((f) => `${f.value} ${f.label}`)).toEqual(["40 m² área útil", "1 dormitório"]);
  });

  it("falls back to the total area, then the built area, and leaves unknown facts out", () => {
    expect(listingFacts({ ...base, totalArea: 120 })).toEqual([{ key: "area", value: "120 m²", label: "área total" }]);
    expect(listingFacts({ ...base, builtArea: 1_250 })[0].value).toBe("1.250 m²");
    expect(listingFacts(base)).toEqual([]);
  });

  it("renders nothing without facts", () => {
    expect(renderToString(<ListingFacts listing={base} />)).toBe("");
    expect(renderToString(<ListingFacts listing={{ ...base, bedrooms: 1 }} />)).toContain("dormitório");
  });
});
