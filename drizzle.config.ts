/**
 * drizzle-kit configuration: `npm run db:generate` (drizzle-kit generate) diffs
 * `app/.server/db/schema.ts` against the last snapshot and writes a new SQL
 * migration into `app/.server/db/migrations/`. The same migrations run on
 * PGlite and on a PostgreSQL server (`migrate()` in `app/.server/db/index.ts`).
 * Generating needs no database connection.
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/db/schema.ts",
  out: "./app/.server/db/migrations",
  strict: true,
  verbose: true,
});
