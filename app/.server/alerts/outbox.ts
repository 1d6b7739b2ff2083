/**
 * The alert outbox (ADR 0034): `search_alert_mails` rows — confirmation and
 * digest e-mails rendered when queued — delivered at least once with the
 * lead outbox's rules (ADR 0014): due rows are claimed with a lease
 * (`update … where id in (select … for update skip locked)`), sent, then
 * marked sent or rescheduled with the same exponential backoff (30 s · 2^(n−1),
 * capped at 1 h, jittered); a row is never given up. A worker that dies
 * mid-send leaves a lease that expires and the mail goes again; each mail has
 * a stable Message-ID so mail clients drop the duplicate.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Db } from "../db";
import { searchAlertMails } from "../db/schema";
import { backoffMs, DEFAULT_LEASE_MS } from "../leads/worker";
import type { Mailer } from "../mail/transport";

/** Options of {@link deliverDueAlertMails}. */
export interface AlertDeliverOptions {
  db: Db;
  mailer: Mailer;
  /** Clock (default now). */
  now?: Date;
  /** Rows claimed at once (default 20). */
  batch?: number;
  /** Lease of a claimed row, ms (default 2 min). */
  leaseMs?: number;
  /** Jitter source of the backoff. */
  random?: () => number;
  /** Called for each failed attempt. */
  onFailure?: (info: { mailId: string; kind: string; attempts: number; error: string }) => void;
}

/**
 * Claims and sends one batch of due alert e-mails.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDueAlertMails(options: AlertDeliverOptions): Promise<{ sent: number; failed: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const batch = Math.max(1, options.batch ?? 20);
  const lease = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const nowText = now.toISOString();
  const claimed = await db.execute<{ id: string }>(sql`
    update search_alert_mails set locked_until = ${lease.toISOString()}::timestamptz
    where id in (
      select id from search_alert_mails
      where status = 'pending' and next_attempt_at <= ${nowText}::timestamptz
        and (locked_until is null or locked_until <= ${nowText}::timestamptz)
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => row.id);
  if (!ids.length) return { sent: 0, failed: 0 };
  const rows = await db.select().from(searchAlertMails).where(inArray(searchAlertMails.id, ids));
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await options.mailer.send({ ...row.message, to: row.recipient });
      await db
        .update(searchAlertMails)
        .set({ status: "sent", sentAt: now, attempts: row.attempts + 1, lockedUntil: null, lastError: null })
        .where(and(eq(searchAlertMails.id, row.id), eq(searchAlertMails.status, "pending")));
      sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
      await db
        .update(searchAlertMails)
        .set({
          attempts,
          lastError: message,
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, options.random)),
          lockedUntil: null,
        })
        .where(and(eq(searchAlertMails.id, row.id), eq(searchAlertMails.status, "pending")));
      options.onFailure?.({ mailId: row.id, kind: row.kind, attempts, error: message });
      failed++;
    }
  }
  return { sent, failed };
}

/** Options of {@link startAlertMailWorker}. */
export interface AlertMailWorkerOptions extends Omit<AlertDeliverOptions, "db" | "now"> {
  database: Database;
  /** Pause between passes, ms (default 5000); a full batch runs the next pass at once. */
  intervalMs?: number;
  /** Called when a pass fails as a whole. */
  onError?: (error: unknown) => void;
}

/** A running alert-mail worker. */
export interface AlertMailWorker {
  /** Runs one pass now (after the pass in progress). */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Stops the loop and waits up to `timeoutMs` (default 10000) for the pass in progress. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** Starts sending the alert outbox in the background (server/index.ts, after the migrations). */
export function startAlertMailWorker(options: AlertMailWorkerOptions): AlertMailWorker {
  const intervalMs = Math.max(10, options.intervalMs ?? 5000);
  const batch = options.batch ?? 20;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  const pass = () => {
    const next = (running ?? Promise.resolve({ sent: 0, failed: 0 }))
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => deliverDueAlertMails({ ...options, db: options.database.db, batch }));
    running = next;
    return next;
  };
  const loop = async () => {
    timer = undefined;
    if (stopped) return;
    let again = false;
    try {
      const result = await pass();
      again = result.sent + result.failed >= batch;
    } catch (error) {
      options.onError?.(error);
    }
    if (!stopped) {
      timer = setTimeout(() => void loop(), again ? 0 : intervalMs);
      timer.unref?.();
    }
  };
  timer = setTimeout(() => void loop(), 0);
  timer.unref?.();
  return {
    runOnce: pass,
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
