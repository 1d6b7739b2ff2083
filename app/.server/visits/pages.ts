/**
 * The loaders' work of the visit pages (ADR 0088): the booking page of a listing and the manage
 * page of a token. Bounded: one listing, one calendar, at most the horizon's days of slots; the
 * token page is rate-limited per IP first (like the owner's report) and never cached.
 */
import { redirect } from "@remix-run/node";
import { RateLimiterRes } from "rate-limiter-flexible";
import { pageNotFound, rejectionResponse } from "~/lib/errors";
import { formatPhone } from "~/lib/phone";
import { visitShortDayText, visitDayText, visitTimeText } from "~/lib/visit-format";
import { pageOfDays } from "~/lib/visit-form";
import { slotsByDay, slotValue, type VisitSlot } from "~/lib/visit-slots";
import { getAgencyProfile } from "../agency";
import { getListingPage, listingDisplayTitle } from "../catalogue/detail";
import { DETAIL_REDIRECT_CACHE_CONTROL } from "../catalogue/detail-view";
import type { Db } from "../db";
import { retryAfterText } from "../leads/form-guard";
import { type Limiter, processLimiter } from "../rate-limit";
import { brokerContact, calendarForListing, freeSlots } from "./calendar";
import { visitListingInfo } from "./listing-info";
import { findVisitByToken, rescheduleSlots, visitChangeable } from "./manage";
import type { VisitRow } from "./types";

/** Openings and changes of manage pages per IP per minute (as the owner's report). */
export const VISIT_PAGE_LIMIT = { points: 30, durationSeconds: 60 } as const;

/** Headers of every answer of a manage page: never cached, never indexed, the token never leaks as a referrer. */
export const VISIT_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The process's limiter of manage-page requests. */
export function visitPageLimiter(): Limiter {
  return processLimiter("visit-page-limiter", { keyPrefix: "visit-page", ...VISIT_PAGE_LIMIT });
}

/** One day of slots as a page shows it. */
export interface SlotDayView {
  day: string;
  /** "sex., 11/12". */
  label: string;
  /** "sexta-feira, 11 de dezembro de 2026". */
  longLabel: string;
  slots: { value: string; time: string }[];
}

/** A page of slot days with the `?dia=` of the pages around it. */
export interface SlotPageView {
  days: SlotDayView[];
  previous: string | null;
  next: string | null;
}

/** Slots as the pages show them: grouped by São Paulo day, one page of days from `day`. */
export function slotPageView(slots: readonly VisitSlot[], day: string | null): SlotPageView {
  const groups = slotsByDay(slots).map((group) => ({
    day: group.day,
    label: visitShortDayText(group.slots[0]!.startsAt),
    longLabel: visitDayText(group.slots[0]!.startsAt),
    slots: group.slots.map((slot) => ({ value: slotValue(slot), time: slot.time })),
  }));
  const page = pageOfDays(groups, day);
  return { days: page.shown, previous: page.previous, next: page.next };
}

/** The listing of a booking page, its canonical path and its free slots. */
export interface BookingPageData {
  listing: { code: string; title: string; place: string; coverPhotoUrl: string; path: string };
  slots: SlotPageView;
}

/**
 * The booking page of `/detalhes/{condominio}/{id}/agendar`.
 * @throws {Response} 404 unknown listing, 410 removed listing, 301 to the canonical path.
 */
export async function bookingPageData(db: Db, url: URL, id: string, day: string | null): Promise<BookingPageData> {
  const page = await getListingPage(id, db);
  if (!page) throw pageNotFound(url.pathname);
  if (page.removed) {
    throw rejectionResponse({
      status: 410,
      message: "Este imóvel não está mais disponível, por isso não é possível agendar uma visita.",
      path: url.pathname,
    });
  }
  const canonical = `${page.path}/agendar`;
  if (url.pathname !== canonical) {
    throw redirect(`${canonical}${url.search}`, {
      status: 301,
      headers: { "Cache-Control": DETAIL_REDIRECT_CACHE_CONTROL },
    });
  }
  const { listing } = page;
  const calendar = await calendarForListing(db, listing.code);
  const slots = await freeSlots(db, calendar, new Date());
  return {
    listing: {
      code: listing.code,
      title: listingDisplayTitle(listing),
      place: [listing.development, listing.neighbourhood, listing.city].filter(Boolean).join(", "),
      coverPhotoUrl: listing.coverPhotoUrl ?? "",
      path: page.path,
    },
    slots: slotPageView(slots, day),
  };
}

/**
 * The visit of a manage token after the per-IP limit.
 * @throws {Response} 429 (too many requests from the IP), 404 (malformed or unknown token).
 */
export async function guardedVisit(
  db: Db,
  url: URL,
  token: string | undefined,
  clientIp: string | undefined,
  limiter: Limiter = visitPageLimiter(),
): Promise<VisitRow> {
  try {
    await limiter.consume(clientIp || "unknown");
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw rejectionResponse({
      status: 429,
      message: `Muitas aberturas seguidas. ${retryAfterText(seconds)}`,
      path: url.pathname,
    });
  }
  const visit = await findVisitByToken(db, token);
  if (!visit) throw pageNotFound(url.pathname);
  return visit;
}

/** What the manage page shows (the visitor's own data: the token is theirs). */
export interface ManagePageData {
  status: VisitRow["status"];
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** "sexta-feira, 11 de dezembro de 2026", "10:00" (São Paulo). */
  dayText: string;
  timeText: string;
  changeable: boolean;
  listing: { code: string; title: string; place: string; path: string | null };
  host: { label: string; name: string; phone: string | null };
  visitor: { name: string; phone: string; email: string };
  /** Free slots to move to (empty when the visit can no longer change). */
  slots: SlotPageView;
}

/** The manage page of a visit (see {@link ManagePageData}). */
export async function managePageData(db: Db, visit: VisitRow, day: string | null): Promise<ManagePageData> {
  const now = new Date();
  const changeable = visitChangeable(visit, now);
  const [listing, broker, agency, slots] = await Promise.all([
    visitListingInfo(db, visit.listingCode),
    visit.brokerUid ? brokerContact(db, visit.brokerUid) : Promise.resolve(null),
    getAgencyProfile(db),
    changeable ? rescheduleSlots(db, visit, now) : Promise.resolve([]),
  ]);
  const phone = broker?.phone ?? agency.phone ?? agency.whatsapp;
  return {
    status: visit.status,
    startsAt: visit.startsAt.toISOString(),
    endsAt: visit.endsAt.toISOString(),
    dayText: visitDayText(visit.startsAt),
    timeText: visitTimeText(visit.startsAt),
    changeable,
    listing: { code: listing.code, title: listing.title, place: listing.address, path: listing.path },
    host: {
      label: broker ? "Corretor" : "Atendimento",
      name: broker?.name || agency.tradeName,
      phone: phone ? formatPhone(phone) : null,
    },
    visitor: { name: visit.visitorName, phone: formatPhone(visit.visitorPhone), email: visit.visitorEmail },
    slots: slotPageView(slots, day),
  };
}
