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
import { searchAlertMails } from "../db/schema";
import { deliverDueMails, outboxWorkerStarter, type MailPassOptions, type OutboxPassResult } from "../outbox";

/**
 * Options of {@link deliverDueAlertMails}: the mailer and the failure report; the clock, batch,
 * lease (default 2 min) and jitter are the shared outbox's.
 */
export type AlertDeliverOptions = MailPassOptions;

/**
 * Claims and sends one batch of due alert e-mails, each to its row's
 * recipient with its stored message.
 * @returns how many were sent and how many failed (and were rescheduled).
 */
export async function deliverDueAlertMails(options: AlertDeliverOptions): Promise<OutboxPassResult> {
  return deliverDueMails<typeof searchAlertMails.$inferSelect>(
    searchAlertMails,
    async (db, ids) => ({
      items: await db.select().from(searchAlertMails).where(inArray(searchAlertMails.id, ids)),
      deliver: (mail, signal) => options.mailer.send({ ...mail.message, to: mail.recipient }, { signal }),
    }),
    options,
  );
}

/**
 * Starts sending the alert outbox in the background (server/index.ts, after
 * the migrations): `runOnce` runs one pass now (after the pass in progress);
 * `stop` ends the loop and waits for the pass in progress (the shared
 * outbox's `OutboxWorker`). Its timers do not keep the process alive.
 */
export const startAlertMailWorker = outboxWorkerStarter(deliverDueAlertMails, true);
