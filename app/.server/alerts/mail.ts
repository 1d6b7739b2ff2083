/**
 * The e-mails of the saved-search alerts (ADR 0034), pt-BR, plain text and
 * HTML: the confirmation (double opt-in) and the daily digest of new listings
 * and price drops as cards (photo, title, price, link). Every value from the
 * catalogue or the visitor is escaped (`escapeHtml`) and put on one line.
 * Both carry `List-Unsubscribe` (the signed one-click link and a mailto)
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
 */
import type { ListingSummary } from "~/domain/listing-summary";
import { escapeHtml } from "~/lib/html";
import { formatPrice } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import type { searchAlerts } from "../db/schema";
import { emailLayout, oneLine } from "../mail/templates";
import type { MailMessage } from "../mail/transport";

/**
 * The stored alert a mail is about: its id, the address and the name. Read
 * from the table, not from `./store`, which renders these mails (no cycle).
 */
type MailedAlert = Pick<typeof searchAlerts.$inferSelect, "id" | "email" | "name">;

/** Options of {@link renderAlertConfirmEmail}. */
export interface AlertConfirmEmailOptions {
  alert: MailedAlert;
  /** pt-BR description of the search (`describeAlert`). */
  description: string;
  /** Absolute confirmation link with its token. */
  confirmUrl: string;
  /** Absolute management link with its token. */
  manageUrl: string;
  /** Absolute URL of the search's page; left out for a `/busca` alert (its URL carries the typed text). */
  searchUrl?: string;
  /** Absolute one-click unsubscribe link and the `mailto:` address of `List-Unsubscribe`. */
  unsubscribeUrl: string;
  unsubscribeMailto: string;
  agencyTitle: string;
  /** Host part of the Message-ID. */
  messageIdDomain: string;
}

const button = (url: string, label: string) =>
  `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

const para = (text: string, style?: string) => `<p${style ? ` style="${style}"` : ""}>${escapeHtml(text)}</p>`;

/**
 * The RFC 2369 / RFC 8058 headers: the signed one-click link first, then a
 * mailto to the agency naming the alert; `List-Unsubscribe-Post` asks mail
 * clients to POST `List-Unsubscribe=One-Click` to the link.
 */
function listUnsubscribe(url: string, mailto: string, alertId: string): Record<string, string> {
  const subject = encodeURIComponent(`cancelar alerta ${alertId}`);
  return {
    "List-Unsubscribe": `<${url}>, <mailto:${mailto}?subject=${subject}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The confirmation e-mail: "Confirme seu alerta", the search as described by
 * its filters (`describeAlert`: never the `/busca` text nor the alert's
 * name, which whoever filled the form chose), the link to the confirmation
 * page (7 days; the page asks for a click) and what happens if ignored.
 */
export function renderAlertConfirmEmail(options: AlertConfirmEmailOptions): MailMessage {
  const subject = `Confirme seu alerta de imóveis – ${oneLine(options.agencyTitle)}`;
  const what = `Você pediu para receber por e-mail, uma vez por dia, os imóveis novos e as reduções de preço desta busca: ${oneLine(options.description)}.`;
  const validity =
    "O link vale por 7 dias. Se você não confirmar, o alerta e o seu e-mail são apagados automaticamente.";
  const ignore = "Se não foi você, ignore este e-mail: nada será enviado.";
  const text = [
    "Olá,",
    "",
    what,
    "",
    `Para confirmar o alerta, abra este link e clique em “Confirmar”: ${options.confirmUrl}`,
    "",
    validity,
    ignore,
    "",
    ...(options.searchUrl ? [`Ver a busca: ${options.searchUrl}`] : []),
    `Gerenciar seus alertas: ${options.manageUrl}`,
  ];
  const search = options.searchUrl ? `<a href="${escapeHtml(options.searchUrl)}">Ver a busca</a> · ` : "";
  const html = [
    para("Olá,"),
    para(what),
    button(options.confirmUrl, "Confirmar alerta"),
    para(validity),
    para(ignore, "color:#666"),
    `<p style="color:#666">${search}<a href="${escapeHtml(options.manageUrl)}">Gerenciar seus alertas</a></p>`,
  ];
  return {
    to: options.alert.email,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html.join("\n")),
    messageId: `<alert-${options.alert.id}-confirm@${options.messageIdDomain}>`,
    headers: {
      ...listUnsubscribe(options.unsubscribeUrl, options.unsubscribeMailto, options.alert.id),
      "X-Alert-Id": options.alert.id,
      "X-Alert-Mail": "confirm",
    },
  };
}

/** A listing in a digest: the card and, for a price drop, the old and new price (BRL). */
export interface DigestItem {
  listing: ListingSummary;
  /** Set for a price drop: the price before and now (sale, or monthly rent with `perMonth`). */
  drop?: { oldValue: number; newValue: number; perMonth: boolean };
}

/** Options of {@link renderAlertDigestEmail}. */
export interface AlertDigestEmailOptions {
  alert: MailedAlert;
  description: string;
  newListings: DigestItem[];
  priceDrops: DigestItem[];
  /** Absolute URLs: the search, the management page, the one-click unsubscribe. */
  searchUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
  /** `mailto:` address for List-Unsubscribe (the agency inbox). */
  unsubscribeMailto: string;
  /** Site origin, for listing and image links. */
  publicUrl: string;
  agencyTitle: string;
  messageIdDomain: string;
  /** The digest's date, e.g. "2026-11-24" (Message-ID). */
  day: string;
}

