/**
 * The delivery loop shared by the outboxes (ADR 0014, ADR 0069): the lead
 * outbox (`./leads/worker`, table `lead_deliveries`) and the mail outboxes
 * (`./alerts/outbox`, `./visits/mail-worker`, `./owner-report/monthly`).
 * Each outbox brings its own
 * table, its own way to read the claimed rows and deliver one, and its own
 * failure report; this module does the rest, once (statements in
 * `./outbox-claim`):
 *
 * - claim: due rows (status `pending`, `next_attempt_at` ≤ now, lease free)
 *   get a lease (`locked_until` = now + lease) and the pass's claim token in
 *   one `update … where id in (select … for update skip locked)`, oldest due
 *   first, so concurrent workers and processes never claim the same row;
 * - before each delivery the pass renews that row's lease with its token and
 *   skips the row when it is no longer its own (its lease ran out while
 *   earlier rows were sent, and another worker claimed it); while the
 *   delivery runs the lease is renewed every quarter lease;
 * - each delivery is bounded: its `AbortSignal` aborts after
 *   `deliveryTimeoutMs` (default half the lease), and as soon as a renewal
 *   finds the claim lost or none has succeeded for half a lease, so a
 *   delivery that honours the signal ends while the lease is still this
 *   worker's;
 * - a delivered row is recorded sent with the token (when the claim was lost
 *   meanwhile it is recorded sent anyway while still pending: the send
 *   happened); a failed one is rescheduled with the token (one more attempt,
 *   the error, `next_attempt_at` = now + {@link backoffMs}); a worker that
 *   lost its claim records nothing else. A row is never given up;
 * - transports: when an attempt fails because its transport is unreachable
 *   (`spec.unavailable`), the row waits on that transport (`waiting_on`);
 *   when it failed on a timeout (the transport is silent), the pass gives
 *   back its other rows of that transport untried rather than wait out one
 *   timeout per row; when a
 *   delivery through a transport succeeds, the rows waiting on it become due
 *   at once; and once per `probeIntervalMs` a pass makes the first waiting
 *   row of each transport due early (the probe), so a recovered transport
 *   drains its backlog without waiting for the backoff;
 * - the background loop: a pass after start, then one every `intervalMs`, at
 *   once again after a full batch; passes never overlap; `stop` waits for the
 *   pass in progress up to a timeout.
 *
 * Delivery is exactly once while deliveries honour their signal and the
 * database answers; a worker that dies mid-delivery leaves a lease that
 * expires, and the row is delivered again (at least once).
 */
import { randomUUID } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Db } from "./db";
import type { Mailer } from "./mail/transport";
import {
  claimDue,
  deferClaim,
  deliverBounded,
  isTimeout,
  isTransportUnavailable,
  OutboxProbes,
  probeWaiting,
  recordFailure,
  recordSent,
  renewClaim,
  wakeTransport,
} from "./outbox-claim";
import { nodeTimers, startJobLoop } from "./periodic-job";

export { isTransportUnavailable, OutboxProbes } from "./outbox-claim";

/** First retry delay, ms (30 s). */
export const BACKOFF_BASE_MS = 30_000;
/** Longest retry delay, ms (1 h). */
export const BACKOFF_CAP_MS = 3_600_000;
/** Default lease of a claimed row, ms (2 min); renewed while the row is delivered. */
export const DEFAULT_LEASE_MS = 120_000;
/** Default number of rows claimed by one pass. */
export const DEFAULT_BATCH = 20;
/** Default interval between probes of a transport rows wait on, ms (30 s, the first backoff). */
export const DEFAULT_PROBE_INTERVAL_MS = 30_000;
/** Transport name of the rows of an outbox whose spec does not name one. */
export const DEFAULT_TRANSPORT = "default";

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
  /**
   * Delivers one item; a throw counts as a failed attempt. `signal` aborts
   * when the delivery outlives its bound or the row's claim is lost: a
   * delivery that honours it stops sending (an SMTP transfer is cut before
   * its final dot) and throws.
   */
  deliver: (item: Item, signal: AbortSignal) => Promise<void>;
}

