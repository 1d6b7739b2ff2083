/**
 * The sync integration suite, shared by the PGlite and the PostgreSQL test
 * files: a real Vista sandbox over HTTP (the full demo catalogue) into a fresh,
 * migrated database. One full sync, then deltas, removals and leader election.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/.server/db";
import { brokers, condominiums, listings } from "~/.server/db/schema";
import { getHealth } from "~/.server/health";
import { runSync, startSyncScheduler, type SyncResult } from "~/.server/sync";
import { type VistaListingWire } from "~/.server/vista";
import { createTestDatabase, type TestDatabase } from "./database";
import { startTestSandbox, type TestSandbox } from "./sandbox";

/** Milliseconds a full sync may take in these tests (the whole catalogue within 3 minutes). */
const FULL_SYNC_BUDGET_MS = 180_000;
/** Timeout of the other steps (each one or two delta syncs with a code-only pass). */
const STEP_TIMEOUT_MS = 120_000;

/**
 * Registers the suite for one database kind.
 * @param onFullSync called with the database once the full sync has passed its assertions, before any later test changes it.
 */
export function defineSyncSuite(kind: "pglite" | "postgres", onFullSync?: (database: Database) => Promise<void>): void {
  describe(`sync into ${kind === "pglite" ? "PGlite" : "PostgreSQL"} from the Vista sandbox`, () => {
    let env: TestSandbox;
    let test: TestDatabase;
    let database: Database;
    let full: SyncResult;
    const lines: string[] = [];
    const log = (line: string) => {
      lines.push(line);
    };

    /** Codes the sandbox shows on the site (`ExibirNoSite = Sim`) with a sale or rent price, read over its API. */
    async function expectedCodes(): Promise<Set<string>> {
      const codes = new Set<string>();
      for await (const page of env.client.listAll(
        { fields: ["Codigo", "ValorVenda", "ValorLocacao"], filter: { ExibirNoSite: "Sim" } },
        { concurrency: 4 },
      )) {
        for (const wire of page) {
          if (Number(wire.ValorVenda) > 0 || Number(wire.ValorLocacao) > 0) codes.add(wire.Codigo!);
        }
      }
      return codes;
    }

    const activeCodes = async () =>
      new Set(
        (
          await database.db
            .select({ code: listings.code })
            .from(listings)
            .where(sql`${listings.removedAt} is null`)
        ).map((row) => row.code),
      );

    beforeAll(async () => {
      [env, test] = await Promise.all([startTestSandbox(), createTestDatabase(kind)]);
      database = test.database;
    });
    afterAll(async () => {
      await test?.cleanup();
      await env?.close();
    });

    it(
      "a full sync stores every listing shown on the site with a price, within budget",
      async () => {
        env.resetCounts();
        full = await runSync({ database, client: env.client, log, source: env.url });
        // Measured times go to the test output, to compare runs.
        console.info(`[${kind}] full sync: ${full.counts.durationMs} ms, ${JSON.stringify(full.counts)}`);
        expect(full.mode).toBe("full");
        expect(full.counts.durationMs).toBeLessThan(FULL_SYNC_BUDGET_MS);

        // One detalhes call per listed listing, listar in pages of 50.
        expect(env.requests.get("imoveis/detalhes")).toBe(full.counts.fetched);
        expect(env.requests.get("imoveis/listar")).toBe(Math.ceil(full.counts.fetched / 50));

        const expected = await expectedCodes();
        const active = await activeCodes();
        expect(expected.size).toBeGreaterThan(13_000);
        expect(expected.size).toBe(env.sandbox.stats().published);
        expect(active.size).toBe(expected.size);
        expect([...expected].every((code) => active.has(code))).toBe(true);
        expect(full.counts.total).toBe(expected.size);
        // A progress line while it worked, then the summary.
        expect(lines.some((line) => /^\[sync\] [\d.]+\/[\d.]+ imóveis \(\d+%\) · \d+,\d s$/.test(line))).toBe(true);
        expect(lines.at(-1)).toMatch(/^\[sync\] concluída \(completa\): /);
        await onFullSync?.(database);
      },
      FULL_SYNC_BUDGET_MS + 60_000,
    );

    it(
      "stores a listing's photos, broker and condominium",
      async () => {
        const [row] = await database.db
          .select()
          .from(listings)
          .where(
            sql`${listings.condominiumSlug} is not null and ${listings.removedAt} is null and ${listings.brokerCode} is not null`,
          )
          .limit(1);
        expect(row).toBeDefined();
        const detail: VistaListingWire = await env.client.detalhes(row.code, [
          "Codigo",
          { Foto: ["Foto", "Ordem"] },
          { Corretor: ["Codigo", "Nome"] },
          "Empreendimento",
        ]);
        const photoCount = Array.isArray(detail.Foto) ? 0 : Object.keys(detail.Foto ?? {}).length;
        expect(photoCount).toBeGreaterThan(0);
        expect(row.data.photos.length).toBe(photoCount);
        expect(row.coverPhotoUrl).not.toBe("");

        const [broker] = await database.db.select().from(brokers).where(eq(brokers.code, row.brokerCode!));
        expect(broker.data.name).not.toBe("");
        expect(Object.keys(detail.Corretor ?? {})).toContain(row.brokerCode);

        const [condominium] = await database.db
          .select()
          .from(condominiums)
          .where(eq(condominiums.slug, row.condominiumSlug!));
        expect(condominium.name).toBe(detail.Empreendimento);
        expect(condominium.data.photos.length).toBeGreaterThan(0);
        expect(condominium.data.slug).toBe(row.condominiumSlug);
      },
      STEP_TIMEOUT_MS,
    );

    it(
      "a delta after `touch` re-reads only what changed since the watermark",
      async () => {
        const [code] = [...(await activeCodes())].sort();
        // The first delta also re-reads listings dated on the watermark day (`>=`);
        // it moves the watermark to today, so the next one sees only the touched listing.
        env.sandbox.touch([code]);
        env.resetCounts();
        const first = await runSync({ database, client: env.client, log, source: env.url });
        expect(first.mode).toBe("delta");
        expect(first.counts.fetched).toBeGreaterThanOrEqual(1);
        expect(first.counts.fetched).toBeLessThan(full.counts.fetched / 10);
        expect(env.requests.get("imoveis/detalhes")).toBe(first.counts.fetched);

        const [other] = [...(await activeCodes())].sort().slice(-1);
        env.sandbox.touch([other]);
        env.resetCounts();
        const second = await runSync({ database, client: env.client, log, source: env.url });
        console.info(`[${kind}] delta sync: ${second.counts.durationMs} ms, ${JSON.stringify(second.counts)}`);
        expect(second.mode).toBe("delta");
        // Both touched listings carry today's date (>= watermark); nothing else does.
        expect(second.counts.fetched).toBe(2);
        expect(second.counts.upserted).toBe(2);
        expect(env.requests.get("imoveis/detalhes")).toBe(2);
        const [row] = await database.db.select().from(listings).where(eq(listings.code, other));
        expect(row.updatedAt).toBe(second.watermark);
        expect(second.counts.total).toBe(full.counts.total);
      },
      STEP_TIMEOUT_MS,
    );

    it(
      "`remove` and `hide` set removed_at; a listing shown again comes back",
      async () => {
        const codes = [...(await activeCodes())].sort();
        const [gone, hidden] = [codes[10], codes[20]];
        env.sandbox.remove([gone]);
        env.sandbox.hide([hidden]);
        const result = await runSync({ database, client: env.client, log, source: env.url });
        expect(result.counts.removed).toBe(2);
        const rows = await database.db
          .select({ code: listings.code, removedAt: listings.removedAt, reason: listings.removalReason })
          .from(listings)
          .where(sql`${listings.code} in (${gone}, ${hidden})`);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.removedAt).toBeInstanceOf(Date);
          expect(row.reason).toBe("unlisted");
        }
        expect(result.counts.total).toBe(full.counts.total - 2);

        env.sandbox.reset();
        const back = await runSync({ database, client: env.client, log, source: env.url });
        expect((await activeCodes()).has(gone)).toBe(true);
        expect((await activeCodes()).has(hidden)).toBe(true);
        expect(back.counts.total).toBe(full.counts.total);
      },
      STEP_TIMEOUT_MS,
    );

    it(
      "two processes syncing at once: only one leader runs",
      async () => {
        // On a server, the second "process" has its own pool; PGlite is owned by one process.
        const other = test.url ? await openDatabase({ url: test.url, poolSize: 2 }) : database;
        const first = startSyncScheduler({
          intervalSeconds: 3600,
          getClient: () => env.client,
          database,
          log,
          runOnStart: false,
        });
        const second = startSyncScheduler({
          intervalSeconds: 3600,
          getClient: () => env.client,
          database: other,
          log,
          runOnStart: false,
        });
        try {
          const results = await Promise.all([first.runNow(), second.runNow()]);
          expect(results.filter((result) => result !== null)).toHaveLength(1);
          expect(lines).toContain("[sync] outro processo está sincronizando; esta rodada foi pulada");
        } finally {
          await first.stop();
          await second.stop();
          if (other !== database) await other.close();
        }
      },
      STEP_TIMEOUT_MS,
    );

    it(
      "reports the sync in the health check",
      async () => {
        const { httpStatus, body } = await getHealth({ database, scheduler: null, intervalSeconds: 300 });
        expect(httpStatus).toBe(200);
        expect(body.status).toBe("ok");
        expect(body.database).toMatchObject({ ok: true, kind });
        expect(body.sync).toMatchObject({ running: false, stale: false, activeListings: full.counts.total });
        expect(body.sync.counts).toMatchObject({ total: full.counts.total });
        expect(JSON.stringify(body)).not.toContain(env.sandbox.key);
      },
      STEP_TIMEOUT_MS,
    );
  });
}