/** "R$ 800.000" / "R$ 3.500/mês" of the card's first offer. */
function priceText(listing: ListingSummary): string {
  if (listing.salePrice != null) return formatPrice(listing.salePrice);
  if (listing.rentPrice != null) return `${formatPrice(listing.rentPrice)}/mês`;
  return "Preço sob consulta";
}

function dropText(item: DigestItem): string {
  if (!item.drop) return priceText(item.listing);
  const suffix = item.drop.perMonth ? "/mês" : "";
  return `de ${formatPrice(item.drop.oldValue)}${suffix} por ${formatPrice(item.drop.newValue)}${suffix}`;
}

function htmlCard(item: DigestItem, publicUrl: string): string {
  const { listing } = item;
  const url = `${publicUrl}${listing.path}`;
  const place = oneLine([listing.neighbourhood, listing.city].filter(Boolean).join(", "));
  const photo = listing.coverPhotoUrl
    ? `<a href="${escapeHtml(url)}"><img src="${escapeHtml(`${publicUrl}${imageUrl(listing.coverPhotoUrl, 480)}`)}" alt="" width="240" style="display:block;width:240px;max-width:100%;border-radius:6px"></a>`
    : "";
  const price = item.drop
    ? `<s style="color:#666">${escapeHtml(formatPrice(item.drop.oldValue))}</s> <strong>${escapeHtml(
        `${formatPrice(item.drop.newValue)}${item.drop.perMonth ? "/mês" : ""}`,
      )}</strong>`
    : `<strong>${escapeHtml(priceText(listing))}</strong>`;
  return `<table cellpadding="8" style="border:1px solid #ddd;border-radius:8px;margin:0 0 12px;width:100%;max-width:560px"><tr><td style="vertical-align:top;width:240px">${photo}</td><td style="vertical-align:top"><a href="${escapeHtml(url)}" style="font-weight:bold;color:#111">${escapeHtml(oneLine(listing.title))}</a><br><span style="color:#666">${escapeHtml(place)} · Cód. ${escapeHtml(oneLine(listing.code))}</span><br>${price}<br><a href="${escapeHtml(url)}">Ver imóvel</a></td></tr></table>`;
}

function textCard(item: DigestItem, publicUrl: string): string[] {
  const { listing } = item;
  return [
    `- ${oneLine(listing.title)} (${oneLine(listing.neighbourhood)}, cód. ${oneLine(listing.code)})`,
    `  ${dropText(item)}`,
    `  ${publicUrl}${listing.path}`,
  ];
}

/**
 * The daily digest: the new listings and the price drops, each as a card,
 * then links to the search, to the management page and to unsubscribe. The
 * Message-ID is stable per alert and day (`<alert-{id}-digest-{day}@host>`).
 */
export function renderAlertDigestEmail(options: AlertDigestEmailOptions): MailMessage {
  const total = options.newListings.length + options.priceDrops.length;
  const subject = `${total} ${total === 1 ? "novidade" : "novidades"} na sua busca: ${oneLine(options.description).slice(0, 120)}`;
  const intro = `Seu alerta de imóveis em ${oneLine(options.agencyTitle)}: ${oneLine(options.description)}.`;
  const footer =
    "Você recebe este e-mail porque confirmou um alerta de busca. Ele chega no máximo uma vez por dia e só quando há novidades.";
  const text = [intro, ""];
  const html = [para(intro)];
  const sections: [heading: string, items: DigestItem[]][] = [
    ["Imóveis novos", options.newListings],
    ["Preços reduzidos", options.priceDrops],
  ];
  for (const [heading, items] of sections) {
    if (!items.length) continue;
    text.push(`${heading} (${items.length}):`, "");
    html.push(`<h2 style="font-size:18px">${heading} (${items.length})</h2>`);
    for (const item of items) {
      text.push(...textCard(item, options.publicUrl), "");
      html.push(htmlCard(item, options.publicUrl));
    }
  }
  text.push(
    `Ver a busca completa: ${options.searchUrl}`,
    "",
    footer,
    `Gerenciar seus alertas: ${options.manageUrl}`,
    `Cancelar este alerta: ${options.unsubscribeUrl}`,
  );
  html.push(
    `<p><a href="${escapeHtml(options.searchUrl)}">Ver a busca completa</a></p>`,
    `<p style="color:#666;font-size:13px">${escapeHtml(footer)}<br><a href="${escapeHtml(options.manageUrl)}">Gerenciar seus alertas</a> · <a href="${escapeHtml(options.unsubscribeUrl)}">Cancelar este alerta</a></p>`,
  );
  return {
    to: options.alert.email,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html.join("\n")),
    messageId: `<alert-${options.alert.id}-digest-${options.day}@${options.messageIdDomain}>`,
    headers: {
      ...listUnsubscribe(options.unsubscribeUrl, options.unsubscribeMailto, options.alert.id),
      "X-Alert-Id": options.alert.id,
      "X-Alert-Mail": "digest",
    },
  };
}
