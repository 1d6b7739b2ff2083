import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/mocks/unit-cases";
import { NON_FACET_PARAMS } from "~/test-support/query-params";
import {
  canonicalRedirect,
  describeFilters,
  type FilterVocabulary,
  filtersToFormEntries,
  filtersToUrl,
  hasFilters,
  type ListingFilters,
  MAX_AMENITIES,
  MAX_FILTERS_FOR_WIDER,
  MAX_NEIGHBOURHOODS,
  MAX_WIDER_SEARCHES,
  normalizeFilters,
  parseAmount,
  parseFilters,
  pluralizeCategory,
  SORT_ORDERS,
  widerSearches,
} from "./filters";
import { AMENITY_FILTERS } from "./amenities";
import { CODEC_VOCABULARY } from "../../tests/mocks/vocabulary";

/** A realistic vocabulary, with hyphenated slugs and a neighbourhood in two cities. */
const vocabulary = CODEC_VOCABULARY;
const entry = (slug: string, label = slug) => ({ slug, label, count: 1 });

function parseUrl(url: string, vocab = vocabulary) {
  const u = new URL(url, "http://localhost");
  const segment = u.pathname.startsWith("/todos-os-imoveis/")
    ? decodeURIComponent(u.pathname.slice("/todos-os-imoveis/".length))
    : undefined;
  return parseFilters(segment, u.searchParams, vocab);
}

/** The wider searches of `f`, after checking that their labels are `labels`, in order. */
function widerWithLabels(f: ListingFilters, labels: string[]) {
  const wider = widerSearches(f, vocabulary);
  expect(wider.map((w) => w.label)).toEqual(labels);
  return wider;
}

function expectParsed(url: string, vocab = vocabulary) {
  const result = parseUrl(url, vocab);
  if ("notFound" in result) throw new Error(`not found: ${url}`);
  return result;
}

describe("filtersToUrl", () => {
  it("writes the main facets as one readable segment and the rest as ordered query parameters", () => {
    const url = filtersToUrl(
      {
        page: 3,
        sort: "menor-preco",
        bedroomsMin: 2,
        priceMax: 900000,
        priceMin: 300000,
        neighbourhoods: ["vila-mariana", "moema"],
        city: "sao-paulo",
        category: "apartamento",
        purpose: "venda",
      },
      vocabulary,
    );
    expect(url).toBe(
      "/todos-os-imoveis/venda-apartamento-sao-paulo-moema-vila-mariana?preco-min=300000&preco-max=900000&quartos=2&ordem=menor-preco&pagina=3",
    );
  });

  it("omits defaults", () => {
    expect(filtersToUrl({})).toBe("/todos-os-imoveis");
    expect(filtersToUrl({ sort: "recentes", page: 1, neighbourhoods: [] })).toBe("/todos-os-imoveis");
    expect(filtersToUrl({ purpose: "aluguel" })).toBe("/todos-os-imoveis/aluguel");
  });

  it("falls back to query parameters when the segment would be ambiguous", () => {
    // "casa-de-condominio" could be category "casa" + … only if such slugs existed; build a real clash:
    const clash: FilterVocabulary = {
      categories: [entry("casa"), entry("casa-verde")],
      cities: [
        { ...entry("verde-sao-paulo"), neighbourhoods: [] },
        { ...entry("sao-paulo"), neighbourhoods: [] },
      ],
    };
    const a = filtersToUrl({ category: "casa", city: "verde-sao-paulo" }, clash);
    const b = filtersToUrl({ category: "casa-verde", city: "sao-paulo" }, clash);
    expect(a).not.toBe(b);
    expect(expectParsed(a, clash).filters).toEqual({ category: "casa", city: "verde-sao-paulo" });
    expect(expectParsed(b, clash).filters).toEqual({ category: "casa-verde", city: "sao-paulo" });
    // The ambiguous segment itself is never canonical: it redirects to one of them.
    const { canonical } = expectParsed("/todos-os-imoveis/casa-verde-sao-paulo", clash);
    expect([a, b]).toContain(canonical);
  });
});

