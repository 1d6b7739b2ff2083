/**
 * The broker's inbox end to end (ADR 0081), at 1366 px and at 360 px: a
 * visitor sends "Mais informações" on a listing of a test broker (Vista broker
 * code 11, used by no other spec); the lead routing (ADR 0080) gives it to that
 * broker, who signs in, sees it first in "Meus leads" on `/painel`, opens it
 * and taps "WhatsApp": the site records the reply and sends the browser to
 * `https://wa.me/55…` with a message naming the listing (the wa.me request is
 * answered by a stub). Back on the lead, the status is "Em atendimento" and the
 * first response is the broker's. Finally the admin's dashboard counts it in
 * "Primeira resposta por corretor". Neither page scrolls sideways at 360 px.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createBroker, signIn, signInAsAdmin, type TestBroker } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT, waitForHydration } from "./helpers";

/** A Vista broker code of the sandbox that no other spec gives a test account. */
const BROKER_CODE = "11";

let broker: TestBroker;

test.beforeAll(async () => {
  broker = await createBroker({ uid: "caixa-de-entrada", brokerCode: BROKER_CODE, displayName: "Camila Andrade" });
});

/** The first listing of the broker's public portfolio, with its code and title. */
async function brokerListing(page: Page): Promise<{ path: string; code: string; title: string }> {
  await page.goto(`/corretor/${BROKER_CODE}`);
  const card = page.getByRole("region", { name: "Imóveis do corretor" }).locator('a[href^="/detalhes/"]').first();
  const path = await card.getAttribute("href");
  await page.goto(path!);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  return { path: path!, code: decodeURIComponent(path!.split("/").pop()!), title };
}

/**
 * Clicks the lead page's "WhatsApp" reply with wa.me answered by a stub page (the test never
 * leaves for the real site) and waits for the one request it makes.
 * @returns the wa.me URLs asked for (exactly one).
 */
async function replyByWhatsApp(context: BrowserContext, page: Page): Promise<string[]> {
  const asked: string[] = [];
  await context.route("https://wa.me/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" });
  });
  await page.getByRole("button", { name: "WhatsApp", exact: true }).click();
  await expect.poll(() => asked.length).toBe(1);
  return asked;
}

