/**
 * The follow-up e-mails of a visit (ADR 0093), rows of the visits' outbox (`visit_mails`) written
 * at booking and at each reschedule, and sent by the visits' mail worker when due:
 *
 * - `visitor_reminder`: {@link REMINDER_BEFORE_MS} before the start, to the visitor's e-mail
 *   when one was given;
 * - `broker_reminder`: at the same time, to the visit's broker (the agency's inbox for the
 *   agency's calendar);
 * - `visitor_feedback`: {@link FEEDBACK_AFTER_MS} after the visit's end, to the visitor's e-mail:
 *   a link to rate the visit 1–5 with a comment (`/visitas/{token}/avaliacao`).
 *
 * A reminder whose time has passed already (a visit booked less than a day ahead: the
 * confirmation just went out) is not written. The worker skips rows written for an older start
 * (`for_starts_at`) or of a cancelled visit, so a reschedule or a cancellation needs no clean-up.
 *
 * What goes to the visitor's address (unverified: anyone may type someone else's) is the agency's
 * own text and the site's links only: never a word the visitor typed, not even their name. The
 * broker's reminder goes to the agency's own people and names the visitor and their contact.
 */
import { escapeHtml } from "~/lib/html";
import { panelLeadPath } from "~/lib/lead-workflow";
import { formatPhone } from "~/lib/phone";
import { visitWhenText } from "~/lib/visit-format";
import type { visitMails } from "../db/schema";
import { emailLayout, oneLine } from "../mail/templates";
import type { MailMessage } from "../mail/transport";
import type { VisitMailContext, VisitMailRenderer } from "./mails";
import type { VisitRow } from "./types";

/** How long before a visit the reminders go out: 24 h (ms). */
export const REMINDER_BEFORE_MS = 24 * 3600_000;
/** How long after a visit's end the rating request goes out: 2 h (ms). */
export const FEEDBACK_AFTER_MS = 2 * 3600_000;

/** The follow-up kinds of `visit_mails.kind`. */
export const FOLLOW_UP_KINDS = ["visitor_reminder", "broker_reminder", "visitor_feedback"] as const;
/** One of {@link FOLLOW_UP_KINDS}. */
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

/** Options of {@link followUpMailRows}. */
export interface FollowUpRowOptions {
  /** The clock (default: now); a reminder due before it is not written. */
  now?: Date;
  /**
   * The address the broker's reminder is recorded for (the broker's, or the agency's inbox). The
   * renderer addresses the mail to the broker's e-mail as it is when sent, so "" is fine here.
   */
  brokerRecipient?: string;
}

/**
 * The follow-up rows of a visit just booked or moved, for its current start (`forStartsAt`), each
 * due at its own future time (`nextAttemptAt`); see the module comment for which are written.
 */
export function followUpMailRows(
  visit: Pick<VisitRow, "id" | "startsAt" | "endsAt" | "visitorEmail">,
  options: FollowUpRowOptions = {},
): (typeof visitMails.$inferInsert)[] {
  const now = options.now ?? new Date();
  const base = { visitId: visit.id, forStartsAt: visit.startsAt };
  const remindAt = new Date(visit.startsAt.getTime() - REMINDER_BEFORE_MS);
  const feedbackAt = new Date(visit.endsAt.getTime() + FEEDBACK_AFTER_MS);
  const email = visit.visitorEmail.trim();
  const rows: (typeof visitMails.$inferInsert)[] = [];
  if (remindAt > now) {
    if (email) rows.push({ ...base, kind: "visitor_reminder", recipient: email, nextAttemptAt: remindAt });
    rows.push({ ...base, kind: "broker_reminder", recipient: options.brokerRecipient ?? "", nextAttemptAt: remindAt });
  }
  if (email && feedbackAt > now)
    rows.push({ ...base, kind: "visitor_feedback", recipient: email, nextAttemptAt: feedbackAt });
  return rows;
}

/** A stable Message-ID per visit, kind and start: a row delivered twice is dropped by mail clients. */
function messageId(context: VisitMailContext, kind: FollowUpKind): string {
  return `<visit-${context.visit.id}-${kind}-${context.visit.startsAt.getTime()}@${context.messageIdDomain}>`;
}

/** The listing on one line: "Apartamento em Moema (cód. 123)". */
function listingLine(context: VisitMailContext): string {
  return `${oneLine(context.listing.title)} (cód. ${oneLine(context.listing.code)})`;
}

