/**
 * Saved-search alerts (ADR 0034): reading the page an alert is created on
 * into filters, creating an alert unconfirmed with its confirmation e-mail in
 * one transaction, confirming it (double opt-in) — which records a lead of
 * kind "alert" for the agency — and the changes of the management page
 * (pause, resume, delete one or all) and of the one-click unsubscribe.
 */
import { and, asc, count, eq, gte, isNull, sql } from "drizzle-orm";
import {
  describeFilters,
  filtersToUrl,
  hasFilters,
  normalizeFilters,
  parseFilters,
  QUERY_FACETS,
  type FilterVocabulary,
  type ListingFilters,
} from "~/lib/filters";
import { ALERT_CONFIRM_PATH, ALERT_UNSUBSCRIBE_PATH, ALERTS_PATH } from "~/lib/alerts";
import { searchUrl } from "~/lib/list-pages";
import { mapShapeUrl, shapeFromParams } from "~/lib/map-shape";
import { LISTINGS_PATH, MAP_PATH, SEARCH_PATH } from "~/lib/paths";
import { TEXT_QUERY_MAX_LENGTH } from "../catalogue/text-query";
import { defaultTitle, getConfig } from "../config";
import { getDb, type Db } from "../db";
import { leadDeliveries, leads, searchAlertMails, searchAlerts, type LeadChannel } from "../db/schema";
import { leadsEmail } from "../mail/transport";
import {
  ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  lockRecipient,
  normaliseEmail,
  normalisedEmailSql,
  RECIPIENT_CAP_WINDOW_MS,
} from "../privacy/recipient";
import { renderAlertConfirmEmail } from "./mail";
import { signAlertToken } from "./tokens";

/** A stored alert. */
export type SearchAlertRow = typeof searchAlerts.$inferSelect;

/**
 * Unconfirmed alerts (and their confirmation e-mails) one address may get per
 * day, the address normalised (`+tag`, case, Gmail dots): stops mail bombing.
 */
export const UNCONFIRMED_PER_EMAIL_PER_DAY = ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY;

/** What an alert searches: filters (sort and page left out), the `/busca` text (or null) and the page's path. */
export interface AlertSearch {
  filters: ListingFilters;
  query: string | null;
  /** Canonical site path: the list URL of the filters, or `/busca?q=…`. */
  path: string;
}

/** The query parameter of the listing code, which an alert never keeps. */
const CODE_PARAM = QUERY_FACETS.find((facet) => facet.key === "code")?.param ?? "codigo";

/**
 * Reads the page a "Criar alerta" form was on into what the alert searches:
 * `/todos-os-imoveis[/{filtros}]?…` and `/mapa?…` through the list pages'
 * codec (`parseFilters`; the map's visible box is not kept, a drawn area is,
 * in the path), `/busca?q=…` as the
 * text plus the filters of its query string. The listing code (`codigo`) is
 * dropped: it names one listing, an alert on it makes no sense, and its free
 * text would reach the confirmation e-mail and its link.
 * @returns null for any other path or an unknown word in `{filtros}`.
 */
export function alertSearchOf(page: string, vocabulary: FilterVocabulary): AlertSearch | null {
  let url: URL;
  try {
    url = new URL(page, "http://site.invalid");
  } catch {
    return null;
  }
  if (url.host !== "site.invalid") return null;
  const strip = (filters: ListingFilters): ListingFilters =>
    normalizeFilters({ ...filters, sort: undefined, page: undefined, code: undefined });
  const { pathname, searchParams } = url;
  if (pathname === SEARCH_PATH) {
    const q = (searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, TEXT_QUERY_MAX_LENGTH);
    const rest = new URLSearchParams(searchParams);
    rest.delete("q");
    rest.delete("pagina");
    rest.delete(CODE_PARAM);
    const parsed = parseFilters(undefined, rest, vocabulary);
    const filters = "notFound" in parsed ? {} : strip(parsed.filters);
    if (!q) return { filters, query: null, path: filtersToUrl(filters, vocabulary) };
    const extra = [...rest].filter(([name]) => name !== "ordem");
    return { filters, query: q, path: searchUrl(q, 1, "notFound" in parsed ? [] : extra) };
  }
  let segment: string | undefined;
  if (pathname === MAP_PATH || pathname === LISTINGS_PATH) segment = undefined;
  else if (pathname.startsWith(`${LISTINGS_PATH}/`)) {
    try {
      segment = decodeURIComponent(pathname.slice(LISTINGS_PATH.length + 1));
    } catch {
      return null;
    }
  } else return null;
  const parsed = parseFilters(segment, searchParams, vocabulary);
  if ("notFound" in parsed) return null;
  const filters = strip(parsed.filters);
  // A drawn area (ADR 0091) is kept in the path, which the digest reads it from.
  const shape = pathname === MAP_PATH ? shapeFromParams(searchParams) : null;
  return { filters, query: null, path: shape ? mapShapeUrl(filters, null, shape) : filtersToUrl(filters, vocabulary) };
}

