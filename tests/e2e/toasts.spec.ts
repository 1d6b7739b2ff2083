/**
 * The toast notification area (docs/spec.txt §2 "Toast notification area: visible on
 * all pages; the close button is labelled 'Fechar'"; §3/§4 "Notification":
 * types success/error/warning/info with icons, closes itself after its
 * duration; §9 default duration 3000 ms), fed by server flash messages
 *. The toasts are seeded directly as signed flash cookies
 * (`seedToast` in `fixtures.ts`).
 */
import { expect, FLASH_COOKIE, flashCookieValue, test } from "./fixtures";
import { LISTINGS_PATH, listingPaths, waitForHydration } from "./helpers";

/** The accessible type names the toast announces before its title. */
const TYPE_LABELS = { success: "Sucesso", error: "Erro", warning: "Atenção", info: "Informação" } as const;

test("um toast do servidor aparece com ícone e fecha em “Fechar”; cada tipo tem o seu", async ({ page, seedToast }) => {
  for (const [type, label] of Object.entries(TYPE_LABELS) as [keyof typeof TYPE_LABELS, string][]) {
    await seedToast({ type, title: `Aviso de teste (${type})`, description: "Descrição do aviso.", duration: 60_000 });
    await page.goto(LISTINGS_PATH);
    const area = page.getByRole("region", { name: "Notificações" });
    const toast = area.locator(`[data-toast-type="${type}"]`);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`${label}: Aviso de teste (${type})`);
    await expect(toast).toContainText("Descrição do aviso.");
    await expect(toast.locator("svg").first()).toBeVisible();
    await waitForHydration(page);
    await toast.getByRole("button", { name: "Fechar" }).click();
    await expect(toast).toBeHidden();
    await expect(area).toBeAttached();
  }
  // The flash message is shown once: the next load has none.
  await page.reload();
  await expect(page.getByRole("region", { name: "Notificações" }).locator("[data-toast-type]")).toHaveCount(0);
});

test("um toast fecha sozinho depois da duração padrão (3000 ms)", async ({ page, seedToast }) => {
  await seedToast({ type: "info", title: "Fecha sozinho" });
  // The page's timers run on a clock the test moves forward, instead of the test waiting for them.
  await page.clock.install();
  await page.goto("/");
  const toast = page.getByRole("region", { name: "Notificações" }).getByText("Fecha sozinho");
  await expect(toast).toBeVisible();
  await waitForHydration(page);
  const pageNow = () => page.evaluate(() => Date.now());
  const shownAt = await pageNow();
  // Still there well before 3 s, gone a little after.
  await page.clock.runFor(1500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(2000);
  await expect(toast).toBeHidden({ timeout: 5000 });
  expect((await pageNow()) - shownAt).toBeGreaterThanOrEqual(1500);
});

test("uma página que mostra um toast do servidor nunca é guardada em cache", async ({ request }) => {
  // A consumed flash toast comes with a Set-Cookie that clears it: a browser or
  // shared cache must not keep that response (app/.server/flash.ts, app/root.tsx).
  const [listingPath] = await listingPaths(request);
  const home = await (await request.get("/")).text();
  const condominiumPath = /href="(\/detalhes\/[^/"?#]+)"/.exec(home)?.[1];
  expect(condominiumPath, "a condominium link on the home page").toBeTruthy();
  const pages = ["/", LISTINGS_PATH, `${LISTINGS_PATH}/venda`, listingPath, condominiumPath as string];
  const cacheable: string[] = [];
  for (const url of pages) {
    const value = await flashCookieValue(request, { type: "success", title: "Cache" });
    const response = await request.get(url, { headers: { Cookie: `${FLASH_COOKIE}=${value}` }, maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
    expect(await response.text(), url).toContain("Cache");
    const cacheControl = response.headers()["cache-control"] ?? "";
    if (!/private|no-store/.test(cacheControl)) cacheable.push(`${url}: Cache-Control "${cacheControl}"`);
  }
  expect(cacheable).toEqual([]);
});
