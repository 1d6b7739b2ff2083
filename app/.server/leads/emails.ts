/**
 * Lead e-mails in pt-BR, HTML and plain text: the lead's data
 * and, for a listing, its title, code, price (BRL) and absolute link. Every
 * value is HTML-escaped in the HTML part.
 */
import { formatPhone, formatPrice } from "~/lib/format";
import type { LeadChannel } from "../db/schema";
import type { MailMessage } from "../mail/transport";
import type { LeadRow } from "./store";

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
  alert: "Avise-me (condomínio)",
  lgpd: "Solicitação LGPD",
};

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** "(11) 91234-5678" for "11912345678", "(11) 3456-7890" for a landline; other input unchanged (`formatPhone` of app/lib/format.ts). */
export const formatBrazilianPhone = formatPhone;

/** The stable Message-ID of a lead e-mail: `<lead-{id}-{channel}@domain>` (ADR 0014). */
export function leadMessageId(leadId: string, channel: LeadChannel, domain = "imobiliaria.localhost"): string {
  return `<lead-${leadId}-${channel}@${domain}>`;
}

// Control characters (C0 but tab and LF, DEL, C1) and U+2028/U+2029.

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

/**
 * The e-mail for one lead delivery: subject "Novo contato: {kind} – {name}"
 * (plus the listing code), a table of the lead's fields and the listing block.
 * Every value but the message is put on one line ({@link oneLine}).
 */
export function renderLeadEmail(options: RenderLeadEmailOptions): MailMessage {
  const { lead, listing } = options;
  const rows: [string, string][] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) rows.push([label, label === "Mensagem" ? multiLine(value) : oneLine(value)]);
  };
  add("Tipo", KIND_LABELS[lead.kind]);
  add("Nome", lead.name);
  add("Telefone", lead.phone ? formatBrazilianPhone(lead.phone) : null);
  add("E-mail", lead.email);
  add("Localização do imóvel", lead.location);
  add("Condomínio", lead.condominium);
  add("Página", lead.pageUrl);
  if (lead.utm)
    add(
      "UTM",
      Object.entries(lead.utm)
        .map(([k, v]) => `${k}=${v}`)
        .join(", "),
    );
  add("Mensagem", lead.message);
  add(
    "Recebido em",
    new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(
      lead.createdAt,
    ),
  );

  const listingRows: [string, string][] = [];
  if (listing) {
    listingRows.push(["Imóvel", listing.title], ["Código", listing.code]);
    if (listing.salePrice != null) listingRows.push(["Venda", formatPrice(listing.salePrice)]);
    if (listing.rentPrice != null) listingRows.push(["Aluguel", `${formatPrice(listing.rentPrice)}/mês`]);
    listingRows.push(["Link", listing.url]);
  } else if (lead.listingCode) {
    listingRows.push(["Código do imóvel", lead.listingCode]);
  }

  const who = lead.name ? oneLine(lead.name) : "visitante";
  const subject = `Novo contato: ${KIND_LABELS[lead.kind]} – ${who}${lead.listingCode ? ` (imóvel ${oneLine(lead.listingCode)})` : ""}`;
  const intro =
    options.channel === "email_broker"
      ? "Um visitante do site pediu contato sobre um imóvel seu."
      : `Novo contato recebido pelo site ${options.agencyTitle}.`;

  const textLines = [intro, "", ...rows.map(([k, v]) => `${k}: ${v}`)];
  if (listingRows.length) textLines.push("", ...listingRows.map(([k, v]) => `${k}: ${v}`));
  textLines.push("", `Responda o quanto antes. Referência: ${lead.id}`);

  const table = (entries: [string, string][]) =>
    `<table cellpadding="6" style="border-collapse:collapse">${entries
      .map(
        ([k, v]) =>
          `<tr><th align="left" style="vertical-align:top">${escapeHtml(k)}</th><td>${
            k === "Link" ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v).replace(/\n/g, "<br>")
          }</td></tr>`,
      )
      .join("")}</table>`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif">
<p>${escapeHtml(intro)}</p>
${table(rows)}
${listingRows.length ? `<h2 style="font-size:16px">Imóvel</h2>\n${table(listingRows)}` : ""}
<p style="color:#666">Responda o quanto antes. Referência: ${escapeHtml(lead.id)}</p>
</body></html>`;

  return {
    to: options.to,
    subject,
    text: textLines.join("\n"),
    html,
    messageId: leadMessageId(lead.id, options.channel, options.messageIdDomain),
    replyTo: lead.email ?? undefined,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}