describe("parseFilters", () => {
  it("reads a canonical URL as itself", () => {
    const url = "/todos-os-imoveis/venda-casa-de-condominio-sao-paulo-jardim-paulista?quartos=3";
    const result = expectParsed(url);
    expect(result.filters).toEqual({
      purpose: "venda",
      category: "casa-de-condominio",
      city: "sao-paulo",
      neighbourhoods: ["jardim-paulista"],
      bedroomsMin: 3,
    });
    expect(result.canonical).toBe(url);
  });

  it("canonicalises case, accents, order and duplicates", () => {
    const expected = "/todos-os-imoveis/aluguel-apartamento-sao-paulo-moema-pinheiros";
    expect(expectParsed("/todos-os-imoveis/Aluguel-Apartamento-São-Paulo-Pinheiros-Moema").canonical).toBe(expected);
    expect(expectParsed("/todos-os-imoveis/aluguel-apartamento-sao-paulo-pinheiros-moema-pinheiros").canonical).toBe(
      expected,
    );
    expect(expectParsed("/todos-os-imoveis?quartos=2&quartos=4").canonical).toBe("/todos-os-imoveis?quartos=2");
    expect(expectParsed("/todos-os-imoveis?ordem=maior-area&preco-max=100&preco-min=50").canonical).toBe(
      "/todos-os-imoveis?preco-min=50&preco-max=100&ordem=maior-area",
    );
  });

  it("turns the search forms' parameters into the segment", () => {
    const fromHome = expectParsed(
      "/todos-os-imoveis?finalidade=venda&tipo=apartamento&cidade=S%C3%A3o+Paulo&bairro=moema&bairro=vila-mariana&preco-min=&quartos=",
    );
    expect(fromHome.canonical).toBe("/todos-os-imoveis/venda-apartamento-sao-paulo-moema-vila-mariana");
    expect(expectParsed("/todos-os-imoveis?finalidade=alugar&local=sao-paulo%2Fpinheiros").canonical).toBe(
      "/todos-os-imoveis/aluguel-sao-paulo-pinheiros",
    );
    expect(expectParsed("/todos-os-imoveis?local=santo-andre").canonical).toBe("/todos-os-imoveis/santo-andre");
    // A neighbourhood alone implies its city; one in two cities takes the first alphabetically.
    expect(expectParsed("/todos-os-imoveis?bairro=moema").canonical).toBe("/todos-os-imoveis/sao-paulo-moema");
    expect(expectParsed("/todos-os-imoveis?bairro=santo-andre/centro").canonical).toBe(
      "/todos-os-imoveis/santo-andre-centro",
    );
    expect(expectParsed("/todos-os-imoveis/moema").canonical).toBe("/todos-os-imoveis/sao-paulo-moema");
  });

  it("keeps only neighbourhoods of the chosen city", () => {
    expect(expectParsed("/todos-os-imoveis?cidade=santo-andre&bairro=moema&bairro=centro").canonical).toBe(
      "/todos-os-imoveis/santo-andre-centro",
    );
    // A new city from the form drops the segment's neighbourhoods that are not in it.
    expect(expectParsed("/todos-os-imoveis/sao-paulo-moema?cidade=santo-andre").canonical).toBe(
      "/todos-os-imoveis/santo-andre",
    );
  });

  it("drops malformed or unknown query parameters", () => {
    for (const query of [
      "quartos=abc",
      "quartos=0",
      "quartos=-1",
      "preco-min=1e9",
      "ordem=aleatoria",
      "pagina=0",
      "pagina=1",
      "tipo=castelo",
      "cidade=atlantida",
      "foo=bar",
      "preco-min=0",
    ]) {
      expect(expectParsed(`/todos-os-imoveis/venda?${query}`).canonical).toBe("/todos-os-imoveis/venda");
    }
  });

  it("reads pt-BR amounts and swaps an upside-down price range", () => {
    expect(parseAmount("1.500.000")).toBe(1_500_000);
    expect(parseAmount("R$ 2.500,00")).toBe(2_500);
    expect(parseAmount("1,5,5")).toBeUndefined();
    expect(parseAmount("15.00")).toBeUndefined();
    expect(expectParsed("/todos-os-imoveis?preco-min=900.000&preco-max=300000").filters).toEqual({
      priceMin: 300000,
      priceMax: 900000,
    });
  });

  it("answers not found for an unknown word in the segment", () => {
    expect(parseUrl("/todos-os-imoveis/venda-castelo")).toEqual({ notFound: true });
    expect(parseUrl("/todos-os-imoveis/sao-paulo-atlantida")).toEqual({ notFound: true });
    // A neighbourhood of another city after a city is unknown there.
    expect(parseUrl("/todos-os-imoveis/santo-andre-moema")).toEqual({ notFound: true });
  });

  it("treats an empty or symbol-only segment as no segment", () => {
    expect(expectParsed("/todos-os-imoveis/---").canonical).toBe("/todos-os-imoveis");
  });
});

