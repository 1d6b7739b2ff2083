/**
 * The visits' follow-up end to end (ADR 0093), at 1366 px and at 360 px:
 *
 * - a broker signs in, opens "Agenda" from `/painel`, sets hours on `/painel/agenda` (a refused
 *   interval shows its message beside the field), saves, and the preview of the next free times
 *   follows the new hours;
 * - the visitor's rating page `/visitas/{token}/avaliacao` of a visit that took place (inserted in
 *   the database of a server of its own, on PostgreSQL: the main e2e server's embedded database is
 *   inside its process) asks for a rating, refuses none, stores 4 with a comment once and shows it
 *   again; an unknown token is the 404 error screen.
 *
 * Neither page scrolls sideways at 360 px; screenshots go to /tmp/h/shots/.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import pg from "pg";
import { addSessionCookie, createBroker, sessionCookieFor, type TestBroker } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";
import {
  createScratchDatabase,
  EMBEDDED_ENV,
  freePort,
  type ScratchDatabase,
  spawnServer,
  type SpawnedServer,
  stopServer,
  waitForHealth,
} from "./spawned-server";

const SHOTS = "/tmp/h/shots";

async function noSidewaysScroll(page: Page, width: number) {
  if (width > 360) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Sets every weekday to the given intervals (none: closed) and the numbers, on the agenda form. */
async function setWeek(page: Page, intervals: [string, string][], slot: string) {
  for (let day = 0; day < 7; day++) {
    await page.locator(`#dia-${day}-fechado`).setChecked(intervals.length === 0);
    for (let index = 0; index < 2; index++) {
      const [start, end] = intervals[index] ?? ["", ""];
      await page.locator(`#dia-${day}-inicio-${index + 1}`).fill(start);
      await page.locator(`#dia-${day}-fim-${index + 1}`).fill(end);
    }
  }
  await page.getByLabel("Duração da visita").selectOption(slot);
  await page.getByLabel("Intervalo entre visitas (min)").fill("0");
  await page.getByLabel("Agendar até (dias à frente)").fill("7");
  await page.getByLabel("Antecedência mínima (horas)").fill("0");
  await page.getByLabel("Folgas (sem visitas)").fill("");
}

