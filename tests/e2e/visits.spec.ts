/**
 * Visits booked online end to end (ADR 0088), at 1366 px and at 360 px: a visitor opens a listing
 * of a test broker (Vista broker code 38, used by no other spec), taps "Agendar visita" (the price
 * box) or "Agendar" (the phone's contact bar), picks the first free time, books with JavaScript;
 * the confirmation shows the São Paulo time and the `.ics` (downloaded: DTSTART and SUMMARY);
 * the broker finds the lead "Visita agendada" first in "Meus leads" on `/painel`; the visitor
 * moves the visit and cancels it through the manage link. Another visitor books without
 * JavaScript. No page scrolls sideways at 360 px; screenshots go to /tmp/h/shots/.
 */
import type { Browser, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { addSessionCookie, createBroker, sessionCookieFor, type TestBroker } from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT } from "./helpers";

/** A Vista broker code of the sandbox that no other spec gives a test account. */
const BROKER_CODE = "38";
const SHOTS = "/tmp/h/shots";

let broker: TestBroker;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  broker = await createBroker({ uid: "visitas-online", brokerCode: BROKER_CODE, displayName: "Vera Visitas" });
});

/** The first listing of the broker's public portfolio. */
async function brokerListing(page: Page): Promise<{ path: string; code: string }> {
  await page.goto(`/corretor/${BROKER_CODE}`);
  const card = page.getByRole("region", { name: "Imóveis do corretor" }).locator('a[href^="/detalhes/"]').first();
  const path = (await card.getAttribute("href"))!;
  return { path, code: decodeURIComponent(path.split("/").pop()!) };
}

async function noSidewaysScroll(page: Page, width: number) {
  if (width > 360) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Picks the first free time of the page's slot picker; returns its label ("09:00") and value. */
async function pickFirstSlot(page: Page, index = 0): Promise<{ time: string; value: string }> {
  const label = page.getByTestId("horarios").locator("label").nth(index);
  const value = (await label.locator("input").getAttribute("value"))!;
  const time = (await label.textContent())!.trim();
  await label.click();
  await expect(label.locator("input")).toBeChecked();
  return { time, value };
}

/** Fills and sends the booking form; waits for the confirmation. */
async function book(page: Page, name: string): Promise<{ time: string; value: string }> {
  const slot = await pickFirstSlot(page);
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Telefone").fill("(11) 91234-5678");
  await page.getByRole("button", { name: "Agendar visita" }).click();
  await expect(page.getByTestId("visita-aviso")).toHaveText(/Visita agendada!/);
  await expect(page).toHaveURL(/\/visitas\/[A-Za-z0-9_-]{43}\?agendada=1$/);
  await expect(page.getByTestId("visita-quando")).toContainText(`às ${slot.time}`);
  return slot;
}

/** The broker's inbox shows the visit lead first. */
async function inboxShows(browser: Browser, baseURL: string, width: number, visitor: string) {
  const context = await browser.newContext({ storageState: consentStorageState, viewport: { width, height: 900 } });
  try {
    await addSessionCookie(context, baseURL, await sessionCookieFor(broker.email, broker.password));
    const page = await context.newPage();
    await page.goto("/painel");
    const lead = page.getByTestId("meu-lead").filter({ hasText: visitor });
    await expect(lead).toHaveCount(1);
    await expect(lead).toContainText("Visita agendada");
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: `${SHOTS}/visitas-painel-${width}.png`, fullPage: true });
  } finally {
    await context.close();
  }
}

for (const [width, ip] of [
  [1366, "10.88.0.1"],
  [360, "10.88.0.2"],
] as const) {
  test(`a ${width} px: agenda pelo anúncio, baixa o .ics, aparece no painel, remarca e cancela`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      storageState: consentStorageState,
      viewport: { width, height: 900 },
      userAgent: DESKTOP_USER_AGENT,
      extraHTTPHeaders: { "X-Forwarded-For": ip },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      const listing = await brokerListing(page);
      await page.goto(listing.path);
      const button = width > 1000 ? page.getByTestId("agendar-visita") : page.getByTestId("barra-agendar-visita");
      await expect(button).toBeVisible();
      await noSidewaysScroll(page, width);
      await button.click();
      await expect(page.getByRole("heading", { level: 1, name: "Agendar visita" })).toBeVisible();
      await expect(page.getByTestId("visita-imovel")).toContainText(`Cód. ${listing.code}`);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/visitas-agendar-${width}.png`, fullPage: true });

      const visitor = `Visitante ${width} ${Date.now().toString(36)}`;
      const slot = await book(page, visitor);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/visitas-confirmacao-${width}.png`, fullPage: true });

      const download = page.waitForEvent("download");
      await page.getByTestId("visita-ics").click();
      const ics = await readFile((await (await download).path())!, "utf8");
      const start = new Date(slot.value)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
      expect(ics).toContain(`DTSTART:${start}`);
      expect(ics).toContain(`SUMMARY:Visita ao imóvel ${listing.code}`);

      await inboxShows(browser, baseURL!, width, visitor);

      // Move to another time: the second free time of the picker.
      const moved = await pickFirstSlot(page, 1);
      await page.getByRole("button", { name: "Remarcar visita" }).click();
      await expect(page.getByTestId("visita-aviso")).toHaveText("Visita remarcada.");
      await expect(page.getByTestId("visita-quando")).toContainText(`às ${moved.time}`);

      await page.getByRole("button", { name: "Cancelar visita" }).click();
      await expect(page.getByTestId("visita-aviso")).toHaveText("Visita cancelada.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visita cancelada");
      await expect(page.getByRole("button", { name: "Remarcar visita" })).toHaveCount(0);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/visitas-cancelada-${width}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
}

test("sem JavaScript: agenda, erros ao lado dos campos, confirmação e painel", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    storageState: consentStorageState,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
    userAgent: DESKTOP_USER_AGENT,
    extraHTTPHeaders: { "X-Forwarded-For": "10.88.0.3" },
  });
  try {
    const page = await context.newPage();
    const listing = await brokerListing(page);
    await page.goto(`${listing.path}/agendar`);
    // A bad phone: the message comes back beside the field, the typed data and the chosen time stay.
    const chosen = await pickFirstSlot(page);
    await page.getByLabel("Nome").fill("Sem JS");
    await page.getByLabel("Telefone").fill("123");
    await page.getByRole("button", { name: "Agendar visita" }).click();
    await expect(page.getByLabel("Telefone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Nome")).toHaveValue("Sem JS");
    await expect(page.locator(`input[name="slot"][value="${chosen.value}"]`)).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/visitas-erros-360.png`, fullPage: true });
    const visitor = `Visitante sem JS ${Date.now().toString(36)}`;
    await book(page, visitor);
    await noSidewaysScroll(page, 360);
    await inboxShows(browser, baseURL!, 360, visitor);
  } finally {
    await context.close();
  }
});
