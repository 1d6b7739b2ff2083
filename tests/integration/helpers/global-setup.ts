/**
 * Global set-up of the integration project (vite.config.ts): before any test
 * file runs, initialises one PGlite cluster (dumped for `./setup-pglite.ts`),
 * migrates one PGlite folder and, when `TEST_DATABASE_URL` is set, one
 * database on that server; the helpers (`./database.ts`,
 * `./process-database.ts`) copy them instead of migrating per file
 * (`./templates.ts`). It also starts the run's Auth emulator service
 * (`./auth-emulator-service.ts`), from which each file of protected routes
 * gets an emulator of its own without loading firebase-tools itself. The
 * teardown removes the templates and the run's folder and stops the service.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate, openDatabase } from "~/.server/db";
import { startAuthEmulatorService } from "./auth-emulator-service";
import { adminQuery, uniqueDatabaseName } from "./postgres-admin";
import type { RunTemplates } from "./templates";

/** Initialises a new PGlite cluster in memory and writes its dump (`dumpDataDir`) to `file`. */
async function freshCluster(file: string): Promise<Blob> {
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    const dump = await pglite.dumpDataDir("none");
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return dump;
  } finally {
    await pglite.close();
  }
}

/** Fills the new PGlite folder `dataDir` from the cluster `fresh`, migrates it and closes it. */
async function migratedPglite(dataDir: string, fresh: Blob): Promise<void> {
  const loaded = new PGlite(dataDir, { loadDataDir: fresh });
  await loaded.waitReady;
  await loaded.close();
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
}

/** Creates and migrates the database `name` on the server of `adminUrl`; drops it again if that fails. */
async function migratedPostgres(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `create database "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(adminUrl, name).catch(() => {});
    throw error;
  }
}

/**
 * Prepares the run's templates and hands them to the test files
 * (`inject("testTemplates")`), with the address of the Auth emulator service
 * (`inject("authEmulatorService")`).
 * @returns the teardown, which drops and removes them and stops the service.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-vitest-run-"));
  const templates: RunTemplates = {
    runDir,
    pglite: path.join(runDir, "migrated-pglite"),
    freshCluster: path.join(runDir, "fresh-cluster.tar"),
  };
  // Without it the PostgreSQL files fail on their own, with the helper's message.
  const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  const postgresName = uniqueDatabaseName("test_template");
  const [pglite, postgres] = await Promise.allSettled([
    freshCluster(templates.freshCluster).then((fresh) => migratedPglite(templates.pglite, fresh)),
    adminUrl ? migratedPostgres(adminUrl, postgresName) : Promise.reject(new Error("TEST_DATABASE_URL is not set")),
  ]);
  if (pglite.status === "rejected") {
    if (postgres.status === "fulfilled") await dropDatabase(adminUrl!, postgresName);
    await fs.rm(runDir, { recursive: true, force: true });
    throw pglite.reason;
  }
  if (postgres.status === "fulfilled") templates.postgres = { adminUrl: adminUrl!, name: postgresName };
  else if (adminUrl) {
    // The files then create and migrate their own databases, as without a template.
    console.warn(`[integration] no PostgreSQL template database: ${String(postgres.reason)}`);
  }
  project.provide("testTemplates", templates);
  const authEmulators = await startAuthEmulatorService();
  project.provide("authEmulatorService", { url: authEmulators.url, token: authEmulators.token });

  return async () => {
    await authEmulators.close();
    if (templates.postgres) await dropDatabase(templates.postgres.adminUrl, templates.postgres.name);
    await fs.rm(runDir, { recursive: true, force: true });
  };
}

function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
}
