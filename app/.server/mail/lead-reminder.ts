/**
 * The reminders that a lead is still unanswered (ADR 0080), sent by the lead
 * outbox: `sla_broker` to the responsible broker once the response target
 * (`LEAD_SLA_MINUTES` business minutes) has passed, `sla_admin` to the active
 * administrators after `LEAD_SLA_ADMIN_MINUTES`. They go only to staff
 * addresses (users of the site), never to the visitor; still, every value
 * that came from the visitor or the catalogue is put on one line and escaped
 * (`escapeHtml`, through the lead e-mails' paragraph, table and layout of
 * `./templates`), and the visitor's message is not repeated: the link leads
 * to the lead's page in the broker area.
 */
import { panelLeadPath } from "~/lib/lead-workflow";
import { formatPhone } from "~/lib/phone";
import type { LeadRow } from "../leads/store";
import {
  htmlTable,
  type LeadListingContext,
  leadMail,
  link,
  oneLine,
  paragraph,
  receivedAt,
  textRows,
} from "./templates";
import type { MailMessage } from "./transport";

/** Options of {@link renderLeadReminderEmail}. */
export interface LeadReminderEmailOptions {
  lead: LeadRow;
  channel: "sla_broker" | "sla_admin";
  /** One address, or several separated by commas (the administrators). */
  to: string;
  listing: LeadListingContext | null;
  /** The responsible broker's name, or null when the lead has none. */
  assignedName: string | null;
  /** Site origin without a trailing slash, e.g. https://www.imobiliaria.com.br. */
  publicUrl: string;
  /** When the e-mail is written (the lead's age is counted to it). */
  now: Date;
  /** Host part of the Message-ID. */
  messageIdDomain?: string;
}

/** The path of a lead's page in the broker area (the link of the reminder). */
export { panelLeadPath };

/**
 * A lead's age in pt-BR words, wall clock: "25 minutos", "2 h 5 min", "3 dias".
 * @param ms the age in ms (negative counts as zero).
 */
export function leadAgeText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} dias`;
}

/**
 * The reminder e-mail: subject "Lead sem resposta há {age}: {name}", who the
 * lead is (name, phone, e-mail), when it arrived, the listing, the responsible
 * broker (to the administrators) and the link to the lead's page.
 */
export function renderLeadReminderEmail(options: LeadReminderEmailOptions): MailMessage {
  const { lead, listing } = options;
  const age = leadAgeText(options.now.getTime() - lead.createdAt.getTime());
  const who = lead.name ? oneLine(lead.name) : "visitante";
  const leadLink = `${options.publicUrl}${panelLeadPath(lead.id)}`;
  const subject = `Lead sem resposta há ${age}: ${who}`;
  const intro =
    options.channel === "sla_broker"
      ? `Um contato que está com você ainda não foi respondido. Ele chegou há ${age}.`
      : options.assignedName
        ? `Um contato ainda não foi respondido depois de ${age}. Vale conferir com o responsável.`
        : `Um contato sem corretor responsável ainda não foi respondido depois de ${age}. Escolha um responsável.`;

  const rows: [string, string][] = [["Nome", who]];
  if (lead.phone) rows.push(["Telefone", formatPhone(lead.phone)]);
  if (lead.email) rows.push(["E-mail", oneLine(lead.email)]);
  rows.push(["Recebido em", receivedAt.format(lead.createdAt)]);
  if (listing) rows.push(["Imóvel", `${oneLine(listing.title)} (código ${oneLine(listing.code)})`]);
  else if (lead.listingCode) rows.push(["Imóvel", `código ${oneLine(lead.listingCode)}`]);
  if (options.channel === "sla_admin") rows.push(["Responsável", options.assignedName ?? "sem responsável"]);

  const text = [intro, "", ...textRows(rows), "", `Abrir o lead: ${leadLink}`];
  const html = [paragraph(intro), htmlTable(rows), `<p>${link(leadLink, "Abrir o lead")}</p>`];
  return leadMail(lead, options, { subject, text, html, replyTo: null });
}