test.describe("agenda do corretor", () => {
  test.describe.configure({ mode: "serial" });
  let broker: TestBroker;

  test.beforeAll(async () => {
    broker = await createBroker({ uid: "agenda-visitas", brokerCode: "97", displayName: "Renata Agenda" });
  });

  for (const width of [1366, 360] as const) {
    test(`a ${width} px: o corretor define os horários e a prévia muda`, async ({
      page,
      context,
      baseURL,
      consoleGuard,
    }) => {
      // The refused save answers 400 (by design: the messages beside the fields).
      consoleGuard.expectHttpError(/\/painel\/agenda\.data/, 400);
      await page.setViewportSize({ width, height: 900 });
      await addSessionCookie(context, baseURL!, await sessionCookieFor(broker.email, broker.password));
      await page.goto("/painel");
      await page.getByRole("link", { name: "Agenda", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Agenda de visitas" })).toBeVisible();
      await waitForHydration(page);

      // A refused interval: the message beside the field, nothing saved.
      await setWeek(page, [["08:00", "09:00"]], "30");
      await page.locator("#dia-3-fim-1").fill("07:00");
      await page.getByRole("button", { name: "Salvar horários" }).click();
      await expect(page.locator("#dia-3-fim-1-erro")).toHaveText("O fim deve ser depois do início.");
      await expect(page.locator("#dia-3-fim-1")).toHaveAttribute("aria-invalid", "true");

      // Every day 08:00–09:00 in 30 min: the preview offers 08:00 and 08:30 only.
      await setWeek(page, [["08:00", "09:00"]], "30");
      await page.getByRole("button", { name: "Salvar horários" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Horários salvos." })).toBeVisible();
      const preview = page.getByTestId("preview");
      await expect(preview.getByTestId("preview-dia")).toHaveCount(5);
      await expect(preview.getByText("08:30").first()).toBeVisible();
      await expect(preview).not.toContainText("15:00");

      // Two intervals a day, 60 min: the preview follows.
      await setWeek(
        page,
        [
          ["10:00", "11:00"],
          ["15:00", "16:00"],
        ],
        "60",
      );
      await page.getByRole("button", { name: "Salvar horários" }).click();
      await expect(preview).toContainText("15:00");
      await expect(preview).not.toContainText("08:30");
      await expect(page.locator("#dia-1-inicio-2")).toHaveValue("15:00");
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/agenda-${width}.png`, fullPage: true });
    });
  }
});

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

(adminUrl ? test.describe : test.describe.skip)("avaliação da visita", () => {
  // Skipped when TEST_DATABASE_URL is unset (the visit is inserted in a PostgreSQL database of the spec's own server).
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  let database: ScratchDatabase | undefined;
  let server: SpawnedServer | undefined;

  /** Inserts a booked visit starting `hoursFromNow` from now; returns its manage token. */
  async function insertVisit(hoursFromNow: number): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const startsAt = new Date(Date.now() + hoursFromNow * 3600_000);
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO visits (listing_code, calendar, starts_at, ends_at, visitor_name, visitor_phone, token_hash, idempotency_key)
         VALUES ('E2E-1', $5, $1, $2, 'Visitante E2E', '11912345678', $3, $4)`,
        [
          startsAt,
          new Date(startsAt.getTime() + 3600_000),
          createHash("sha256").update(token).digest("hex"),
          `e2e-${token}`,
          // A calendar of its own: the two widths' visits at the same time must not overlap.
          `e2e-${token.slice(0, 12)}`,
        ],
      );
    } finally {
      await client.end();
    }
    return token;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = await createScratchDatabase(adminUrl!, "feedback");
    const port = await freePort();
    server = await spawnServer({
      port,
      dataDirPrefix: "imobiliaria-feedback-",
      env: { ...EMBEDDED_ENV, DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    await waitForHealth(server, (health) => health.database?.ok === true, 150_000);
  });

  test.afterAll(async () => {
    await stopServer(server, { killAfterMs: 10_000 });
    await database?.drop();
  });

  for (const width of [1366, 360] as const) {
    test(`a ${width} px: o visitante avalia uma vez, e o link desconhecido é 404`, async ({ page, consoleGuard }) => {
      consoleGuard.expectHttpError(/\/avaliacao(\.data)?$/, 400);
      consoleGuard.expectHttpError(/\/visitas\/x+\/avaliacao$/, 404);
      await page.setViewportSize({ width, height: 900 });
      const site = server!.url;
      const early = await insertVisit(48);
      await page.goto(`${site}/visitas/${early}/avaliacao`);
      await expect(page.getByTestId("avaliacao-cedo")).toBeVisible();

      const token = await insertVisit(-26);
      await page.goto(`${site}/visitas/${token}/avaliacao`);
      await expect(page.getByRole("heading", { level: 1, name: "Avalie sua visita" })).toBeVisible();
      const ratings = page.getByRole("group", { name: "Sua nota para a visita" });
      await expect(ratings.getByRole("radio")).toHaveCount(5);
      await noSidewaysScroll(page, width);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/avaliacao-${width}.png`, fullPage: true });

      // No rating: the message beside the choices.
      await page.getByRole("button", { name: "Enviar avaliação" }).click();
      await expect(page.locator("#nota-erro")).toHaveText("Escolha uma nota de 1 a 5.");

      await ratings.getByRole("radio", { name: "4 · Boa" }).check();
      await page.getByLabel("Comentário").fill("Corretor pontual, imóvel como nas fotos.");
      await page.getByRole("button", { name: "Enviar avaliação" }).click();
      const given = page.getByTestId("avaliacao-dada");
      await expect(given).toContainText("Sua nota: 4 de 5 (Boa).");
      await expect(given).toContainText("Corretor pontual, imóvel como nas fotos.");

      // Once: the page shows the rating given, no form.
      await page.reload();
      await expect(given).toContainText("Sua nota: 4 de 5");
      await expect(page.getByRole("button", { name: "Enviar avaliação" })).toHaveCount(0);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `${SHOTS}/avaliacao-dada-${width}.png`, fullPage: true });

      const unknown = await page.goto(`${site}/visitas/${"x".repeat(43)}/avaliacao`);
      expect(unknown?.status()).toBe(404);
    });
  }
});
