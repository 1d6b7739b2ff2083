/**
 * Lead routing (ADR 0080): every sales lead gets a responsible broker as soon
 * as one can be named, and every assignment is written to the lead's history.
 *
 * Order of the rules, for every kind but an LGPD request:
 * 1. the listing's broker: the read model's `listings.broker_code` matched to
 *    an active user (`users.broker_code`, not disabled) → `assigned_by = "listing"`;
 * 2. a lead posted to Vista (sell, info, alert) stays unassigned until the
 *    lead worker has Vista's answer: `POST /lead` replies the broker its own
 *    distribution chose (its `Corretor`, a broker code); matched to an
 *    active user → `"vista"` ({@link applyVistaAnswer});
 * 3. the fallback rule of `/admin/distribuicao` (`site_settings` "lead_routing"):
 *    "off" leaves the lead without a broker; "round_robin" hands it to the
 *    active agent with "Recebe leads" who waited longest → `"round_robin"`.
 *    It applies at creation when rule 1 names nobody and the kind has no Vista
 *    delivery (a WhatsApp contact), when Vista's answer names nobody usable,
 *    and when Vista has not answered by the time the lead is late (`./sla`).
 *
 * A system assignment only ever fills an empty slot (`where assigned_uid is
 * null`), so an admin's choice made meanwhile is never overwritten.
 * Duplicates are flagged in the same transaction as the creation.
 */
import { and, desc, eq, gte, isNull, ne, or, sql } from "drizzle-orm";
import type { LeadAssignmentSource } from "~/domain/lead";
import {
  DEFAULT_LEAD_ROUTING,
  LEAD_ASSIGNMENT_LABELS,
  LEAD_FALLBACK_RULES,
  type LeadRoutingSettings,
} from "~/lib/lead-routing";
import { type Db, getDb } from "../db";
import { leads, listings, siteSettings, users } from "../db/schema";
import { recordLeadEvents } from "./history";

/** Key of the routing settings' row in `site_settings`. */
export const LEAD_ROUTING_KEY = "lead_routing";

/** A lead is a duplicate of an earlier one with the same phone or e-mail received this long before (30 days). */
export const DUPLICATE_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** The fields of a lead the routing reads. */
export type RoutedLead = Pick<
  typeof leads.$inferSelect,
  "id" | "kind" | "phone" | "email" | "listingCode" | "createdAt"
>;

/**
 * The routing settings in effect: the saved ones, else {@link DEFAULT_LEAD_ROUTING}
 * (also when the stored value is malformed).
 */
export async function getLeadRoutingSettings(db: Db = getDb().db): Promise<LeadRoutingSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, LEAD_ROUTING_KEY));
  const value = row?.value as Partial<LeadRoutingSettings> | undefined;
  if (value && LEAD_FALLBACK_RULES.includes(value.fallback as never)) return { fallback: value.fallback! };
  return DEFAULT_LEAD_ROUTING;
}

/**
 * Saves the routing settings (upsert).
 * @param updatedBy uid of the admin.
 */
export async function saveLeadRoutingSettings(
  settings: LeadRoutingSettings,
  updatedBy: string | null,
  db: Db = getDb().db,
): Promise<void> {
  const value = { fallback: settings.fallback };
  await db
    .insert(siteSettings)
    .values({ key: LEAD_ROUTING_KEY, value, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}

/** The uid of an active user whose Vista broker code is `code`, or null. */
export async function activeUserOfBrokerCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: users.uid })
    .from(users)
    .where(and(eq(users.brokerCode, code), eq(users.disabled, false)))
    .orderBy(users.uid)
    .limit(1);
  return row?.uid ?? null;
}

/** The uid of the active user who is the read model's broker of listing `code`, or null (rule 1; also whose calendar a visit takes, ADR 0088). */
export async function listingBrokerUser(db: Db, code: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: users.uid })
    .from(listings)
    .innerJoin(users, eq(users.brokerCode, listings.brokerCode))
    .where(and(eq(listings.code, code), eq(users.disabled, false)))
    .orderBy(users.uid)
    .limit(1);
  return row?.uid ?? null;
}

/**
 * Takes the next broker of the rotation: among active users with role
 * "agent" and `receives_leads`, the one whose last round-robin lead is oldest
 * (never first, then by uid), and stamps them. One statement
 * (`update … where uid = (select … for update skip locked) returning`), so two
 * servers creating leads at once take two different brokers; the row stays
 * locked until the caller's transaction ends. When every candidate is locked
 * by a concurrent transaction it waits for one instead of giving nobody.
 * @returns the uid, or null when nobody takes part in the rotation.
 */
export async function takeNextRoundRobinBroker(db: Db): Promise<string | null> {
  for (const skipLocked of [true, false]) {
    const { rows } = await db.execute<{ uid: string }>(sql`
      update ${users} set last_round_robin_at = clock_timestamp()
      where uid = (
        select uid from ${users}
        where role = 'agent' and disabled = false and receives_leads = true
        order by last_round_robin_at asc nulls first, uid asc
        limit 1
        for update ${skipLocked ? sql`skip locked` : sql``}
      )
      returning uid`);
    if (rows[0]) return rows[0].uid;
  }
  return null;
}

/**
 * Gives an unassigned lead to `uid` on behalf of the system and writes the
 * history entry ("assigned", no actor, `note` says why). Nothing happens when
 * the lead has a broker already (someone was faster).
 * @param at the history entry's time (default the database's `now()`).
 * @returns whether the lead was assigned.
 */
