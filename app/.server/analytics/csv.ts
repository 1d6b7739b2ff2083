/**
 * The CSV export of `/admin/estatisticas` (`/admin/estatisticas/exportar.csv`):
 * one row per São Paulo day of the period with page views, visitors, each
 * event type and the leads, for Excel in pt-BR like the leads export
 * (UTF-8 with BOM, `;`, CRLF; docs/decisions/0017-admin-redirects-appearance-leads.md).
 */
import type { DayRow } from "./queries";
import { ANALYTICS_EVENT_LABELS, type AnalyticsEventType } from "~/lib/analytics-events";

/** Event columns of the export, in order (page views come from the `visits` totals). */
const EVENT_COLUMNS: readonly AnalyticsEventType[] = [
  "listing_view",
  "search",
  "filter",
  "map_search",
  "gallery_open",
  "whatsapp_click",
  "form_start",
  "form_submit",
];

/** Header row of the export. */
export const STATS_CSV_HEADER: readonly string[] = [
  "Data",
  "Visualizações de página",
  "Visitantes",
  ...EVENT_COLUMNS.map((type) => ANALYTICS_EVENT_LABELS[type]),
  "Leads",
];

/** One CSV field: quoted when it holds `;`, `"`, CR or LF; a leading =, +, -, @ is neutralised (CSV injection). */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2026-11-24" → "24/11/2026". */
function brazilianDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** The CSV text (BOM, header, one line per day, CRLF). */
export function statsToCsv(rows: readonly DayRow[]): string {
  const lines = [STATS_CSV_HEADER.map(csvField).join(";")];
  for (const row of rows) {
    lines.push(
      [brazilianDate(row.day), row.pageViews, row.visitors, ...EVENT_COLUMNS.map((type) => row.events[type]), row.leads]
        .map(csvField)
        .join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
