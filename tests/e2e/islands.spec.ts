/**
 * Islands (app/components/island.tsx, docs/decisions/0051): parts of a page
 * far below the first screen whose code comes, and which React hydrates, only
 * when the visitor nears them. Checked on a listing for sale, which has four:
 * the financing simulator, the lead form, the similar listings and (for a
 * broker) the private panel.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrateIsland, listingPaths, LISTINGS_PATH, stubMapTiles, waitForHydration } from "./helpers";

async function saleListing(request: APIRequestContext): Promise<string> {
  const [path] = await listingPaths(request, `${LISTINGS_PATH}/venda`);
  if (!path) throw new Error("no listing for sale in the catalogue");
  return path;
}

/** The chunks of the islands' own code (not the `…-island-` chunks the page imports). */
const ISLAND_CODE = /\/assets\/(financing-simulator|lead-form|listing-grid)-(?!island-)[\w-]+\.js$/;

test("o código das partes lá embaixo só vem quando o visitante chega perto delas", async ({ page, request }) => {
  await stubMapTiles(page);
  const requested: string[] = [];
  page.on("request", (request) => {
    if (ISLAND_CODE.test(request.url())) requested.push(new URL(request.url()).pathname);
  });
  await page.goto(await saleListing(request));
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(requested, "nothing below the first screen is fetched on arrival").toEqual([]);
  for (const name of ["simulador", "contato", "lista-de-imoveis"])
    await expect(page.locator(`[data-island="${name}"]`)).not.toHaveAttribute("data-island-hydrated");

  // The simulator: its code comes as it nears the screen, and then it computes in the browser.
  await hydrateIsland(page, "simulador");
  expect(requested.some((path) => path.includes("/financing-simulator-"))).toBe(true);
  await hydrateIsland(page, "lista-de-imoveis");
  expect(requested.some((path) => path.includes("/listing-grid-"))).toBe(true);
  // The similar listings' cards work: the favourite button now toggles in the browser.
  const favourite = page.locator('[data-island="lista-de-imoveis"] button[aria-pressed]').first();
  await expect(favourite).toHaveAttribute("aria-pressed", "false");
  await favourite.click();
  await expect(favourite).toHaveAttribute("aria-pressed", "true");
});

test("um texto digitado antes de o formulário hidratar continua lá depois", async ({ page, request }) => {
  await stubMapTiles(page);
  // Hold the form's code back (a slow network): the visitor types into the server's form meanwhile.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/lead-form-(?!island-)[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(await saleListing(request));
  await waitForHydration(page);
  const island = page.locator('[data-island="contato"]');
  const message = island.getByLabel("Mensagem");
  await message.scrollIntoViewIfNeeded();
  const typed = "Posso visitar no sábado de manhã? Tenho carta de crédito aprovada.";
  await message.fill(typed);
  await island.getByLabel("Nome").fill("Ana Souza");
  await expect(island).not.toHaveAttribute("data-island-hydrated");

  release();
  await expect(island).toHaveAttribute("data-island-hydrated", "");
  // React 18 puts a textarea back to its server text when it hydrates it; the island gives the visitor's back.
  await expect(message).toHaveValue(typed);
  await expect(island.getByLabel("Nome")).toHaveValue("Ana Souza");
});
