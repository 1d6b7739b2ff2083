/**
 * The condominium page's units (docs/decisions/0058): a section with more
 * than `UNITS_SHOWN_IN_FULL` units shows its first `UNITS_PREVIEW` and a
 * "Ver todas as N unidades …" link; a shorter one shows every unit. The link
 * works without JavaScript (a page with `?unidades=todas`, landing on the
 * first card it adds) and with it (the URL replaced in place, the focus on
 * that card, nothing above it moved, the way back from a unit keeps every
 * unit). Checked on the sandbox catalogue's first condominium that has both a
 * short and a long section; the counts are read from the pages, never fixed.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { UNITS_PREVIEW, UNITS_SHOWN_IN_FULL } from "../../app/lib/condominium-units";
import { expect, test } from "./fixtures";
import { parseCount, stubMapTiles, waitForHydration } from "./helpers";

/** Words of each units section: its title (the region's name) and the link's end. */
const SECTIONS = [
  { title: "Unidades à venda", words: "unidades à venda", id: "a-venda" },
  { title: "Unidades para alugar", words: "unidades para alugar", id: "para-alugar" },
] as const;

/**
 * The first condominium of the index whose card counts units of both kinds,
 * one kind short (1 to `UNITS_SHOWN_IN_FULL`) and the other long.
 */
async function mixedCondominium(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/condominios")).text();
  for (const match of html.matchAll(/href="(\/detalhes\/[^"/?#]+)"([\s\S]*?)<\/a>/g)) {
    const text = match[2]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const counts = /(\d+) à venda, (\d+) para alugar/.exec(text);
    if (!counts) continue;
    const [sale, rent] = [Number(counts[1]), Number(counts[2])];
    if (Math.min(sale, rent) <= UNITS_SHOWN_IN_FULL && Math.max(sale, rent) > UNITS_SHOWN_IN_FULL) return match[1]!;
  }
  throw new Error("no condominium on /condominios with one short and one long units section");
}

/** A units section, its unit count (the count beside its title) and its cards. */
async function section(page: Page, title: string): Promise<{ region: Locator; total: number; cards: Locator }> {
  const region = page.getByRole("region", { name: title });
  const total = parseCount((await region.getByText(/^\d+ unidades?$/).textContent())!);
  return { region, total, cards: region.getByRole("list", { name: title }).locator(":scope > li") };
}

/** The long section (more than `UNITS_SHOWN_IN_FULL` units) of the page, with its words. */
async function longSection(page: Page) {
  for (const words of SECTIONS) {
    const found = await section(page, words.title);
    if (found.total > UNITS_SHOWN_IN_FULL) return { ...found, ...words };
  }
  throw new Error("no long units section");
}

test("condomínio: uma seção longa mostra as primeiras unidades e o link para todas; a curta, todas", async ({
  page,
  request,
}) => {
  await page.goto(await mixedCondominium(request));
  for (const words of SECTIONS) {
    const { region, total, cards } = await section(page, words.title);
    const link = region.getByRole("link", { name: `Ver todas as ${total} ${words.words}` });
    if (total > UNITS_SHOWN_IN_FULL) {
      await expect(cards).toHaveCount(UNITS_PREVIEW);
      await expect(link).toHaveAttribute("href", `?unidades=todas#${words.id}-${UNITS_PREVIEW + 1}`);
    } else {
      await expect(cards).toHaveCount(total);
      await expect(link).toHaveCount(0);
    }
  }
  // The page's own URL with every unit: both sections complete, no link left.
  await page.goto(`${await mixedCondominium(request)}?unidades=todas`);
  for (const words of SECTIONS) {
    const { region, total, cards } = await section(page, words.title);
    await expect(cards).toHaveCount(total);
    await expect(region.getByRole("link", { name: /^Ver todas/ })).toHaveCount(0);
  }
  // Any other value is the short page, not an error.
  const other = await request.get(`${await mixedCondominium(request)}?unidades=algumas`);
  expect(other.status()).toBe(200);
});

test("condomínio com JavaScript: “ver todas” mostra as unidades no lugar, com o foco na primeira nova, e a volta de uma unidade as mantém", async ({
  page,
  request,
}) => {
  await stubMapTiles(page);
  const path = await mixedCondominium(request);
  await page.goto(path);
  await waitForHydration(page);
  const long = await longSection(page);
  const link = long.region.getByRole("link", { name: `Ver todas as ${long.total} ${long.words}` });
  await link.scrollIntoViewIfNeeded();
  const lastBefore = await long.cards.nth(UNITS_PREVIEW - 1).boundingBox();
  const scrolledBefore = await page.evaluate(() => scrollY);
  const historyLength = await page.evaluate(() => history.length);
  const routeData: string[] = [];
  page.on("request", (sent) => {
    // The page's single-fetch data request runs the condominium's loader unless `_routes` leaves it out.
    const url = new URL(sent.url());
    const routes = url.searchParams.get("_routes")?.split(",") ?? ["routes/condominium"];
    if (url.pathname === `${path}.data` && routes.includes("routes/condominium")) routeData.push(sent.url());
  });

  await link.click();
  await expect(page).toHaveURL(`${path}?unidades=todas`);
  await expect(long.cards).toHaveCount(long.total);
  // Focus on the first card added, which stands right after the cards already seen.
  const added = long.cards.nth(UNITS_PREVIEW);
  await expect(added).toHaveAttribute("id", `${long.id}-${UNITS_PREVIEW + 1}`);
  await expect(added.getByRole("link")).toBeFocused();
  await expect(added).toBeInViewport();
  const lastAfter = await long.cards.nth(UNITS_PREVIEW - 1).boundingBox();
  const scrolledAfter = await page.evaluate(() => scrollY);
  expect(lastAfter!.y + scrolledAfter, "the cards already shown stay where they were on the page").toBeCloseTo(
    lastBefore!.y + scrolledBefore,
    -1,
  );
  expect(await page.evaluate(() => history.length), "the URL is replaced, not pushed").toBe(historyLength);
  expect(routeData, "the condominium's data is not requested again").toEqual([]);

  // A unit among those added, and back: every unit is still shown, that one in view.
  const unit = long.cards.nth(long.total - 1);
  const unitPath = await unit.getByRole("link").getAttribute("href");
  await unit.getByRole("link").click();
  await expect(page).toHaveURL(unitPath!);
  await page.goBack();
  await expect(page).toHaveURL(`${path}?unidades=todas`);
  await expect(long.cards).toHaveCount(long.total);
  await expect(unit).toBeInViewport();
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("condomínio: “ver todas” abre a página com todas as unidades, na primeira nova", async ({ page, request }) => {
    const path = await mixedCondominium(request);
    await page.goto(path);
    const long = await longSection(page);
    await long.region.getByRole("link", { name: `Ver todas as ${long.total} ${long.words}` }).click();
    await expect(page).toHaveURL(`${path}?unidades=todas#${long.id}-${UNITS_PREVIEW + 1}`);
    await expect(long.cards).toHaveCount(long.total);
    await expect(long.cards.nth(UNITS_PREVIEW)).toBeInViewport();
  });
});
