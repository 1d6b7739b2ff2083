/**
 * The financing simulator of sale listings (ADR 0035): without JavaScript
 * the GET form answers with SAC and Price figures (and a pt-BR message
 * beside a bad field) while the canonical URL stays bare, and "Falar com um
 * corretor" puts the simulation in the "mais informações" message; with
 * JavaScript the figures follow the fields and the button fills and focuses
 * the message; the calculation's code comes only when a field is edited
 * (ADR 0047), and without it the buttons go through the loader; the admin's
 * default rate and term and bank rates reach the page at once.
 */
import type { APIRequestContext, Locator } from "@playwright/test";
import { simulateFinancing } from "../../app/lib/financing";
import { formatPriceCents } from "../../app/lib/format";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, sessionCookieFor } from "./auth-helpers";
import { expect, test } from "./fixtures";
import {
  hydrateIsland,
  installHydrationProbe,
  listingPaths,
  LISTINGS_PATH,
  stubMapTiles,
  waitForHydration,
} from "./helpers";

/** A listing for sale (the first card of `/todos-os-imoveis/venda`). */
async function saleListing(request: APIRequestContext): Promise<string> {
  const [path] = await listingPaths(request, `${LISTINGS_PATH}/venda`);
  return path!;
}

/** The figure `label` ("Primeira parcela", …) of a system's card. */
function figure(card: Locator, label: string): Locator {
  return card.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

/** The price the section simulates (BRL). */
async function priceOf(section: Locator): Promise<number> {
  return Number(await section.getAttribute("data-price"));
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário GET mostra SAC e Price, mensagens em português e leva a simulação ao corretor", async ({
    page,
    request,
  }) => {
    const path = await saleListing(request);
    await page.goto(path);
    const section = page.locator("#simulador");
    await expect(section.getByRole("heading", { level: 2, name: "Simule o financiamento" })).toBeVisible();
    await expect(section).toContainText("Estimativa");
    await expect(section).toContainText("MIP e DFI");
    const price = await priceOf(section);
    expect(price).toBeGreaterThan(0);

    const downPayment = Math.ceil(price * 0.3);
    await section.getByLabel("Entrada (R$)").fill(String(downPayment));
    await section.getByLabel("Prazo (meses)").fill("240");
    await section.getByLabel("Juros (% ao ano)").fill("10,5");
    await section.getByRole("button", { name: "Simular" }).click();
    await expect(page).toHaveURL(
      new RegExp(`${path}\\?entrada=${downPayment}&prazo=240&juros=10%2C5&sistema=ambos#simulador$`),
    );

    const expected = simulateFinancing({ price, downPayment, termMonths: 240, yearlyRatePercent: 10.5 });
    const sac = section.locator('[data-system="sac"]');
    const priceCard = section.locator('[data-system="price"]');
    await expect(figure(sac, "Primeira parcela")).toHaveText(formatPriceCents(expected.systems.sac.firstInstalment));
    await expect(figure(sac, "Última parcela")).toHaveText(formatPriceCents(expected.systems.sac.lastInstalment));
    await expect(figure(sac, "Renda mínima")).toHaveText(formatPriceCents(expected.systems.sac.requiredIncome));
    await expect(figure(priceCard, "Primeira parcela")).toHaveText(
      formatPriceCents(expected.systems.price.firstInstalment),
    );
    await expect(figure(priceCard, "Total de juros")).toHaveText(
      formatPriceCents(expected.systems.price.totalInterest),
    );
    await expect(section).toContainText("240 meses (20 anos)");
    // The query never reaches the canonical URL.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));

    // A bad term: 200, the message beside the field, no figures.
    await section.getByLabel("Prazo (meses)").fill("999");
    await section.getByRole("button", { name: "Simular" }).click();
    await expect(section.getByText("Informe o prazo em meses, de 1 a 420 (35 anos).")).toBeVisible();
    await expect(section.getByLabel("Prazo (meses)")).toHaveAttribute("aria-invalid", "true");
    await expect(sac).toHaveCount(0);

    // "Falar com um corretor": the lead form's message carries the simulation.
    await section.getByLabel("Prazo (meses)").fill("240");
    await section.getByLabel("Sistema de amortização").selectOption("sac");
    await section.getByRole("button", { name: "Falar com um corretor" }).click();
    await expect(page).toHaveURL(/contato=1#mais-informacoes$/);
    const message = page.locator("#mais-informacoes").getByLabel("Mensagem");
    await expect(message).toHaveValue(/simulei um financiamento/);
    await expect(message).toHaveValue(/Prazo: 240 meses \(20 anos\)/);
    await expect(message).toHaveValue(/Juros: 10,5% ao ano/);
    await expect(message).toHaveValue(
      new RegExp(`SAC: parcelas de ${formatPriceCents(expected.systems.sac.firstInstalment).replace(/[.$]/g, "\\$&")}`),
    );
  });
});

