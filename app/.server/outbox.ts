/**
 * The delivery loop shared by the outboxes (ADR 0014): the lead outbox
 * (`./leads/worker`, table `lead_deliveries`) and the alert outbox
 * (`./alerts/outbox`, table `search_alert_mails`). Each outbox brings its own
 * table, its own way to read the claimed rows and deliver one, and its own
 * failure report; this module does the rest, once:
 *
 * - claim: due rows (status `pending`, `next_attempt_at` ≤ now, lease free)
 *   get a lease (`locked_until` = now + lease) in one
 *   `update … where id in (select … for update skip locked)`, oldest due
 *   first, so concurrent workers and processes never claim the same row;
 * - deliver each claimed row, then mark it sent (status `sent`, `sent_at`,
 *   one more attempt, lease and last error cleared) or reschedule it (one more
 *   attempt, the error message, `next_attempt_at` = now + {@link backoffMs},
 *   lease cleared). A row is never given up. Both updates apply only while the
 *   row is still pending;
 * - the background loop: a pass after start, then one every `intervalMs`, at
 *   once again after a full batch; passes never overlap; `stop` waits for the
 *   pass in progress up to a timeout.
 *
 * Delivery is at least once: a worker that dies mid-delivery leaves a lease
 * that expires, and the row is delivered again.
 */
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./db";

/** First retry delay, ms (30 s). */
export const BACKOFF_BASE_MS = 30_000;
/** Longest retry delay, ms (1 h). */
export const BACKOFF_CAP_MS = 3_600_000;
/** Default lease of a claimed row, ms (2 min): longer than any SMTP/Vista timeout. */
export const DEFAULT_LEASE_MS = 120_000;
/** Default number of rows claimed by one pass. */
export const DEFAULT_BATCH = 20;

/**
 * Delay before the next attempt after `failures` failed attempts (≥ 1):
 * 30 s · 2^(failures−1), capped at 1 h, times a jitter factor in [0.8, 1.2)
 * (never above the cap). `random` returns [0, 1) (default Math.random).
 */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(30, failures - 1));
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.min(BACKOFF_CAP_MS, Math.round(base * (0.8 + 0.4 * random())));
}

/** What one pass did: rows delivered and rows that failed (and were rescheduled). */
export interface OutboxPassResult {
  sent: number;
  failed: number;
}

/** The claimed rows of one pass, read by the outbox, and how it delivers one. */
export interface OutboxBatch<Item> {
  /** The claimed rows in the outbox's own shape (e.g. joined with their lead). */
  items: Item[];
  /** Delivers one item; a throw counts as a failed attempt. */
  deliver: (item: Item) => Promise<void>;
}

/** The part of an outbox that is its own, given to {@link deliverDueOutbox}. */
export interface OutboxSpec<Item> {
  /**
   * The outbox table. It must have the columns `id` (uuid), `status`
   * (`'pending' | 'sent'`), `attempts` (integer), `next_attempt_at`,
   * `locked_until` and `sent_at` (timestamptz) and `last_error` (text).
   */
  table: PgTable;
  /**
   * Reads the rows claimed by this pass (by id, in any order) and returns
   * them with the function that delivers one; work shared by the batch
   * (configuration, lookups) belongs here, after the read. A throw fails the
   * pass as a whole, leaving the leases to expire.
   */
  load: (db: Db, ids: string[]) => Promise<OutboxBatch<Item>>;
  /** The outbox row of an item: its id and the attempts made before this one. */
  row: (item: Item) => { id: string; attempts: number };
  /** Called after a failed attempt was rescheduled; `error` is at most 1000 characters. */
  onFailure?: (item: Item, attempts: number, error: string) => void;
}

/** Options of one pass of {@link deliverDueOutbox}, common to every outbox. */
export interface OutboxPassOptions {
  db: Db;
  /** Clock (default: now); every timestamp the pass writes derives from it. */
  now?: Date;
  /** Rows claimed at once (default {@link DEFAULT_BATCH}; at least 1). */
  batch?: number;
  /** Lease of a claimed row, ms (default {@link DEFAULT_LEASE_MS}). */
  leaseMs?: number;
  /** Jitter source of the backoff (default Math.random). */
  random?: () => number;
}

/**
 * Claims one batch of due rows of `spec.table`, delivers them one after the
 * other and marks each sent or reschedules it (see the module comment).
 * A failure to mark a delivered row sent counts as a failed attempt (the row
 * goes again: at least once).
 * @returns how many were sent and how many failed.
 * @throws when the claim, `spec.load` or a reschedule fails (rows already
 * claimed keep their lease until it expires).
 */
