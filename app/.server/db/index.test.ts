import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMigratedMemoryDatabase } from "~/test-support/database";
import { migrate, openDatabase, schema, type Database } from "./index";

describe("openDatabase (PGlite in memory) + migrate", () => {
  let database: Database;

  useMigratedMemoryDatabase((opened) => (database = opened));

  it("creates the read-model tables", async () => {
    const { rows } = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "agency_profile",
      // First-party analytics (migration 0011).
      "analytics_daily",
      "analytics_events",
      "analytics_salts",
      // Visits booked online: availability, visits, their e-mails (migration 0019).
      "broker_availability",
      "brokers",
      "condominiums",
      "lead_deliveries",
      // A lead's history (migration 0017).
      "lead_events",
      "leads",
      // Price history (migration 0012).
      "listing_price_changes",
      "listings",
      // Members and uploads (migration 0007).
      "member_files",
      "members",
      // Neighbourhood market figures, recomputed after each sync (migration 0020).
      "neighbourhood_markets",
      // Owner-data access log and server-side sessions (migration 0008).
      "owner_data_access",
      // The owner's report: links, openings, monthly e-mails (migration 0017).
      "owner_report_mails",
      "owner_report_views",
      "owner_reports",
      // Authentication (migration 0005); redirects and settings (0006).
      "password_reset_codes",
      // Data-subject requests' audit trail (migration 0010).
      "privacy_actions",
      "redirects",
      "roles",
      // Saved-search alerts and their e-mail outbox (migration 0013).
      "search_alert_mails",
      "search_alerts",
      "sessions",
      "site_settings",
      "sync_state",
      "upload_tickets",
      "users",
      "visit_mails",
      "visits",
    ]);
  });

  it("is idempotent, also when called concurrently", async () => {
    await Promise.all([migrate(database), migrate(database)]);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const journal = await import("./migrations/meta/_journal.json");
    expect(rows[0].n).toBe(journal.entries.length);
  });

  it("has the search extensions and the immutable unaccent wrapper", async () => {
    const { rows } = await database.db.execute<{ plain: string; similar: boolean }>(
      sql`select f_unaccent('Ação São Paulo') as plain, similarity('jardim paulista', 'jardin paulista') > 0.5 as similar`,
    );
    expect(rows[0]).toEqual({ plain: "Acao Sao Paulo", similar: true });
  });

  it("round-trips a sync_state row through drizzle", async () => {
    await database.db.insert(schema.syncState).values({ job: "test", watermark: "2026-08-01", counts: { fetched: 3 } });
    const [row] = await database.db.select().from(schema.syncState).where(eq(schema.syncState.job, "test"));
    expect(row.watermark).toBe("2026-08-01");
    expect(row.counts).toEqual({ fetched: 3 });
  });

  it("gives an advisory lock to one holder at a time", async () => {
    const take = async () => {
      const lock = await database.tryAdvisoryLock(7);
      expect(lock).not.toBeNull();
      return lock!;
    };
    const first = await take();
    expect(await database.tryAdvisoryLock(7)).toBeNull();
    await first.release();
    await (await take()).release();
  });
});

describe("migration 0002 (search and facets)", () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    // A database left at migration 0001 with a sync watermark, as an older release left it.
    const fs = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const source = path.join(import.meta.dirname, "migrations");
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-0001-"));
    await fs.mkdir(path.join(dir, "meta"));
    const journal = JSON.parse(await fs.readFile(path.join(source, "meta/_journal.json"), "utf8"));
    const old = journal.entries.filter((entry: { idx: number }) => entry.idx <= 1);
    await fs.writeFile(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries: old }));
    for (const entry of old)
      await fs.copyFile(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    database = await openDatabase({ inMemory: true });
    await migrate(database, { migrationsFolder: dir });
    await database.db.insert(schema.syncState).values({ job: "listings", watermark: "2026-08-01" });
    await migrate(database);
  });
  afterAll(async () => {
    await database.close();
    const fs = await import("node:fs/promises");
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("clears the watermark so that the next sync is a full one (fills the new columns)", async () => {
    const [row] = await database.db.select().from(schema.syncState).where(eq(schema.syncState.job, "listings"));
    expect(row.watermark).toBeNull();
  });

  it("matches Portuguese stems on the folded search text through the full-text expression", async () => {
    const { rows } = await database.db.execute<{ hit: boolean; miss: boolean }>(
      sql`select to_tsvector('portuguese', 'apartamento em moema sao paulo') @@ plainto_tsquery('portuguese', 'apartamentos') as hit,
                 to_tsvector('portuguese', 'casa em pinheiros') @@ plainto_tsquery('portuguese', 'apartamentos') as miss`,
    );
    expect(rows[0]).toEqual({ hit: true, miss: false });
  });
});