test("com JavaScript os valores acompanham os campos e o corretor recebe a simulação", async ({ page, request }) => {
  // The broker button scrolls past the listing's location map, whose tiles then load.
  await stubMapTiles(page);
  const path = await saleListing(request);
  await page.goto(path);
  await waitForHydration(page);
  await hydrateIsland(page, "simulador");
  const section = page.locator("#simulador");
  const price = await priceOf(section);
  const rate = section.getByLabel("Juros (% ao ano)");
  await rate.fill("9");
  const downPayment = Math.ceil(price * 0.2);
  const expected = simulateFinancing({
    price,
    downPayment,
    termMonths: Number(await section.getByLabel("Prazo (meses)").inputValue()),
    yearlyRatePercent: 9,
  });
  const sac = section.locator('[data-system="sac"]');
  await expect(figure(sac, "Primeira parcela")).toHaveText(formatPriceCents(expected.systems.sac.firstInstalment));
  await expect(page).toHaveURL(new RegExp(`${path}$`));

  await rate.fill("99");
  await expect(section.getByText("Informe os juros ao ano entre 0 e 50%, por exemplo 10,99.")).toBeVisible();
  await rate.fill("9");

  await section.getByRole("button", { name: "Falar com um corretor" }).click();
  const message = page.locator("#mais-informacoes").getByLabel("Mensagem");
  await expect(message).toBeFocused();
  await expect(message).toHaveValue(/Juros: 9% ao ano/);
  await expect(message).toHaveValue(/SAC: parcelas de/);
  await expect(message).toHaveValue(/Price: parcelas de/);
});

test("a conta chega quando o visitante edita; sem ela, Simular e o corretor seguem pelo servidor", async ({
  page,
  request,
  consoleGuard,
}) => {
  await stubMapTiles(page);
  const path = await saleListing(request);
  const calculation = /\/assets\/financing-simulation-[^/]*\.js$/;
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  await page.goto(path);
  await waitForHydration(page);
  await hydrateIsland(page, "simulador");
  const section = page.locator("#simulador");
  const sac = section.locator('[data-system="sac"]');
  // The first render shows the loader's figures; the calculation is not part of the first load.
  await expect(figure(sac, "Primeira parcela")).toHaveText(/^R\$ /);
  expect(requested.filter((url) => calculation.test(url))).toEqual([]);

  // It cannot arrive: an edit says so, and "Simular" takes the figures from the loader.
  await page.route(calculation, (route) => route.fulfill({ status: 503, body: "" }));
  consoleGuard.expectHttpError(calculation, 503);
  const rate = section.getByLabel("Juros (% ao ano)");
  await rate.fill("9");
  await expect(section.getByText("Toque em Simular para atualizar os valores.")).toBeVisible();
  expect(requested.filter((url) => calculation.test(url)).length).toBeGreaterThan(0);
  await section.getByRole("button", { name: "Simular", exact: true }).click();
  await expect(page).toHaveURL(/juros=9(&|#)/);
  const price = await priceOf(section);
  const expected = simulateFinancing({
    price,
    downPayment: Math.ceil(price * 0.2),
    termMonths: Number(await section.getByLabel("Prazo (meses)").inputValue()),
    yearlyRatePercent: 9,
  });
  await expect(figure(sac, "Primeira parcela")).toHaveText(formatPriceCents(expected.systems.sac.firstInstalment));
  await expect(section.getByText("Toque em Simular para atualizar os valores.")).toHaveCount(0);

  // "Falar com um corretor" with an edit the page could not calculate: the loader fills the message.
  await rate.fill("8");
  await section.getByRole("button", { name: "Falar com um corretor" }).click();
  await expect(page).toHaveURL(/contato=1#mais-informacoes$/);
  await expect(page.locator("#mais-informacoes").getByLabel("Mensagem")).toHaveValue(/Juros: 8% ao ano/);
});

test("o administrador muda os juros padrão e a página do imóvel passa a usá-los", async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const admin = await browser.newContext({ baseURL });
  await addSessionCookie(admin, baseURL!, await sessionCookieFor(ADMIN_EMAIL, adminPassword()));
  await installHydrationProbe(admin);
  const adminPage = await admin.newPage();
  const save = async (rate: string, term: string, banks: string) => {
    await adminPage.goto("/admin/financiamento");
    // Typed once the page is hydrated: Conform then validates on blur and on submit.
    await waitForHydration(adminPage);
    await adminPage.getByLabel("Juros padrão (% ao ano)").fill(rate);
    await adminPage.getByLabel("Prazo padrão (meses)").fill(term);
    await adminPage.getByLabel(/Taxas de bancos/).fill(banks);
    await adminPage.getByRole("button", { name: "Salvar financiamento" }).click();
  };
  try {
    await adminPage.goto("/admin/financiamento");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Simulador de financiamento" })).toBeVisible();
    await expect(adminPage.getByRole("navigation", { name: "Administração" })).toContainText("Financiamento");

    // Bad input: messages beside the fields.
    await save("abc", "500", "Caixa 10");
    await expect(adminPage.getByText("Informe os juros ao ano entre 0 e 50%, por exemplo 10,99.")).toBeVisible();
    await expect(adminPage.getByText("Use no máximo 420 meses (35 anos).")).toBeVisible();

    await save("9,75", "300", "Banco Teste: 8,5");
    await expect(adminPage.getByText("Financiamento salvo")).toBeVisible();

    const path = await saleListing(request);
    await page.goto(path);
    const section = page.locator("#simulador");
    await expect(section.getByLabel("Juros (% ao ano)")).toHaveValue("9,75");
    await expect(section.getByLabel("Prazo (meses)")).toHaveValue("300");
    await expect(section).toContainText("300 meses (25 anos) a 9,75% ao ano");
    await section.getByRole("link", { name: "Banco Teste 8,5% a.a." }).click();
    await expect(section.getByLabel("Juros (% ao ano)")).toHaveValue("8,5");
    await expect(section).toContainText("a 8,5% ao ano");
  } finally {
    await save("11,5", "360", "");
    await expect(adminPage.getByText("Financiamento salvo")).toBeVisible();
    await admin.close();
  }
});
