/**
 * Contact requests end to end (docs/product.md "Contact requests"): the "quero vender" form on
 * the home page, "mais informações" on a listing page and "avise-me" on a
 * condominium page, with and without JavaScript: validation errors beside
 * the fields, `/obrigado` (no JS) or the confirmation in place of the form (JS), the e-mail that
 * reaches the outbox (the embedded mail transport writes .eml files into
 * DATA_DIR/outbox), one lead for a double click, and the WhatsApp buttons'
 * hand-off through `/obrigado-whatsapp` to the right `wa.me` URL.
 *
 * Each test sends its requests from its own client IP (`X-Forwarded-For`,
 * trusted from loopback) so the per-IP rate limit of one does not touch
 * another. The e2e servers run without a minimum fill time (`formMinFillMs`
 * in playwright.config.ts): a form is sent as soon as it is filled.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { dataDir } from "../../playwright.config";
import { expect, test } from "./fixtures";
import {
  expectSellThanks,
  formValidatorLoaded,
  hydrateIsland,
  listingPaths,
  stubMapTiles,
  waitForHydration,
} from "./helpers";

/** The agency number the e2e server runs with (playwright.config.ts). */
const AGENCY_WHATSAPP = "5511900001111";
const outboxDir = path.resolve(dataDir, "outbox");

/** Distinct leads (X-Lead-Id) among the outbox e-mails that mention `text`. */
function leadIdsMentioning(text: string): Set<string> {
  const ids = new Set<string>();
  if (!fs.existsSync(outboxDir)) return ids;
  for (const file of fs.readdirSync(outboxDir)) {
    const raw = fs.readFileSync(path.join(outboxDir, file), "utf8").replace(/=\r?\n/g, "");
    if (!raw.includes(text)) continue;
    const id = /^X-Lead-Id: (\S+)/im.exec(raw)?.[1];
    if (id) ids.add(id);
  }
  return ids;
}

/** Waits until the lead worker has written the e-mail(s) of a lead mentioning `text`; returns the lead ids. */
async function deliveredLeads(text: string): Promise<Set<string>> {
  await expect.poll(() => leadIdsMentioning(text).size, { timeout: 20_000, intervals: [500] }).toBeGreaterThan(0);
  return leadIdsMentioning(text);
}

/** A unique visitor name for this run (ASCII: easy to find in the e-mails). */
const visitor = (label: string) => `${label} ${Date.now().toString(36)}`;

/** The first listing page whose broker card offers a WhatsApp number, and that number (55 + digits). */
async function listingWithBrokerWhatsApp(page: Page): Promise<{ path: string; code: string; number: string }> {
  for (const listingPath of (await listingPaths(page.request)).slice(0, 12)) {
    await page.goto(listingPath);
    const link = page.getByRole("region", { name: "Corretor responsável" }).getByRole("link", { name: /^WhatsApp / });
    if ((await link.count()) === 0) continue;
    const digits = ((await link.textContent()) ?? "").replace(/\D/g, "");
    return { path: listingPath, code: decodeURIComponent(listingPath.split("/").pop()!), number: `55${digits}` };
  }
  throw new Error("no listing with a broker WhatsApp on the first page");
}

