/**
 * The saved-search alerts in the data-subject requests (LGPD art. 18, ADR
 * 0031 and 0034): a privacy source that finds a person's alerts and their
 * alert e-mails by address, and the deletion used by "Anonimizar" and
 * "Excluir" (an alert is only an address and a search: anonymising it would
 * leave nothing to send, so both delete it, its e-mails with it).
 */
import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { searchAlertMails, searchAlerts } from "../db/schema";
import { isoTime, type PrivacyRecord, type PrivacySource } from "../privacy/source";
import type { Subject } from "../privacy/subject";

/** The subject's address condition on `search_alerts.email` (alerts have no phone: none for a phone subject). */
function emailCondition(subject: Subject) {
  return subject.kind === "email" ? sql`lower(trim(${searchAlerts.email})) = ${subject.value}` : undefined;
}

/** Alerts of the address, with the e-mails sent or queued for each (subject and status, not the body). */
export const searchAlertsPrivacySource: PrivacySource = {
  key: "searchAlerts",
  label: "Alertas de busca",
  manageHref: () => null,
  async find(db, subject): Promise<PrivacyRecord[]> {
    const where = emailCondition(subject);
    if (!where) return [];
    const alerts = await db.select().from(searchAlerts).where(where).orderBy(asc(searchAlerts.createdAt)).limit(1000);
    if (!alerts.length) return [];
    const mails = await db
      .select({
        alertId: searchAlertMails.alertId,
        kind: searchAlertMails.kind,
        status: searchAlertMails.status,
        createdAt: searchAlertMails.createdAt,
        sentAt: searchAlertMails.sentAt,
      })
      .from(searchAlertMails)
      .where(
        inArray(
          searchAlertMails.alertId,
          alerts.map((alert) => alert.id),
        ),
      );
    return alerts.map(({ idempotencyKey: _key, ...alert }) => {
      const own = mails.filter((mail) => mail.alertId === alert.id);
      return {
        source: "searchAlerts",
        id: alert.id,
        date: isoTime(alert.createdAt),
        fields: {
          email: alert.email,
          name: alert.name,
          query: alert.query,
          path: alert.path,
          filters: Object.fromEntries(Object.entries(alert.filters).map(([key, value]) => [key, String(value)])),
          createdAt: isoTime(alert.createdAt),
          confirmedAt: isoTime(alert.confirmedAt),
          pausedAt: isoTime(alert.pausedAt),
          unsubscribedAt: isoTime(alert.unsubscribedAt),
          lastDigestAt: isoTime(alert.lastDigestAt),
          leadId: alert.leadId,
          mails: Object.fromEntries(
            own.map((mail, index) => [
              `${index + 1}`,
              `${mail.kind} ${mail.status} ${isoTime(mail.sentAt) ?? isoTime(mail.createdAt) ?? ""}`.trim(),
            ]),
          ),
        },
      };
    });
  },
};

/**
 * Deletes every alert of the subject's address (and, by the foreign key,
 * their e-mails), in `db` (pass the action's transaction).
 * @returns how many alerts were deleted (0 for a phone subject).
 */
export async function deleteAlertsOfSubject(db: Db, subject: Subject): Promise<number> {
  const where = emailCondition(subject);
  if (!where) return 0;
  return (await db.delete(searchAlerts).where(where).returning({ id: searchAlerts.id })).length;
}
