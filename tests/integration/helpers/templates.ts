/**
 * Databases prepared once per vitest run and copied by every test file that
 * needs one, instead of each file paying for PGlite's initdb and every
 * migration (docs/decisions/0072-fast-test-feedback.md):
 * - a migrated PGlite folder, built by the integration project's global set-up
 *   (`./global-setup.ts`) and copied file by file;
 * - a dump of a new, empty PGlite cluster, which every other PGlite of the
 *   integration project loads instead of running initdb (`./setup-pglite.ts`);
 * - on the PostgreSQL server of `TEST_DATABASE_URL`, a migrated database that
 *   `CREATE DATABASE … TEMPLATE` clones;
 * - folders derived from the migrated one that one test file builds and the
 *   others copy (the synced sandbox catalogue, `./synced-sandbox.ts`): the
 *   first file to ask builds it, the others wait for it ({@link sharedFolder}).
 *
 * The global set-up hands the paths to the test files through vitest's
 * `provide`/`inject`. Without it (a config that does not register it) every
 * helper falls back to doing the work itself, as before.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

/** What the global set-up prepared for this run. */
export interface RunTemplates {
  /** A folder of this run only, removed at its end: shared folders are built here. */
  runDir: string;
  /** A migrated PGlite data folder: copy it, never open it. */
  pglite: string;
  /** A dump (`dumpDataDir`) of a new, empty PGlite cluster: what `./setup-pglite.ts` loads instead of running initdb. */
  freshCluster: string;
  /** A migrated database on the server of `adminUrl`, to clone with `CREATE DATABASE … TEMPLATE`. */
  postgres?: { adminUrl: string; name: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    testTemplates: RunTemplates | null;
  }
}

/** The run's templates, or null when no global set-up prepared them. */
export function runTemplates(): RunTemplates | null {
  try {
    return inject("testTemplates") ?? null;
  } catch {
    // Outside a vitest worker (a script importing the helpers): nothing was prepared.
    return null;
  }
}

/**
 * Copies the folder `from` to `to` (created; must not hold a database yet).
 * @throws when `to` already has content: a database there is never overwritten.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  const existing = await fs.readdir(to).catch(() => [] as string[]);
  if (existing.length > 0) throw new Error(`${to} is not empty: refusing to copy a database template over it`);
  await fs.cp(from, to, { recursive: true });
}

/**
 * Copies the run's migrated PGlite folder to `to`.
 * @returns false when no template was prepared or `to` already holds a
 *   database (the caller migrates what is there, as without a template).
 */
export async function copyMigratedPglite(to: string): Promise<boolean> {
  const templates = runTemplates();
  if (!templates || (await fs.readdir(to).catch(() => [])).length > 0) return false;
  await copyFolder(templates.pglite, to);
  return true;
}

/** The template database to clone on the server of `adminUrl`, if the run prepared one there. */
export function postgresTemplateFor(adminUrl: string): string | undefined {
  const prepared = runTemplates()?.postgres;
  return prepared && sameServer(prepared.adminUrl, adminUrl) ? prepared.name : undefined;
}

function sameServer(a: string, b: string): boolean {
  const [x, y] = [new URL(a), new URL(b)];
  return x.host === y.host && x.username === y.username;
}

/** How long a test file waits for another file to build a shared folder. */
const SHARED_FOLDER_WAIT_MS = 540_000;
/** Pause between two looks at a shared folder being built. */
const SHARED_FOLDER_POLL_MS = 200;

/**
 * A folder built once per run and shared by the test files: the first file to
 * ask for `name` claims it and runs `build(folder)`; files asking meanwhile
 * wait until it is ready, or fail with the builder's error. Callers copy the
 * folder, never change it.
 * @returns its path, or null when no global set-up prepared a run folder.
 */
export async function sharedFolder(name: string, build: (folder: string) => Promise<void>): Promise<string | null> {
  const templates = runTemplates();
  if (!templates) return null;
  const ready = path.join(templates.runDir, name);
  const failed = `${ready}.failed`;
  try {
    // mkdir is atomic: exactly one process gets to build.
    await fs.mkdir(`${ready}.claimed`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return waitForFolder(ready, failed);
  }
  const building = `${ready}.building`;
  try {
    await build(building);
    await fs.rename(building, ready);
    return ready;
  } catch (error) {
    await fs.writeFile(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

async function waitForFolder(ready: string, failed: string): Promise<string> {
  const deadline = Date.now() + SHARED_FOLDER_WAIT_MS;
  while (Date.now() < deadline) {
    if (await exists(ready)) return ready;
    if (await exists(failed)) {
      throw new Error(`Another test file failed to build ${ready}:\n${await fs.readFile(failed, "utf8")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, SHARED_FOLDER_POLL_MS));
  }
  throw new Error(`${ready} was not built in time by the test file that claimed it`);
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