export async function deliverDueOutbox<Item>(
  spec: OutboxSpec<Item>,
  options: OutboxPassOptions,
): Promise<OutboxPassResult> {
  const { db } = options;
  const { table } = spec;
  const now = options.now ?? new Date();
  const batch = Math.max(1, options.batch ?? DEFAULT_BATCH);
  const lease = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const nowText = now.toISOString();
  const claimed = await db.execute<{ id: string }>(sql`
    update ${table} set locked_until = ${lease.toISOString()}::timestamptz
    where id in (
      select id from ${table}
      where status = 'pending' and next_attempt_at <= ${nowText}::timestamptz
        and (locked_until is null or locked_until <= ${nowText}::timestamptz)
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => row.id);
  if (!ids.length) return { sent: 0, failed: 0 };

  const { items, deliver } = await spec.load(db, ids);
  let sent = 0;
  let failed = 0;
  for (const item of items) {
    const row = spec.row(item);
    const attempts = row.attempts + 1;
    try {
      await deliver(item);
      await db.execute(sql`
        update ${table}
        set status = 'sent', sent_at = ${nowText}::timestamptz, attempts = ${attempts},
          locked_until = null, last_error = null
        where id = ${row.id} and status = 'pending'`);
      sent++;
    } catch (error) {
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
      const nextAttemptAt = new Date(now.getTime() + backoffMs(attempts, options.random));
      await db.execute(sql`
        update ${table}
        set attempts = ${attempts}, last_error = ${message},
          next_attempt_at = ${nextAttemptAt.toISOString()}::timestamptz, locked_until = null
        where id = ${row.id} and status = 'pending'`);
      spec.onFailure?.(item, attempts, message);
      failed++;
    }
  }
  return { sent, failed };
}

/** Options of {@link startOutboxWorker}: `batch` and `intervalMs` are read at start, `onError` when called. */
export interface OutboxWorkerOptions {
  /** Rows claimed by a pass (default {@link DEFAULT_BATCH}); a pass that handles as many runs the next at once. */
  batch?: number;
  /** Pause between passes, ms (default 5000, at least 10). */
  intervalMs?: number;
  /** Called when a pass fails as a whole (e.g. database unreachable); the loop goes on. */
  onError?: (error: unknown) => void;
}

/** A running outbox worker. */
export interface OutboxWorker {
  /** Runs one pass now (waits for a pass in progress first). */
  runOnce(): Promise<OutboxPassResult>;
  /**
   * Stops the loop and waits up to `timeoutMs` (default 10000) for the pass in
   * progress. A delivery still hanging after that is abandoned: its lease
   * expires and another pass delivers it again (at least once).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Starts the background loop of an outbox: `pass(batch)` runs at once, then
 * `options.intervalMs` after each pass ends, or at once after a pass that
 * sent and failed `batch` rows or more. Passes never overlap (a pass, and
 * {@link OutboxWorker.runOnce}, starts after the one in progress ends; an
 * earlier failure does not stop it).
 * @param unrefTimers whether the loop's timers let the process exit while it
 * waits (the alert outbox: true; the lead outbox keeps the process alive: false).
 */
export function startOutboxWorker(
  options: OutboxWorkerOptions,
  pass: (batch: number) => Promise<OutboxPassResult>,
  unrefTimers: boolean,
): OutboxWorker {
  const intervalMs = Math.max(10, options.intervalMs ?? 5000);
  const batch = options.batch ?? DEFAULT_BATCH;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<OutboxPassResult> | undefined;

  const runOnce = () => {
    const next = (running ?? Promise.resolve({ sent: 0, failed: 0 }))
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => pass(batch));
    running = next;
    return next;
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => void loop(), delayMs);
    if (unrefTimers) timer.unref?.();
  };

  const loop = async () => {
    timer = undefined;
    if (stopped) return;
    let again = false;
    try {
      const result = await runOnce();
      again = result.sent + result.failed >= batch;
    } catch (error) {
      options.onError?.(error);
    }
    if (!stopped) schedule(again ? 0 : intervalMs);
  };
  schedule(0);

  return {
    runOnce,
    async stop(stopOptions = {}) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => undefined),
        new Promise((resolve) => {
          wait = setTimeout(resolve, stopOptions.timeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