describe("canonicalRedirect", () => {
  it("is null for a canonical request and keeps tracking parameters on a redirect", () => {
    const canonical = "/todos-os-imoveis/venda?quartos=2";
    expect(canonicalRedirect(new URL(`http://x${canonical}`), canonical)).toBeNull();
    expect(canonicalRedirect(new URL(`http://x${canonical}&utm_source=news`), canonical)).toBeNull();
    expect(
      canonicalRedirect(new URL("http://x/todos-os-imoveis?finalidade=venda&quartos=2&utm_source=news"), canonical),
    ).toBe("/todos-os-imoveis/venda?quartos=2&utm_source=news");
    expect(canonicalRedirect(new URL("http://x/todos-os-imoveis/"), "/todos-os-imoveis")).toBe("/todos-os-imoveis");
  });

  it("never makes Remix's own data parameters a reason to redirect, nor carries them to the target", () => {
    const canonical = "/todos-os-imoveis/venda?quartos=2";
    expect(canonicalRedirect(new URL(`http://x${canonical}&_routes=routes%2Flistings`), canonical)).toBeNull();
    expect(
      canonicalRedirect(
        new URL("http://x/todos-os-imoveis?finalidade=venda&quartos=2&_routes=root&_data=root"),
        canonical,
      ),
    ).toBe(canonical);
  });
});

describe("describeFilters", () => {
  itMaps("pluralises category labels", pluralizeCategory, [
    ["Sala comercial", "Salas comerciais"],
    ["Casa de Condomínio", "Casas de Condomínio"],
    ["Galpão", "Galpões"],
    ["Apartamento Duplex", "Apartamentos Duplex"],
  ]);

  it("builds the heading and the count sentence in pt-BR", () => {
    const d = describeFilters(
      { purpose: "venda", category: "apartamento", city: "sao-paulo", neighbourhoods: ["moema"] },
      vocabulary,
    );
    expect(d.heading).toBe("Apartamentos à venda em Moema, São Paulo");
    expect(d.count(1234)).toBe("1.234 apartamentos à venda em Moema");
    expect(d.count(1)).toBe("1 apartamento à venda em Moema");
    expect(d.count(0)).toBe("Nenhum apartamento à venda em Moema");
    expect(describeFilters({}, vocabulary).heading).toBe("Todos os imóveis");
    expect(describeFilters({ purpose: "aluguel", city: "sao-paulo" }, vocabulary).count(2)).toBe(
      "2 imóveis para alugar em São Paulo",
    );
    expect(
      describeFilters({ city: "sao-paulo", neighbourhoods: ["moema", "pinheiros", "vila-mariana"] }, vocabulary)
        .heading,
    ).toBe("Imóveis em Moema, Pinheiros e Vila Mariana, São Paulo");
  });
});

