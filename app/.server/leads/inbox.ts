/**
 * The admin leads inbox (ADR 0017): filtered and paged
 * lists with each lead's delivery state per channel (status changes go
 * through the workflow, `./workflow.ts`), assignment to a broker, "reenviar" on a delivery, the CSV export, and the
 * broker's own leads for `/painel`. Reads and writes `leads` (status,
 * assigned_uid, updated_at: migration 0006) and `lead_deliveries` (ADR 0014);
 * the store and the worker are unchanged.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { SQLWrapper } from "drizzle-orm";
import {
  type AssignableUser,
  CSV_MAX_ROWS,
  type InboxFilters,
  type InboxLead,
  INBOX_PAGE_SIZE,
  UNASSIGNED,
} from "~/lib/lead-inbox";
import { BROKER_LEADS_PAGE_SIZE, type PanelLeadPage } from "~/lib/lead-workflow";
import { addDays, saoPauloMidnight } from "~/lib/sao-paulo-time";
import { type Db, getDb } from "../db";
import { countedPage } from "../db/paging";
import { leadDeliveries, leads, listings, users } from "../db/schema";
import { type LeadActor, recordLeadEvents } from "./history";
import { listingsByCode } from "./lead-page";
import { lockLeadAssignee } from "./routing";

// The CSV export is written in ./csv (the site's one CSV writer, `~/.server/csv`).
export { CSV_HEADER, leadsToCsv } from "./csv";

/** A page of leads. */
export interface InboxPage {
  items: InboxLead[];
  /** Leads matching the filters. */
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The conditions "`column` falls on São Paulo days `from` to `to`" (both
 * `YYYY-MM-DD`, inclusive; either may be absent), for the admin lists' date filters.
 */
export function saoPauloDaysWhere(column: SQLWrapper, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, saoPauloMidnight(from)));
  if (to) conditions.push(lt(column, saoPauloMidnight(addDays(to, 1))));
  return conditions;
}

/**
 * The where-clause of the filters (kind, status, response, broker, São Paulo date range). Merged
 * leads are always left out (hidden from the inboxes, ADR 0081), so the list matches the dashboard's
 * counts. `resposta` (ADR 0084): "pendente" is a sales lead still "novo"; "atrasada" one of those with
 * an SLA reminder row (the reminder job writes it when the lead passes the response target, ADR 0080).
 */
function filterWhere(filters: Partial<InboxFilters>): SQL | undefined {
  const conditions: SQL[] = [isNull(leads.mergedIntoId)];
  if (filters.tipo) conditions.push(eq(leads.kind, filters.tipo));
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  if (filters.resposta) conditions.push(eq(leads.status, "novo"), ne(leads.kind, "lgpd"));
  if (filters.resposta === "atrasada") {
    conditions.push(
      sql`exists (select 1 from ${leadDeliveries} where ${leadDeliveries.leadId} = ${leads.id}
        and ${leadDeliveries.channel} in ('sla_broker', 'sla_admin'))`,
    );
  }
  if (filters.corretor === UNASSIGNED) conditions.push(isNull(leads.assignedUid));
  else if (filters.corretor) conditions.push(eq(leads.assignedUid, filters.corretor));
  conditions.push(...saoPauloDaysWhere(leads.createdAt, filters.de, filters.ate));
  return and(...conditions);
}

const leadColumns = {
  id: leads.id,
  kind: leads.kind,
  status: leads.status,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  message: leads.message,
  location: leads.location,
  condominium: leads.condominium,
  listingCode: leads.listingCode,
  pageUrl: leads.pageUrl,
  utm: leads.utm,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  assignedUid: leads.assignedUid,
  assignedName: users.displayName,
  assignedEmail: users.email,
};

/** A selected lead row with its assignee's name (left join: null without one). */
type LeadRowWithUser = Pick<
  typeof leads.$inferSelect,
  Exclude<keyof typeof leadColumns, "assignedName" | "assignedEmail">
> & {
  assignedName: string | null;
  assignedEmail: string | null;
};

