/**
 * Price history and the saved-search digest end to end
 * (docs/decisions/0033-price-history.md, 0034-saved-search-alerts.md): a
 * server of its own syncs every 10 s from a Vista sandbox of its own (a small
 * published catalogue, about 2 % of the data set). A visitor creates an alert
 * on the sale list and confirms it from the e-mail; then the sandbox lowers a
 * sale listing's price (`touch`: −2 %, `DataAtualizacao` today, as a CRM edit
 * would). After the next delta sync the listing page shows the change in
 * "Histórico de preço" with "Baixou 2% em dd/mm" beside the price, the list
 * filtered by "Preço reduzido" shows its card with the badge. A day passes
 * for the alert (its last digest moved 24 h back in the database) and the
 * server restarts: the digest check, 90 s after start, mails the drop, and
 * the digest's one-click `List-Unsubscribe` POST (RFC 8058) ends the alert.
 * The server runs on a PostgreSQL database of its own (TEST_DATABASE_URL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startVistaSandbox, type RunningVistaSandbox } from "../../server/vista-sandbox";
import {
  createScratchDatabase,
  EMBEDDED_ENV,
  freePort,
  spawnServer,
  stopServer,
  waitForHealth,
  type Health,
  type ScratchDatabase,
  type SpawnedServer,
} from "./spawned-server";
import { alertMails, mailLink, unsubscribeLink } from "./alert-mails";
import { expect, test } from "./fixtures";
import { hydrateIsland, waitForHydration } from "./helpers";

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

(adminUrl ? test.describe : test.describe.skip)("price history", () => {
  // Skipped when TEST_DATABASE_URL is unset (the server's read model is a PostgreSQL database of its own); CI sets it.
  test.describe.configure({ timeout: 360_000 });

  let database: ScratchDatabase | undefined;
  let databaseUrl: string;
  let sandbox: RunningVistaSandbox | undefined;
  let sandboxDir: string;
  let dataDir: string;
  let port: number;
  let env: Record<string, string>;
  let server: SpawnedServer | undefined;

  /** Runs one statement on the server's database. */
  async function sql(text: string, values: unknown[] = []): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = await createScratchDatabase(adminUrl!, "price");
    databaseUrl = database.url;

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
    await database?.drop();
  });

  test("a price lowered in Vista shows in the history, beside the price, as a badge and in the alert digest", async ({
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
    await hydrateIsland(page, "criar-alerta");
    const form = page.getByRole("form", { name: "Receba novidades desta busca" });
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("button", { name: "Criar alerta" }).click();
    await expect(form.getByRole("status")).toContainText("Enviamos um link de confirmação");
    await expect
      .poll(() => alertMails(site.dataDir, email, "confirm").length, { timeout: 20_000, intervals: [500] })
      .toBe(1);
    await page.goto(site.url + mailLink(alertMails(site.dataDir, email, "confirm")[0]!, "/alertas/confirmar"));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerta confirmado");
    // A day passes for the alert: its last digest (set at confirmation) moves 24 h back, at the
    // millisecond precision the app writes it with (the digest claims the alert by comparing it).
    await sql(
      "update search_alerts set last_digest_at = date_trunc('milliseconds', now() - interval '24 hours') where email = $1",
      [email],
    );

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

    // A restart runs the digest check 90 s later (then hourly): it mails the drop and links the listing;
    // its List-Unsubscribe POST ends the alert in one click.
    await page.goto("about:blank");
    await stopServer(site, { killAfterMs: 10_000 });
    server = await spawnServer({ port, dataDir, env });
    const restarted = server;
    await expect
      .poll(() => alertMails(restarted.dataDir, email, "digest").length, { timeout: 150_000, intervals: [1000] })
      .toBe(1)
      .catch((error: unknown) => {
        const lines = restarted
          .output()
          .split("\n")
          .filter((line) => line.includes("[alertas]"));
        throw new Error(`${String(error)}\n${lines.slice(-10).join("\n")}`);
      });
    const digest = alertMails(restarted.dataDir, email, "digest")[0]!;
    expect(digest).toContain("Preços reduzidos (1)");
    expect(digest).toContain(`${restarted.url}${pathname}`);
    const unsubscribe = unsubscribeLink(digest);
    expect(unsubscribe).toMatch(/^\/alertas\/cancelar\?token=/);
    const response = await fetch(restarted.url + unsubscribe!, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    await page.goto(restarted.url + mailLink(digest, "/alertas"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nenhum alerta ativo");
  });
});