/** A visitor (own browser context, no JavaScript, own client IP) sends the "Mais informações" form. */
async function sendInfoForm(browser: Browser, listingPath: string, name: string, ip: string): Promise<void> {
  const context = await browser.newContext({
    storageState: consentStorageState,
    javaScriptEnabled: false,
    userAgent: DESKTOP_USER_AGENT,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  try {
    const page = await context.newPage();
    await page.goto(listingPath);
    const form = page.getByRole("form", { name: "Mais informações sobre este imóvel" });
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone ou WhatsApp").fill("(11) 91234-5678");
    await form.getByLabel("E-mail").fill("visitante@example.com");
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recebemos sua mensagem!");
  } finally {
    await context.close();
  }
}

async function noSidewaysScroll(page: Page, width: number) {
  if (width > 360) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const [width, ip] of [
  [1366, "10.81.0.1"],
  [360, "10.81.0.2"],
] as const) {
  test(`a ${width} px: o lead chega primeiro em "Meus leads", o WhatsApp responde e conta a primeira resposta`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const listing = await brokerListing(page);
    const visitor = `Visitante ${width} ${Date.now().toString(36)}`;
    await sendInfoForm(browser, listing.path, visitor, ip);

    await signIn(context, baseURL!, broker);
    await page.goto("/painel");
    await waitForHydration(page);
    const first = page.getByTestId("meu-lead").first();
    await expect(first.getByRole("link", { name: visitor })).toBeVisible();
    await expect(first).toContainText("Mais informações");
    await expect(first).toContainText("Novo");
    await expect(first.getByRole("link", { name: new RegExp(`cód\\. ${listing.code}`) })).toHaveAttribute(
      "href",
      listing.path,
    );
    await expect(first.locator("time")).toHaveText(/^(agora|há \d+ min)$/);
    await expect(page.getByRole("link", { name: "Meus imóveis" })).toHaveAttribute("href", "/painel/imoveis");
    await noSidewaysScroll(page, width);

    await first.getByRole("link", { name: visitor }).click();
    await expect(page.getByRole("heading", { level: 1, name: visitor })).toBeVisible();
    await expect(page.getByText("Ainda sem resposta")).toBeVisible();
    await waitForHydration(page);
    await noSidewaysScroll(page, width);
    const leadUrl = page.url();

    const asked = await replyByWhatsApp(context, page);
    // The reply opens wa.me in this page: let that navigation finish before leaving it.
    await page.waitForURL(/^https:\/\/wa\.me\//);
    const target = new URL(asked[0]!);
    expect(`${target.origin}${target.pathname}`).toBe("https://wa.me/5511912345678");
    const text = target.searchParams.get("text")!;
    expect(text).toContain(`Olá, Visitante! Aqui é Camila`);
    expect(text).toContain(`Vi seu interesse no imóvel ${listing.title} (código ${listing.code}).`);

    await page.goto(leadUrl);
    const head = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
    await expect(head.getByText("Em atendimento", { exact: true })).toBeVisible();
    const facts = page.getByRole("region", { name: "Dados do contato" });
    await expect(facts).toContainText(/Primeira resposta\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Camila Andrade/);
    await expect(page.getByTestId("historico-item").filter({ hasText: "Respondeu por WhatsApp." })).toHaveCount(1);

    await test.step("o painel da administração conta a resposta do corretor", async () => {
      const admin = await browser.newContext({ storageState: consentStorageState, viewport: { width, height: 900 } });
      try {
        await signInAsAdmin(admin, baseURL!);
        const adminPage = await admin.newPage();
        await adminPage.goto("/admin");
        const table = adminPage.getByRole("table", { name: "Primeira resposta por corretor" });
        await expect(table.getByRole("row").filter({ hasText: broker.displayName })).toHaveCount(1);
      } finally {
        await admin.close();
      }
    });
  });
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("perdido pede o motivo ao lado do campo; a resposta por WhatsApp segue para o wa.me", async ({
    page,
    context,
    browser,
    baseURL,
    consoleGuard,
  }) => {
    consoleGuard.expectHttpError(/\/painel\/leads\//, 400);
    const listing = await brokerListing(page);
    const visitor = `Sem JS ${Date.now().toString(36)}`;
    await sendInfoForm(browser, listing.path, visitor, "10.81.0.3");
    await signIn(context, baseURL!, broker);
    await page.goto("/painel");
    await page.getByTestId("meu-lead").first().getByRole("link", { name: visitor }).click();
    await expect(page.getByRole("heading", { level: 1, name: visitor })).toBeVisible();

    // The reason select is there without JavaScript; "Perdido" without a reason is refused beside it.
    await page.getByLabel("Status do contato").selectOption("perdido");
    await page.getByRole("button", { name: "Salvar status" }).click();
    await expect(page.getByLabel("Motivo da perda")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Escolha o motivo da perda.")).toBeVisible();
    await page.getByLabel("Status do contato").selectOption("perdido");
    await page.getByLabel("Motivo da perda").selectOption("Fora do orçamento");
    await page.getByRole("button", { name: "Salvar status" }).click();
    await expect(page.getByRole("region", { name: "Dados do contato" })).toContainText(
      /Motivo da perda\s*Fora do orçamento/,
    );
    await expect(
      page.getByTestId("historico-item").filter({ hasText: "Status: Novo → Perdido (motivo: Fora do orçamento)." }),
    ).toHaveCount(1);

    const asked = await replyByWhatsApp(context, page);
    expect(new URL(asked[0]!).searchParams.get("text")).toContain(`(código ${listing.code})`);
  });
});
