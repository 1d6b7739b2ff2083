/**
 * The admin home's dashboard (docs/decisions/0084-admin-dashboard.md): the
 * shapes of its figures, shared by the server's queries
 * (`~/.server/admin/dashboard`) and the components, the pt-BR durations, and
 * the links from a figure to the filtered lead list (`/admin/leads`).
 */
import type { LeadKind } from "~/domain/lead";
import { type InboxFilters, inboxFilterQuery } from "./lead-inbox";
import { ADMIN_LEADS_PATH } from "./paths";

/** The São Paulo days (`YYYY-MM-DD`) the lead windows start on, and today (the last day of each). */
export interface DashboardWindows {
  today: string;
  /** First day of "7 dias": today and the six days before. */
  weekFrom: string;
  /** First day of "30 dias": today and the 29 days before; also the window of every 30-day figure. */
  monthFrom: string;
}

/** Leads created per window (merged leads left out). */
export interface WindowCounts {
  today: number;
  week: number;
  month: number;
}

/** Leads of one channel (the lead's kind) per window. */
export interface ChannelCounts extends WindowCounts {
  kind: LeadKind;
}

/** A lead still "novo" (nobody has answered it), as the dashboard lists it. */
export interface UnansweredLead {
  id: string;
  kind: LeadKind;
  name: string | null;
  /** ISO time it arrived. */
  createdAt: string;
  /** How long it has waited, ms. */
  ageMs: number;
  /** It has passed the response target (an SLA reminder row exists, ADR 0080). */
  pastSla: boolean;
  /** Name of the responsible broker, or null when nobody is. */
  assignedName: string | null;
}

/** First-response times of a group of leads; durations in ms, null when none was answered. */
export interface ResponseTimes {
  /** Leads of the group answered (with a first response). */
  answered: number;
  medianMs: number | null;
  p90Ms: number | null;
}

/** First-response times of the leads one person answered first. */
export interface BrokerResponseTimes extends ResponseTimes {
  uid: string;
  /** Display name, else e-mail, else uid (a deleted user). */
  name: string;
}

/** First-response times of one channel, and its leads nobody answered yet. */
export interface ChannelResponseTimes extends ResponseTimes {
  kind: LeadKind;
  unanswered: number;
}

/** A search term that found nothing, and how often. */
export interface EmptySearch {
  term: string;
  searches: number;
  /** Distinct visitors per day, summed (the visitor hash changes daily). */
  visitors: number;
}

/** A listing many people viewed without a single lead. */
export interface ViewedListing {
  code: string;
  title: string;
  /** The public listing page. */
  path: string;
  views: number;
}

/** Every figure of the admin home (see the ADR for each definition). */
export interface AdminDashboard {
  windows: DashboardWindows;
  /** One row per kind, in {@link DASHBOARD_KINDS} order. */
  channels: ChannelCounts[];
  totals: WindowCounts;
  unanswered: {
    /** Leads still "novo" now (not merged, not LGPD requests). */
    total: number;
    /** Of those, past the response target. */
    pastSla: number;
    /** The oldest, first. */
    oldest: UnansweredLead[];
  };
  firstResponse: {
    overall: ResponseTimes & { unanswered: number };
    brokers: BrokerResponseTimes[];
    channels: ChannelResponseTimes[];
  };
  emptySearches: EmptySearch[];
  viewedWithoutLeads: ViewedListing[];
}

/** Kinds whose response time the dashboard measures: LGPD requests have their own legal deadline (ADR 0028). */
export const SALES_KINDS = [
  "info",
  "whatsapp",
  "visit",
  "sell",
  "valuation",
  "alert",
] as const satisfies readonly LeadKind[];

/** The lead kinds the dashboard counts, in display order: the sales kinds, then LGPD requests. */
export const DASHBOARD_KINDS = [...SALES_KINDS, "lgpd"] as const satisfies readonly LeadKind[];

/** Unanswered leads listed (oldest first). */
export const UNANSWERED_LIST_SIZE = 10;
/** No-result searches listed. */
export const EMPTY_SEARCHES_SIZE = 20;
/** Listings viewed without leads listed. */
export const VIEWED_WITHOUT_LEADS_SIZE = 10;

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/**
 * A duration in pt-BR, to the nearest minute: "menos de 1 min", "4 min",
 * "1 h", "1 h 20 min", "1 dia 3 h", "2 dias" (from two days on, whole days only).
 * @param ms milliseconds; a negative value reads as 0.
 */
export function formatDuration(ms: number): string {
  const minutes = Math.round(Math.max(0, ms) / MINUTE_MS);
  if (minutes < 1) return "menos de 1 min";
  if (minutes < HOUR_MINUTES) return `${minutes} min`;
  if (minutes < DAY_MINUTES) {
    const rest = minutes % HOUR_MINUTES;
    return `${Math.floor(minutes / HOUR_MINUTES)} h${rest ? ` ${rest} min` : ""}`;
  }
  const days = Math.floor(minutes / DAY_MINUTES);
  const hours = Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES);
  if (days >= 2) return `${days} dias`;
  return `1 dia${hours ? ` ${hours} h` : ""}`;
}

/** How long ago, in pt-BR: "há 12 min", "há 1 h 5 min" (see {@link formatDuration}). */
export function formatAge(ms: number): string {
  return `há ${formatDuration(ms)}`;
}

/** A duration or "—" when there is none (no answered lead). */
export function formatOptionalDuration(ms: number | null): string {
  return ms === null ? "—" : formatDuration(ms);
}

/** `/admin/leads` with the given filters (no filter: the bare path). */
export function leadListHref(filters: Partial<InboxFilters>): string {
  const query = inboxFilterQuery(filters).toString();
  return query ? `${ADMIN_LEADS_PATH}?${query}` : ADMIN_LEADS_PATH;
}
