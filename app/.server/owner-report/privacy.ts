/**
 * The owner's report in the data-subject search (LGPD art. 18, ADRs 0031 and
 * 0083): the owner's name and e-mail, typed by staff on a report link, are
 * personal data of the owner. This source finds the links by that e-mail,
 * with their monthly e-mails (month and status, never a body: none is stored).
 */
import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { ownerReportMails, ownerReports } from "../db/schema";
import { isoTime, type PrivacyRecord, type PrivacySource } from "../privacy/source";
import type { Subject } from "../privacy/subject";

/** Report links whose owner e-mail is the subject's (reports have no owner phone: none for a phone subject). */
export const ownerReportsPrivacySource: PrivacySource = {
  key: "ownerReports",
  label: "Relatórios do proprietário",
  manageHref: () => null,
  async find(db: Db, subject: Subject): Promise<PrivacyRecord[]> {
    if (subject.kind !== "email") return [];
    const reports = await db
      .select()
      .from(ownerReports)
      .where(sql`${ownerReports.ownerEmail} <> '' and lower(trim(${ownerReports.ownerEmail})) = ${subject.value}`)
      .orderBy(asc(ownerReports.createdAt))
      .limit(1000);
    if (!reports.length) return [];
    const mails = await db
      .select({ reportId: ownerReportMails.reportId, month: ownerReportMails.month, status: ownerReportMails.status })
      .from(ownerReportMails)
      .where(
        inArray(
          ownerReportMails.reportId,
          reports.map((report) => report.id),
        ),
      );
    return reports.map(({ tokenHash: _hash, ...report }) => ({
      source: "ownerReports",
      id: report.id,
      date: isoTime(report.createdAt),
      fields: {
        ownerName: report.ownerName,
        ownerEmail: report.ownerEmail,
        listingCode: report.listingCode,
        createdByName: report.createdByName,
        createdAt: isoTime(report.createdAt),
        expiresAt: isoTime(report.expiresAt),
        revokedAt: isoTime(report.revokedAt),
        monthlyOptIn: report.monthlyOptIn,
        optInAt: isoTime(report.optInAt),
        unsubscribedAt: isoTime(report.unsubscribedAt),
        monthlyEmails: Object.fromEntries(
          mails.filter((mail) => mail.reportId === report.id).map((mail) => [mail.month, mail.status]),
        ),
      },
    }));
  },
};