/** The part of an outbox that is its own, given to {@link deliverDueOutbox}. */
export interface OutboxSpec<Item> {
  /**
   * The outbox table. It must have the columns `id` (uuid), `status`
   * (`'pending' | 'sent'`), `attempts` (integer), `next_attempt_at`,
   * `locked_until` and `sent_at` (timestamptz), `last_error` and
   * `waiting_on` (text) and `claim_token` (uuid).
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
  /** The transport an item goes through, e.g. "smtp" (default {@link DEFAULT_TRANSPORT} for all). */
  transport?: (item: Item) => string;
  /**
   * Whether a delivery error means the item's transport was unreachable
   * rather than that it refused the item (default {@link isTransportUnavailable}).
   */
  unavailable?: (error: unknown, item: Item) => boolean;
}

/** Options of one pass of {@link deliverDueOutbox}, common to every outbox. */
export interface OutboxPassOptions {
  db: Db;
  /**
   * Clock (default: now); every timestamp the pass writes derives from it.
   * An injected clock stands still during the pass (renewals write the same
   * lease end); the real clock moves.
   */
  now?: Date;
  /** Rows claimed at once (default {@link DEFAULT_BATCH}; at least 1). */
  batch?: number;
  /** Lease of a claimed row, ms (default {@link DEFAULT_LEASE_MS}); renewed every quarter of it while a row is delivered. */
  leaseMs?: number;
  /**
   * Longest one delivery may take before its signal aborts, ms (default half
   * the lease). A longer one is safe too: the renewals keep the lease, and
   * the signal aborts anyway when they stop succeeding.
   */
  deliveryTimeoutMs?: number;
  /** Least time between two probes of a table by this process, ms (default {@link DEFAULT_PROBE_INTERVAL_MS}). */
  probeIntervalMs?: number;
  /** When this process last probed each table (default: one memory for the process). */
  probes?: OutboxProbes;
  /** Jitter source of the backoff (default Math.random). */
  random?: () => number;
  /**
   * Called when a row's claim was found lost: before its delivery (skipped),
   * during it (aborted, nothing recorded) or after it (`delivered`: the send
   * happened and was recorded anyway).
   */
  onClaimLost?: (id: string, delivered: boolean) => void;
}

const processProbes = new OutboxProbes();

/**
 * Claims one batch of due rows of `spec.table`, delivers them one after the
 * other with a renewed lease and marks each sent, reschedules it or gives it
 * back untried (see the module comment).
 * @returns how many were sent and how many failed.
 * @throws when the claim, `spec.load` or a database write fails (rows
 * already claimed keep their lease until it expires).
 */