/**
 * The pt-BR description of an alert's search by its structured filters only,
 * for everything the address's owner sees (e-mails, the confirmation,
 * management and unsubscribe pages): "Apartamentos à venda em Moema, São
 * Paulo · Até R$ 800.000"; a `/busca` alert is "Busca por texto" plus its
 * filters. The text typed in `/busca` is never repeated: whoever creates an
 * alert chooses it, and the mail goes to an address they typed (ADR 0064).
 */
export function describeAlert(alert: Pick<SearchAlertRow, "filters" | "query">, vocabulary: FilterVocabulary): string {
  const description = describeFilters(alert.filters, vocabulary);
  const parts: string[] = [];
  if (alert.query) parts.push("Busca por texto");
  if (!alert.query || hasFilters(alert.filters)) parts.push(description.heading);
  parts.push(...description.details);
  return parts.join(" · ");
}

/**
 * The description for the agency's lead (its inbox and Vista): as
 * {@link describeAlert}, with the `/busca` text quoted first.
 */
export function describeAlertForAgency(
  alert: Pick<SearchAlertRow, "filters" | "query">,
  vocabulary: FilterVocabulary,
): string {
  const structured = describeAlert({ ...alert, query: null }, vocabulary);
  if (!alert.query) return structured;
  return hasFilters(alert.filters) ? `Busca “${alert.query}” · ${structured}` : `Busca “${alert.query}”`;
}

