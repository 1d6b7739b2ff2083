/**
 * Team members end to end (ADR 0019), in Chromium as the
 * seeded admin on the embedded defaults: create a member, upload a photo
 * (the signed-address PUT of the page's script), see them with the photo on
 * /sobre and on /membro/{slug} as a visitor, deactivate them (gone from
 * /sobre, /membro/{slug} → 404 screen) and reactivate them. Visitor views
 * open a fresh browser context each time, so no browser cache is involved.
 */
import type { Browser } from "@playwright/test";
import { signInAsAdmin } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import { uploadMemberPhoto } from "./member-photo";

/** A visitor's page of `path` in a fresh context (answers the status and the page). */
async function visit(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, storageState: consentStorageState });
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status(), close: () => context.close() };
}

test("o admin cria um membro com foto, vê o membro em /sobre, desativa e reativa", async ({
  page,
  context,
  browser,
  baseURL,
  consoleGuard,
}) => {
  await signInAsAdmin(context, baseURL!);
  page.on("dialog", (dialog) => void dialog.accept());
  const suffix = Date.now().toString(36);
  const name = `Marina Teste ${suffix}`;
  const slug = `marina-teste-${suffix}`;

  await page.goto("/admin/membros");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Novo membro" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Novo membro" })).toBeVisible();
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Cargo").fill("Corretora");
  await page.getByLabel("CRECI").fill("123456-F");
  await page.getByLabel("WhatsApp").fill("(11) 91234-5678");
  await page.getByLabel("Apresentação").fill("Especialista em apartamentos na zona sul.");
  await page.getByRole("button", { name: "Criar membro" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/membros\/\d+$/);

  // A file whose content is not an image is refused beside the field.
  await page
    .getByLabel("Nova foto")
    .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4 não é imagem") });
  consoleGuard.expectHttpError(/\/envio\?token=/, 400);
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.getByText("Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP.")).toBeVisible();

  await uploadMemberPhoto(page, name, { fileName: "marina.jpg", size: 900, color: "#1f6f8b" });
  await expect(page.getByText("Tipo de arquivo não aceito.")).toHaveCount(0);

  const about = await visit(browser, baseURL!, "/sobre");
  const card = about.page.getByTestId("membro-equipe").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: `Foto de ${name}` })).toHaveJSProperty("complete", true);
  expect(await card.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole("link", { name }).click();
  await expect(about.page).toHaveURL(new RegExp(`/membro/${slug}$`));
  await expect(about.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(about.page.getByText("CRECI 123456-F")).toBeVisible();
  await expect(about.page.getByRole("link", { name: /^WhatsApp \(11\) 91234-5678$/ })).toHaveAttribute(
    "href",
    new RegExp(`membro=${slug}`),
  );
  await about.close();

  await page.getByRole("button", { name: "Desativar" }).click();
  await expect(page.getByRole("button", { name: "Ativar" })).toBeVisible();
  const hidden = await visit(browser, baseURL!, "/sobre");
  await expect(hidden.page.getByRole("heading", { name: "Nossa equipe" })).toBeVisible();
  await expect(hidden.page.getByText(name)).toHaveCount(0);
  await hidden.close();
  const gone = await visit(browser, baseURL!, `/membro/${slug}`);
  expect(gone.status).toBe(404);
  await expect(gone.page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  await gone.close();

  await page.getByRole("button", { name: "Ativar" }).click();
  await expect(page.getByRole("button", { name: "Desativar" })).toBeVisible();
  const back = await visit(browser, baseURL!, "/sobre");
  await expect(back.page.getByTestId("membro-equipe").filter({ hasText: name })).toBeVisible();
  await back.close();
  const profile = await visit(browser, baseURL!, `/membro/${slug}`);
  expect(profile.status).toBe(200);
  await profile.close();
});
