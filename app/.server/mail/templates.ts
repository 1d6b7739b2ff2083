/**
 * Every e-mail the site sends, in pt-BR, as a plain-text part and an HTML
 * part: the lead e-mails (to the agency and to the listing's broker), the
 * password-reset code and the invitation to the broker area. The HTML parts
 * share one layout ({@link emailLayout}) and one escaping function
 * (`escapeHtml` of `~/lib/html`): every value that comes from a visitor, an
 * admin or the catalogue is escaped.
 */
import { escapeHtml } from "~/lib/html";
import { formatPrice } from "~/lib/format";
import { formatPhone } from "~/lib/phone";
import { saoPauloFormat } from "~/lib/sao-paulo-time";
import type { LeadChannel } from "../db/schema";
import type { LeadRow } from "../leads/store";
import type { MailMessage } from "./transport";

/**
 * The HTML document of an e-mail: pt-BR, UTF-8, the subject as title and
 * `body` (already escaped HTML) in a sans-serif body.
 */
export function emailLayout(subject: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif">
${body}
</body></html>`;
}

/** `text` escaped in a paragraph; `style` is a trusted inline style. */
export function paragraph(text: string, style?: string): string {
  return `<p${style ? ` style="${style}"` : ""}>${escapeHtml(text)}</p>`;
}

/** A link whose text is `text` (default: the URL itself), both escaped. */
export function link(url: string, text = url): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
}

// ---------------------------------------------------------------------------
// Lead e-mails

/** What an e-mail shows about the listing a lead is about. */
export interface LeadListingContext {
  code: string;
  title: string;
  /** BRL, null when not for sale. */
  salePrice: number | null;
  /** BRL per month, null when not for rent. */
  rentPrice: number | null;
  /** Absolute URL of the listing page. */
  url: string;
}

/** Options of {@link renderLeadEmail}. */
export interface RenderLeadEmailOptions {
  lead: LeadRow;
  channel: Extract<LeadChannel, "email_agency" | "email_broker">;
  to: string;
  listing?: LeadListingContext | null;
  /** Agency display name, e.g. "Horizonte Imobiliária". */
  agencyTitle: string;
  /** Host part of the Message-ID (default "imobiliaria.localhost"). */
  messageIdDomain?: string;
}

const KIND_LABELS: Record<LeadRow["kind"], string> = {
  sell: "Quero vender meu imóvel",
  info: "Mais informações sobre imóvel",
  whatsapp: "Contato pelo WhatsApp",
  alert: "Avise-me / alerta de busca",
  lgpd: "Solicitação LGPD",
  visit: "Visita agendada",
  valuation: "Avaliação do meu imóvel (captação)",
};

/** The stable Message-ID of a lead e-mail: `<lead-{id}-{channel}@domain>` (ADR 0014). */
export function leadMessageId(leadId: string, channel: LeadChannel, domain = "imobiliaria.localhost"): string {
  return `<lead-${leadId}-${channel}@${domain}>`;
}

/**
 * A lead's e-mail to `delivery.to` through `delivery.channel` (a renderer passes its own
 * options): the text and HTML lines of `content` joined, the HTML in the {@link emailLayout},
 * the stable {@link leadMessageId}, and the `X-Lead-Id` / `X-Lead-Kind` headers; `replyTo` is
 * left out when null.
 */
export function leadMail(
  lead: Pick<LeadRow, "id" | "kind">,
  delivery: { to: string; channel: LeadChannel; messageIdDomain?: string },
  content: { subject: string; text: string[]; html: string[]; replyTo: string | null | undefined },
): MailMessage {
  return {
    to: delivery.to,
    subject: content.subject,
    text: content.text.join("\n"),
    html: emailLayout(content.subject, content.html.join("\n")),
    messageId: leadMessageId(lead.id, delivery.channel, delivery.messageIdDomain),
    replyTo: content.replyTo ?? undefined,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}

/** Control characters (C0 but tab and LF, DEL, C1) and U+2028/U+2029. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * `value` on one line: every line break, tab and other control character
 * becomes a space. The forms already refuse them in one-line fields
 * (`~/lib/text-fields`); this keeps a row stored before that rule from
 * adding fake lines to the e-mail ("Nome: Ana\nTelefone: …").
 */
export function oneLine(value: string): string {
  return value.replace(CONTROLS, " ").replace(/[\t\n]/g, " ");
}

/** `value` with its line breaks (LF) and tabs kept and every other control character removed (CRLF → LF). */
export function multiLine(value: string): string {
  return value.replace(/\r\n/g, "\n").replace(CONTROLS, "");
}

/** "12/03/2026, 12:00" in São Paulo time: when a lead arrived, as the lead e-mails say it. */
export const receivedAt = saoPauloFormat("pt-BR", { dateStyle: "short", timeStyle: "short" });

/** The lead's own fields as [label, value] rows, only the known ones; the message keeps its lines. */
function leadRows(lead: LeadRow): [string, string][] {
  const rows: [string, string][] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) rows.push([label, label === "Mensagem" ? multiLine(value) : oneLine(value)]);
  };
  add("Tipo", KIND_LABELS[lead.kind]);
  add("Nome", lead.name);
  add("Telefone", lead.phone ? formatPhone(lead.phone) : null);
  add("E-mail", lead.email);
  add("Localização do imóvel", lead.location);
  add("Condomínio", lead.condominium);
  add("Página", lead.pageUrl);
  if (lead.utm) {
    const utm = Object.entries(lead.utm).map(([key, value]) => `${key}=${value}`);
    add("UTM", utm.join(", "));
  }
  add("Mensagem", lead.message);
  add("Recebido em", receivedAt.format(lead.createdAt));
  return rows;
}

/** The listing block: title, code, prices (BRL) and link; only the code when the listing is unknown. */
function listingRows(lead: LeadRow, listing: LeadListingContext | null | undefined): [string, string][] {
  if (!listing) return lead.listingCode ? [["Código do imóvel", lead.listingCode]] : [];
  const rows: [string, string][] = [
    ["Imóvel", listing.title],
    ["Código", listing.code],
  ];
  if (listing.salePrice != null) rows.push(["Venda", formatPrice(listing.salePrice)]);
  if (listing.rentPrice != null) rows.push(["Aluguel", `${formatPrice(listing.rentPrice)}/mês`]);
  rows.push(["Link", listing.url]);
  return rows;
}

/** [label, value] rows as the plain-text part's lines, `Label: value`. */
export function textRows(entries: [string, string][]): string[] {
  return entries.map(([label, value]) => `${label}: ${value}`);
}

/** [label, value] rows as an HTML table: values escaped, line breaks as `<br>`, the "Link" row a link. */
export function htmlTable(entries: [string, string][]): string {
  const cells = entries.map(
    ([label, value]) =>
      `<tr><th align="left" style="vertical-align:top">${escapeHtml(label)}</th><td>${
        label === "Link" ? link(value) : escapeHtml(value).replace(/\n/g, "<br>")
      }</td></tr>`,
  );
  return `<table cellpadding="6" style="border-collapse:collapse">${cells.join("")}</table>`;
}

/**
 * The e-mail for one lead delivery: subject "Novo contato: {kind} – {name}"
 * (plus the listing code), a table of the lead's fields and the listing block.
 * Every value but the message is put on one line ({@link oneLine}). Headers
 * `X-Lead-Id` and `X-Lead-Kind`; Reply-To is the visitor's e-mail.
 */
export function renderLeadEmail(options: RenderLeadEmailOptions): MailMessage {
  const { lead } = options;
  const rows = leadRows(lead);
  const listing = listingRows(lead, options.listing);
  const who = lead.name ? oneLine(lead.name) : "visitante";
  const about = lead.listingCode ? ` (imóvel ${oneLine(lead.listingCode)})` : "";
  const subject = `Novo contato: ${KIND_LABELS[lead.kind]} – ${who}${about}`;
  const intro =
    options.channel === "email_broker"
      ? "Um visitante do site pediu contato sobre um imóvel seu."
      : `Novo contato recebido pelo site ${options.agencyTitle}.`;
  const closing = `Responda o quanto antes. Referência: ${lead.id}`;

  const text = [intro, "", ...textRows(rows), ...(listing.length ? ["", ...textRows(listing)] : []), "", closing];
  const html = [
    paragraph(intro),
    htmlTable(rows),
    listing.length ? `<h2 style="font-size:16px">Imóvel</h2>\n${htmlTable(listing)}` : "",
    paragraph(closing, "color:#666"),
  ];

  return leadMail(lead, options, { subject, text, html, replyTo: lead.email });
}

// ---------------------------------------------------------------------------
// Broker-area account e-mails

/** An account e-mail: recipient, subject and the two parts. */
export type AccountEmail = Pick<MailMessage, "to" | "subject" | "text" | "html">;

/** Options of {@link resetCodeEmail}. */
export interface ResetCodeEmailOptions {
  to: string;
  /** The one-time code (six digits). */
  code: string;
  /** Absolute URL of the reset page. */
  resetPageUrl: string;
  siteTitle: string;
  /** How long the code is valid, in minutes. */
  minutes: number;
}

/** The password-reset e-mail: the code in large type, its validity and the reset page's link. */
export function resetCodeEmail(options: ResetCodeEmailOptions): AccountEmail {
  const subject = `Código para redefinir a senha – ${options.siteTitle}`;
  const request = `Recebemos um pedido para redefinir a senha da sua conta de corretor no site ${options.siteTitle}.`;
  const validity = `Ele vale por ${options.minutes} minutos e pode ser usado uma única vez.`;
  const ignore = "Se você não pediu a redefinição, ignore este e-mail: a sua senha continua a mesma.";
  const text = [
    "Olá,",
    "",
    request,
    "",
    `Seu código: ${options.code}`,
    "",
    `${validity} Digite-o em ${options.resetPageUrl} junto com a nova senha.`,
    "",
    ignore,
  ];
  const html = [
    paragraph("Olá,"),
    paragraph(request),
    paragraph("Seu código:"),
    paragraph(options.code, "font-size:28px;font-weight:bold;letter-spacing:6px"),
    `<p>${escapeHtml(validity)} Digite-o em ${link(options.resetPageUrl)} junto com a nova senha.</p>`,
    paragraph(ignore),
  ];
  return { to: options.to, subject, text: text.join("\n"), html: emailLayout(subject, html.join("\n")) };
}

/** Options of {@link invitationEmail}. */
export interface InvitationEmailOptions {
  to: string;
  /** The invitee's name; "" greets without a name. */
  name: string;
  /** Absolute set-password link with its token. */
  link: string;
  siteTitle: string;
}

/** The invitation to the broker area: the set-password link, valid for 7 days and usable once. */
export function invitationEmail(options: InvitationEmailOptions): AccountEmail {
  const subject = `Convite para a área do corretor – ${options.siteTitle}`;
  const greeting = options.name ? `Olá, ${options.name},` : "Olá,";
  const invited = `Você foi convidado para a área do corretor do site ${options.siteTitle}.`;
  const validity =
    "O link vale por 7 dias e pode ser usado uma única vez. Depois, entre com o seu e-mail e a senha criada.";
  const ignore = "Se você não esperava este convite, ignore este e-mail.";
  const text = [
    greeting,
    "",
    invited,
    "",
    `Para criar a sua senha, abra este link: ${options.link}`,
    "",
    validity,
    "",
    ignore,
  ];
  const html = [
    paragraph(greeting),
    paragraph(invited),
    `<p>${link(options.link, "Criar a minha senha")}</p>`,
    paragraph(validity),
    paragraph(ignore),
  ];
  return { to: options.to, subject, text: text.join("\n"), html: emailLayout(subject, html.join("\n")) };
}
