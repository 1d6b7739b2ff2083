/**
 * Bounded work per public URL (docs/decisions/0062-bounded-work-per-request.md):
 * with every cache cold, no public page or endpoint runs more than
 * {@link PUBLIC_REQUEST_QUERY_BUDGET} database queries, whatever its URL
 * carries — every neighbourhood and every amenity, every facet set, tracking
 * parameters — and the URL rules cap what a search may carry.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCaches } from "~/.server/cache";
import { countQueries, PUBLIC_REQUEST_QUERY_BUDGET } from "~/.server/db/query-count";
import { listings } from "~/.server/db/schema";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { MAX_AMENITIES, MAX_NEIGHBOURHOODS } from "~/lib/filters";
import { loader as rootLoader } from "~/root";
import { loader as countLoader } from "~/routes/listings-count";
import { loader as listingsLoader } from "~/routes/listings";
import { loader as mapPointsLoader } from "~/routes/map-points";
import { loader as mapLoader } from "~/routes/map";
import { loader as searchLoader } from "~/routes/search";
import { loader as suggestionsLoader } from "~/routes/suggestions";
import { makeListing, storedRow } from "./helpers/fixtures";
import { answer, loaderArgs } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

/** 24 neighbourhoods of one city: more than a search may carry. */
const NEIGHBOURHOODS = Array.from({ length: MAX_NEIGHBOURHOODS + 4 }, (_, i) => `Bairro ${String(i + 1)}`);
const now = new Date("2026-03-01T12:00:00Z");
let processDb: ProcessDatabase;

beforeAll(async () => {
  processDb = await openProcessDatabase("query-budget", { pgliteOnly: true });
  await processDb.database.db.insert(listings).values(
    NEIGHBOURHOODS.flatMap((neighbourhood, i) =>
      [0, 1].map((j) =>
        storedRow(
          makeListing({
            code: `QB${i}-${j}`,
            city: "São Paulo",
            neighbourhood,
            salePrice: 400_000 + i * 10_000,
            bedrooms: 1 + j,
            pool: j === 1,
          }),
          { condominiumSlug: null, now },
        ),
      ),
    ),
  );
});

afterAll(async () => {
  await processDb.close();
});

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, "-");
const ALL_AMENITIES = AMENITY_FILTERS.map((a) => a.slug).join(",");
const ALL_NEIGHBOURHOODS = NEIGHBOURHOODS.map((nb) => `bairro=${slug(nb)}`).join("&");

/** The root loader and `loader` on `path` with every cache cold: the Response and the queries both ran. */
async function measured(
  loader: (args: LoaderFunctionArgs) => unknown,
  path: string,
  params: Record<string, string> = {},
): Promise<{ response: Response; queries: number }> {
  clearCaches();
  const { result, queries } = await countQueries(async () => {
    await rootLoader(loaderArgs(path));
    return answer(() => loader(loaderArgs(path, params)));
  });
  return { response: result, queries };
}

/** The listings loader on `path`, with the `{filtros}` segment as Remix passes it. */
function listingsPage(path: string) {
  const segment = new URL(path, "http://site.test").pathname.split("/")[2];
  return measured(listingsLoader, path, segment ? { filtros: decodeURIComponent(segment) } : {});
}

/** The listings page after following its canonical redirect, if any. */
async function canonicalListingsPage(path: string) {
  const first = await listingsPage(path);
  return first.response.status === 301 ? listingsPage(first.response.headers.get("Location")!) : first;
}

describe("the per-request query budget", () => {
  it("redirects a search carrying every neighbourhood and amenity to one within the caps, cheaply", async () => {
    const { response, queries } = await listingsPage(
      `/todos-os-imoveis?cidade=sao-paulo&${ALL_NEIGHBOURHOODS}&comodidades=${ALL_AMENITIES}&utm_source=x${Math.random()}`,
    );
    expect(response.status).toBe(301);
    const target = new URL(response.headers.get("Location")!, "http://site.test");
    expect(target.searchParams.getAll("bairro").length + (target.pathname.match(/bairro-/g)?.length ?? 0)).toBe(
      MAX_NEIGHBOURHOODS,
    );
    expect(target.searchParams.get("comodidades")!.split(",")).toHaveLength(MAX_AMENITIES);
    expect(queries).toBeLessThanOrEqual(PUBLIC_REQUEST_QUERY_BUDGET);
  });

  it("answers the heaviest canonical empty search within the budget, with at most a few wider searches", async () => {
    const heavy =
      `/todos-os-imoveis?cidade=sao-paulo&${NEIGHBOURHOODS.slice(0, MAX_NEIGHBOURHOODS)
        .map((nb) => `bairro=${slug(nb)}`)
        .join("&")}` +
      `&preco-min=1000&preco-max=900000&custo-min=100&custo-max=9000&quartos=2&suites=1&vagas=1&banheiros=1&area-min=10&area-max=900` +
      `&condominio-max=5000&comodidades=${AMENITY_FILTERS.slice(0, MAX_AMENITIES)
        .map((a) => a.slug)
        .join(",")}&lancamento=sim&exclusivo=sim&codigo=QB`;
    const { response, queries } = await canonicalListingsPage(heavy);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.total).toBe(0);
    expect(queries).toBeLessThanOrEqual(PUBLIC_REQUEST_QUERY_BUDGET);
  });

  it("offers the wider searches that find listings, counted in one query", async () => {
    const path = `/todos-os-imoveis?cidade=sao-paulo&bairro=${slug(NEIGHBOURHOODS[0])}&bairro=${slug(NEIGHBOURHOODS[1])}&quartos=5`;
    const { response } = await canonicalListingsPage(path);
    const data = await response.json();
    expect(data.total).toBe(0);
    const labels = data.suggestions.map((s: { label: string }) => s.label);
    expect(labels).toEqual(["Qualquer número de quartos"]);
    expect(data.suggestions[0].count).toBe(4);
  });

  it("keeps the text search, the live count, the map and the suggestions within the budget", async () => {
    const filters = `cidade=sao-paulo&${ALL_NEIGHBOURHOODS}&comodidades=${ALL_AMENITIES}&quartos=3&preco-max=100`;
    const cases: [string, (args: LoaderFunctionArgs) => unknown, string][] = [
      ["busca", searchLoader, `/busca?q=${encodeURIComponent("apartamento piscina bairro 3 zzzz")}&${filters}`],
      ["contagem", countLoader, `/busca/contagem?${filters}`],
      ["contagem com texto", countLoader, `/busca/contagem?q=casa%20com%20piscina&${filters}`],
      ["mapa", mapLoader, `/mapa?${filters}`],
      ["pontos do mapa", mapPointsLoader, `/mapa/pontos?${filters}`],
      ["sugestões", suggestionsLoader, `/busca/sugestoes?q=${encodeURIComponent("bairro 1 apartamento")}`],
    ];
    for (const [label, loader, path] of cases) {
      const { response, queries } = await measured(loader, path);
      expect(response.status, label).toBeLessThan(500);
      expect(queries, label).toBeLessThanOrEqual(PUBLIC_REQUEST_QUERY_BUDGET);
    }
  });
});
