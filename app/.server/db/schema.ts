/**
 * The read model and the application's own tables (drizzle, PostgreSQL), one
 * module per area under `./schema/`, re-exported here: every server module
 * imports tables from `~/.server/db/schema`, and drizzle-kit reads this file
 * (`drizzle.config.ts`) to diff the schema against the migrations. The read
 * model is what the sync copies from Vista so that public pages never call
 * Vista (docs/architecture.md, "Data flow"). Same schema on PGlite (embedded
 * default) and on a PostgreSQL server (`DATABASE_URL`).
 *
 * Money columns are BRL, areas m². Owner data never enters this schema.
 * Columns several tables share (ids, timestamps, the outbox bookkeeping) are
 * spelled once, in `./schema/columns.ts`.
 */
export * from "./schema/alerts";
export * from "./schema/analytics";
export * from "./schema/auth";
export * from "./schema/catalogue";
export * from "./schema/leads";
export * from "./schema/members";
export * from "./schema/neighbourhoods";
export * from "./schema/owner-reports";
export * from "./schema/privacy";
export * from "./schema/site";
export * from "./schema/visits";
