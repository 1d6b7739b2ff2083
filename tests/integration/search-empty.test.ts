/**
 * Integration: the home and listings pages on an empty read model (the first
 * sync still running on a fresh install) show "Estamos atualizando nosso
 * catálogo" — never an error, never a 404 for a filtered URL — and are not
 * cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { loader as listingsLoader } from "~/routes/listings";
import { EMPTY_HOME_SECTIONS } from "./helpers/fixtures";
import { settle } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

let processDb: ProcessDatabase;

beforeAll(async () => {
  processDb = await openProcessDatabase("empty", { pgliteOnly: true });
});

afterAll(async () => {
  await processDb.close();
});

describe("empty read model", () => {
  it("home answers 200 with empty sections, not cached", async () => {
    const response = await settle(homeLoader({ request: new Request("http://site.test/"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const data = response.data;
    expect(data.sections).toEqual(EMPTY_HOME_SECTIONS);
  });

  it("listings answer the updating state, even for a filtered URL", async () => {
    for (const [url, params] of [
      ["http://site.test/todos-os-imoveis", {}],
      [
        "http://site.test/todos-os-imoveis/venda-apartamento-sao-paulo-moema?quartos=2",
        { filtros: "venda-apartamento-sao-paulo-moema" },
      ],
    ] as const) {
      const response = await settle(listingsLoader({ request: new Request(url), params, context: {} }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.data.state).toBe("updating");
    }
  });
});
