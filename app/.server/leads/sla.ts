/**
 * Response reminders (ADR 0080): a sales lead still "novo" (and not merged
 * into another) once `LEAD_SLA_MINUTES` business minutes have passed gets one
 * `sla_broker` delivery to its responsible broker's e-mail; once
 * `LEAD_SLA_ADMIN_MINUTES` have passed, one `sla_admin` delivery to every
 * active administrator. A lead with nobody to remind (no responsible broker,
 * or one without an e-mail) gets the `sla_admin` delivery already at
 * `LEAD_SLA_MINUTES`: only an administrator can give it an owner. Business minutes are counted in the agency's opening
 * hours on the São Paulo clock (`~/lib/business-minutes`; every minute when
 * none are set). The lead worker sends them (`./worker`).
 *
 * Exactly once, whatever the number of servers: each row is inserted with
 * `on conflict (lead_id, channel) do nothing` on the unique index, and the
 * history entry ("reminder") only by the insert that wrote the row, in the
 * same transaction. A lead posted to Vista that is still without a broker
 * when it becomes late (Vista has not answered) gets the fallback rule first
 * (`./routing`), so the reminder has someone to go to.
 *
 * The scan is bounded: leads received in the last {@link SLA_LOOKBACK_MS},
 * at most `limit` per run, oldest first; it runs every minute under an
 * advisory lock (`../periodic-job`), and {@link runLeadSla} runs it on demand.
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { OpeningHours } from "~/lib/agency";
import { businessMinutesBetween } from "~/lib/business-minutes";
import { getAgencyProfile } from "../agency";
import { getConfig } from "../config";
import type { Db } from "../db";
import { leadDeliveries, leads, users } from "../db/schema";
import { leadsEmail } from "../mail/transport";
import {
  startPeriodicJob,
  type PeriodicJob,
  type PeriodicJobSpec,
  type PeriodicJobStartOptions,
} from "../periodic-job";
import { recordLeadEvents } from "./history";
import { applyFallback } from "./routing";

/** Advisory-lock key of the reminder job ("slar"). */
export const LEAD_SLA_LOCK_KEY = 0x736c6172;
/**
 * Leads older than this are not scanned (30 days: the longest administrators' target the
 * configuration accepts, counted in a short week of opening hours, still fits).
 */
export const SLA_LOOKBACK_MS = 30 * 24 * 3600 * 1000;
/** Most leads examined per run. */
export const SLA_SCAN_LIMIT = 200;
/** Time between two runs (1 minute: a reminder leaves at most about a minute late). */
export const SLA_INTERVAL_MS = 60_000;

/** Options of {@link runLeadSla}. */
export interface LeadSlaOptions {
  db: Db;
  /** Clock (default: now). */
  now?: Date;
  /** Broker target in business minutes (default `LEAD_SLA_MINUTES`). */
  slaMinutes?: number;
  /** Administrators' target in business minutes (default `LEAD_SLA_ADMIN_MINUTES`). */
  adminMinutes?: number;
  /** Opening hours (default: the agency profile's). */
  openingHours?: OpeningHours;
  /** Most leads examined (default {@link SLA_SCAN_LIMIT}). */
  limit?: number;
}

/** What a run did. */
export interface LeadSlaResult {
  /** Leads examined. */
  examined: number;
  /** `sla_broker` rows written by this run. */
  brokerReminders: number;
  /** `sla_admin` rows written by this run. */
  adminReminders: number;
  /** Leads given a broker by the fallback rule because Vista had not answered in time. */
  assigned: number;
}

type Candidate = Pick<typeof leads.$inferSelect, "id" | "createdAt">;

/** The active administrators' e-mails, comma-separated (the mailer sends one message to all), else the agency inbox. */
async function adminRecipients(db: Db): Promise<string> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)))
    .orderBy(asc(users.email));
  return rows.length ? rows.map((row) => row.email).join(", ") : leadsEmail(getConfig());
}

/** The e-mail of an active user, or null. */
async function activeEmail(db: Db, uid: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.uid, uid), eq(users.disabled, false)));
  return row?.email ?? null;
}

/**
 * Queues one reminder row and its history entry, unless the row exists (another run or server).
 * @returns whether this call wrote it.
 */
async function queueReminder(
  db: Db,
  lead: Candidate,
  channel: "sla_broker" | "sla_admin",
  recipient: string,
  minutes: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .insert(leadDeliveries)
    .values({ leadId: lead.id, channel, recipient, nextAttemptAt: now })
    .onConflictDoNothing({ target: [leadDeliveries.leadId, leadDeliveries.channel] })
    .returning({ id: leadDeliveries.id });
  if (!row) return false;
  const note =
    channel === "sla_broker"
      ? `Lembrete ao corretor: sem resposta em ${minutes} minutos úteis`
      : `Aviso aos administradores: sem resposta em ${minutes} minutos úteis`;
  await recordLeadEvents(db, [{ leadId: lead.id, type: "reminder", actor: null, toValue: channel, note, at: now }]);
  return true;
}

/** Whether the lead's Vista delivery exists and has not gone through yet. */
async function vistaPending(db: Db, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(
      and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, "vista"), ne(leadDeliveries.status, "sent")),
    );
  return Boolean(row);
}

