/**
 * The one CSV writer of the site's exports (leads, statistics, a person's
 * records): for Excel in pt-BR, and safe in a spreadsheet that splits on
 * anything else (docs/decisions/0066-logs-exports-and-health-without-secrets.md).
 *
 * - UTF-8 with a byte-order mark (Excel reads UTF-8 only with it), `;`
 *   between fields (pt-BR Excel's list separator), CRLF line ends.
 * - Every field is quoted and its quotes doubled, so a `;`, `,`, quote or
 *   line break inside a field never starts another cell in a reader that
 *   splits on the same separator.
 * - Formula neutralising (CSV injection): a field, or any part of it that a
 *   reader splitting on `,` or `;` or at line breaks would make a cell of its
 *   own, never starts with `=`, `+`, `-`, `@`, a tab or a CR: a `'` goes in
 *   front of that character. `x,=2+5,y` is written `"x,'=2+5,y"`.
 * - No `sep=;` line by default: Excel drops the byte-order mark's meaning
 *   when one follows it, and then shows every accent garbled, while other
 *   spreadsheets show the line as data. The neutralising above keeps a file
 *   split on commas free of formulas without it.
 *
 * The quoting and line layout are csv-stringify's; the neutralising is ours.
 * {@link downloadResponse} gives every export the same download headers.
 */
import { stringify } from "csv-stringify/sync";
import { privatePage } from "~/lib/cache-control";

/** One value of a cell; null and undefined are written as an empty field. */
export type CsvValue = string | number | null | undefined;

/** The byte-order mark every export starts with. */
export const CSV_BOM = "\uFEFF";
/** The field separator. */
export const CSV_SEPARATOR = ";";
/** The line end. */
export const CSV_NEWLINE = "\r\n";

/** Characters that make a spreadsheet read a cell as a formula when they start it. */
const FORMULA_START = /[=+\-@\t\r]/;
/**
 * A formula start where a reader may begin a cell: at the start of the field,
 * or after a separator of any spreadsheet (`,`, `;`) or a line break, past any
 * quotes a lenient parser would drop.
 */
const CELL_START_FORMULA = /(?<=^|[,;\r\n])("*)(?=[=+\-@\t\r])/g;

/**
 * The text of a field with every formula start neutralised (see the module
 * comment): a `'` before each `=`, `+`, `-`, `@`, tab or CR that could begin a cell.
 */
export function neutraliseFormulas(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  // A lookbehind, so that a CR is both the end of one cell and a formula start of the next ("\r=").
  return text.replace(CELL_START_FORMULA, (_match, quotes: string) => `${quotes}'`);
}

/** csv-stringify's settings: `;`, CRLF, every field quoted (empty ones too). */
const STRINGIFY_OPTIONS = {
  delimiter: CSV_SEPARATOR,
  record_delimiter: CSV_NEWLINE,
  quoted: true,
  quoted_empty: true,
} as const;

/** The text of one cell value, neutralised ("" for null and undefined). */
function cellText(value: CsvValue): string {
  return neutraliseFormulas(value === null || value === undefined ? "" : String(value));
}

/** One field: neutralised, quotes doubled, always quoted. */
export function csvField(value: CsvValue): string {
  return csvLine([value]);
}

/** One line (without its line end). */
export function csvLine(values: readonly CsvValue[]): string {
  return stringify([values.map(cellText)], STRINGIFY_OPTIONS).slice(0, -CSV_NEWLINE.length);
}

/** Options of {@link toCsv}. */
export interface CsvOptions {
  /**
   * Write `sep=;` as the first line (after the byte-order mark): Excel then
   * splits on `;` in any locale, but reads the file as ANSI. Off by default.
   */
  separatorLine?: boolean;
}

/**
 * The whole file: byte-order mark, the header line, one line per row, each
 * ended by CRLF.
 */
export function toCsv(
  header: readonly CsvValue[],
  rows: Iterable<readonly CsvValue[]>,
  options: CsvOptions = {},
): string {
  const records = [header, ...rows].map((row) => row.map(cellText));
  const sep = options.separatorLine ? `sep=${CSV_SEPARATOR}${CSV_NEWLINE}` : "";
  return `${CSV_BOM}${sep}${stringify(records, STRINGIFY_OPTIONS)}`;
}

/** The media type of every CSV export. */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/**
 * A file download of an export (a CSV by default): saved as `fileName`,
 * never cached (`privatePage`), and not sniffed into another type.
 * @param fileName a plain ASCII name (it goes into `Content-Disposition` unescaped).
 */
export function downloadResponse(body: string, fileName: string, contentType: string = CSV_CONTENT_TYPE): Response {
  return new Response(body, {
    headers: privatePage({
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
    }),
  });
}
