/**
 * The visit's calendar invitation (RFC 5545, written by the `ics` package): one event in UTC
 * (calendar apps show it in the reader's zone), a stable UID per visit so that the file of a
 * moved visit updates the event instead of adding one, and a SEQUENCE that grows with each change.
 */
import { createEvent } from "ics";
import type { VisitRow } from "./types";

/** What the invitation says besides the visit's times. */
export interface VisitIcsOptions {
  /** e.g. "Visita ao imóvel AP123 – Apartamento em Pinheiros". */
  title: string;
  /** The place as the site shows it (one line). */
  location: string;
  /** Plain text: the broker or agency to call, the manage link. */
  description: string;
  /** The manage link (absolute). */
  url: string;
  /** Host part of the UID, e.g. the site's host name. */
  uidDomain: string;
}

/**
 * The `.ics` text of a visit (CRLF lines). A cancelled visit gives a cancelled event.
 * @throws Error when the `ics` package refuses the event (e.g. an invalid URL).
 */
export function visitIcs(visit: VisitRow, options: VisitIcsOptions): string {
  const utc = (at: Date) => at.getTime();
  const { error, value } = createEvent({
    uid: `visit-${visit.id}@${options.uidDomain}`,
    start: utc(visit.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utc(visit.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    title: options.title,
    location: options.location,
    description: options.description,
    url: options.url,
    status: visit.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
    // Seconds since the booking: grows with every change of the row.
    sequence: Math.max(0, Math.floor((visit.updatedAt.getTime() - visit.createdAt.getTime()) / 1000)),
    productId: "imobiliaria/visitas",
  });
  if (error || !value) throw new Error(`convite da visita inválido: ${error?.message ?? "vazio"}`);
  return value;
}
