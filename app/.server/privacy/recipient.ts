/**
 * Per-recipient caps of the e-mails the public can make the site send to an
 * address it types (the LGPD request receipt, the alert confirmation;
 * docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md).
 *
 * An address is compared by its normalised form ({@link normaliseEmail}):
 * lower-case, without a `+tag` in the local part, and without dots in the
 * local part of a Gmail address, so `Ana+1@x.com`, `ana+2@X.com` and
 * `ana@x.com` are one mailbox. The counts are rows of the tables that
 * already hold those mails (counted with the same normalisation in SQL,
 * {@link normalisedEmailSql}), so every server process sees the same count;
 * {@link lockRecipient} serialises two processes deciding for one address.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db";

/** Receipts of LGPD requests one address gets per 24 h; further requests are recorded without a receipt. */
export const LGPD_RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/** Unconfirmed alerts (each with its confirmation e-mail) one address gets per 24 h. */
export const ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 5;

/** The window of the caps: 24 hours. */
export const RECIPIENT_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Domains whose mailboxes ignore dots in the local part (and are one mailbox). */
const GMAIL_DOMAINS = ["gmail.com", "googlemail.com"] as const;

/**
 * The mailbox an address reaches, for counting: trimmed, lower-case, the
 * local part cut at the first `+`, and for gmail.com/googlemail.com without
 * dots and on gmail.com. Parts are split at the first and second `@`, as
 * PostgreSQL's `split_part` does in {@link normalisedEmailSql}.
 * @example normaliseEmail(" J.Silva+alertas@GoogleMail.com ") === "jsilva@gmail.com"
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const [rawLocal = "", domain = ""] = lower.split("@");
  const local = rawLocal.split("+")[0] ?? "";
  if ((GMAIL_DOMAINS as readonly string[]).includes(domain)) return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}

/** The SQL expression of {@link normaliseEmail} applied to a text column (null stays null). */
export function normalisedEmailSql(column: AnyPgColumn | SQL): SQL<string | null> {
  const lower = sql`lower(trim(${column}))`;
  const local = sql`split_part(split_part(${lower}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${lower}, '@', 2)`;
  return sql<
    string | null
  >`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}

/** First key of the transaction advisory lock that serialises the decisions for one address ("mail"). */
const RECIPIENT_LOCK_CLASS = 0x6d61696c;

/**
 * Takes the transaction advisory lock of one normalised address, so two
 * processes counting and queueing mail for it run one after the other.
 * Call inside a transaction; released at its end.
 */
export async function lockRecipient(tx: Db, normalisedEmail: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_CLASS}::int, hashtext(${normalisedEmail}))`);
}
