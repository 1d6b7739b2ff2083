/**
 * Throw-away databases for integration tests: a PGlite in a temporary folder,
 * or a uniquely named database on the PostgreSQL server of `TEST_DATABASE_URL`
 * (created before, dropped after). Each is migrated before use: copied from
 * the run's migrated template when the integration project's global set-up
 * prepared one (`./templates.ts`), so a file does not pay for initdb and
 * every migration; migrating then only confirms there is nothing left to do.
 *
 * `TEST_DATABASE_URL` must point to a role allowed to CREATE DATABASE, e.g.
 * `postgres://app_test:app_test@127.0.0.1:5433/postgres` (see README / .ci/run).
 * When `CI` is set and it is not, {@link postgresTestUrl} throws, so the
 * PostgreSQL suites fail loudly instead of being skipped.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrate, openDatabase, type Database } from "~/.server/db";
import { adminQuery, uniqueDatabaseName } from "./postgres-admin";
import { copyMigratedPglite, postgresTemplateFor } from "./templates";

/** A migrated test database and how to get rid of it. */
export interface TestDatabase {
  database: Database;
  kind: "pglite" | "postgres";
  /** Connection URL (postgres only): open more `Database`s on it to act as other processes. */
  url?: string;
  /** Closes every connection and deletes the folder / drops the database. */
  cleanup(): Promise<void>;
}

/**
 * The admin URL of the test PostgreSQL server, or undefined when not configured.
 * @throws {Error} when `CI` is set but `TEST_DATABASE_URL` is not.
 */
export function postgresTestUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url && process.env.CI) {
    throw new Error(
      "TEST_DATABASE_URL is not set, but CI is: the PostgreSQL integration tests must run in CI (.ci/run starts PostgreSQL 15)",
    );
  }
  return url || undefined;
}

/** A temporary PGlite folder, opened and migrated. */
export async function createTestPglite(): Promise<TestDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-pglite-"));
  await copyMigratedPglite(dir);
  const database = await openDatabase({ dataDir: dir });
  await migrate(database);
  return {
    database,
    kind: "pglite",
    async cleanup() {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database `test_<random>` on the server of `adminUrl`, opened and
 * migrated (unless `migrate: false`); `cleanup` closes it and drops the
 * database (with force). A migrated one is a clone of the run's template
 * database when there is one on that server.
 */
export async function createTestPostgres(adminUrl: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = uniqueDatabaseName("test");
  const template = options.migrate !== false ? postgresTemplateFor(adminUrl) : undefined;
  await adminQuery(
    adminUrl,
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url });
  if (options.migrate !== false) await migrate(database);
  return {
    database,
    kind: "postgres",
    url,
    async cleanup() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A test database of the given kind. */
export function createTestDatabase(kind: "pglite" | "postgres"): Promise<TestDatabase> {
  if (kind === "pglite") return createTestPglite();
  const url = postgresTestUrl();
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return createTestPostgres(url);
}
