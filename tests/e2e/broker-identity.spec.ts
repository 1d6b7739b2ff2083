/**
 * One broker identity end to end (ADR 0085), in Chromium as the seeded admin
 * on the embedded defaults (Vista sandbox): the admin links a new member (with
 * a photo) to the Vista broker of a real listing through the "Corretor no
 * Vista" select; a second member with the same code is refused beside the
 * field; a visitor then sees the member's full name, photo and credential
 * (COFECI) on that listing's broker card, linking to `/membro/{slug}`, and
 * `/corretor/{filtro}` leads there; at 360 px neither page scrolls sideways.
 * The member is deleted at the end, so the broker is Vista's again for other specs.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { listingPaths, waitForHydration } from "./helpers";
import { uploadMemberPhoto } from "./member-photo";

/** A listing whose broker card links a Vista broker page, with that page's path and the broker's code. */
async function listingWithBroker(request: APIRequestContext) {
  for (const listing of (await listingPaths(request)).slice(0, 12)) {
    const html = await (await request.get(listing)).text();
    const brokerPath = /href="(\/corretor\/[^"?#]+)"/.exec(html)?.[1];
    if (!brokerPath) continue;
    const brokerHtml = await (await request.get(brokerPath)).text();
    const code = /data-broker="([^"]+)"/.exec(brokerHtml)?.[1];
    if (code) return { listing, brokerPath, code };
  }
  throw new Error("no listing of the sandbox links a broker page");
}

/** A visitor's page in a fresh context (no cache shared with the admin). */
async function visitor(browser: Browser, baseURL: string, width = 1366) {
  const context = await browser.newContext({
    baseURL,
    storageState: consentStorageState,
    viewport: { width, height: 800 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("o admin liga um membro a um corretor do Vista e o anúncio mostra o membro", async ({
  page,
  context,
  browser,
  baseURL,
  request,
  consoleGuard,
}) => {
  const target = await listingWithBroker(request);
  await signInAsAdmin(context, baseURL!);
  const suffix = Date.now().toString(36);
  const name = `Camila Rodrigues Moreira ${suffix}`;
  const slug = `camila-rodrigues-moreira-${suffix}`;

  await page.goto("/admin/membros/novo");
  await waitForHydration(page);
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Endereço da página").fill(slug);
  await page.getByLabel("Cargo").fill("Corretora");
  await page.getByLabel("CRECI").fill("123456-F");
  await page.getByLabel("Corretor no Vista").selectOption(target.code);
  await page.getByRole("button", { name: "Criar membro" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await uploadMemberPhoto(page, name, { fileName: "camila.jpg", size: 600, color: "#8b1f5a" });
  const memberPage = page.url();

  try {
    // The same broker code on a second active member is refused beside the field.
    await page.goto("/admin/membros/novo");
    await waitForHydration(page);
    await page.getByLabel("Nome").fill(`Outra Pessoa ${suffix}`);
    await page.getByLabel("Corretor no Vista").selectOption(target.code);
    consoleGuard.expectHttpError(/\/admin\/membros\/novo(\.data)?(\?.*)?$/, 409);
    await page.getByRole("button", { name: "Criar membro" }).click();
    await expect(
      page.getByText(`O código ${target.code} do Vista já está ligado a ${name}, que está ativo.`),
    ).toBeVisible();
    await expect(page.getByLabel("Corretor no Vista")).toHaveAttribute("aria-invalid", "true");

    // The listing's broker card is the member's: full name, photo, credential, /membro link.
    const phone = await visitor(browser, baseURL!, 360);
    await phone.page.goto(target.listing);
    const card = phone.page.getByRole("region", { name: "Corretor responsável" });
    await expect(card.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/membro/${slug}`);
    await expect(card.getByText("Corretora de Imóveis · CRECI 123456-F")).toBeVisible();
    const img = card.getByRole("img", { name: `Foto de ${name}` });
    await expect(img).toHaveAttribute("src", /^\/arquivos\/membros\/\d+\/foto-[0-9a-f]+\.webp$/);
    expect(await noSidewaysScroll(phone.page)).toBeLessThanOrEqual(360);

    // /corretor/{filtro} leads to the member's page, which lists the broker's listings.
    await phone.page.goto(target.brokerPath);
    await expect(phone.page).toHaveURL(new RegExp(`/membro/${slug}$`));
    await expect(phone.page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(phone.page.getByText("Corretora de Imóveis · CRECI 123456-F")).toBeVisible();
    await expect(phone.page.getByRole("heading", { level: 2, name: `Imóveis de ${name}` })).toBeVisible();
    expect(await noSidewaysScroll(phone.page)).toBeLessThanOrEqual(360);
    await phone.close();
  } finally {
    // Deleted, the member gives the broker back (to the other specs too).
    await page.goto(memberPage);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("button", { name: /Tem certeza/ }).click();
    await expect(page.getByRole("button", { name: "Reativar" })).toBeVisible();
  }
  const after = await visitor(browser, baseURL!);
  const response = await after.page.goto(target.brokerPath);
  expect(response?.status()).toBe(200);
  await expect(after.page).toHaveURL(new RegExp(`${target.brokerPath}$`));
  await after.close();
});