async function withDeliveries(db: Db, rows: LeadRowWithUser[], now = new Date()): Promise<InboxLead[]> {
  const ids = rows.map((row) => row.id);
  const deliveries = ids.length
    ? await db
        .select()
        .from(leadDeliveries)
        .where(inArray(leadDeliveries.leadId, ids))
        .orderBy(asc(leadDeliveries.channel))
    : [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    phone: row.phone,
    email: row.email,
    message: row.message,
    location: row.location,
    condominium: row.condominium,
    listingCode: row.listingCode,
    pageUrl: row.pageUrl,
    utm: row.utm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assigned: row.assignedUid
      ? { uid: row.assignedUid, name: row.assignedName || row.assignedEmail || row.assignedUid }
      : null,
    deliveries: deliveries
      .filter((delivery) => delivery.leadId === row.id)
      .map((delivery) => ({
        id: delivery.id,
        channel: delivery.channel,
        recipient: delivery.recipient,
        status: delivery.status,
        attempts: delivery.attempts,
        nextAttemptAt: delivery.nextAttemptAt.toISOString(),
        lastError: delivery.lastError,
        sentAt: delivery.sentAt?.toISOString() ?? null,
        inProgress: delivery.status === "pending" && delivery.lockedUntil !== null && delivery.lockedUntil > now,
      })),
  }));
}

/**
 * One page of leads, newest first, with their deliveries.
 * `filters.pagina` beyond the last page gives the last page.
 */
export async function listLeads(
  filters: Partial<InboxFilters>,
  db: Db = getDb().db,
  pageSize = INBOX_PAGE_SIZE,
): Promise<InboxPage> {
  const where = filterWhere(filters);
  const { total, page, pageCount, offset } = await countedPage(db, leads, where, filters.pagina, pageSize);
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.uid, leads.assignedUid))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize)
    .offset(offset);
  return { items: await withDeliveries(db, rows), total, page, pageCount };
}

/** Active users (brokers and admins) a lead may be assigned to, by name. */
export async function listAssignableUsers(db: Db = getDb().db): Promise<AssignableUser[]> {
  const rows = await db
    .select({ uid: users.uid, name: users.displayName, email: users.email, brokerCode: users.brokerCode })
    .from(users)
    .where(eq(users.disabled, false))
    .orderBy(asc(users.displayName), asc(users.email));
  return rows.map((row) => ({ uid: row.uid, name: row.name || row.email, brokerCode: row.brokerCode }));
}

/** Outcome of {@link assignLead}: null on success, else a pt-BR message. */
export type AssignResult = null | string;

/**
 * An admin assigns a lead to an active user (`uid`), or removes the assignment (`null`): the lead
 * records `assigned_by = "admin"` and `assigned_at`, and its history the change from → to with the
 * admin as actor, in one transaction (ADR 0080). Choosing the current broker again changes nothing.
 * @param actor the acting admin (uid and display name).
 * @returns null on success, or the reason in Portuguese (unknown lead, unknown or disabled user).
 */
export async function assignLead(
  leadId: string,
  uid: string | null,
  actor: NonNullable<LeadActor>,
  db: Db = getDb().db,
): Promise<AssignResult> {
  if (uid) {
    const [user] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.uid, uid));
    if (!user) return "Corretor não encontrado.";
    if (user.disabled) return "Este usuário está desativado.";
  }
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const current = await lockLeadAssignee(tx, leadId);
    if (!current) return "Este contato não existe mais.";
    if (current.assignedUid === uid) return null;
    await tx
      .update(leads)
      .set({
        assignedUid: uid,
        assignedBy: uid ? "admin" : null,
        assignedAt: uid ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(leads.id, leadId));
    await recordLeadEvents(tx, [
      {
        leadId,
        type: "assigned",
        actor,
        fromValue: current.assignedUid,
        toValue: uid,
        note: uid ? "Atribuído por um administrador" : "Atribuição removida por um administrador",
      },
    ]);
    return null;
  });
}

/** Outcome of {@link resendDelivery}. */
export type ResendResult = { ok: true; wasSent: boolean } | { ok: false; message: string };

/**
 * "Reenviar" (ADR 0017): the delivery becomes due now. A
 * pending one keeps its attempts and last error (the worker tries it on its
 * next pass instead of waiting for the backoff); a sent one goes back to
 * pending (same row: one row per lead and channel, ADR 0014), so the worker
 * delivers it once more. Refused while a worker holds its lease.
 */