/** Answers every wa.me request with a stub page and records the URLs asked for. */
async function captureWhatsApp(page: Page): Promise<string[]> {
  const urls: string[] = [];
  await page.context().route(/^https:\/\/(api\.)?wa\.me\//, (route) => {
    urls.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>",
    });
  });
  return urls;
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("quero vender: erros ao lado dos campos, dados mantidos, depois /obrigado e o e-mail", async ({
    page,
    consoleGuard,
  }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.40.0.1" });
    consoleGuard.expectHttpError(/\/\?index$/, 400);
    await page.goto("/");
    const form = page.getByRole("form", { name: "Quero vender meu imóvel" });
    await form.getByLabel("Nome").fill("J");
    await form.getByLabel("Telefone ou WhatsApp").fill("1234");
    await form.getByRole("button", { name: "Quero uma avaliação" }).click();

    const again = page.getByRole("form", { name: "Quero vender meu imóvel" });
    await expect(again.getByText("Informe seu nome.")).toBeVisible();
    await expect(again.getByText("Informe um telefone válido com DDD, por exemplo (11) 91234-5678.")).toBeVisible();
    await expect(again.getByText("Informe a localização do imóvel.")).toBeVisible();
    await expect(again.getByLabel("Telefone ou WhatsApp")).toHaveValue("1234");
    await expect(again.getByLabel("Telefone ou WhatsApp")).toHaveAttribute("aria-invalid", "true");

    const name = visitor("Vendedor SemJS");
    await again.getByLabel("Nome").fill(name);
    await again.getByLabel("Telefone ou WhatsApp").fill("(11) 3456-7890");
    await again.getByLabel("Onde fica o imóvel?").fill("Rua Harmonia, 100, Vila Madalena");
    await again.getByRole("button", { name: "Quero uma avaliação" }).click();

    await expectSellThanks(page);
    await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
    expect((await deliveredLeads(name)).size).toBe(1);
  });

  test("mais informações: o código vem preenchido e /obrigado leva de volta ao imóvel", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.40.0.2" });
    const [listingPath] = await listingPaths(page.request);
    const code = decodeURIComponent(listingPath!.split("/").pop()!);
    await page.goto(listingPath!);
    const form = page.getByRole("form", { name: "Mais informações sobre este imóvel" });
    await expect(form.getByText(`Cód. ${code}.`)).toBeVisible();
    await expect(form.getByLabel("Mensagem")).toHaveValue(new RegExp(`imóvel ${code}`));
    const name = visitor("Interessado SemJS");
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone ou WhatsApp").fill("+55 11 91234-5678");
    await form.getByLabel("E-mail").fill("interessado@example.com");
    await form.getByRole("button", { name: "Enviar mensagem" }).click();

    await expect(page).toHaveURL(`/obrigado?assunto=informacoes&imovel=${encodeURIComponent(code)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recebemos sua mensagem!");
    await expect(page.getByRole("link", { name: `Voltar ao imóvel ${code}` })).toHaveAttribute("href", listingPath!);
    expect((await deliveredLeads(name)).size).toBe(1);
  });

  test("o WhatsApp do imóvel passa por /obrigado-whatsapp e segue para o número do corretor", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.40.0.3" });
    const { path: listingPath, code, number } = await listingWithBrokerWhatsApp(page);
    const href = await page
      .getByRole("complementary", { name: "Valores e contato" })
      .getByRole("link", { name: "Falar no WhatsApp" })
      .getAttribute("href");
    expect(href).toBe(
      `/obrigado-whatsapp?imovel=${encodeURIComponent(code)}&origem=${encodeURIComponent(listingPath)}`,
    );
    const asked = await captureWhatsApp(page);
    await page.goto(href!); // the meta refresh continues without JavaScript
    await expect.poll(() => asked.length).toBe(1);
    const target = new URL(asked[0]!);
    expect(`${target.origin}${target.pathname}`).toBe(`https://wa.me/${number}`);
    const text = target.searchParams.get("text")!;
    expect(text).toContain(code);
    expect(text).toContain(listingPath);
  });
});

