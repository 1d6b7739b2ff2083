/**
 * A lead's contact facts as the admin inbox's card and the lead page show
 * them: how to reach the visitor (phone and e-mail as links), what they wrote
 * about (listing, condominium, place, message) and where they came from (page,
 * UTM), each only when known; the caller adds its own facts before and after.
 */
import type { ReactNode } from "react";
import { FactList } from "./fact-list";
import type { InboxLead } from "~/lib/lead-inbox";
import { formatPhone, telHref } from "~/lib/phone";
import * as s from "./admin.css";

/** One row of the list: its term (unique in the list) and its value. */
export type LeadFact = [string, ReactNode];

/** The lead fields the contact facts read. */
export type LeadContactFields = Pick<
  InboxLead,
  "phone" | "email" | "listingCode" | "condominium" | "location" | "message" | "pageUrl" | "utm"
>;

/** Props of {@link LeadContactFacts}. */
export interface LeadContactFactsProps {
  lead: LeadContactFields;
  /** What "Imóvel" shows (e.g. a link to the listing); default its code, when the lead has one. */
  listing?: ReactNode;
  /** Facts listed first. */
  before?: readonly LeadFact[];
  /** Facts listed last. */
  after?: readonly LeadFact[];
}

/** The contact facts of `lead` between `before` and `after`, as the admin area's definition list. */
export function LeadContactFacts({ lead, listing, before = [], after = [] }: LeadContactFactsProps) {
  const facts: LeadFact[] = [...before];
  if (lead.phone) facts.push(["Telefone", <a href={telHref(lead.phone)}>{formatPhone(lead.phone)}</a>]);
  if (lead.email) facts.push(["E-mail", <a href={`mailto:${lead.email}`}>{lead.email}</a>]);
  const listed = listing ?? lead.listingCode;
  if (listed) facts.push(["Imóvel", listed]);
  if (lead.condominium) facts.push(["Condomínio", lead.condominium]);
  if (lead.location) facts.push(["Localização", lead.location]);
  if (lead.message) facts.push(["Mensagem", lead.message]);
  if (lead.pageUrl) facts.push(["Página", lead.pageUrl]);
  if (lead.utm && Object.keys(lead.utm).length)
    facts.push([
      "UTM",
      Object.entries(lead.utm)
        .map(([key, value]) => `${key}=${value}`)
        .join(", "),
    ]);
  facts.push(...after);
  return <FactList rows={facts} classes={{ list: s.facts, row: s.factRow, term: s.term, value: s.value }} />;
}
