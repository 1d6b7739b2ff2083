/**
 * Favourites and comparison (docs/decisions/0032-favourites-and-compare.md)
 * as Remix calls them: the no-JavaScript toggle action
 * (`/favoritos/alternar`) answers 303 back to a same-site path with the new
 * `favoritos` cookie and refuses malformed input; the `/favoritos` loader
 * reads the cookie (or a shared `?codigos=`) and tells active listings from
 * those that left the catalogue; `/comparar` validates its codes.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/.server/db";
import { analyticsEvents, listings } from "~/.server/db/schema";
import { MAX_FAVOURITES, readFavourites } from "~/lib/favourites";
import * as compare from "~/routes/compare";
import type { CompareData } from "~/routes/compare";
import * as toggleRoute from "~/routes/favourite-toggle";
import * as favourites from "~/routes/favourites";
import type { FavouritesData } from "~/routes/favourites";
import { makeListing, storedRow } from "./helpers/fixtures";
import { answer, settle, siteRequest } from "./helpers/loaders";
import { openProcessDatabase, type ProcessDatabase } from "./helpers/process-database";

const now = new Date("2026-03-01T12:00:00Z");
let processDb: ProcessDatabase;
let database: Database;

beforeAll(async () => {
  processDb = await openProcessDatabase("favourites");
  database = processDb.database;
  await database.db.insert(listings).values([
    storedRow(
      makeListing({
        code: "AP1",
        title: "Apartamento com piscina",
        salePrice: 900_000,
        condoFee: 1_200,
        iptu: 2_400,
        pool: true,
      }),
      { condominiumSlug: null, now },
    ),
    storedRow(makeListing({ code: "AP2", title: "Apartamento para alugar", status: "Aluguel", rentPrice: 4_000 }), {
      condominiumSlug: null,
      now,
    }),
    storedRow(makeListing({ code: "OLD1", title: "Casa que foi vendida", salePrice: 500_000 }), {
      condominiumSlug: null,
      now,
      removed: true,
    }),
  ]);
});

afterAll(async () => {
  await processDb?.close();
});

/** Posts `fields` to the toggle action with `cookie` (the favourites cookie value, if any) and `userAgent`. */
function post(fields: Record<string, string>, cookie?: string, userAgent?: string) {
  const headers: Record<string, string> = userAgent ? { "User-Agent": userAgent } : {};
  if (cookie !== undefined) headers.Cookie = `favoritos=${cookie}`;
  const request = siteRequest("/favoritos/alternar", { method: "POST", body: new URLSearchParams(fields), headers });
  return answer(() => toggleRoute.action({ request, params: {}, context: {} } as unknown as ActionFunctionArgs));
}

/** The favourites cookie line a response sets, or undefined. */
function favouritesCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith("favoritos="));
}

/** Runs a page loader for `path` with an optional Cookie header: its answer and its data. */
async function load<T>(
  route: { loader: (args: LoaderFunctionArgs) => Promise<unknown> },
  path: string,
  cookie?: string,
) {
  const request = siteRequest(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  const response = await settle(route.loader({ request, params: {}, context: {} } as unknown as LoaderFunctionArgs));
  return { response, data: response.data as T };
}

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The `favourite_add` events stored for `code`. */
async function favouriteEvents(code: string) {
  const rows = await database.db
    .select()
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.type, "favourite_add"), eq(analyticsEvents.listingCode, code)));
  return rows;
}

describe("toggle action without JavaScript", () => {
  it("counts a saved listing once as a favourite_add event; removing, a robot or Do Not Track count nothing", async () => {
    const before = (await favouriteEvents("AP2")).length;
    await post({ codigo: "AP2", voltar: "/" }, undefined, BROWSER);
    const after = await favouriteEvents("AP2");
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ listingCode: "AP2", device: "desktop" });
    // Removing it (already in the list), a crawler saving it: no event.
    await post({ codigo: "AP2", voltar: "/" }, "AP2", BROWSER);
    await post({ codigo: "AP2", voltar: "/" }, undefined, "Mozilla/5.0 (compatible; Googlebot/2.1)");
    expect(await favouriteEvents("AP2")).toHaveLength(before + 1);
  });

  it("adds a code and goes back to the page it came from with a one-year cookie", async () => {
    const response = await post({ codigo: "AP1", voltar: "/todos-os-imoveis?pagina=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/todos-os-imoveis?pagina=2");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = favouritesCookie(response)!;
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(readFavourites(cookie.split(";")[0])).toEqual(["AP1"]);
    // A toast says what happened.
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__flash="))).toBe(true);
  });

  it("puts a new code first and removes a present one (deleting the cookie when the list empties)", async () => {
    const added = await post({ codigo: "AP2", voltar: "/" }, "AP1");
    expect(readFavourites(favouritesCookie(added)!.split(";")[0])).toEqual(["AP2", "AP1"]);
    const removed = await post({ codigo: "AP1", voltar: "/" }, "AP1");
    expect(favouritesCookie(removed)).toContain("Max-Age=0");
    const explicit = await post({ acao: "remover", codigo: "OLD1" }, "OLD1|AP1");
    expect(readFavourites(favouritesCookie(explicit)!.split(";")[0])).toEqual(["AP1"]);
    expect(explicit.headers.get("Location")).toBe("/favoritos");
  });

  it("sends a foreign or malformed return path to /favoritos", async () => {
    for (const voltar of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await post({ codigo: "AP1", voltar });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/favoritos");
    }
  });

  it("refuses a malformed code or action with 400 and changes nothing", async () => {
    for (const fields of [
      { codigo: "<script>" },
      { codigo: "AP1\r\nSet-Cookie: x=1" },
      { codigo: "x".repeat(41) },
      {},
      { acao: "apagar-tudo", codigo: "AP1" },
      { acao: "salvar", codigos: "A1,<b>" },
      { acao: "salvar", codigos: "" },
    ]) {
      const response = await post(fields as Record<string, string>);
      expect(response.status).toBe(400);
      expect(favouritesCookie(response)).toBeUndefined();
    }
  });

  it("keeps a full list as it is and says so", async () => {
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => `C${i}`).join("|");
    const response = await post({ codigo: "AP1", voltar: "/" }, full);
    expect(response.status).toBe(303);
    expect(favouritesCookie(response)).toBeUndefined();
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__flash="))).toBe(true);
  });

  it("saves a shared list after the visitor's own", async () => {
    const response = await post({ acao: "salvar", codigos: "AP2,AP1", voltar: "/favoritos" }, "AP1");
    expect(readFavourites(favouritesCookie(response)!.split(";")[0])).toEqual(["AP1", "AP2"]);
  });

  it("sends a GET to the list", async () => {
    const response = await answer(() => toggleRoute.loader());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/favoritos");
  });
});

