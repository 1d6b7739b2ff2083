/**
 * The CSV export of `/admin/estatisticas` (`/admin/estatisticas/exportar.csv`):
 * one row per São Paulo day of the period with page views, visitors, each
 * event type and the leads, for Excel in pt-BR like the leads export
 * (UTF-8 with BOM, `;`, CRLF, every field quoted: `~/.server/csv`;
 * docs/decisions/0017-admin-redirects-appearance-leads.md, 0066).
 */
import { toCsv } from "../csv";
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

/** "2026-11-24" → "24/11/2026". */
function brazilianDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** The CSV text (BOM, header, one line per day, CRLF). */
export function statsToCsv(rows: readonly DayRow[]): string {
  return toCsv(
    STATS_CSV_HEADER,
    rows.map((row) => [
      brazilianDate(row.day),
      row.pageViews,
      row.visitors,
      ...EVENT_COLUMNS.map((type) => row.events[type]),
      row.leads,
    ]),
  );
}
