/**
 * The home page's listing rows ("Imóveis em destaque", "Lançamentos"): below
 * 960 px each is a swipeable row whose cards' text is drawn only near the
 * viewport (`content-visibility: auto`, app/components/listing-grid.css.ts).
 * Asserted: a card out of view is not drawn at first load but is in the
 * accessibility tree with its whole name; swiping through every card and
 * scrolling down the page move nothing (the row keeps its height, the
 * section below keeps its place, no layout shift is reported); on a computer
 * every card is drawn.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/** The rows of the home page, by their accessible names. */
const ROWS = ["Imóveis em destaque", "Lançamentos"];

/** Whether the element's content is drawn (false while `content-visibility: auto` skips it). */
function drawn(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
}

/** Waits for two frames, so that the browser has drawn what a scroll brought into view. */
function nextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Starts recording layout shifts (not caused by input) in `window.__shifts`. */
async function recordShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms`);
      }
    }).observe({ type: "layout-shift" });
  });
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 360, height: 800 },
  { width: 412, height: 915 },
]) {
  test.describe(`celular ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test("as fileiras da home desenham cada cartão ao chegar e nada se move ao deslizar ou rolar", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await recordShifts(page);
      for (const name of ROWS) {
        const row = page.getByRole("list", { name, exact: true });
        const cards = row.locator(":scope > li");
        const count = await cards.count();
        expect(count).toBeGreaterThanOrEqual(4);
        const last = cards.nth(count - 1);

        // Not drawn yet, but named in full: kind, code, title, price.
        expect(await drawn(last.locator("h3"))).toBe(false);
        await expect(last.getByRole("link").first()).toHaveAccessibleName(/ · Cód\. .+R\$/s);
        await expect(row.getByRole("link", { name: /Cód\./ })).toHaveCount(count);

        await row.scrollIntoViewIfNeeded();
        await nextFrames(page);
        const height = (await row.boundingBox())!.height;
        const below = page.locator("main section").filter({ has: row }).locator("xpath=following-sibling::*[1]");
        const belowTop = await below.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        for (let i = 0; i < count; i += 1) {
          await row.evaluate((list: HTMLElement, index) => {
            const item = list.children[index] as HTMLElement;
            list.scrollLeft = item.offsetLeft - list.offsetLeft;
          }, i);
          await nextFrames(page);
          expect(await drawn(cards.nth(i).locator("h3")), `cartão ${i + 1} desenhado`).toBe(true);
          expect((await row.boundingBox())!.height, `altura da fileira no cartão ${i + 1}`).toBeCloseTo(height, 1);
          expect(await below.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBeCloseTo(
            belowTop,
            1,
          );
        }
      }
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await nextFrames(page);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    });
  });
}

test.describe("computador 1280×800", () => {
  test("as seções da home são grades com todos os cartões desenhados", async ({ page }) => {
    await page.goto("/");
    for (const name of ROWS) {
      const cards = page.getByRole("list", { name, exact: true }).locator(":scope > li");
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(4);
      expect(await drawn(cards.nth(count - 1).locator("h3"))).toBe(true);
    }
  });
});
