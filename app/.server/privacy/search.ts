/**
 * Every record of one person (LGPD art. 18 I–II and V, art. 19): the
 * sources are a list ({@link PRIVACY_SOURCES}) searched in order, each given
 * the records found so far (deliveries follow the leads found, sessions and
 * owner-data reads follow the users found). A future source (saved alerts,
 * favourites) is one more entry in that list.
 */
import { asc, inArray, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ADMIN_MEMBERS_PATH, ADMIN_USERS_PATH } from "~/lib/paths";
import { type Db } from "../db";
import { leadDeliveries, leads, members, ownerDataAccess, sessions, users } from "../db/schema";
import { searchAlertsPrivacySource } from "../alerts/privacy";
import { ownerReportsPrivacySource } from "../owner-report/privacy";
import { emailMatches, phoneMatches } from "./match";
import { type FoundSoFar, type PrivacyRecord, type PrivacySource, rowRecord } from "./source";
import type { Subject } from "./subject";
import { visitsPrivacySource } from "./visits";

export { emailMatches, phoneMatches } from "./match";

/** What one source found. */
export interface PrivacyGroup {
  key: string;
  /** pt-BR label, e.g. "Contatos (leads)". */
  label: string;
  /** Where an admin manages these records, or null when this page anonymises or deletes them. */
  manageHref: string | null;
  records: PrivacyRecord[];
}

/** The result of {@link findSubjectRecords}. */
export interface PrivacySearchResult {
  subject: { kind: Subject["kind"]; value: string };
  groups: PrivacyGroup[];
  /** Records over all groups. */
  total: number;
}

/** Most rows read per source (a person with more is a data problem, not a privacy request). */
const SOURCE_LIMIT = 1000;

const idsOf = (found: FoundSoFar, key: string) => (found[key] ?? []).map((record) => record.id);

/**
 * SQL condition: `link` is the id of a record the source `key` found, or
 * `email` is the subject's address (undefined when neither can match).
 */
function foundOrAddressed(
  found: FoundSoFar,
  key: string,
  link: AnyPgColumn,
  email: AnyPgColumn,
  subject: Subject,
): SQL | undefined {
  const ids = idsOf(found, key);
  return or(ids.length ? inArray(link, ids) : undefined, emailMatches(email, subject));
}

/** Leads of every kind with the e-mail or phone. */
const leadsSource: PrivacySource = {
  key: "leads",
  label: "Contatos (leads)",
  manageHref: () => null,
  async find(db, subject) {
    const rows = await db
      .select()
      .from(leads)
      .where(or(emailMatches(leads.email, subject), phoneMatches(leads.phone, subject)))
      .orderBy(asc(leads.createdAt))
      .limit(SOURCE_LIMIT);
    return rows.map(({ idempotencyKey: _key, ...row }) => rowRecord("leads", row.id, row.createdAt, row));
  },
};

/** The outbox rows of those leads, and any delivery addressed to the e-mail. */
const deliveriesSource: PrivacySource = {
  key: "deliveries",
  label: "Envios dos contatos",
  manageHref: () => null,
  async find(db, subject, found) {
    const where = foundOrAddressed(found, "leads", leadDeliveries.leadId, leadDeliveries.recipient, subject);
    if (!where) return [];
    const rows = await db
      .select()
      .from(leadDeliveries)
      .where(where)
      .orderBy(asc(leadDeliveries.nextAttemptAt))
      .limit(SOURCE_LIMIT);
    return rows.map(({ lockedUntil: _lease, ...row }) =>
      rowRecord("deliveries", row.id, row.sentAt ?? row.nextAttemptAt, row),
    );
  },
};