export async function assignBySystem(
  db: Db,
  leadId: string,
  uid: string,
  source: Exclude<LeadAssignmentSource, "admin">,
  note: string,
  at?: Date,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ assignedUid: uid, assignedBy: source, assignedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(leads.id, leadId), isNull(leads.assignedUid)))
    .returning({ id: leads.id });
  if (!rows.length) return false;
  await recordLeadEvents(db, [{ leadId, type: "assigned", actor: null, toValue: uid, note, at }]);
  return true;
}

/**
 * Applies the fallback rule to an unassigned lead (rule 3 of the module comment).
 * Call inside a transaction, so the rotation's stamp and the assignment commit together.
 * @param why completes the history note, e.g. "nenhum corretor do imóvel".
 * @param at the history entry's time (default the database's `now()`).
 * @returns the uid assigned, or null (rule off, nobody in the rotation, already assigned).
 */
export async function applyFallback(db: Db, leadId: string, why: string, at?: Date): Promise<string | null> {
  const settings = await getLeadRoutingSettings(db);
  if (settings.fallback !== "round_robin") return null;
  const uid = await takeNextRoundRobinBroker(db);
  if (!uid) return null;
  const note = `${LEAD_ASSIGNMENT_LABELS.round_robin}: ${why}`;
  const assigned = await assignBySystem(db, leadId, uid, "round_robin", note, at);
  return assigned ? uid : null;
}

/**
 * The most recent earlier lead of the same person: same phone or same e-mail,
 * received in the {@link DUPLICATE_WINDOW_MS} before `lead`, not an LGPD
 * request and not itself merged into another; or null.
 */
export async function findDuplicateOf(db: Db, lead: RoutedLead): Promise<string | null> {
  const same = [
    lead.phone ? eq(leads.phone, lead.phone) : undefined,
    lead.email ? eq(leads.email, lead.email) : undefined,
  ].filter((condition) => condition !== undefined);
  if (!same.length) return null;
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        or(...same),
        ne(leads.id, lead.id),
        ne(leads.kind, "lgpd"),
        isNull(leads.mergedIntoId),
        gte(leads.createdAt, new Date(lead.createdAt.getTime() - DUPLICATE_WINDOW_MS)),
        sql`${leads.createdAt} <= ${lead.createdAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * What a new lead gets inside the transaction that creates it (`recordLead`):
 * its "created" history entry, the duplicate flag, and its broker by rules 1
 * and 3 (rule 2 waits for the lead worker when `vistaBound`). Not for LGPD requests.
 * @param vistaBound the lead has a Vista delivery.
 */
export async function routeNewLead(db: Db, lead: RoutedLead, options: { vistaBound: boolean }): Promise<void> {
  // One transaction has one now(): the entries are a millisecond apart so the history reads in order.
  const step = (n: number) => new Date(lead.createdAt.getTime() + n);
  await recordLeadEvents(db, [
    { leadId: lead.id, type: "created", actor: null, note: "Recebido pelo site", at: step(0) },
  ]);

  const duplicateOf = await findDuplicateOf(db, lead);
  if (duplicateOf) {
    await db.update(leads).set({ duplicateOfId: duplicateOf }).where(eq(leads.id, lead.id));
    await recordLeadEvents(db, [
      {
        leadId: lead.id,
        type: "duplicate",
        actor: null,
        toValue: duplicateOf,
        note: "Mesmo telefone ou e-mail de um contato dos últimos 30 dias",
        at: step(1),
      },
    ]);
  }

  const listingBroker = lead.listingCode ? await listingBrokerUser(db, lead.listingCode) : null;
  if (listingBroker) {
    await assignBySystem(db, lead.id, listingBroker, "listing", LEAD_ASSIGNMENT_LABELS.listing, step(2));
    return;
  }
  if (options.vistaBound) return;
  const why = lead.listingCode ? "o imóvel não tem corretor no site" : "contato sem imóvel";
  await applyFallback(db, lead.id, why, step(2));
}

/**
 * The lead's responsible user (`assignedUid`, null when unassigned), its row
 * locked (`for update`) until the transaction `tx` ends, so an assignment
 * decided on it cannot race another one.
 * @returns undefined when the lead does not exist.
 */
export async function lockLeadAssignee(tx: Db, leadId: string): Promise<{ assignedUid: string | null } | undefined> {
  const [lead] = await tx
    .select({ assignedUid: leads.assignedUid })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for("update");
  return lead;
}

/**
 * Records Vista's answer to a delivered lead (rule 2): when the lead is still
 * unassigned, gives it to the active user of the broker code Vista chose,
 * else applies the fallback rule. One transaction. The caller has already
 * delivered the lead: it must log, not rethrow, an error from here.
 * @param corretor Vista's `Corretor` (a number), or undefined when it named none.
 * @returns the uid assigned now, or null.
 */
export async function applyVistaAnswer(db: Db, leadId: string, corretor: number | undefined): Promise<string | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked first: an admin assigning it meanwhile waits, and the rotation is never stamped for nothing.
    const lead = await lockLeadAssignee(tx, leadId);
    if (!lead || lead.assignedUid) return null;
    const uid = corretor !== undefined ? await activeUserOfBrokerCode(tx, String(corretor)) : null;
    if (uid) {
      const note = `${LEAD_ASSIGNMENT_LABELS.vista} (corretor ${corretor})`;
      return (await assignBySystem(tx, leadId, uid, "vista", note)) ? uid : null;
    }
    return applyFallback(
      tx,
      leadId,
      corretor !== undefined ? `o corretor ${corretor} do Vista não usa o site` : "o Vista não indicou corretor",
    );
  });
}
