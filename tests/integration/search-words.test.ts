/**
 * Integration on the synced Vista sandbox (ADR 0087): `/busca` reads the way
 * people say it. "pinheiros aluguel 2 quartos pet até 4 mil" gives exactly
 * the active listings for rent in Pinheiros with rent ≤ R$ 4.000, 2+
 * bedrooms and pets accepted (compared with the synced rows, never with
 * hard-coded counts), shows the words as removable chips, and says neither
 * "Não encontramos" nor that a word was not understood; "moema metrô" names
 * "metrô" and shows Moema.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { searchText } from "~/.server/catalogue/text-search";
import { getVocabulary, type Vocabulary } from "~/.server/catalogue/vocabulary";
import { listings } from "~/.server/db/schema";
import { loader as searchLoader } from "~/routes/search";
import { answer, loaderArgs } from "./helpers/loaders";
import { useSyncedListingRows } from "./helpers/synced-sandbox";

const QUERY = "pinheiros aluguel 2 quartos pet até 4 mil";

const rows = useSyncedListingRows("search-words", {
  code: listings.code,
  forRent: listings.forRent,
  rentPrice: listings.rentPrice,
  bedrooms: listings.bedrooms,
  neighbourhoodSlug: listings.neighbourhoodSlug,
  amenities: listings.amenities,
});
let vocabulary: Vocabulary;

beforeAll(async () => {
  vocabulary = await getVocabulary();
});

/** The `/busca` loader's JSON for `q`. */
async function searchPage(q: string) {
  const response = await answer(() => searchLoader(loaderArgs(`/busca?q=${encodeURIComponent(q)}`)));
  expect(response.status).toBe(200);
  return response.json();
}

describe("words understood on the synced catalogue", () => {
  it(`“${QUERY}” gives only matching listings, all of them`, async () => {
    const expected = rows
      .filter(
        (r) =>
          r.forRent &&
          r.rentPrice != null &&
          r.rentPrice <= 4_000 &&
          (r.bedrooms ?? 0) >= 2 &&
          r.neighbourhoodSlug === "pinheiros" &&
          (r.amenities ?? []).includes("aceita-pet"),
      )
      .map((r) => r.code)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const result = await searchText(QUERY, { vocabulary, pageSize: 10_000 });
    expect(result.mode).toBe("filters");
    expect(result.ignored).toEqual([]);
    expect(result.filters).toMatchObject({
      purpose: "aluguel",
      bedroomsMin: 2,
      priceMax: 4_000,
      amenities: ["aceita-pet"],
      city: "sao-paulo",
      neighbourhoods: ["pinheiros"],
    });
    expect(result.items.map((i) => i.code).sort()).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it("the page shows the words as removable chips, and no 'Não encontramos'", async () => {
    const data = await searchPage(QUERY);
    expect(data.total).toBeGreaterThan(0);
    expect(data.correctedTo).toBeNull();
    expect(data.notice).toBeNull();
    expect(data.ignored).toEqual([]);
    expect(data.chips.map((c: { label: string }) => c.label)).toEqual([
      "Pinheiros",
      "Aluguel",
      "2+ quartos",
      "Aceita pet",
      "Até R$ 4.000",
    ]);
    const withoutPet = data.chips.find((c: { label: string }) => c.label === "Aceita pet");
    expect(withoutPet.url).toBe(
      `/busca?q=${encodeURIComponent("pinheiros aluguel 2 quartos até 4 mil").replace(/%20/g, "+")}`,
    );
    // Removing a chip widens the search.
    const wider = await searchPage("pinheiros aluguel 2 quartos até 4 mil");
    expect(wider.total).toBeGreaterThan(data.total);
  });

  it("“moema metrô” shows Moema and names “metrô”", async () => {
    const data = await searchPage("moema metrô");
    expect(data.ignored).toEqual(["metrô"]);
    expect(data.correctedTo).toBeNull();
    expect(data.total).toBe(rows.filter((r) => r.neighbourhoodSlug === "moema").length);
    expect(data.chips.map((c: { label: string }) => c.label)).toEqual(["Moema"]);
  });
});
