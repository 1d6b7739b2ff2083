/**
 * The e-mails of a visit (ADR 0088): one renderer per `visit_mails.kind`, each turning what the
 * mail worker (`./mail-worker`) read about the visit into a {@link MailMessage}. This module
 * writes the booking's two mails (the visitor's confirmation with the `.ics` invitation, the
 * broker's notice); the follow-up mails (reminders, feedback request) come from
 * `./followup-mails` and join the registry here.
 *
 * What the visitor receives is the agency's own text only: the visitor's e-mail address is given
 * by the visitor and never verified, so nothing a visitor typed (not even their name) goes to it.
 * The broker's notice may carry what the visitor typed: it goes to the agency's own people.
 */
import { escapeHtml } from "~/lib/html";
import { formatPhone } from "~/lib/phone";
import { visitWhenText } from "~/lib/visit-format";
import { emailLayout, oneLine } from "../mail/templates";
import type { MailMessage } from "../mail/transport";
import { followUpMailRenderers } from "./followup-mails";
import { visitIcs } from "./ics";
import type { VisitRow } from "./types";

/** The listing a visit is for, as the mails show it. */
export interface VisitMailListing {
  /** Vista `Codigo`. */
  code: string;
  /** Public title, or "Imóvel {code}" when the listing is gone. */
  title: string;
  /** Street address shown to the visitor, one line (may be empty when the catalogue hides it). */
  address: string;
  /** Absolute URL of the listing page, or null when the listing was removed. */
  url: string | null;
}

/** Whose calendar the visit is in: a broker (name, e-mail, phone digits) or the agency (null). */
export interface VisitMailBroker {
  name: string;
  email: string | null;
  phone: string | null;
}

/** Everything a renderer may use; built once per row by the mail worker. */
export interface VisitMailContext {
  /** The visit as stored now (status booked: the worker skips rows of cancelled or moved visits). */
  visit: VisitRow;
  /** The row's kind, e.g. "visitor_confirmation". */
  kind: string;
  /** The row's recipient address. */
  recipient: string;
  listing: VisitMailListing;
  /** The visit's broker, or null for the agency's calendar. */
  broker: VisitMailBroker | null;
  /** The agency's display name, phone (digits or null) and leads inbox. */
  agency: { title: string; phone: string | null; email: string };
  /** Public origin, no trailing slash (configuration, never a request's Host). */
  publicUrl: string;
  /** Absolute manage link `/visitas/{token}` of this visit. */
  manageUrl: string;
  /** Absolute URL of the visit's calendar file `/visitas/{token}/convite.ics`. */
  icsUrl: string;
  /** False when the manage token could not be rebuilt (the links then point to the site's root). */
  hasToken: boolean;
  /** For a broker notice of a moved visit: the time it had before the move; else null. */
  previousStartsAt: Date | null;
  /** Host part of stable Message-IDs. */
  messageIdDomain: string;
}

/**
 * Renders one visit e-mail. Pure (no database, no clock): the worker sends what it returns. The
 * Message-ID should be stable per row (`<visit-{visit id}-{kind}-{for_starts_at ms}@domain>`)
 * so a row delivered twice after a crash is dropped by mail clients.
 */
export type VisitMailRenderer = (context: VisitMailContext) => MailMessage;

/** The invitation attached to a mail (the same file as `/visitas/{token}/convite.ics`). */
function icsAttachment(context: VisitMailContext, title: string, description: string) {
  const content = visitIcs(context.visit, {
    title,
    location: context.listing.address,
    description,
    url: context.manageUrl,
    uidDomain: context.messageIdDomain,
  });
  return { filename: "visita.ics", content, contentType: "text/calendar; charset=utf-8; method=PUBLISH" };
}

/** The stable Message-ID of a row: visit, kind and the time it was written for. */
export function visitMessageId(context: VisitMailContext): string {
  return `<visit-${context.visit.id}-${context.kind}-${context.visit.startsAt.getTime()}@${context.messageIdDomain}>`;
}

/** The event's title, e.g. "Visita ao imóvel AP123 – Apartamento em Pinheiros". */
export function visitTitle(listing: VisitMailListing): string {
  return `Visita ao imóvel ${oneLine(listing.code)} – ${oneLine(listing.title).slice(0, 120)}`;
}

/** "Local: Pinheiros, São Paulo – SP. O endereço exato é confirmado pelo corretor." */
function placeLine(listing: VisitMailListing): string {
  const exact = "O endereço exato é confirmado pelo corretor.";
  return listing.address ? `Local: ${listing.address}. ${exact}` : exact;
}

/** Who receives the visitor, as the visitor's mails name them (never anything the visitor typed). */
function hostLine(context: VisitMailContext): string {
  const { broker, agency } = context;
  const phone = broker?.phone ?? agency.phone;
  const who = broker ? `Corretor: ${oneLine(broker.name)}` : `Atendimento: ${oneLine(agency.title)}`;
  return phone ? `${who}, telefone ${formatPhone(phone)}` : who;
}

/**
 * The visitor's confirmation: when and where, who receives them, the manage link and the
 * `.ics`. Only the agency's text: no name or word the visitor typed (the address is unverified).
 */
