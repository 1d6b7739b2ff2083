/**
 * A suite's own migrated test database (`./database.ts`), made before its
 * tests and removed after them, for suites that need nothing else around it.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database";

/**
 * Registers, in the enclosing suite (or file), a `beforeAll` that creates a
 * test database of `kind` (a copy of the run's migrated template) and an
 * `afterAll` that removes it. Call it before the suite's own hooks that fill
 * the database: hooks run in the order they are registered.
 * @returns the database, filled in once that `beforeAll` has run; read it in hooks and tests only.
 */
export function useTestDatabase(kind: "pglite" | "postgres"): TestDatabase {
  const test = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(test, await createTestDatabase(kind));
  }, 60_000);
  afterAll(async () => {
    await test.cleanup?.();
  });
  return test;
}
