/**
 * What the lead page of the broker area (`/painel/leads/:id`, ADR 0081)
 * reads: the lead with its listing (title and public page from the read
 * model), its broker, its first response, the lead it may duplicate or was
 * merged into, and its history. The changes are `./workflow`.
 */
import { eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { LeadHistoryItem, LeadPageLead, PanelLeadListing, RelatedLead } from "~/lib/lead-workflow";
import { listingPath } from "~/lib/urls";
import { type Db, getDb } from "../db";
import { listingPathColumns } from "../catalogue/listing-path";
import { leads, listings, users } from "../db/schema";
import { leadHistory } from "./history";
import type { LeadAccessFacts } from "./workflow";

/** The lead page's data and what the permission check needs. */
export interface LeadPageData {
  lead: LeadPageLead;
  access: LeadAccessFacts;
  history: LeadHistoryItem[];
}

/** Listings (read model) of `codes`, by code: title, public path and Vista broker code. */
export async function listingsByCode(
  db: Db,
  codes: readonly string[],
): Promise<Map<string, PanelLeadListing & { brokerCode: string | null }>> {
  const unique = [...new Set(codes)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ ...listingPathColumns, title: listings.title, brokerCode: listings.brokerCode })
    .from(listings)
    .where(inArray(listings.code, unique));
  return new Map(
    rows.map((row) => [
      row.code,
      { code: row.code, title: row.title, path: listingPath(row), brokerCode: row.brokerCode },
    ]),
  );
}

async function relatedLead(db: Db, id: string | null): Promise<RelatedLead | null> {
  if (!id) return null;
  const [row] = await db
    .select({ id: leads.id, name: leads.name, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.id, id));
  return row ? { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() } : null;
}

/** Lead `id` as its page shows it, or null when there is none. `id` must be a UUID (the route checks). */
export async function loadLeadPage(id: string, db: Db = getDb().db): Promise<LeadPageData | null> {
  const assignee = alias(users, "assignee");
  const responder = alias(users, "responder");
  const [row] = await db
    .select({
      lead: leads,
      assignedName: assignee.displayName,
      assignedEmail: assignee.email,
      responderName: responder.displayName,
      responderEmail: responder.email,
    })
    .from(leads)
    .leftJoin(assignee, eq(assignee.uid, leads.assignedUid))
    .leftJoin(responder, eq(responder.uid, leads.firstResponseUid))
    .where(eq(leads.id, id));
  if (!row) return null;
  const { lead } = row;
  const listing = lead.listingCode
    ? ((await listingsByCode(db, [lead.listingCode])).get(lead.listingCode) ?? null)
    : null;
  const [duplicateOf, mergedInto, events] = await Promise.all([
    relatedLead(db, lead.duplicateOfId),
    relatedLead(db, lead.mergedIntoId),
    leadHistory(lead.id, db),
  ]);
  return {
    lead: {
      id: lead.id,
      kind: lead.kind,
      status: lead.status,
      name: lead.name,
      phone: lead.phone,
      email: lead.email,
      message: lead.message,
      location: lead.location,
      condominium: lead.condominium,
      listingCode: lead.listingCode,
      pageUrl: lead.pageUrl,
      utm: lead.utm,
      createdAt: lead.createdAt.toISOString(),
      updatedAt: lead.updatedAt.toISOString(),
      assigned: lead.assignedUid
        ? { uid: lead.assignedUid, name: row.assignedName || row.assignedEmail || lead.assignedUid }
        : null,
      lostReason: lead.lostReason,
      firstResponseAt: lead.firstResponseAt?.toISOString() ?? null,
      firstResponseName: lead.firstResponseUid
        ? row.responderName || row.responderEmail || lead.firstResponseUid
        : null,
      listing: listing ? { code: listing.code, title: listing.title, path: listing.path } : null,
      duplicateOf,
      mergedInto,
    },
    access: { kind: lead.kind, assignedUid: lead.assignedUid, listingBrokerCode: listing?.brokerCode ?? null },
    history: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      type: event.type,
      actorName: event.actorName,
      fromValue: event.fromValue,
      toValue: event.toValue,
      note: event.note,
    })),
  };
}

/** The access facts of lead `id` (a merge's target must be the user's too), or null when there is none. */
export async function leadAccessFacts(db: Db, id: string): Promise<LeadAccessFacts | null> {
  const [row] = await db
    .select({ kind: leads.kind, assignedUid: leads.assignedUid, listingBrokerCode: listings.brokerCode })
    .from(leads)
    .leftJoin(listings, eq(listings.code, leads.listingCode))
    .where(eq(leads.id, id));
  return row ?? null;
}