/** Site origin for links in e-mails: `PUBLIC_URL`, else http://localhost:{PORT}; no trailing slash. */
export function alertPublicUrl(publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const config = getConfig();
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

/** Options of {@link createAlert}. */
export interface CreateAlertOptions {
  /** Hash of the form's key and data (`storedIdempotencyKey`), 1–200 characters. */
  idempotencyKey: string;
  /** The vocabulary that describes the search in the e-mail. */
  vocabulary: FilterVocabulary;
  db?: Db;
  now?: Date;
  /** Origin of the links (default `PUBLIC_URL`). */
  publicUrl?: string;
  /** Agency display title (default "{AGENCY_NAME} Imobiliária"). */
  agencyTitle?: string;
}

/** Result of {@link createAlert}: the alert, whether it was new, or "too-many" for an address over its daily allowance. */
export type CreateAlertResult = { alert: SearchAlertRow; created: boolean } | { tooMany: true };

/**
 * Stores an unconfirmed alert and queues its confirmation e-mail (a signed
 * link valid 7 days) in one transaction. The same idempotency key returns the
 * first alert and writes nothing. An address (normalised: `+tag`, case and
 * Gmail dots do not make another one) with {@link UNCONFIRMED_PER_EMAIL_PER_DAY}
 * unconfirmed alerts created in the last 24 h gets `{ tooMany: true }`;
 * counting and inserting hold the address's advisory lock, so several
 * processes never exceed it.
 * @throws database errors.
 */
export async function createAlert(
  input: { email: string; name?: string; search: AlertSearch },
  options: CreateAlertOptions,
): Promise<CreateAlertResult> {
  const db = options.db ?? getDb().db;
  const now = options.now ?? new Date();
  const byKey = eq(searchAlerts.idempotencyKey, options.idempotencyKey);
  const existing = await db.select().from(searchAlerts).where(byKey).limit(1);
  if (existing[0]) return { alert: existing[0], created: false };
  const email = input.email.trim().toLowerCase();
  const mailbox = normaliseEmail(email);
  const publicUrl = alertPublicUrl(options.publicUrl);
  const agencyTitle = options.agencyTitle ?? defaultTitle(getConfig());
  return db.transaction(async (transaction): Promise<CreateAlertResult> => {
    const tx = transaction as unknown as Db;
    await lockRecipient(tx, mailbox);
    const [first] = await tx.select().from(searchAlerts).where(byKey).limit(1);
    if (first) return { alert: first, created: false };
    const [recent] = await tx
      .select({ total: count() })
      .from(searchAlerts)
      .where(
        and(
          eq(normalisedEmailSql(searchAlerts.email), mailbox),
          isNull(searchAlerts.confirmedAt),
          gte(searchAlerts.createdAt, new Date(now.getTime() - RECIPIENT_CAP_WINDOW_MS)),
        ),
      );
    if ((recent?.total ?? 0) >= UNCONFIRMED_PER_EMAIL_PER_DAY) return { tooMany: true };
    const [alert] = await tx
      .insert(searchAlerts)
      .values({
        email,
        name: input.name?.trim() || null,
        filters: input.search.filters,
        query: input.search.query,
        path: input.search.path,
        idempotencyKey: options.idempotencyKey,
        createdAt: now,
      })
      .returning();
    if (!alert) throw new Error("alert insert returned no row");
    const token = (purpose: "confirm" | "unsubscribe") => signAlertToken(purpose, alert.id, { now: now.getTime() });
    const message = renderAlertConfirmEmail({
      alert,
      description: describeAlert(alert, options.vocabulary),
      confirmUrl: `${publicUrl}${ALERT_CONFIRM_PATH}?token=${token("confirm")}`,
      manageUrl: `${publicUrl}${ALERTS_PATH}?token=${signAlertToken("manage", email, { now: now.getTime() })}`,
      // A `/busca` alert's path carries the typed text: the e-mail does not link to it.
      searchUrl: alert.query ? undefined : `${publicUrl}${alert.path}`,
      unsubscribeUrl: `${publicUrl}${ALERT_UNSUBSCRIBE_PATH}?token=${token("unsubscribe")}`,
      unsubscribeMailto: leadsEmail(getConfig()),
      agencyTitle,
      messageIdDomain: new URL(publicUrl).hostname || "imobiliaria.localhost",
    });
    await tx
      .insert(searchAlertMails)
      .values({ alertId: alert.id, kind: "confirm", recipient: email, message, nextAttemptAt: now, createdAt: now });
    return { alert, created: true };
  });
}

/** Options of {@link confirmAlert}. */
export interface ConfirmAlertOptions {
  vocabulary: FilterVocabulary;
  db?: Db;
  now?: Date;
  publicUrl?: string;
  /** Agency inbox of the lead (default `LEADS_EMAIL`). */
  agencyEmail?: string;
}

/**
 * Confirms an alert (the double opt-in link): sets `confirmed_at` and starts
 * the digest window, and records a lead of kind "alert" (message: the
 * search's description and link; deliveries: the agency e-mail and Vista),
 * all in one transaction. Confirming again changes nothing.
 * @returns the alert (`confirmedNow` true the first time), or null when it no longer exists or was cancelled.
 * @throws database errors.
 */
export async function confirmAlert(
  id: string,
  options: ConfirmAlertOptions,
): Promise<{ alert: SearchAlertRow; confirmedNow: boolean } | null> {
  const db = options.db ?? getDb().db;
  const now = options.now ?? new Date();
  const found = await alertById(db, id);
  if (!found || found.unsubscribedAt) return null;
  if (found.confirmedAt) return { alert: found, confirmedNow: false };
  const publicUrl = alertPublicUrl(options.publicUrl);
  const agencyEmail = options.agencyEmail ?? leadsEmail(getConfig());
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .update(searchAlerts)
      .set({ confirmedAt: now, lastDigestAt: now })
      .where(and(eq(searchAlerts.id, id), isNull(searchAlerts.confirmedAt), isNull(searchAlerts.unsubscribedAt)))
      .returning();
    if (!alert) {
      const again = await alertById(tx as unknown as Db, id);
      return again && !again.unsubscribedAt ? { alert: again, confirmedNow: false } : null;
    }
    const description = describeAlertForAgency(alert, options.vocabulary);
    const [lead] = await tx
      .insert(leads)
      .values({
        kind: "alert",
        idempotencyKey: `search-alert:${alert.id}`,
        name: alert.name,
        email: alert.email,
        message: `Criou um alerta de busca por e-mail (resumo diário): ${description}`,
        pageUrl: `${publicUrl}${alert.path}`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: leads.idempotencyKey })
      .returning();
    if (lead) {
      const deliveries: { channel: LeadChannel; recipient: string | null }[] = [
        { channel: "email_agency", recipient: agencyEmail },
        { channel: "vista", recipient: null },
      ];
      await tx
        .insert(leadDeliveries)
        .values(deliveries.map((delivery) => ({ leadId: lead.id, ...delivery, nextAttemptAt: now })));
      await tx.update(searchAlerts).set({ leadId: lead.id }).where(eq(searchAlerts.id, alert.id));
    }
    return { alert: { ...alert, leadId: lead?.id ?? alert.leadId }, confirmedNow: true };
  });
}

