/**
 * The database layer on a real PostgreSQL (`TEST_DATABASE_URL`): migrations
 * from several "processes" at once, and the leader lock across connections.
 * Skipped locally without `TEST_DATABASE_URL`; fails under `CI` without it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "~/.server/db";
import { postgresTestUrl } from "./helpers/database";
import { usePostgresServers } from "./helpers/postgres-servers";

const adminUrl = postgresTestUrl();

(adminUrl ? describe : describe.skip)("database on PostgreSQL", () => {
  const { test, servers: others } = usePostgresServers(adminUrl!, 3, { poolSize: 2, migrate: false });

  it("runs migrations once when several processes start together", async () => {
    await Promise.all([test.database, ...others].map((database) => migrate(database)));
    const { rows } = await test.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const journal = await import("~/.server/db/migrations/meta/_journal.json");
    expect(rows[0].n).toBe(journal.entries.length);
  });

  it("has the search extensions", async () => {
    const { rows } = await test.database.db.execute<{ extname: string }>(
      sql`select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname`,
    );
    expect(rows.map((row) => row.extname)).toEqual(["pg_trgm", "unaccent"]);
    const { rows: plain } = await test.database.db.execute<{ value: string }>(sql`select f_unaccent('Ação') as value`);
    expect(plain[0].value).toBe("Acao");
  });

  it("gives the advisory lock to one connection at a time, and frees it on release", async () => {
    const [a, b] = others;
    const lock = await a.tryAdvisoryLock(4242);
    expect(lock).not.toBeNull();
    expect(await b.tryAdvisoryLock(4242)).toBeNull();
    await lock!.release();
    const again = await b.tryAdvisoryLock(4242);
    expect(again).not.toBeNull();
    await again!.release();
  });

  it("refuses to open an unreachable server", async () => {
    await expect(openDatabase({ url: "postgres://nobody:x@127.0.0.1:1/none" })).rejects.toThrow();
  });
});