/** Text and HTML of an e-mail made of paragraphs and [label, link] pairs (all escaped here). */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  links: [string, string][],
  footer: string,
): Omit<MailMessage, "messageId"> {
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...links.map(([label, url]) => `${label}: ${url}`),
    "",
    footer,
  ].join("\n");
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
    `<p style="color:#666;font-size:13px">${escapeHtml(footer)}</p>`,
  ].join("\n");
  return { to, subject, text, html: emailLayout(subject, html) };
}

/** The agency's signature line: its name and phone (the agency's own data). */
function signature(context: VisitMailContext): string {
  const phone = context.agency.phone ? ` · ${formatPhone(context.agency.phone)}` : "";
  return `${oneLine(context.agency.title)}${phone}`;
}

/** Why the visitor got this e-mail, without repeating anything they typed. */
const VISITOR_FOOTER =
  "Você recebe este e-mail porque este endereço foi informado ao agendar uma visita pelo nosso site. " +
  "Se não foi você, ignore esta mensagem.";

/** The visitor's reminder: when, where, and the link to reschedule or cancel. */
export const renderVisitorReminder: VisitMailRenderer = (context) => {
  const when = visitWhenText(context.visit.startsAt);
  const subject = `Lembrete: sua visita é ${when}`;
  const paragraphs = [
    "Olá!",
    `Lembramos que sua visita ao imóvel ${listingLine(context)} está marcada para ${when} (horário de Brasília).`,
    ...(context.listing.address ? [`Endereço: ${oneLine(context.listing.address)}.`] : []),
    "Se não puder ir, remarque ou cancele pelo link abaixo: assim o horário fica livre para outra pessoa.",
    signature(context),
  ];
  const links: [string, string][] = [["Remarcar ou cancelar a visita", context.manageUrl]];
  if (context.listing.url) links.push(["Ver o anúncio", context.listing.url]);
  return {
    ...compose(context.recipient, subject, paragraphs, links, VISITOR_FOOTER),
    messageId: messageId(context, "visitor_reminder"),
  };
};

/** The broker's reminder: the visit, the visitor and their contact, and the lead's page. */
export const renderBrokerReminder: VisitMailRenderer = (context) => {
  const { visit } = context;
  const when = visitWhenText(visit.startsAt);
  const visitor = oneLine(visit.visitorName) || "Visitante";
  const subject = `Lembrete: visita ${when} — ${oneLine(context.listing.title)}`;
  const contact = [
    visit.visitorPhone ? `telefone ${formatPhone(visit.visitorPhone)}` : "",
    visit.visitorEmail ? `e-mail ${oneLine(visit.visitorEmail)}` : "",
  ].filter(Boolean);
  const paragraphs = [
    `Você tem uma visita ${when} (horário de Brasília): ${listingLine(context)}.`,
    ...(context.listing.address ? [`Endereço: ${oneLine(context.listing.address)}.`] : []),
    `Visitante: ${visitor}${contact.length ? ` (${contact.join(", ")})` : ""}.`,
  ];
  const links: [string, string][] = [];
  if (visit.leadId) links.push(["Abrir o atendimento", `${context.publicUrl}${panelLeadPath(visit.leadId)}`]);
  if (context.listing.url) links.push(["Ver o anúncio", context.listing.url]);
  const to = context.broker?.email || context.recipient || context.agency.email;
  return {
    ...compose(to, subject, paragraphs, links, "Lembrete automático da agenda de visitas do site."),
    messageId: messageId(context, "broker_reminder"),
  };
};

/** The rating request: a link to rate the visit 1–5 with a comment. */
export const renderVisitorFeedback: VisitMailRenderer = (context) => {
  const subject = `Como foi sua visita ao imóvel ${oneLine(context.listing.title)}?`;
  const paragraphs = [
    "Olá!",
    `Obrigado por visitar o imóvel ${listingLine(context)} em ${visitWhenText(context.visit.startsAt)}.`,
    "Conte para nós como foi: dê uma nota de 1 a 5 e, se quiser, deixe um comentário. Leva menos de um minuto.",
    signature(context),
  ];
  const links: [string, string][] = [["Avaliar a visita", `${context.manageUrl}/avaliacao`]];
  return {
    ...compose(context.recipient, subject, paragraphs, links, VISITOR_FOOTER),
    messageId: messageId(context, "visitor_feedback"),
  };
};

/** The follow-up renderers by `visit_mails.kind`, for the registry of `./mails`. */
export const followUpMailRenderers: Record<FollowUpKind, VisitMailRenderer> = {
  visitor_reminder: renderVisitorReminder,
  broker_reminder: renderBrokerReminder,
  visitor_feedback: renderVisitorFeedback,
};
