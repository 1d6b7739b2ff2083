import { afterAll, beforeAll } from "vitest";
import { migrate, openDatabase, type Database } from "~/.server/db";

/**
 * Opens a migrated in-memory PGlite database before the enclosing suite's tests, hands it to
 * `receive`, and closes it after them.
 */
export function useMigratedMemoryDatabase(receive: (database: Database) => void): void {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await migrate(database);
    receive(database);
  });
  afterAll(async () => {
    await database?.close();
  });
}