export async function resendDelivery(
  deliveryId: string,
  db: Db = getDb().db,
  now: Date = new Date(),
): Promise<ResendResult> {
  const [delivery] = await db.select().from(leadDeliveries).where(eq(leadDeliveries.id, deliveryId));
  if (!delivery) return { ok: false, message: "Este envio não existe mais." };
  const rows = await db
    .update(leadDeliveries)
    .set({ status: "pending", nextAttemptAt: now, sentAt: null })
    .where(
      and(
        eq(leadDeliveries.id, deliveryId),
        or(isNull(leadDeliveries.lockedUntil), lt(leadDeliveries.lockedUntil, now)),
      ),
    )
    .returning({ id: leadDeliveries.id });
  if (!rows.length)
    return { ok: false, message: "Este envio está em andamento agora. Tente de novo em alguns minutos." };
  return { ok: true, wasSent: delivery.status === "sent" };
}

/**
 * Leads matching `filters` for the CSV export (at most {@link CSV_MAX_ROWS},
 * newest first), with deliveries.
 */
export async function leadsForExport(filters: Partial<InboxFilters>, db: Db = getDb().db): Promise<InboxLead[]> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.uid, leads.assignedUid))
    .where(filterWhere(filters))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(CSV_MAX_ROWS);
  return withDeliveries(db, rows);
}

/**
 * The where-clause of a broker's own leads, "Meus leads" (ADR 0081):
 * those assigned to them, and unassigned ones about a listing whose Vista broker code is theirs;
 * never an LGPD request, never a merged lead (it lives on in the lead it was merged into).
 */
function brokerLeadsWhere(user: { uid: string; brokerCode: string | null }, db: Db): SQL | undefined {
  const mine = user.brokerCode
    ? or(
        eq(leads.assignedUid, user.uid),
        and(
          isNull(leads.assignedUid),
          inArray(
            leads.listingCode,
            db.select({ code: listings.code }).from(listings).where(eq(listings.brokerCode, user.brokerCode)),
          ),
        ),
      )
    : eq(leads.assignedUid, user.uid);
  return and(mine, ne(leads.kind, "lgpd"), isNull(leads.mergedIntoId));
}

/**
 * A broker's own leads for `/painel` ({@link brokerLeadsWhere}): the unanswered ones (status
 * "novo") first, then newest first; `limit` of them after skipping `offset`.
 */
export async function listBrokerLeads(
  user: { uid: string; brokerCode: string | null },
  db: Db = getDb().db,
  limit = 50,
  offset = 0,
): Promise<InboxLead[]> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.uid, leads.assignedUid))
    .where(brokerLeadsWhere(user, db))
    .orderBy(sql`(${leads.status} = 'novo') desc`, desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
  return withDeliveries(db, rows);
}

/**
 * Loader helper of `/painel` "Meus leads": page `requested` (clamped) of the signed-in broker's
 * leads ({@link listBrokerLeads}), trimmed for the panel, each with its listing's title and public
 * page (null when the read model does not have it), and the true total.
 */
export async function loadBrokerPanelLeads(
  user: { uid: string; brokerCode: string | null },
  requested = 1,
  db: Db = getDb().db,
): Promise<PanelLeadPage> {
  const { total, page, pageCount, offset } = await countedPage(
    db,
    leads,
    brokerLeadsWhere(user, db),
    requested,
    BROKER_LEADS_PAGE_SIZE,
  );
  const rows = await listBrokerLeads(user, db, BROKER_LEADS_PAGE_SIZE, offset);
  const found = await listingsByCode(
    db,
    rows.flatMap((row) => (row.listingCode ? [row.listingCode] : [])),
  );
  const items = rows.map(({ id, kind, status, name, phone, email, message, listingCode, createdAt }) => {
    const listing = listingCode ? found.get(listingCode) : undefined;
    return {
      id,
      kind,
      status,
      name,
      phone,
      email,
      message,
      listingCode,
      createdAt,
      listing: listing ? { code: listing.code, title: listing.title, path: listing.path } : null,
    };
  });
  return { items, total, page, pageCount };
}