test.describe("com JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await stubMapTiles(page.context());
  });

  test("quero vender: erro ao sair do campo, envio sem sair da página e aviso de sucesso", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.41.0.1" });
    await page.goto("/");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Quero vender meu imóvel" });
    await form.getByLabel("Telefone ou WhatsApp").fill("99 123");
    await form.getByLabel("Onde fica o imóvel?").focus();
    await expect(form.getByText("Informe um telefone válido com DDD, por exemplo (11) 91234-5678.")).toBeVisible();

    const name = visitor("Vendedor ComJS");
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone ou WhatsApp").fill("11 98765-4321");
    await form.getByLabel("Onde fica o imóvel?").fill("Alameda Santos, 200, Jardins");
    await expect(form.getByText(/Informe um telefone válido/)).toHaveCount(0);
    await form.getByRole("button", { name: "Quero uma avaliação" }).click();

    const sent = page.getByRole("status").filter({ hasText: "Pedido enviado!" });
    await expect(sent).toBeFocused();
    await expect(page).toHaveURL("/");
    await sent.getByRole("button", { name: "Enviar outra mensagem" }).click();
    await expect(form.getByLabel("Nome")).toHaveValue("");
    expect((await deliveredLeads(name)).size).toBe(1);
  });

  test("a validação do navegador só é baixada quando o visitante chega ao formulário", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    // The validators' chunk holds zod and Conform: the first load must not ask for it.
    const validators = () => scripts.filter((url) => /\/assets\/public-form-validators-[\w-]+\.js$/.test(url));
    expect(scripts.length).toBeGreaterThan(5);
    expect(validators()).toEqual([]);

    const form = page.getByRole("form", { name: "Quero vender meu imóvel" });
    // A field left before the validator arrives is still checked once it has.
    await form.getByLabel("Telefone ou WhatsApp").fill("12");
    await form.getByLabel("Nome").focus();
    await expect(form.getByText("Informe um telefone válido com DDD, por exemplo (11) 91234-5678.")).toBeVisible();
    expect(validators()).toHaveLength(1);
    // A submit with errors stays on the page, shows every error and focuses the first invalid field.
    await form.getByRole("button", { name: "Quero uma avaliação" }).click();
    await expect(form.getByText("Informe seu nome.")).toBeVisible();
    await expect(form.getByLabel("Nome")).toBeFocused();
    await expect(form.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/");
  });

  test("mais informações: um clique duplo gera um único contato", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.41.0.2" });
    const [, listingPath] = await listingPaths(page.request);
    await page.goto(listingPath!);
    await waitForHydration(page);
    await hydrateIsland(page, "contato");
    const form = page.getByRole("form", { name: "Mais informações sobre este imóvel" });
    const name = visitor("Interessado ComJS");
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone ou WhatsApp").fill("(21) 99876-5432");
    await form.getByLabel("E-mail").fill("com-js@example.com");
    await form.getByRole("button", { name: "Enviar mensagem" }).dblclick();

    await expect(page.getByRole("status").filter({ hasText: "Mensagem enviada!" })).toBeVisible();
    expect((await deliveredLeads(name)).size).toBe(1);
    // The worker runs every 5 s: give a second lead time to show up if there were one.
    await page.waitForTimeout(6_000);
    expect(leadIdsMentioning(name).size).toBe(1);
  });

  test("avise-me no condomínio pede e-mail ou telefone", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.41.0.3" });
    await page.goto("/condominios");
    await page.getByRole("main").locator('a[href^="/detalhes/"]').first().click();
    await waitForHydration(page);
    await hydrateIsland(page, "contato");
    const form = page.getByRole("form", { name: /^Avise-me/ });
    const name = visitor("Aviso ComJS");
    const validator = formValidatorLoaded(page);
    await form.getByLabel("Nome").fill(name);
    await validator;
    await form.getByRole("button", { name: "Quero ser avisado" }).click();
    await expect(form.getByText("Informe seu e-mail ou seu telefone.")).toBeVisible();
    await form.getByLabel("E-mail (opcional)").fill("aviso@example.com");
    await form.getByRole("button", { name: "Quero ser avisado" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Aviso cadastrado!" })).toBeVisible();
    expect((await deliveredLeads(name)).size).toBe(1);
  });

  test("o WhatsApp do cabeçalho segue para o número da imobiliária com a página de origem", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.41.0.4" });
    const asked = await captureWhatsApp(page);
    await page.goto("/?utm_source=instagram");
    await waitForHydration(page);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("banner").getByRole("link", { name: "Falar no WhatsApp" }).click(),
    ]);
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    expect(asked).toHaveLength(1);
    const target = new URL(asked[0]!);
    expect(`${target.origin}${target.pathname}`).toBe(`https://wa.me/${AGENCY_WHATSAPP}`);
    expect(target.searchParams.get("text")).toMatch(
      /^Olá! Vim pelo site da .+ \(http:\/\/127\.0\.0\.1:\d+\/\) e gostaria de atendimento\.$/,
    );
  });
});
