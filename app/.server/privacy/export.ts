/**
 * A person's records as files they can take away (LGPD art. 18 II and V,
 * art. 19 §2–3: "em formato que permita a sua utilização subsequente"):
 * JSON with the full records (times ISO 8601) and CSV for a spreadsheet
 * (UTF-8 with BOM, `;`, CRLF, every field quoted — what Excel in pt-BR
 * opens, like the leads export of ADR 0017; written by `~/.server/csv`,
 * ADR 0066), one row per record.
 */
import { toCsv } from "../csv";
import type { PrivacySearchResult } from "./search";
import type { PrivacyValue } from "./source";

/** The JSON export's shape (`formatVersion` 1). */
export interface PrivacyExport {
  formatVersion: 1;
  /** ISO 8601. */
  generatedAt: string;
  subject: PrivacySearchResult["subject"];
  /** Per source key: its pt-BR label, the count and the records (source, id, date, fields). */
  sources: Record<
    string,
    {
      label: string;
      count: number;
      records: { id: string; date: string | null; fields: Record<string, PrivacyValue> }[];
    }
  >;
}

/** The JSON export of a search result (pretty-printed, 2 spaces). */
export function privacyExportJson(result: PrivacySearchResult, now: Date = new Date()): string {
  const value: PrivacyExport = {
    formatVersion: 1,
    generatedAt: now.toISOString(),
    subject: result.subject,
    sources: Object.fromEntries(
      result.groups.map((group) => [
        group.key,
        {
          label: group.label,
          count: group.records.length,
          records: group.records.map(({ id, date, fields }) => ({ id, date, fields })),
        },
      ]),
    ),
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

function fieldText(value: PrivacyValue): string {
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Columns of the CSV export. */
export const PRIVACY_CSV_HEADER = ["Origem", "ID", "Data", "Dados"] as const;

/**
 * The CSV export: one row per record — source label, id, date (ISO 8601) and
 * its fields as "campo: valor" lines in one cell.
 */
export function privacyExportCsv(result: PrivacySearchResult): string {
  const rows = result.groups.flatMap((group) =>
    group.records.map((record) => {
      const data = Object.entries(record.fields)
        .map(([key, value]) => `${key}: ${fieldText(value)}`)
        .join("\n");
      return [group.label, record.id, record.date ?? "", data];
    }),
  );
  return toCsv(PRIVACY_CSV_HEADER, rows);
}