/**
 * The leads one run examines: "novo", not merged, not LGPD, in the window, and either without
 * the broker's reminder and old enough for it, or without the administrators' notice and old
 * enough for that (in wall-clock minutes, which business minutes never outnumber). A lead whose
 * broker was reminded waits out of the list until the administrators' target could be reached,
 * so it never takes the place of a newer lead.
 */
function lateCandidates(
  db: Db,
  now: Date,
  slaMinutes: number,
  adminMinutes: number,
  limit: number,
): Promise<Candidate[]> {
  const olderThan = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const without = (channel: "sla_broker" | "sla_admin") =>
    sql`not exists (select 1 from ${leadDeliveries} where ${leadDeliveries.leadId} = ${leads.id}
          and ${leadDeliveries.channel} = ${channel})`;
  return db
    .select({ id: leads.id, createdAt: leads.createdAt })
    .from(leads)
    .where(
      and(
        eq(leads.status, "novo"),
        isNull(leads.mergedIntoId),
        ne(leads.kind, "lgpd"),
        gte(leads.createdAt, new Date(now.getTime() - SLA_LOOKBACK_MS)),
        or(
          and(lte(leads.createdAt, olderThan(slaMinutes)), without("sla_broker"), without("sla_admin")),
          and(lte(leads.createdAt, olderThan(adminMinutes)), without("sla_admin")),
        ),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(limit);
}

/**
 * Runs the reminder scan once (see the module comment).
 * @throws database errors (leads already handled keep their rows).
 */
export async function runLeadSla(options: LeadSlaOptions): Promise<LeadSlaResult> {
  const { db } = options;
  const now = options.now ?? new Date();
  const slaMinutes = options.slaMinutes ?? getConfig().LEAD_SLA_MINUTES;
  const adminMinutes = options.adminMinutes ?? getConfig().LEAD_SLA_ADMIN_MINUTES;
  const result: LeadSlaResult = { examined: 0, brokerReminders: 0, adminReminders: 0, assigned: 0 };
  const candidates = await lateCandidates(db, now, slaMinutes, adminMinutes, options.limit ?? SLA_SCAN_LIMIT);
  if (!candidates.length) return result;
  const hours = options.openingHours ?? (await getAgencyProfile(db)).openingHours;
  const existing = await db
    .select({ leadId: leadDeliveries.leadId, channel: leadDeliveries.channel })
    .from(leadDeliveries)
    .where(
      and(
        inArray(
          leadDeliveries.leadId,
          candidates.map((lead) => lead.id),
        ),
        eq(leadDeliveries.channel, "sla_broker"),
      ),
    );
  const brokerDone = new Set(existing.map((row) => row.leadId));
  let admins: string | undefined;

  for (const lead of candidates) {
    result.examined++;
    const minutes = businessMinutesBetween(lead.createdAt, now, hours);
    if (minutes < slaMinutes && minutes < adminMinutes) continue;
    const recipients = minutes >= adminMinutes ? (admins ??= await adminRecipients(db)) : null;
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // Answered or merged since the scan read it: no reminder.
      const [fresh] = await tx
        .select({ status: leads.status, mergedIntoId: leads.mergedIntoId, assignedUid: leads.assignedUid })
        .from(leads)
        .where(eq(leads.id, lead.id))
        .for("update");
      if (!fresh || fresh.status !== "novo" || fresh.mergedIntoId) return;
      if (minutes >= slaMinutes && !brokerDone.has(lead.id)) {
        let uid = fresh.assignedUid;
        if (!uid && (await vistaPending(tx, lead.id))) {
          uid = await applyFallback(tx, lead.id, "o Vista não respondeu a tempo");
          if (uid) result.assigned++;
        }
        const email = uid ? await activeEmail(tx, uid) : null;
        if (email) {
          if (await queueReminder(tx, lead, "sla_broker", email, slaMinutes, now)) result.brokerReminders++;
        } else {
          // Nobody to remind: the administrators hear at the broker's target, since only they can
          // give the lead an owner; the lead then leaves the scan instead of coming back each run.
          const to = recipients ?? (admins ??= await adminRecipients(tx));
          if (await queueReminder(tx, lead, "sla_admin", to, slaMinutes, now)) result.adminReminders++;
        }
      }
      if (recipients && (await queueReminder(tx, lead, "sla_admin", recipients, adminMinutes, now)))
        result.adminReminders++;
    });
  }
  return result;
}

/** The reminder job: every minute under the advisory lock {@link LEAD_SLA_LOCK_KEY}. */
const LEAD_SLA_JOB_SPEC: PeriodicJobSpec<LeadSlaResult> = {
  lockKey: LEAD_SLA_LOCK_KEY,
  firstDelayMs: 30_000,
  intervalMs: SLA_INTERVAL_MS,
  errorMessage: "[leads] erro nos lembretes de resposta",
  async run({ db, log }) {
    const result = await runLeadSla({ db });
    if (result.brokerReminders || result.adminReminders || result.assigned)
      log(
        `[leads] lembretes de resposta: ${result.brokerReminders} a corretores, ${result.adminReminders} a administradores, ${result.assigned} lead(s) distribuídos pelo rodízio`,
      );
    return result;
  },
};

/**
 * Starts the reminder job (server/background-work.ts): first run 30 s after
 * start, then every minute; `stop` waits for a run in progress.
 */
export function startLeadSla(options: PeriodicJobStartOptions): PeriodicJob<LeadSlaResult> {
  return startPeriodicJob(LEAD_SLA_JOB_SPEC, options);
}
