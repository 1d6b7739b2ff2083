/**
 * Several "servers" on one PostgreSQL: a throw-away database on the server of
 * `TEST_DATABASE_URL` (`./database.ts`) and more connection pools opened on
 * it, each standing for another process of the site, for suites that check
 * what holds when processes race one another.
 */
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "~/.server/db";
import { createTestPostgres, type TestDatabase } from "./database";

/** The shared database and the pools that act as other processes on it. */
export interface PostgresServers {
  /** The test database itself (its own pool is not one of `servers`). */
  test: TestDatabase;
  /** `count` separate pools on `test.url`, in the order they were opened. */
  servers: Database[];
}

/**
 * Registers, in the enclosing suite, a `beforeAll` that creates a PostgreSQL
 * test database on `adminUrl` and opens `count` pools of `poolSize`
 * connections on it, and an `afterAll` that closes them and drops the
 * database. Call it before the suite's own hooks that fill the database:
 * hooks run in the order they are registered.
 * @param options.migrate false to leave the new database empty (see {@link createTestPostgres}).
 * @returns the database and pools, filled in once that `beforeAll` has run; read them in hooks and tests only.
 */
export function usePostgresServers(
  adminUrl: string,
  count: number,
  options: { poolSize: number; migrate?: boolean },
): PostgresServers {
  const test = {} as TestDatabase;
  const servers: Database[] = [];
  beforeAll(async () => {
    Object.assign(test, await createTestPostgres(adminUrl, { migrate: options.migrate }));
    for (let i = 0; i < count; i++) servers.push(await openDatabase({ url: test.url!, poolSize: options.poolSize }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await test.cleanup?.();
  });
  return { test, servers };
}