describe("/favoritos loader", () => {
  it("lists the cookie's codes in order: current prices, and listings that left the catalogue", async () => {
    const { response, data } = await load<FavouritesData>(favourites, "/favoritos", "favoritos=OLD1|AP1|NOPE9");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(data.mode).toBe("mine");
    expect(data.entries.map((e) => [e.code, e.state])).toEqual([
      ["OLD1", "removed"],
      ["AP1", "active"],
      ["NOPE9", "unknown"],
    ]);
    const active = data.entries[1];
    expect(active.state === "active" && active.listing.salePrice).toBe(900_000);
    const removed = data.entries[0];
    expect(removed.listing).toEqual(expect.objectContaining({ title: "Casa que foi vendida" }));
    // A removed listing's last price is not shown.
    expect(removed.listing).not.toHaveProperty("salePrice");
    expect(data.shareUrl).toBe("http://site.test/favoritos?codigos=OLD1,AP1,NOPE9");
  });

  it("is empty without the cookie", async () => {
    const { data } = await load<FavouritesData>(favourites, "/favoritos");
    expect(data.entries).toEqual([]);
    expect(data.shareUrl).toBeNull();
  });

  it("shows a shared list from ?codigos= regardless of the visitor's own", async () => {
    const { data } = await load<FavouritesData>(favourites, "/favoritos?codigos=AP2,AP1", "favoritos=OLD1");
    expect(data.mode).toBe("shared");
    expect(data.entries.map((e) => e.code)).toEqual(["AP2", "AP1"]);
  });

  it("answers 400 with a message for a malformed shared list", async () => {
    const { response, data } = await load<FavouritesData>(favourites, "/favoritos?codigos=AP1,%3Cscript%3E");
    expect(response.status).toBe(400);
    expect(data.error).toMatch(/^Código de imóvel inválido/);
    expect(data.entries).toEqual([]);
  });
});

describe("/comparar loader", () => {
  it("puts the chosen listings side by side with monthly cost and amenities", async () => {
    const { response, data } = await load<CompareData>(compare, "/comparar?codigos=AP1&codigos=AP2");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(data.error).toBeNull();
    const [first, second] = data.entries;
    expect(first.state).toBe("active");
    if (first.state !== "active" || second.state !== "active") throw new Error("expected active listings");
    // Sale: condo + IPTU/12 = 1,200 + 200.
    expect(first.listing.monthlyCostSale).toBe(1_400);
    expect(first.listing.amenities).toContain("piscina");
    expect(second.listing.rentPrice).toBe(4_000);
  });

  it("refuses more than 4 listings with a clear message", async () => {
    const { response, data } = await load<CompareData>(compare, "/comparar?codigos=A1,A2,A3,A4,A5");
    expect(response.status).toBe(400);
    expect(data.error).toBe("Você pode comparar até 4 imóveis por vez; foram escolhidos 5.");
  });

  it("refuses malformed codes and asks for at least two", async () => {
    const bad = await load<CompareData>(compare, "/comparar?codigos=AP1,a%20b");
    expect(bad.response.status).toBe(400);
    expect(bad.data.error).toMatch(/^Código de imóvel inválido/);
    const one = await load<CompareData>(compare, "/comparar?codigos=AP1");
    expect(one.response.status).toBe(200);
    expect(one.data.error).toBe("Escolha de 2 a 4 imóveis para comparar.");
  });

  it("keeps a column for a listing that left the catalogue", async () => {
    const { data } = await load<CompareData>(compare, "/comparar?codigos=AP1,OLD1");
    expect(data.entries.map((e) => e.state)).toEqual(["active", "removed"]);
  });
});
