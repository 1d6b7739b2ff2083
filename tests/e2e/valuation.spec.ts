/**
 * "Quanto vale meu imóvel?" end to end (ADR 0089): the GET form gives a
 * bookmarkable estimate whose `<output>` carries `data-estimate-min`/`max`
 * (BRL integers); the contact step records a `valuation` lead whose e-mail
 * reaches the agency (the embedded mail transport writes .eml files into
 * DATA_DIR/outbox); at 360 px and 1366 px, with and without JavaScript.
 * Screenshots go to /tmp/h/shots/ when that folder exists.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { dataDir } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { expectSellThanks, waitForHydration } from "./helpers";

const outboxDir = path.resolve(dataDir, "outbox");
const SHOTS = "/tmp/h/shots";
const ESTIMATE =
  "/anunciar?finalidade=venda&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=80&quartos=2&suites=1&vagas=1";

/** The outbox e-mails (decoded soft line breaks) that mention `text`. */
function mailsMentioning(text: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .map((file) => fs.readFileSync(path.join(outboxDir, file), "utf8").replace(/=\r?\n/g, ""))
    .filter((raw) => raw.includes(text));
}

/** A unique owner name for this run (ASCII: easy to find in the e-mails). */
const owner = (label: string) => `${label} ${Date.now().toString(36)}`;

async function shot(page: Page, name: string): Promise<void> {
  if (fs.existsSync(SHOTS)) await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

/** The estimate's figures from the `<output>`. */
async function estimateFigures(page: Page): Promise<{ min: number; max: number }> {
  const output = page.locator("output[data-estimate-min]");
  await expect(output).toBeVisible();
  const min = Number(await output.getAttribute("data-estimate-min"));
  const max = Number(await output.getAttribute("data-estimate-max"));
  return { min, max };
}

/** Sends the contact step and checks the lead's e-mail reached the agency with the estimate. */
async function sendContact(page: Page, name: string): Promise<void> {
  const form = page.locator("form[data-valuation-contact]");
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Telefone ou WhatsApp").fill("(11) 98765-4321");
  await form.getByLabel("E-mail").fill("proprietario@example.com");
  await form.getByRole("button", { name: "Quero uma avaliação" }).click();
  await expectSellThanks(page);
  await expect.poll(() => mailsMentioning(name).length, { timeout: 20_000, intervals: [500] }).toBeGreaterThan(0);
  const mail = mailsMentioning(name)[0]!;
  expect(mail).toContain("Estimativa do site");
  expect(mail).toMatch(/Moema/);
}

for (const width of [360, 1366]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test("estimativa pelo formulário GET, com os valores no <output>, e o contato vira lead", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.89.${width === 360 ? 1 : 2}.1` });
      await page.goto("/anunciar");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quanto vale meu imóvel?");
      await page.getByLabel("Vender").check();
      await page.getByLabel("Tipo").selectOption("apartamento");
      await page.getByLabel("Cidade").selectOption("sao-paulo");
      await page.getByLabel("Bairro").selectOption({ label: "Moema" });
      await page.getByLabel("Área (m²)").fill("80");
      await page.getByLabel("Quartos").fill("2");
      await page.getByLabel("Suítes").fill("1");
      await page.getByLabel("Vagas").fill("1");
      await page.getByRole("button", { name: "Ver estimativa" }).click();
      await expect(page).toHaveURL(ESTIMATE);
      const { min, max } = await estimateFigures(page);
      expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
      expect(min).toBeGreaterThan(0);
      expect(max).toBeGreaterThanOrEqual(min);
      await expect(page.getByText(/Não é uma avaliação técnica \(laudo ou PTAM\)/)).toBeVisible();
      const comparables = page.getByRole("list").filter({ has: page.locator('a[href^="/detalhes/"]') });
      expect(await comparables.getByRole("link").count()).toBeGreaterThanOrEqual(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `valuation-${width}.png`);
      await sendContact(page, owner(`Proprietario ${width}`));
    });
  });
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  test("o link de uma estimativa abre com os valores, e o contato vai para /obrigado", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.89.3.1" });
    const response = await page.goto(ESTIMATE);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toMatch(/public/);
    const { min, max } = await estimateFigures(page);
    expect(max).toBeGreaterThanOrEqual(min);
    await expect(page.getByLabel("Bairro")).toHaveValue("moema");
    await sendContact(page, owner("Proprietario SemJS"));
  });

  test("parâmetros inválidos: mensagens ao lado dos campos, nunca um erro 500", async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError(/\/anunciar/, 400);
    const response = await page.goto(
      "/anunciar?finalidade=venda&tipo=nave&cidade=sao-paulo&bairro=lua&area=abc&quartos=2",
    );
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Escolha o tipo do imóvel.")).toBeVisible();
    await expect(page.getByText("Escolha um bairro desta cidade.")).toBeVisible();
    await expect(page.getByText("Informe a área em m², por exemplo 80.")).toBeVisible();
    await expect(page.locator("output")).toHaveCount(0);
    await shot(page, "valuation-invalid-360.png");
  });

  test("poucos comparáveis: nenhum valor, e a oferta de um corretor", async ({ page }) => {
    const response = await page.goto(
      "/anunciar?finalidade=venda&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=2000&quartos=9",
    );
    expect(response?.status()).toBe(200);
    await expect(page.locator("[data-valuation-status=insufficient]")).toBeVisible();
    await expect(page.locator("output")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Peça a avaliação de um corretor" })).toBeVisible();
  });
});

test.describe("página inicial a 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("o bloco 'Quer vender' leva a /anunciar, e 'Enviar outra mensagem' cabe no cartão", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.89.4.1" });
    await page.goto("/");
    await waitForHydration(page);
    await expect(
      page.getByRole("link", { name: "Quanto vale meu imóvel? Veja uma estimativa na hora" }),
    ).toHaveAttribute("href", "/anunciar");
    const form = page.getByRole("form", { name: "Quero vender meu imóvel" });
    await form.getByLabel("Nome").fill(owner("Vendedor 360"));
    await form.getByLabel("Telefone ou WhatsApp").fill("11 98765-4321");
    await form.getByLabel("Onde fica o imóvel?").fill("Alameda Santos, 200, Jardins");
    await form.getByRole("button", { name: "Quero uma avaliação" }).click();
    const sent = page.getByRole("status").filter({ hasText: "Pedido enviado!" });
    await expect(sent).toBeFocused();
    const card = await sent.boundingBox();
    const again = await sent.getByRole("button", { name: "Enviar outra mensagem" }).boundingBox();
    expect(again!.x).toBeGreaterThanOrEqual(card!.x);
    expect(again!.x + again!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await sent.scrollIntoViewIfNeeded();
    if (fs.existsSync(SHOTS)) await sent.screenshot({ path: path.join(SHOTS, "home-sell-sent-360.png") });
  });
});
