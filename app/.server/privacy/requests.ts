/**
 * LGPD requests received through `/lgpd` (leads of kind `lgpd`) with their
 * legal deadline: the controller answers a request for access "no prazo de
 * até 15 (quinze) dias, contado da data do requerimento" (LGPD art. 19 II),
 * counted here in calendar days in São Paulo.
 */
import { asc, eq, sql } from "drizzle-orm";
import { LGPD_REQUEST_TYPES } from "~/lib/lead-fields";
import type { LgpdRequest } from "~/lib/privacy-requests";
import { saoPauloDate } from "~/lib/sao-paulo-time";
import { type Db } from "../db";
import { leads } from "../db/schema";

/** Days to answer (LGPD art. 19 II). */
export const LGPD_RESPONSE_DAYS = 15;

export type { LgpdRequest };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The due date and the days left of a request received at `receivedAt`:
 * due {@link LGPD_RESPONSE_DAYS} calendar days after the São Paulo date of
 * receipt; `daysLeft` counts calendar days from `now`'s São Paulo date.
 */
export function lgpdDeadline(receivedAt: Date, now: Date = new Date()): { dueDate: string; daysLeft: number } {
  const received = Date.parse(`${saoPauloDate(receivedAt)}T00:00:00Z`);
  const due = received + LGPD_RESPONSE_DAYS * DAY_MS;
  const today = Date.parse(`${saoPauloDate(now)}T00:00:00Z`);
  return { dueDate: new Date(due).toISOString().slice(0, 10), daysLeft: Math.round((due - today) / DAY_MS) };
}

/** "vence hoje", "vence em 1 dia", "vence em N dias", "atrasado há N dias". */
export function deadlineText(daysLeft: number): string {
  if (daysLeft === 0) return "vence hoje";
  const days = Math.abs(daysLeft);
  const unit = days === 1 ? "dia" : "dias";
  return daysLeft > 0 ? `vence em ${days} ${unit}` : `atrasado há ${days} ${unit}`;
}

/** The request type written on the first line of an LGPD lead's message (`lgpdMessage()` in the lead store). */
function requestLabel(message: string | null): string | null {
  const first = /^Solicitação: (.+)$/m.exec(message ?? "")?.[1]?.trim();
  return first && (Object.values(LGPD_REQUEST_TYPES) as string[]).includes(first) ? first : null;
}

/**
 * The LGPD requests, open ones first (oldest due first), then the concluded
 * ones (oldest first); at most `limit`.
 */
export async function listLgpdRequests(db: Db, now: Date = new Date(), limit = 200): Promise<LgpdRequest[]> {
  const rows = await db
    .select()
    .from(leads)
    .where(eq(leads.kind, "lgpd"))
    .orderBy(sql`${leads.status} = 'concluido'`, asc(leads.createdAt), asc(leads.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    request: requestLabel(row.message),
    status: row.status,
    receivedAt: row.createdAt.toISOString(),
    ...lgpdDeadline(row.createdAt, now),
  }));
}
