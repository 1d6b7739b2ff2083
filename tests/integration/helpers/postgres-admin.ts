/**
 * Statements on the test PostgreSQL server's admin connection (creating and
 * dropping whole databases), shared by the helpers and the integration
 * project's global set-up, which cannot import vitest's test API.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** A database name no other run or file uses: `<prefix>_<pid>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** Runs `statements` one after the other on a fresh connection to `adminUrl`. */
export async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
