/**
 * The CSV export of the admin leads inbox (`/admin/leads/exportar.csv`,
 * ADR 0017), written by the site's one CSV writer (`~/.server/csv`, ADR 0066):
 * UTF-8 with a byte-order mark, `;` separators, every field quoted, formulas
 * neutralised, CRLF line ends — what Excel in pt-BR opens directly.
 */
import { CHANNEL_LABELS, formatSaoPaulo, LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import { type CsvValue, toCsv } from "../csv";
import type { InboxDelivery, InboxLead } from "~/lib/lead-inbox";

/** Columns of the CSV export, in order. */
export const CSV_HEADER = [
  "Data",
  "Tipo",
  "Status",
  "Responsável",
  "Nome",
  "Telefone",
  "E-mail",
  "Imóvel",
  "Condomínio",
  "Localização",
  "Mensagem",
  "Página",
  "UTM",
  "Envios",
];

/** "E-mail da imobiliária: enviado; Vista (CRM): pendente (3 tentativas)". */
function deliverySummary(deliveries: readonly InboxDelivery[]): string {
  return deliveries
    .map(
      (d) =>
        `${CHANNEL_LABELS[d.channel]}: ${d.status === "sent" ? "enviado" : `pendente (${d.attempts} ${d.attempts === 1 ? "tentativa" : "tentativas"})`}`,
    )
    .join("; ");
}

/** The cells of one lead, in {@link CSV_HEADER}'s order. */
function leadRow(lead: InboxLead): CsvValue[] {
  return [
    formatSaoPaulo(lead.createdAt),
    LEAD_KIND_LABELS[lead.kind],
    LEAD_STATUS_LABELS[lead.status],
    lead.assigned?.name ?? "",
    lead.name,
    lead.phone,
    lead.email,
    lead.listingCode,
    lead.condominium,
    lead.location,
    lead.message,
    lead.pageUrl,
    lead.utm
      ? Object.entries(lead.utm)
          .map(([key, value]) => `${key}=${value}`)
          .join("&")
      : "",
    deliverySummary(lead.deliveries),
  ];
}

/**
 * The CSV export of `rows`: dates in São Paulo time; "Envios" summarises
 * each channel ("E-mail da imobiliária: enviado; Vista (CRM): pendente (3 tentativas)").
 */
export function leadsToCsv(rows: readonly InboxLead[]): string {
  return toCsv(CSV_HEADER, rows.map(leadRow));
}
