/**
 * The visit mail outbox (ADR 0088): `visit_mails` rows delivered through the shared outbox
 * (`../outbox`: claimed with a lease, sent, marked sent or retried with backoff, never given up),
 * rendered at delivery by the registry of `./mails` from the visit as it is then.
 *
 * A row written for a time the visit no longer has (`for_starts_at` ≠ `starts_at`: it was moved)
 * or of a cancelled visit is SKIPPED: marked sent without mailing — except `broker_cancelled`,
 * which is only sent for a cancelled visit. A row of an unknown kind is skipped with a warning;
 * so is a visitor's row when the manage token cannot be rebuilt (its secret left the rotation):
 * its links would point nowhere.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { alertPublicUrl } from "../alerts/store";
import { getAgencyProfile } from "../agency";
import { defaultTitle, getConfig } from "../config";
import type { Db } from "../db";
import { visitMails, visits } from "../db/schema";
import { leadsEmail } from "../mail/transport";
import { deliverDueMails, outboxWorkerStarter, type MailPassOptions, type OutboxPassResult } from "../outbox";
import { isVisitorMailKind } from "./booking";
import { brokerContact } from "./calendar";
import { visitListingInfo } from "./listing-info";
import { type VisitMailContext, visitMailRenderers } from "./mails";
import { tokenOfVisit } from "./tokens";
import type { VisitMailRow, VisitRow } from "./types";

/**
 * Options of {@link deliverDueVisitMails}: the links' origin; the mailer, failure report, clock,
 * batch and lease are the shared outbox's.
 */
export interface VisitMailDeliverOptions extends MailPassOptions {
  /** Public origin of the links (default `PUBLIC_URL`, never a request's Host). */
  publicUrl?: string;
}

type ClaimedMail = VisitMailRow & { visit: VisitRow };

/** Whether a claimed row is out of date and must be closed without mailing (module comment). */
export function visitMailStale(mail: Pick<VisitMailRow, "kind" | "forStartsAt">, visit: VisitRow): boolean {
  if (mail.forStartsAt.getTime() !== visit.startsAt.getTime()) return true;
  return mail.kind === "broker_cancelled" ? visit.status !== "cancelled" : visit.status !== "booked";
}

/** The manage path of a visit's token: `/visitas/{token}`. */
export function visitManagePath(token: string): string {
  return `/visitas/${token}`;
}

/** The context a renderer gets for one row (see {@link VisitMailContext}). */
export async function visitMailContext(
  db: Db,
  mail: Pick<VisitMailRow, "kind" | "recipient">,
  visit: VisitRow,
  publicUrl: string,
): Promise<VisitMailContext> {
  const config = getConfig();
  const [listing, broker, agency] = await Promise.all([
    visitListingInfo(db, visit.listingCode),
    visit.brokerUid ? brokerContact(db, visit.brokerUid) : Promise.resolve(null),
    getAgencyProfile(db),
  ]);
  const token = tokenOfVisit(visit);
  // A token whose secret left the rotation cannot be rebuilt: the links fall back to the site
  // (only the broker's mails are then sent: the worker skips the visitor's, whose links are the point).
  const managePath = token ? visitManagePath(token) : "";
  return {
    visit,
    kind: mail.kind,
    recipient: mail.recipient,
    listing: { ...listing, url: listing.path ? `${publicUrl}${listing.path}` : null },
    broker,
    agency: {
      title: agency.tradeName || defaultTitle(config),
      phone: agency.phone ?? agency.whatsapp,
      email: leadsEmail(config),
    },
    publicUrl,
    manageUrl: `${publicUrl}${managePath}`,
    icsUrl: token ? `${publicUrl}${managePath}/convite.ics` : publicUrl,
    hasToken: token !== null,
    previousStartsAt: mail.kind === "broker_notice" ? await previousStartsAt(db, visit) : null,
    messageIdDomain: new URL(publicUrl).hostname || "imobiliaria.localhost",
  };
}

/**
 * The time a moved visit had before its latest move: the start of its latest broker notice
 * written for another time (rows are due when written, or made due again at a move back), or
 * null when it was never moved.
 */
async function previousStartsAt(db: Db, visit: VisitRow): Promise<Date | null> {
  const [row] = await db
    .select({ forStartsAt: visitMails.forStartsAt })
    .from(visitMails)
    .where(
      and(
        eq(visitMails.visitId, visit.id),
        eq(visitMails.kind, "broker_notice"),
        ne(visitMails.forStartsAt, visit.startsAt),
      ),
    )
    .orderBy(desc(visitMails.nextAttemptAt))
    .limit(1);
  return row?.forStartsAt ?? null;
}

async function deliverOne(db: Db, mail: ClaimedMail, options: VisitMailDeliverOptions, signal: AbortSignal) {
  if (visitMailStale(mail, mail.visit)) return;
  const render = visitMailRenderers[mail.kind];
  if (!render) {
    console.warn(`[visitas] e-mail de tipo desconhecido ignorado: ${mail.kind}`);
    return;
  }
  const context = await visitMailContext(db, mail, mail.visit, alertPublicUrl(options.publicUrl));
  if (!context.hasToken && isVisitorMailKind(mail.kind)) {
    console.warn(`[visitas] e-mail ao visitante não enviado: link da visita indisponível (${mail.kind})`);
    return;
  }
  await options.mailer.send(render(context), { signal });
}

/**
 * Claims and sends one batch of due visit e-mails (stale rows closed without mailing).
 * @returns how many were closed (sent or skipped) and how many failed (and were rescheduled).
 */
export async function deliverDueVisitMails(options: VisitMailDeliverOptions): Promise<OutboxPassResult> {
  return deliverDueMails<ClaimedMail>(
    visitMails,
    async (db, ids) => {
      const rows = await db
        .select({ mail: visitMails, visit: visits })
        .from(visitMails)
        .innerJoin(visits, eq(visits.id, visitMails.visitId))
        .where(inArray(visitMails.id, ids));
      return {
        items: rows.map(({ mail, visit }) => ({ ...mail, visit })),
        deliver: (mail, signal) => deliverOne(db, mail, options, signal),
      };
    },
    options,
  );
}

/**
 * Starts sending the visit outbox in the background (server/background-work.ts). Its timers do
 * not keep the process alive; `stop` waits for the pass in progress.
 */
export const startVisitMailWorker = outboxWorkerStarter(deliverDueVisitMails, true);
