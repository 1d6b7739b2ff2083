/**
 * An outbox table of the tests' own, on an in-memory PGlite, for the shared
 * outbox's tests (`app/.server/outbox.test.ts`, `../outbox-claims.test.ts`):
 * the outbox columns (ADR 0014, ADR 0069) and a payload, rows inserted at a
 * fixed clock, and a spec whose delivery each test gives.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { openDatabase, type Database, type Db } from "~/.server/db";
import type { OutboxSpec } from "~/.server/outbox";

/** The tests' table (drizzle); each file names its own, so parallel files never share one. */
function outboxTable(name: string) {
  return pgTable(name, {
    id: uuid("id").primaryKey(),
    payload: text("payload").notNull(),
    status: text("status").$type<"pending" | "sent">().notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    lastError: text("last_error"),
    waitingOn: text("waiting_on"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  });
}

/** A row of the tests' table. */
export type TestOutboxRow = ReturnType<typeof outboxTable>["$inferSelect"];

/** The tests' clock: rows are due at it unless told otherwise. */
export const NOW = new Date("2026-03-01T12:00:00.000Z");

/** {@link NOW} moved by `offsetMs` (negative = earlier). */
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

/**
 * Registers the file's hooks (create the table in a fresh database before
 * all, empty it before each test, close after all) and returns the table and
 * its helpers; `db()` is the open database, once the hooks ran.
 */
export function useTestOutbox(tableName: string) {
  const table = outboxTable(tableName);
  let database: Database | undefined;
  const db = (): Db => {
    if (!database) throw new Error("the test outbox is used before its beforeAll hook ran");
    return database.db;
  };
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await db().execute(sql`
      create table ${sql.identifier(tableName)} (
        id uuid primary key,
        payload text not null,
        status text not null default 'pending',
        attempts integer not null default 0,
        next_attempt_at timestamptz not null,
        locked_until timestamptz,
        claim_token uuid,
        last_error text,
        waiting_on text,
        sent_at timestamptz
      )`);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db().delete(table);
  });

  let idCounter = 0;
  /** Inserts a pending row (due at {@link NOW} unless told) and returns its id. */
  async function addRow(payload: string, values: Partial<TestOutboxRow> = {}): Promise<string> {
    idCounter++;
    const id = `00000000-0000-4000-8000-${String(idCounter).padStart(12, "0")}`;
    await db()
      .insert(table)
      .values({ id, payload, status: "pending", attempts: 0, nextAttemptAt: NOW, ...values });
    return id;
  }

  /** The row `id` as stored now. */
  async function rowOf(id: string): Promise<TestOutboxRow> {
    const [row] = await db().select().from(table).where(eq(table.id, id));
    return row!;
  }

  /** A spec over the table whose delivery is `deliver` and which records the loads and failures. */
  function specWith(deliver: (row: TestOutboxRow) => Promise<void>) {
    const loads: string[][] = [];
    const failures: { payload: string; attempts: number; error: string }[] = [];
    const spec: OutboxSpec<TestOutboxRow> = {
      table,
      row: (row) => row,
      load: async (loadDb, ids) => {
        loads.push([...ids].sort());
        const items = await loadDb.select().from(table).where(inArray(table.id, ids)).orderBy(asc(table.nextAttemptAt));
        return { items, deliver };
      },
      onFailure: (row, attempts, error) => failures.push({ payload: row.payload, attempts, error }),
    };
    return { spec, loads, failures };
  }

  return { table, db, addRow, rowOf, specWith };
}