export async function deliverDueOutbox<Item>(
  spec: OutboxSpec<Item>,
  options: OutboxPassOptions,
): Promise<OutboxPassResult> {
  const { db } = options;
  const { table } = spec;
  const clock = options.now ? () => options.now! : () => new Date();
  const now = clock();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const leaseEnd = () => new Date(clock().getTime() + leaseMs);
  const probeIntervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
  if ((options.probes ?? processProbes).take(table, now.getTime(), probeIntervalMs)) await probeWaiting(db, table, now);

  const token = randomUUID();
  const batch = Math.max(1, options.batch ?? DEFAULT_BATCH);
  const ids = await claimDue(db, table, { now, leaseEnd: leaseEnd(), batch, token });
  if (!ids.length) return { sent: 0, failed: 0 };

  const { items, deliver } = await spec.load(db, ids);
  const bounds = {
    renew: (id: string) => renewClaim(db, table, id, token, leaseEnd()),
    leaseMs,
    timeoutMs: options.deliveryTimeoutMs ?? leaseMs / 2,
  };
  const down = new Set<string>();
  const woken = new Set<string>();
  let sent = 0;
  let failed = 0;
  for (const item of items) {
    const row = spec.row(item);
    const transport = spec.transport?.(item) ?? DEFAULT_TRANSPORT;
    if (down.has(transport)) {
      // Its transport just failed in this pass: give the row back untried rather than wait out another timeout.
      const next = new Date(clock().getTime() + backoffMs(Math.max(1, row.attempts), options.random));
      await deferClaim(db, table, { id: row.id, token, transport, next });
      continue;
    }
    if (!(await bounds.renew(row.id))) {
      options.onClaimLost?.(row.id, false);
      continue;
    }
    const attempts = row.attempts + 1;
    const outcome = await deliverBounded((signal) => deliver(item, signal), bounds, row.id);
    if (outcome.delivered) {
      if (!(await recordSent(db, table, { id: row.id, attempts, token, now: clock() })))
        options.onClaimLost?.(row.id, true);
      sent++;
      if (!woken.has(transport)) {
        woken.add(transport);
        await wakeTransport(db, table, transport, clock());
      }
      continue;
    }
    if (outcome.claimLost) {
      options.onClaimLost?.(row.id, false);
      continue;
    }
    const { error } = outcome;
    const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
    const unreachable = (spec.unavailable ?? isTransportUnavailable)(error, item);
    if (unreachable && isTimeout(error)) down.add(transport);
    const next = new Date(clock().getTime() + backoffMs(attempts, options.random));
    const waitingOn = unreachable ? transport : null;
    if (await recordFailure(db, table, { id: row.id, token, attempts, error: message, next, waitingOn })) {
      spec.onFailure?.(item, attempts, message);
      failed++;
    } else options.onClaimLost?.(row.id, false);
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
   * progress. A delivery still running after that is abandoned: its lease is
   * still renewed until it ends; were the process to exit first, the lease
   * expires and another pass delivers the row again (at least once).
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
  let running: Promise<OutboxPassResult> | undefined;

  const runOnce = () => {
    const next = (running ?? Promise.resolve({ sent: 0, failed: 0 }))
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => pass(batch));
    running = next;
    return next;
  };

  // The site's one loop (`./periodic-job`): a pass now, then after each one.
  const loop = startJobLoop(
    async () => {
      const result = await runOnce();
      return result.sent + result.failed >= batch ? 0 : intervalMs;
    },
    {
      firstDelayMs: 0,
      periodMs: intervalMs,
      timers: nodeTimers(unrefTimers),
      onError: (error) => options.onError?.(error),
    },
  );

  return {
    runOnce,
    async stop(stopOptions = {}) {
      loop.stop();
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

/**
 * Options of a background worker of one outbox: those of its pass but the handle and the clock
 * (each pass gets its own), the loop's, and the database.
 */
export type OutboxWorkerStart<PassOptions extends OutboxPassOptions> = Omit<PassOptions, "db" | "now"> &
  OutboxWorkerOptions & { database: Database };

/**
 * The start of an outbox's background worker ({@link startOutboxWorker}) whose pass is
 * `deliverDue`: each pass gets the worker's options with the database's handle and the batch.
 * The pass's `now` must stay optional: the worker leaves it out, so each pass reads the clock.
 */
export function outboxWorkerStarter<PassOptions extends OutboxPassOptions>(
  deliverDue: (options: PassOptions) => Promise<OutboxPassResult>,
  unrefTimers: boolean,
): (options: OutboxWorkerStart<PassOptions>) => OutboxWorker {
  // The worker's options with `db` are the pass's (`now` left to its default); TypeScript cannot
  // show that an `Omit` of a type parameter plus the omitted keys is that type again.
  const pass = (options: OutboxWorkerStart<PassOptions>, batch: number) =>
    deliverDue({ ...options, db: options.database.db, batch } as unknown as PassOptions);
  return (options) => startOutboxWorker(options, (batch) => pass(options, batch), unrefTimers);
}

/**
 * Options of one pass of a mail outbox whose rows have a kind (the alerts', the visits'): the
 * mailer, and a report of each failed attempt.
 */
export interface MailPassOptions extends OutboxPassOptions {
  mailer: Mailer;
  /** Called for each failed attempt. */
  onFailure?: (info: { mailId: string; kind: string; attempts: number; error: string }) => void;
}

/**
 * One pass of a mail outbox: {@link deliverDueOutbox} over `table`, whose claimed rows `load`
 * reads (each row is its own outbox row) and whose failed attempts go to `options.onFailure`
 * with the row's id and kind.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export function deliverDueMails<Mail extends { id: string; kind: string; attempts: number }>(
  table: PgTable,
  load: OutboxSpec<Mail>["load"],
  options: MailPassOptions,
): Promise<OutboxPassResult> {
  return deliverDueOutbox<Mail>(
    {
      table,
      row: (mail) => mail,
      load,
      onFailure: (mail, attempts, error) => options.onFailure?.({ mailId: mail.id, kind: mail.kind, attempts, error }),
    },
    options,
  );
}
