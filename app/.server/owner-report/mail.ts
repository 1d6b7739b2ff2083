/**
 * The monthly e-mail of the owner's report (ADR 0083), pt-BR, plain text and
 * HTML: the month's figures of the listing (counts only: no visitor's name,
 * contact or words), the asking price per m² against the neighbourhood's
 * median, and the unsubscribe link. It carries no link to the report itself
 * (its token is not stored; the owner keeps the link the broker sent). The
 * only free text is the owner's name and the listing's public title, both
 * typed by staff or the catalogue, escaped and put on one line.
 * `List-Unsubscribe` (the signed one-click link and a mailto) and
 * `List-Unsubscribe-Post` as the alert e-mails (RFC 8058).
 */
import { escapeHtml } from "~/lib/html";
import { formatNumber } from "~/lib/format";
import {
  comparisonText,
  type FigurePair,
  type LeadKindCount,
  monthLabel,
  type PriceComparison,
  type VisitFigures,
  averageRatingText,
  MIN_RATINGS_FOR_AVERAGE,
} from "~/lib/owner-report";
import { emailLayout, oneLine } from "../mail/templates";
import type { MailMessage } from "../mail/transport";

/** What {@link renderOwnerReportEmail} needs. */
export interface OwnerReportEmailOptions {
  reportId: string;
  to: string;
  ownerName: string;
  /** "YYYY-MM", the month the figures cover. */
  month: string;
  listing: { code: string; title: string; neighbourhood: string; city: string; url: string | null };
  views: FigurePair;
  /** Times visitors saved it to their favourites. */
  favourites?: FigurePair;
  leads: FigurePair;
  leadsByKind: LeadKindCount[];
  visitsBooked: FigurePair;
  /** Visits booked online and their average rating (ADR 0093); counts only. */
  visits?: VisitFigures;
  daysOnMarket: number | null;
  comparisons: PriceComparison[];
  /** Absolute one-click unsubscribe URL, and the agency inbox for the mailto variant. */
  unsubscribeUrl: string;
  unsubscribeMailto: string;
  agencyTitle: string;
  messageIdDomain: string;
}

/** The month's online visits and their average rating, as [label, value] lines. */
function visitLines(visits: VisitFigures): [string, string][] {
  const lines: [string, string][] = [
    [
      "Visitas agendadas pelo site",
      `${formatNumber(visits.booked.recent)} (total: ${formatNumber(visits.booked.total)})`,
    ],
  ];
  if (visits.rated.total > 0 && visits.averageRating.total == null)
    lines.push([
      "Nota média das visitas (1 a 5)",
      `a média aparece a partir de ${MIN_RATINGS_FOR_AVERAGE} avaliações, para não revelar a nota de um visitante`,
    ]);
  else if (visits.rated.total > 0)
    lines.push([
      "Nota média das visitas (1 a 5)",
      visits.rated.recent > 0
        ? `${averageRatingText(visits.averageRating.recent)} em ${formatNumber(visits.rated.recent)} ${visits.rated.recent === 1 ? "avaliação" : "avaliações"} (geral: ${averageRatingText(visits.averageRating.total)})`
        : `sem avaliações no mês (geral: ${averageRatingText(visits.averageRating.total)})`,
    ]);
  return lines;
}

/**
 * The e-mail for one report and month. The Message-ID is stable per report
 * and month (`<owner-report-{id}-{month}@host>`): a mail sent twice is dropped.
 */
export function renderOwnerReportEmail(options: OwnerReportEmailOptions): MailMessage {
  const month = monthLabel(options.month);
  const title = oneLine(options.listing.title).slice(0, 120) || `Imóvel ${oneLine(options.listing.code)}`;
  const subject = `Relatório de ${month}: ${title}`;
  const greeting = options.ownerName ? `Olá, ${oneLine(options.ownerName).slice(0, 120)}!` : "Olá!";
  const place = oneLine([options.listing.neighbourhood, options.listing.city].filter(Boolean).join(", "));
  const intro = `Estes são os números de ${month} do seu imóvel anunciado por ${oneLine(options.agencyTitle)}: ${title} (${place}, cód. ${oneLine(options.listing.code)}).`;
  const lines: [string, string][] = [
    ["Visualizações do anúncio", `${formatNumber(options.views.recent)} (total: ${formatNumber(options.views.total)})`],
    ...(options.favourites
      ? [
          [
            "Vezes salvo nos favoritos",
            `${formatNumber(options.favourites.recent)} (total: ${formatNumber(options.favourites.total)})`,
          ] as [string, string],
        ]
      : []),
    ["Contatos recebidos", `${formatNumber(options.leads.recent)} (total: ${formatNumber(options.leads.total)})`],
    ...options.leadsByKind
      .filter((kind) => kind.recent > 0)
      .map((kind): [string, string] => [`  ${kind.label}`, formatNumber(kind.recent)]),
    [
      "Visitas agendadas",
      `${formatNumber(options.visitsBooked.recent)} (total: ${formatNumber(options.visitsBooked.total)})`,
    ],
  ];
  if (options.visits) lines.push(...visitLines(options.visits));
  if (options.daysOnMarket != null) lines.push(["Dias no site", formatNumber(options.daysOnMarket)]);
  const comparisons = options.comparisons.map(comparisonText);
  const footer =
    "Você recebe este e-mail uma vez por mês porque pediu ao seu corretor o relatório mensal do imóvel. " +
    "Os números são contagens: nenhum dado pessoal de interessados é enviado.";
  const text = [
    greeting,
    "",
    intro,
    "",
    ...lines.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(comparisons.length ? ["Preço por m² no bairro:", ...comparisons.map((line) => `- ${line}`), ""] : []),
    ...(options.listing.url ? [`Ver o anúncio: ${options.listing.url}`, ""] : []),
    "Para ver o relatório completo, use o link pessoal que seu corretor enviou.",
    "",
    footer,
    `Não quero mais receber: ${options.unsubscribeUrl}`,
  ];
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#444">${escapeHtml(label.trim())}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join("");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:560px">${rows}</table>`,
    comparisons.length
      ? `<h2 style="font-size:18px">Preço por m² no bairro</h2><ul>${comparisons.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
      : "",
    options.listing.url ? `<p><a href="${escapeHtml(options.listing.url)}">Ver o anúncio</a></p>` : "",
    `<p>Para ver o relatório completo, use o link pessoal que seu corretor enviou.</p>`,
    `<p style="color:#666;font-size:13px">${escapeHtml(footer)}<br><a href="${escapeHtml(options.unsubscribeUrl)}">Não quero mais receber este e-mail</a></p>`,
  ].join("\n");
  const mailtoSubject = encodeURIComponent(`cancelar relatorio ${options.reportId}`);
  return {
    to: options.to,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html),
    messageId: `<owner-report-${options.reportId}-${options.month}@${options.messageIdDomain}>`,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribeUrl}>, <mailto:${options.unsubscribeMailto}?subject=${mailtoSubject}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Owner-Report-Id": options.reportId,
    },
  };
}
