/**
 * What a source of personal data is to the data-subject search
 * (`./search`): the records it finds and how. Apart from the search so that
 * the sources kept beside their own tables (`../alerts/privacy`) and the
 * search's list of sources do not import each other.
 */
import type { Db } from "../db";
import type { Subject } from "./subject";

/** A JSON value of a record's field. */
export type PrivacyValue = string | number | boolean | null | Record<string, string>;

/** One record of a person, whatever its table. */
export interface PrivacyRecord {
  /** The source's key, e.g. "leads". */
  source: string;
  /** Primary key of the row (as text). */
  id: string;
  /** ISO 8601 time of the record (created, or sent for a delivery). */
  date: string | null;
  /** The row's columns (times as ISO 8601); secrets such as a session's token hash are left out. */
  fields: Record<string, PrivacyValue>;
  /** Admin page where this record is managed (a user, a member), or null; set by `findSubjectRecords` (`./search`). */
  manageHref?: string | null;
}

/** A record's time as ISO 8601 text, or null. */
export const isoTime = (value: Date | null | undefined): string | null => value?.toISOString() ?? null;

/**
 * A whole row as a {@link PrivacyRecord}: every column a field, in the row's
 * order, its times (`Date`) as ISO 8601 text. Leave secrets out of `row`.
 * @param date the record's time ({@link PrivacyRecord.date}).
 */
export function rowRecord(
  source: string,
  id: string,
  date: Date | null | undefined,
  row: Readonly<Record<string, PrivacyValue | Date>>,
): PrivacyRecord {
  const fields = Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
  return { source, id, date: isoTime(date), fields };
}

/** Records found by the sources searched before (by source key). */
export type FoundSoFar = Readonly<Record<string, readonly PrivacyRecord[]>>;

/** A place where personal data of a visitor or user is kept. */
export interface PrivacySource {
  key: string;
  label: string;
  /** Admin page that manages the records (users, members), or null. */
  manageHref: (record: PrivacyRecord) => string | null;
  find(db: Db, subject: Subject, found: FoundSoFar): Promise<PrivacyRecord[]>;
}
