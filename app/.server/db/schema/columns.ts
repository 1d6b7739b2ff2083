/**
 * Column helpers: the column definitions several tables share, spelled once.
 * Each helper returns new column builders (a drizzle builder belongs to the
 * one table it is built into), and each produces exactly the SQL the tables
 * had when they spelled the column themselves, so moving a table onto a
 * helper changes no migration (`npx drizzle-kit generate` and
 * `npx drizzle-kit export` write the same SQL before and after).
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A `timestamp with time zone` column named `name` (SQL name). Every instant
 * of the schema is stored with its time zone, so a server in another zone
 * reads the same instant.
 */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/**
 * `{name} timestamptz not null default now()`: an instant every row has,
 * the time of the insert unless the code writes its own (an event's `at`, the
 * outbox's `next_attempt_at`).
 */
export function timestamptzNow(name: string) {
  return timestamptz(name).notNull().defaultNow();
}

/** `id uuid primary key default gen_random_uuid()`: the id of rows created by the application. */
export function uuidPrimaryKey() {
  return uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);
}

/** `created_at timestamptz not null default now()`: when the row was inserted. */
export function createdAtColumn() {
  return timestamptzNow("created_at");
}

/** `updated_at timestamptz not null default now()`: the row's last change (written by the code that changes it). */
export function updatedAtColumn() {
  return timestamptzNow("updated_at");
}

/** `synced_at timestamptz not null default now()`: when the sync last wrote a row copied from Vista. */
export function syncedAtColumn() {
  return timestamptzNow("synced_at");
}

/**
 * `{name} uuid not null references {parent} on delete cascade`: the row
 * belongs to one parent row (a mail to its alert, an event to its lead) and
 * goes with it. `parent` is a thunk because tables may refer to each other.
 */
export function parentUuidColumn(name: string, parent: () => AnyPgColumn) {
  return uuid(name).notNull().references(parent, { onDelete: "cascade" });
}

/** {@link parentUuidColumn} for a parent with an integer id (`members.id`). */
export function parentIntegerColumn(name: string, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: "cascade" });
}

/**
 * Where a recorded request came from, as the access records keep it (LGPD
 * art. 37): `at` (when), `ip` (client IP as derived under TRUST_PROXY) and
 * `user_agent`, the two texts "" when unknown.
 */
export function requestTraceColumns() {
  return {
    at: timestamptzNow("at"),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  };
}

/**
 * The bookkeeping columns of an outbox table (ADR 0014, ADR 0069), written
 * only by the shared outbox (`app/.server/outbox.ts`, `outbox-claim.ts`),
 * which addresses them by these SQL names on any outbox table. A table adds
 * its `id` (uuid), payload and `sent_at` of its own.
 */
export function outboxColumns() {
  return {
    status: text("status").$type<"pending" | "sent">().notNull().default("pending"),
    /** Failed and successful attempts so far. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptzNow("next_attempt_at"),
    /** Lease of the worker delivering the row; null or past = free. */
    lockedUntil: timestamptz("locked_until"),
    /** Token of the outbox pass holding the lease; its writes compare it (ADR 0069). */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    /** Transport ("smtp", "vista") the row waits for after it was found unreachable; null otherwise. */
    waitingOn: text("waiting_on"),
  };
}