/** The alert stored under a form's idempotency key, or undefined. */
export async function findAlertByKey(key: string, db: Db = getDb().db): Promise<SearchAlertRow | undefined> {
  const [row] = await db.select().from(searchAlerts).where(eq(searchAlerts.idempotencyKey, key)).limit(1);
  return row;
}

/** The alert with this id (a UUID), or undefined (also for a malformed id). */
export async function alertById(db: Db, id: string): Promise<SearchAlertRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(searchAlerts).where(eq(searchAlerts.id, id)).limit(1);
  return row;
}

/** The alerts of an address that are not cancelled, oldest first. */
export async function alertsOfEmail(db: Db, email: string): Promise<SearchAlertRow[]> {
  return db
    .select()
    .from(searchAlerts)
    .where(and(sql`lower(${searchAlerts.email}) = ${email.trim().toLowerCase()}`, isNull(searchAlerts.unsubscribedAt)))
    .orderBy(asc(searchAlerts.createdAt));
}

/**
 * One-click unsubscribe (RFC 8058) of one alert: sets `unsubscribed_at` (no
 * more e-mail; pending ones are dropped). Idempotent.
 * @returns false when the alert does not exist.
 */
export async function unsubscribeAlert(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const alert = await alertById(db, id);
  if (!alert) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(searchAlerts)
      .set({ unsubscribedAt: alert.unsubscribedAt ?? now })
      .where(eq(searchAlerts.id, id));
    await tx
      .delete(searchAlertMails)
      .where(and(eq(searchAlertMails.alertId, id), eq(searchAlertMails.status, "pending")));
  });
  return true;
}

/** A change asked on the management page. */
export type ManageAction = "pause" | "resume" | "delete" | "delete-all";

/**
 * Applies a management action to the alerts of `email` (pausing keeps the
 * alert, resuming starts a new digest window now, deleting removes it with its e-mails; "delete-all" removes every
 * alert of the address). An `id` that is not one of the address's alerts
 * changes nothing.
 * @returns the number of alerts changed.
 */
export async function manageAlerts(
  db: Db,
  email: string,
  action: ManageAction,
  id?: string,
  now: Date = new Date(),
): Promise<number> {
  const mine = sql`lower(${searchAlerts.email}) = ${email.trim().toLowerCase()}`;
  if (action === "delete-all") {
    return (await db.delete(searchAlerts).where(mine).returning({ id: searchAlerts.id })).length;
  }
  if (!id || !(await alertById(db, id))) return 0;
  const target = and(mine, eq(searchAlerts.id, id));
  if (action === "delete")
    return (await db.delete(searchAlerts).where(target).returning({ id: searchAlerts.id })).length;
  const changed = await db
    .update(searchAlerts)
    .set(action === "pause" ? { pausedAt: now } : { pausedAt: null, lastDigestAt: now })
    .where(target)
    .returning({ id: searchAlerts.id });
  return changed.length;
}