describe("widerSearches", () => {
  it("removes one facet at a time, the neighbourhoods together", () => {
    const f: ListingFilters = {
      purpose: "venda",
      city: "sao-paulo",
      priceMax: 100,
      neighbourhoods: ["moema", "pinheiros"],
      bedroomsMin: 4,
      page: 2,
    };
    const wider = widerWithLabels(f, [
      "Em qualquer bairro de São Paulo",
      "Incluir imóveis para alugar",
      "Qualquer preço",
      "Qualquer número de quartos",
      "Em qualquer cidade",
    ]);
    expect(wider[0].filters).toEqual({ purpose: "venda", city: "sao-paulo", priceMax: 100, bedroomsMin: 4 });
    expect(wider[2].filters).toEqual({
      purpose: "venda",
      city: "sao-paulo",
      neighbourhoods: ["moema", "pinheiros"],
      bedroomsMin: 4,
    });
    expect(wider[4].filters).toEqual({ purpose: "venda", priceMax: 100, bedroomsMin: 4 });
  });

  it("names the only neighbourhood it drops", () => {
    widerWithLabels({ city: "sao-paulo", neighbourhoods: ["moema"] }, ["Sem o bairro Moema", "Em qualquer cidade"]);
  });

  it("offers at most MAX_WIDER_SEARCHES, and none past MAX_FILTERS_FOR_WIDER removable filters", () => {
    const amenities = AMENITY_FILTERS.map((a) => a.slug);
    const some = widerSearches({ city: "sao-paulo", amenities: amenities.slice(0, 10) }, vocabulary);
    expect(some).toHaveLength(MAX_WIDER_SEARCHES);
    expect(some.every((w) => w.filters.amenities?.length === 9)).toBe(true);
    const limit = widerSearches({ amenities: amenities.slice(0, MAX_FILTERS_FOR_WIDER) }, vocabulary);
    expect(limit).toHaveLength(MAX_WIDER_SEARCHES);
    expect(widerSearches({ amenities: amenities.slice(0, MAX_FILTERS_FOR_WIDER), launch: true }, vocabulary)).toEqual(
      [],
    );
  });
});

describe("caps on what one search carries", () => {
  it("keeps the first MAX_NEIGHBOURHOODS neighbourhoods and MAX_AMENITIES amenities, in slug order", () => {
    const neighbourhoods = Array.from(
      { length: MAX_NEIGHBOURHOODS + 5 },
      (_, i) => `bairro-${String(i).padStart(2, "0")}`,
    );
    const amenities = AMENITY_FILTERS.map((a) => a.slug);
    const f = normalizeFilters({ city: "sao-paulo", neighbourhoods: [...neighbourhoods].reverse(), amenities });
    expect(f.neighbourhoods).toEqual(neighbourhoods.slice(0, MAX_NEIGHBOURHOODS));
    expect(f.amenities).toEqual([...amenities].sort().slice(0, MAX_AMENITIES));
  });

  it("redirects a URL over the caps to the capped canonical URL", () => {
    const amenities = AMENITY_FILTERS.map((a) => a.slug);
    const parsed = expectParsed(`/todos-os-imoveis?comodidades=${amenities.join(",")}`);
    expect(parsed.filters.amenities).toHaveLength(MAX_AMENITIES);
    expect(new URL(parsed.canonical, "http://localhost").searchParams.get("comodidades")!.split(",")).toHaveLength(
      MAX_AMENITIES,
    );
  });
});

describe("filtersToFormEntries", () => {
  it("round-trips through the listings form parameters", () => {
    const f: ListingFilters = {
      purpose: "aluguel",
      category: "casa",
      city: "sao-paulo",
      neighbourhoods: ["moema"],
      priceMin: 10,
      sort: "maior-area",
      page: 4,
    };
    const search = new URLSearchParams(filtersToFormEntries(f));
    const result = parseFilters(undefined, search, vocabulary);
    const { page: _page, ...rest } = f;
    expect("filters" in result && result.filters).toEqual(rest);
  });
});

