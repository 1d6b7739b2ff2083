/**
 * Column helpers: the column definitions several tables share, spelled once.
 * Each helper returns new column builders (a drizzle builder belongs to the
 * one table it is built into), and each produces exactly the SQL the tables
 * had when they spelled the column themselves, so moving a table onto a
 * helper changes no migration (`npx drizzle-kit generate` reports nothing).
 */
import { sql } from "drizzle-orm";
import { integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A `timestamp with time zone` column named `name` (SQL name). Every instant
 * of the schema is stored with its time zone, so a server in another zone
 * reads the same instant.
 */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** `id uuid primary key default gen_random_uuid()`: the id of rows created by the application. */
export function uuidPrimaryKey() {
  return uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);
}

/** `created_at timestamptz not null default now()`: when the row was inserted. */
export function createdAtColumn() {
  return timestamptz("created_at").notNull().defaultNow();
}

/** `updated_at timestamptz not null default now()`: the row's last change (written by the code that changes it). */
export function updatedAtColumn() {
  return timestamptz("updated_at").notNull().defaultNow();
}

/** `synced_at timestamptz not null default now()`: when the sync last wrote a row copied from Vista. */
export function syncedAtColumn() {
  return timestamptz("synced_at").notNull().defaultNow();
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
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    /** Lease of the worker delivering the row; null or past = free. */
    lockedUntil: timestamptz("locked_until"),
    /** Token of the outbox pass holding the lease; its writes compare it (ADR 0069). */
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    /** Transport ("smtp", "vista") the row waits for after it was found unreachable; null otherwise. */
    waitingOn: text("waiting_on"),
  };
}
