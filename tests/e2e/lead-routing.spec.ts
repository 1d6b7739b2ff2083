/**
 * `/admin/distribuicao` end to end (ADR 0080), in Chromium as the seeded
 * admin: take a broker out of the rotation, save, see it after the reload,
 * put them back; the response targets in force; no sideways scroll at
 * 360 px. Puts back what it changed (the server is shared by every spec).
 */
import type { Page } from "@playwright/test";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, createBroker, sessionCookieFor } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

const PATH = "/admin/distribuicao";

/** The toast area (docs/spec.txt §2 "Toast notification area"). */
const toasts = (page: Page) => page.getByRole("region", { name: "Notificações" });

/**
 * Sets a broker's "Recebe leads" and saves; waits for the toast. The rule stays "off": turning the
 * rotation on here would hand other specs' leads (same server, run in parallel) to the test's broker.
 */
async function save(page: Page, label: string, receives: boolean) {
  await expect(page.getByLabel("Leads sem corretor")).toHaveValue("off");
  await page.getByLabel(label).setChecked(receives);
  await page.getByRole("button", { name: "Salvar distribuição" }).click();
  await expect(toasts(page)).toContainText("Distribuição salva");
}

test.beforeEach(async ({ context, baseURL }) => {
  await addSessionCookie(context, baseURL!, await sessionCookieFor(ADMIN_EMAIL, adminPassword()));
});

test("tira um corretor do rodízio, salva e vê a escolha depois de recarregar, e o devolve", async ({ page }) => {
  const broker = await createBroker({ uid: "rodizio", brokerCode: "4", displayName: "Rita Rodízio" });
  const label = `${broker.displayName}: recebe leads`;
  await page.goto(PATH);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Distribuição de leads" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Distribuição" }),
  ).toHaveAttribute("aria-current", "page");
  // The targets in force, read-only.
  await expect(page.getByRole("region", { name: "Prazos de resposta" })).toContainText("Lembrete ao corretor");
  await expect(page.getByRole("region", { name: "Prazos de resposta" })).toContainText("15 minutos");
  try {
    await save(page, label, false);
    await page.reload();
    await expect(page.getByLabel(label)).not.toBeChecked();

    await save(page, label, true);
    await page.reload();
    await expect(page.getByLabel(label)).toBeChecked();
  } finally {
    await page.goto(PATH);
    await save(page, label, true);
  }
});

test("a página cabe em 360 px sem rolagem lateral", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(PATH);
  await expect(page.getByRole("button", { name: "Salvar distribuição" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