describe("query facets (ADR 0011)", () => {
  it("writes every facet in the canonical order, before ordem and pagina", () => {
    const f: ListingFilters = normalizeFilters({
      purpose: "venda",
      city: "sao-paulo",
      priceMax: 900_000,
      bedroomsMin: 2,
      suitesMin: 1,
      parkingMin: 2,
      bathroomsMin: 3,
      areaMin: 60,
      areaMax: 150,
      condoFeeMax: 1_500,
      amenities: ["piscina", "aceita-pet"],
      launch: true,
      exclusive: true,
      code: "ap1",
      sort: "menor-custo-mensal",
      page: 2,
    });
    expect(filtersToUrl(f, vocabulary)).toBe(
      "/todos-os-imoveis/venda-sao-paulo?preco-max=900000&quartos=2&suites=1&vagas=2&banheiros=3&area-min=60&area-max=150" +
        "&condominio-max=1500&comodidades=aceita-pet%2Cpiscina&lancamento=sim&exclusivo=sim&codigo=AP1&ordem=menor-custo-mensal&pagina=2",
    );
    expect(parseUrl(filtersToUrl(f, vocabulary))).toEqual({ filters: f, canonical: filtersToUrl(f, vocabulary) });
  });

  it("reads amenities repeated or as a comma list, drops unknown ones, sorts them", () => {
    const a = parseUrl("/todos-os-imoveis?comodidades=piscina&comodidades=Aceita-Pet,sauna,foo");
    expect(a).toEqual({
      filters: { amenities: ["aceita-pet", "piscina", "sauna"] },
      canonical: "/todos-os-imoveis?comodidades=aceita-pet%2Cpiscina%2Csauna",
    });
    expect(parseUrl("/todos-os-imoveis?comodidades=nada,,")).toEqual({ filters: {}, canonical: "/todos-os-imoveis" });
  });

  it("reads pt-BR amounts for area and condo fee, swaps an upside-down area range, drops malformed values", () => {
    expect(parseUrl("/todos-os-imoveis?area-min=200&area-max=1.000&condominio-max=R$ 1.200,00")).toMatchObject({
      filters: { areaMin: 200, areaMax: 1000, condoFeeMax: 1200 },
    });
    expect(parseUrl("/todos-os-imoveis?area-min=300&area-max=50")).toMatchObject({
      filters: { areaMin: 50, areaMax: 300 },
    });
    expect(
      parseUrl(
        "/todos-os-imoveis?suites=0&vagas=99&banheiros=x&area-min=-5&condominio-max=abc&lancamento=talvez&exclusivo=",
      ),
    ).toEqual({
      filters: {},
      canonical: "/todos-os-imoveis",
    });
  });

  it("reads yes-words for lançamento and exclusivo and writes sim", () => {
    expect(parseUrl("/todos-os-imoveis?lancamento=SIM&exclusivo=true")).toEqual({
      filters: { launch: true, exclusive: true },
      canonical: "/todos-os-imoveis?lancamento=sim&exclusivo=sim",
    });
  });

  it("normalises the code and rejects malformed ones", () => {
    expect(parseUrl("/todos-os-imoveis?codigo= ap 123 ")).toMatchObject({
      filters: { code: "AP123" },
      canonical: "/todos-os-imoveis?codigo=AP123",
    });
    expect(parseUrl("/todos-os-imoveis?codigo=<script>")).toEqual({ filters: {}, canonical: "/todos-os-imoveis" });
    expect(parseUrl(`/todos-os-imoveis?codigo=${"A".repeat(41)}`)).toEqual({
      filters: {},
      canonical: "/todos-os-imoveis",
    });
  });

  it("describes the other facets in pt-BR", () => {
    const d = describeFilters(
      {
        purpose: "aluguel",
        priceMax: 5_000,
        suitesMin: 1,
        parkingMin: 2,
        bathroomsMin: 2,
        areaMin: 50,
        condoFeeMax: 800,
        amenities: ["aceita-pet", "piscina"],
        launch: true,
        exclusive: true,
        code: "AP1",
      },
      vocabulary,
    );
    expect(d.heading).toBe("Imóveis para alugar");
    expect(d.details).toEqual([
      "Aluguel até R$ 5.000",
      "1+ suíte",
      "2+ vagas",
      "2+ banheiros",
      "Área a partir de 50 m²",
      "Condomínio até R$ 800",
      "Aceita pet",
      "Piscina",
      "Lançamentos",
      "Exclusivos",
      "Código AP1",
    ]);
    expect(describeFilters({}, vocabulary).details).toEqual([]);
  });

  it("widens by removing each new facet, one amenity at a time", () => {
    const f: ListingFilters = {
      suitesMin: 1,
      parkingMin: 1,
      bathroomsMin: 1,
      areaMin: 10,
      areaMax: 90,
      condoFeeMax: 500,
      amenities: ["elevador", "piscina"],
      launch: true,
      exclusive: true,
      code: "X1",
    };
    const wider = widerWithLabels(f, [
      "Qualquer código",
      "Sem exigir elevador",
      "Sem exigir piscina",
      "Incluir imóveis que não são lançamentos",
      "Incluir imóveis não exclusivos",
      "Qualquer número de suítes",
      "Qualquer número de vagas",
      "Qualquer número de banheiros",
    ]);
    for (const w of wider) expect(Object.keys(f).length - Object.keys(w.filters).length).toBeGreaterThanOrEqual(0);
    expect(wider[1].filters.amenities).toEqual(["piscina"]);
    const area = widerSearches({ areaMin: 10, areaMax: 90, condoFeeMax: 500 }, vocabulary);
    expect(area.map((w) => w.label)).toEqual(["Qualquer área", "Qualquer valor de condomínio"]);
    expect(area[0].filters).toEqual({ condoFeeMax: 500 });
  });

  it("round-trips the new facets through the form parameters, and counts them as filters", () => {
    const f: ListingFilters = normalizeFilters({
      city: "sao-paulo",
      suitesMin: 2,
      areaMax: 80,
      amenities: ["sauna", "elevador"],
      exclusive: true,
      code: "AP9",
      sort: "maior-area",
    });
    const search = new URLSearchParams(filtersToFormEntries(f));
    expect(search.getAll("comodidades")).toEqual(["elevador,sauna"]);
    expect(
      "filters" in parseFilters(undefined, search, vocabulary) && parseFilters(undefined, search, vocabulary),
    ).toMatchObject({ filters: f });
    expect(hasFilters({ launch: true })).toBe(true);
    expect(hasFilters({ sort: "maior-area", page: 3 })).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// Property-based tests (fast-check)

/** Few short words, so that random vocabularies collide often (the hard case). */
const word = fc.constantFrom("a", "b", "ab", "sao", "paulo", "venda", "aluguel", "vila", "1");
const slugArb = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join("-"));

const vocabularyArb: fc.Arbitrary<FilterVocabulary> = fc.record({
  categories: fc.uniqueArray(slugArb, { maxLength: 4 }).map((slugs) => slugs.map((s) => entry(s))),
  cities: fc
    .uniqueArray(fc.tuple(slugArb, fc.uniqueArray(slugArb, { maxLength: 4 })), {
      maxLength: 3,
      selector: ([slug]) => slug,
    })
    .map((cities) => cities.map(([slug, nbs]) => ({ ...entry(slug), neighbourhoods: nbs.map((n) => entry(n)) }))),
});

/** Valid, normalised filters over a vocabulary. */
function filtersArb(vocab: FilterVocabulary): fc.Arbitrary<ListingFilters> {
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  const place: fc.Arbitrary<Pick<ListingFilters, "city" | "neighbourhoods">> = vocab.cities.length
    ? fc
        .option(fc.constantFrom(...vocab.cities), { nil: undefined })
        .chain((city) =>
          city
            ? fc
                .subarray(city.neighbourhoods.map((n) => n.slug))
                .map((nbs) => ({ city: city.slug, neighbourhoods: nbs }))
            : fc.constant({}),
        )
    : fc.constant({});
  return fc
    .record({
      purpose: maybe(fc.constantFrom("venda" as const, "aluguel" as const)),
      category: vocab.categories.length
        ? maybe(fc.constantFrom(...vocab.categories.map((c) => c.slug)))
        : fc.constant(undefined),
      place,
      prices: fc.tuple(maybe(fc.integer({ min: 1, max: 50_000_000 })), maybe(fc.integer({ min: 1, max: 50_000_000 }))),
      bedroomsMin: maybe(fc.integer({ min: 1, max: 20 })),
      sort: maybe(fc.constantFrom(...SORT_ORDERS.filter((s) => s !== "recentes"))),
      page: maybe(fc.integer({ min: 2, max: 100_000 })),
    })
    .map(({ place: p, prices: [a, b], ...rest }) => {
      const [priceMin, priceMax] = a != null && b != null && a > b ? [b, a] : [a, b];
      return normalizeFilters({ ...rest, ...p, priceMin, priceMax });
    });
}

const vocabAndFilters = vocabularyArb.chain((vocab) => filtersArb(vocab).map((filters) => ({ vocab, filters })));

describe("codec properties", () => {
  it("round-trips: parse(filtersToUrl(f)) == f, and that URL is canonical", () => {
    fc.assert(
      fc.property(vocabAndFilters, ({ vocab, filters }) => {
        const url = filtersToUrl(filters, vocab);
        const result = parseUrl(url, vocab);
        expect(result).toEqual({ filters, canonical: url });
      }),
      { numRuns: 2000 },
    );
  });

  it("round-trips on the realistic vocabulary, where the segment is always used", () => {
    fc.assert(
      fc.property(filtersArb(vocabulary), (filters) => {
        const url = filtersToUrl(filters, vocabulary);
        expect(url).toBe(filtersToUrl(filters)); // no clash: same with or without vocabulary
        expect(parseUrl(url)).toEqual({ filters, canonical: url });
      }),
      { numRuns: 1000 },
    );
  });

  it("canonical is idempotent and never throws on garbage", () => {
    const garbageSegment = fc.oneof(
      fc.string(),
      fc
        .array(fc.oneof(word, fc.constantFrom("moema", "sao-paulo", "apartamento", "Ç", "%", "/", "")), {
          maxLength: 8,
        })
        .map((w) => w.join("-")),
    );
    const garbageQuery = fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("preco-min", "preco-max", "quartos", "ordem", "pagina", ...NON_FACET_PARAMS),
            fc.string(),
          ),
          fc.oneof(
            fc.string(),
            fc.integer().map(String),
            fc.constantFrom("venda", "sao-paulo/moema", "1.000", "maior-area", "moema"),
          ),
        ),
        { maxLength: 8 },
      )
      .map((pairs) => new URLSearchParams(pairs));
    fc.assert(
      fc.property(
        fc.option(garbageSegment, { nil: undefined }),
        garbageQuery,
        fc.oneof(fc.constant(vocabulary), vocabularyArb),
        (segment, search, vocab) => {
          const result = parseFilters(segment, search, vocab);
          if ("notFound" in result) return;
          const again = parseUrl(result.canonical, vocab);
          expect(again).toEqual(result);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("publicVocabulary", () => {
  it("keeps only categories and cities", async () => {
    const { publicVocabulary } = await import("./filters");
    const categories = [{ slug: "apartamento", label: "Apartamento", count: 3 }];
    const cities = [{ slug: "sao-paulo", label: "São Paulo", count: 3, neighbourhoods: [] }];
    const server = { categories, cities, total: 3, purposes: { venda: 2, aluguel: 1 } };
    expect(publicVocabulary(server)).toEqual({ categories, cities });
  });
});