/** The site's mirror of the identity service's users (the account itself: `/admin/usuarios`). */
const usersSource: PrivacySource = {
  key: "users",
  label: "Usuários (área do corretor)",
  manageHref: () => ADMIN_USERS_PATH,
  async find(db, subject) {
    const rows = await db
      .select()
      .from(users)
      .where(or(emailMatches(users.email, subject), phoneMatches(users.phone, subject)))
      .limit(SOURCE_LIMIT);
    return rows.map((row) => rowRecord("users", row.uid, row.createdAt, row));
  },
};

/** Sessions of those users (without the token hash). */
const sessionsSource: PrivacySource = {
  key: "sessions",
  label: "Sessões",
  manageHref: () => ADMIN_USERS_PATH,
  async find(db, _subject, found) {
    const uids = idsOf(found, "users");
    if (!uids.length) return [];
    const rows = await db
      .select()
      .from(sessions)
      .where(inArray(sessions.uid, uids))
      .orderBy(asc(sessions.createdAt))
      .limit(SOURCE_LIMIT);
    return rows.map(({ tokenHash: _secret, ...row }) => rowRecord("sessions", row.id, row.createdAt, row));
  },
};

/** Reads of owner data by those users (the log keeps the reader's e-mail, so a deleted user is found too). */
const ownerAccessSource: PrivacySource = {
  key: "ownerDataAccess",
  label: "Consultas a dados de proprietários",
  manageHref: () => null,
  async find(db, subject, found) {
    const where = foundOrAddressed(found, "users", ownerDataAccess.uid, ownerDataAccess.email, subject);
    if (!where) return [];
    const rows = await db
      .select()
      .from(ownerDataAccess)
      .where(where)
      .orderBy(asc(ownerDataAccess.at))
      .limit(SOURCE_LIMIT);
    return rows.map((row) => rowRecord("ownerDataAccess", row.id, row.at, row));
  },
};

/** Team members with the e-mail, phone or WhatsApp (managed on `/admin/membros/{id}`). */
const membersSource: PrivacySource = {
  key: "members",
  label: "Membros da equipe",
  manageHref: (record) => `${ADMIN_MEMBERS_PATH}/${record.id}`,
  async find(db, subject) {
    const rows = await db
      .select()
      .from(members)
      .where(
        or(
          emailMatches(members.email, subject),
          phoneMatches(members.phone, subject),
          phoneMatches(members.whatsapp, subject),
        ),
      )
      .limit(SOURCE_LIMIT);
    return rows.map((row) => rowRecord("members", String(row.id), row.createdAt, row));
  },
};

/**
 * The sources, in search order (a source may use the records of those
 * before it). The visits booked online are `visitsPrivacySource` (ADR 0088), the saved-search alerts are `searchAlertsPrivacySource` (ADR 0034), the
 * owner's report links `ownerReportsPrivacySource` (ADR 0083).
 */
export const PRIVACY_SOURCES: readonly PrivacySource[] = [
  leadsSource,
  deliveriesSource,
  visitsPrivacySource,
  usersSource,
  sessionsSource,
  ownerAccessSource,
  membersSource,
  searchAlertsPrivacySource,
  ownerReportsPrivacySource,
];

/**
 * Searches every source for `subject`.
 * @returns one group per source (also the empty ones), in {@link PRIVACY_SOURCES} order.
 * @throws database errors.
 */
export async function findSubjectRecords(
  db: Db,
  subject: Subject,
  sources: readonly PrivacySource[] = PRIVACY_SOURCES,
): Promise<PrivacySearchResult> {
  const found: Record<string, PrivacyRecord[]> = {};
  const groups: PrivacyGroup[] = [];
  for (const source of sources) {
    const records = (await source.find(db, subject, found)).map((record) => ({
      ...record,
      manageHref: source.manageHref(record),
    }));
    found[source.key] = records;
    groups.push({
      key: source.key,
      label: source.label,
      manageHref: records[0] ? source.manageHref(records[0]) : null,
      records,
    });
  }
  return {
    subject: { kind: subject.kind, value: subject.value },
    groups,
    total: groups.reduce((sum, group) => sum + group.records.length, 0),
  };
}