export const renderVisitorConfirmation: VisitMailRenderer = (context) => {
  const when = visitWhenText(context.visit.startsAt);
  const title = visitTitle(context.listing);
  const subject = `Visita agendada: ${when}`;
  const lines = [
    "Olá!",
    "",
    `Sua visita ao imóvel ${oneLine(context.listing.code)} (${oneLine(context.listing.title)}) está agendada para ${when} (horário de Brasília).`,
    placeLine(context.listing),
    hostLine(context),
    "",
    `Para remarcar ou cancelar: ${context.manageUrl}`,
    `Adicionar à agenda: ${context.icsUrl}`,
    ...(context.listing.url ? [`Ver o anúncio: ${context.listing.url}`] : []),
    "",
    `Você recebe este e-mail porque este endereço foi informado ao agendar uma visita no site de ${oneLine(context.agency.title)}. Se não foi você, ignore esta mensagem ou cancele a visita pelo link acima.`,
  ];
  const html = [
    `<p>Olá!</p>`,
    `<p>Sua visita ao imóvel ${escapeHtml(oneLine(context.listing.code))} (${escapeHtml(oneLine(context.listing.title))}) está agendada para <strong>${escapeHtml(when)}</strong> (horário de Brasília).</p>`,
    `<p>${escapeHtml(placeLine(context.listing))}<br>${escapeHtml(hostLine(context))}</p>`,
    `<p><a href="${escapeHtml(context.manageUrl)}">Remarcar ou cancelar a visita</a> · <a href="${escapeHtml(context.icsUrl)}">Adicionar à agenda</a></p>`,
    context.listing.url ? `<p><a href="${escapeHtml(context.listing.url)}">Ver o anúncio</a></p>` : "",
    `<p style="color:#666;font-size:13px">${escapeHtml(lines.at(-1)!)}</p>`,
  ].join("\n");
  return {
    to: context.recipient,
    subject,
    text: lines.join("\n"),
    html: emailLayout(subject, html),
    messageId: visitMessageId(context),
    replyTo: context.agency.email,
    attachments: [icsAttachment(context, title, `${hostLine(context)}\nRemarcar ou cancelar: ${context.manageUrl}`)],
  };
};

/** The visitor's details as the broker's mails show them (one line each: they were typed by the visitor). */
function visitorRows(visit: VisitRow): [string, string][] {
  return [
    ["Visitante", oneLine(visit.visitorName)],
    ["Telefone", formatPhone(visit.visitorPhone)],
    ...(visit.visitorEmail ? [["E-mail", oneLine(visit.visitorEmail)] as [string, string]] : []),
  ];
}

/** A broker's mail: a heading line, the visit's facts, the visitor's contact, the inbox link. */
function brokerMail(context: VisitMailContext, subject: string, heading: string, withIcs: boolean): MailMessage {
  const when = visitWhenText(context.visit.startsAt);
  const before = context.previousStartsAt;
  const rows: [string, string][] = [
    [before ? "Novo horário" : "Quando", `${when} (horário de Brasília)`],
    ...(before ? [["Horário anterior", `${visitWhenText(before)} (horário de Brasília)`] as [string, string]] : []),
    ["Imóvel", `${oneLine(context.listing.code)} – ${oneLine(context.listing.title)}`],
    ["Local", context.listing.address],
    ...visitorRows(context.visit),
  ];
  const inbox = context.visit.leadId ? `${context.publicUrl}/painel/leads/${context.visit.leadId}` : null;
  const text = [heading, "", ...rows.map(([label, value]) => `${label}: ${value}`)];
  if (inbox) text.push("", `Ver o contato no painel: ${inbox}`);
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#444">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<p>${escapeHtml(heading)}</p>`,
    `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse">${table}</table>`,
    inbox ? `<p><a href="${escapeHtml(inbox)}">Ver o contato no painel</a></p>` : "",
  ].join("\n");
  const title = `${visitTitle(context.listing)} – ${oneLine(context.visit.visitorName).slice(0, 80)}`;
  return {
    to: context.recipient,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html),
    messageId: visitMessageId(context),
    ...(withIcs ? { attachments: [icsAttachment(context, title, text.join("\n"))] } : {}),
  };
}

/**
 * The broker's notice of a visit booked or moved (then "remarcada", with the old and the new
 * time): the visit, the visitor's contact and the `.ics`.
 */
export const renderBrokerNotice: VisitMailRenderer = (context) => {
  const moved = context.previousStartsAt !== null;
  const what = moved ? "remarcada" : "agendada";
  const whose = context.broker ? "na sua agenda" : "na agenda da imobiliária";
  const heading = moved
    ? `Uma visita ${whose} foi remarcada pelo visitante: de ${visitWhenText(context.previousStartsAt!)} para ${visitWhenText(context.visit.startsAt)}.`
    : `Uma visita foi agendada pelo site ${whose}.`;
  return brokerMail(
    context,
    `Visita ${what}: ${oneLine(context.listing.code)}, ${visitWhenText(context.visit.startsAt)}`,
    heading,
    true,
  );
};

/** The broker's notice that the visitor cancelled (no `.ics`: the time is free again). */
export const renderBrokerCancelled: VisitMailRenderer = (context) =>
  brokerMail(
    context,
    `Visita cancelada: ${oneLine(context.listing.code)}, ${visitWhenText(context.visit.startsAt)}`,
    "O visitante cancelou esta visita pelo link de gerenciamento.",
    false,
  );

/** Every kind the mail worker knows: the booking's own and the follow-ups. */
export const visitMailRenderers: Record<string, VisitMailRenderer> = {
  ...followUpMailRenderers,
  visitor_confirmation: renderVisitorConfirmation,
  broker_notice: renderBrokerNotice,
  broker_cancelled: renderBrokerCancelled,
};
