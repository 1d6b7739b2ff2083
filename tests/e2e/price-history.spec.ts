/**
 * Price history end to end, with a saved-search alert confirmed first
 * (docs/decisions/0033-price-history.md, 0034-saved-search-alerts.md): a
 * server of its own syncs every 10 s from a Vista sandbox of its own (a small
 * published catalogue, about 2 % of the data set). A visitor creates an alert
 * on the sale list and confirms it from the e-mail; then the sandbox lowers a
 * sale listing's price (`touch`: −2 %, `DataAtualizacao` today, as a CRM edit
 * would). After the next delta sync the listing page shows the change in
 * "Histórico de preço" with "Baixou 2% em dd/mm" beside the price, the list
 * filtered by "Preço reduzido" shows its card with the badge. The server
 * runs on a PostgreSQL database of its own (TEST_DATABASE_URL). The digest
 * itself is tested in tests/integration/alerts.test.ts.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startVistaSandbox, type RunningVistaSandbox } from "../../server/vista-sandbox";
import {
  EMBEDDED_ENV,
  freePort,
  spawnServer,
  stopServer,
  waitForHealth,
  type Health,
  type SpawnedServer,
} from "./spawned-server";
import { alertMails, mailLink } from "./alert-mails";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

/** The alert form's minimum fill time (spam defence), ms, with a margin. */
const FILL_TIME_MS = 3_300;

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

(adminUrl ? test.describe : test.describe.skip)("price history", () => {
  // Skipped when TEST_DATABASE_URL is unset (the server's read model is a PostgreSQL database of its own); CI sets it.
  test.describe.configure({ timeout: 360_000 });

  const databaseName = `price_${randomBytes(4).toString("hex")}`;
  let databaseUrl: string;
  let sandbox: RunningVistaSandbox | undefined;
  let sandboxDir: string;
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let server: SpawnedServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${databaseName}`;
    databaseUrl = parsed.toString();

    sandboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-price-vista-"));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-price-"));
    sandbox = await startVistaSandbox({ port: 0, dataDir: sandboxDir, hiddenShare: 0.98 });
    port = await freePort();
    env = {
      ...EMBEDDED_ENV,
      DATABASE_URL: databaseUrl,
      VISTA_URL: sandbox.url,
      VISTA_KEY: sandbox.key,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The shortest interval the configuration accepts: the delta sync after the edit comes within seconds.
      SYNC_INTERVAL_SECONDS: "10",
    };
    server = await spawnServer({ port, dataDir, env });
    await waitForHealth(
      server,
      (health) => Boolean(health.sync?.lastSuccessAt) && (health.sync?.activeListings ?? 0) > 0,
      150_000,
    );
  });

  test.afterAll(async () => {
    await stopServer(server, { killAfterMs: 10_000 });
    await sandbox?.close();
    for (const dir of [sandboxDir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
  });

  test("a price lowered in Vista shows in the history, beside the price and as a badge after the next sync", async ({
    page,
  }) => {
    const site = server!;
    const listHtml = await (await fetch(`${site.url}/todos-os-imoveis/venda`)).text();
    const listingPath = /href="(\/detalhes\/[^"/]+\/([^"/?#]+))"/.exec(listHtml);
    expect(listingPath, "a sale listing on the list page").not.toBeNull();
    const [, pathname, id] = listingPath!;

    // Read without the browser, whose HTTP cache would keep this copy for the page's max-age.
    expect(await (await fetch(site.url + pathname)).text()).not.toContain("Histórico de preço");
    const code = decodeURIComponent(id);

    // An alert on every listing for sale, confirmed from its e-mail.
    const email = `digest-${Date.now().toString(36)}@example.com`;
    await page.goto(`${site.url}/todos-os-imoveis/venda`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Receba novidades desta busca" });
    await form.getByLabel("E-mail").fill(email);
    await page.waitForTimeout(FILL_TIME_MS);
    await form.getByRole("button", { name: "Criar alerta" }).click();
    await expect(form.getByRole("status")).toContainText("Enviamos um link de confirmação");
    await expect
      .poll(() => alertMails(site.dataDir, email, "confirm").length, { timeout: 20_000, intervals: [500] })
      .toBe(1);
    await page.goto(site.url + mailLink(alertMails(site.dataDir, email, "confirm")[0]!, "/alertas/confirmar"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerta confirmado");

    const before = (await (await fetch(`${site.url}/health/server`)).json()) as Health;
    const touched = sandbox!.touch([code]);
    expect(touched.changed, `the sandbox changed ${code}`).toEqual([code]);
    // The next delta sync (every 10 s; one already running when the edit came may miss it) records the drop.
    await expect
      .poll(async () => (await (await fetch(site.url + pathname)).text()).includes("Histórico de preço"), {
        timeout: 60_000,
        intervals: [1000],
      })
      .toBe(true);
    const after = (await (await fetch(`${site.url}/health/server`)).json()) as Health;
    expect(after.sync?.lastSuccessAt).not.toBe(before.sync?.lastSuccessAt);

    await page.goto(site.url + pathname);
    const history = page.getByRole("region", { name: "Histórico de preço" });
    await expect(history).toBeVisible();
    await expect(history).toContainText("Venda");
    await expect(page.getByText(/Baixou 2% em \d{2}\/\d{2}/).first()).toBeVisible();

    await page.goto(`${site.url}/todos-os-imoveis/venda?preco-reduzido=sim`);
    const card = page.locator(`a[href="${pathname}"]`).first();
    await expect(card).toBeVisible();
    await expect(page.getByText("Preço reduzido", { exact: true }).first()).toBeVisible();
  });
});
