/**
 * The alert outbox (ADR 0034): `search_alert_mails` rows — confirmation and
 * digest e-mails rendered when queued — delivered at least once with the
 * lead outbox's rules (ADR 0014), through the shared outbox (`../outbox`):
 * due rows are claimed with a lease
 * (`update … where id in (select … for update skip locked)`), sent, then
 * marked sent or rescheduled with the same exponential backoff (30 s · 2^(n−1),
 * capped at 1 h, jittered); a row is never given up. A worker that dies
 * mid-send leaves a lease that expires and the mail goes again; each mail has
 * a stable Message-ID so mail clients drop the duplicate.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../db";
import { searchAlertMails } from "../db/schema";
import type { Mailer } from "../mail/transport";
import {
  deliverDueOutbox,
  startOutboxWorker,
  type OutboxPassOptions,
  type OutboxPassResult,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "../outbox";

/** Options of {@link deliverDueAlertMails}; the clock, batch, lease (default 2 min) and jitter are the shared outbox's. */
export interface AlertDeliverOptions extends OutboxPassOptions {
  mailer: Mailer;
  /** Called for each failed attempt. */
  onFailure?: (info: { mailId: string; kind: string; attempts: number; error: string }) => void;
}

/**
 * Claims and sends one batch of due alert e-mails, each to its row's
 * recipient with its stored message.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDueAlertMails(options: AlertDeliverOptions): Promise<OutboxPassResult> {
  return deliverDueOutbox<typeof searchAlertMails.$inferSelect>(
    {
      table: searchAlertMails,
      row: (mail) => mail,
      load: async (db, ids) => ({
        items: await db.select().from(searchAlertMails).where(inArray(searchAlertMails.id, ids)),
        deliver: (mail, signal) => options.mailer.send({ ...mail.message, to: mail.recipient }, { signal }),
      }),
      onFailure: (mail, attempts, error) => options.onFailure?.({ mailId: mail.id, kind: mail.kind, attempts, error }),
    },
    options,
  );
}

/** Options of {@link startAlertMailWorker}. */
export interface AlertMailWorkerOptions extends Omit<AlertDeliverOptions, "db" | "now">, OutboxWorkerOptions {
  database: Database;
}

/**
 * A running alert-mail worker: `runOnce` runs one pass now (after the pass in
 * progress); `stop` ends the loop and waits for the pass in progress, see
 * {@link OutboxWorker}.
 */
export type AlertMailWorker = OutboxWorker;

/**
 * Starts sending the alert outbox in the background (server/index.ts, after
 * the migrations). Its timers do not keep the process alive.
 */
export function startAlertMailWorker(options: AlertMailWorkerOptions): AlertMailWorker {
  return startOutboxWorker(
    options,
    (batch) => deliverDueAlertMails({ ...options, db: options.database.db, batch }),
    true,
  );
}
