/**
 * Price history of a listing (ADR 0033): the "Histórico de preço" section of
 * the listing page (a sparkline of the sale or rent price and a table of every
 * recorded change, dates dd/mm/aaaa, amounts in BRL) and the
 * "Baixou X% em dd/mm" note shown beside the price when its latest change was
 * a drop. Data: `priceHistoryOf()` through the listing route's loader.
 */
import { latestDrop, PRICE_FIELD_LABELS, type PriceField, type PriceHistoryEntry } from "~/domain/price-history";
import { formatNumber, formatPrice } from "~/lib/format";
import { saoPauloFormat } from "~/lib/sao-paulo-time";
import { ColumnTable } from "./column-table";
import * as p from "./detail-page.css";
import * as s from "./price-history.css";

// The agency's dates come from `saoPauloFormat`, which builds each formatter on
// first use: only a listing with a price history pays for the browser's locale
// and time-zone data (ADR 0043).

/** "dd/mm/aaaa" of an ISO date-time, in the agency's time zone. */
export function formatDayMonthYear(iso: string): string {
  return saoPauloFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));
}

/** "Baixou 8% em 12/11" for a drop of a sale or rent price. */
export function dropText(drop: { percent: number; changedAt: string }): string {
  return `Baixou ${formatNumber(drop.percent, 1)}% em ${saoPauloFormat("pt-BR", { day: "2-digit", month: "2-digit" }).format(new Date(drop.changedAt))}`;
}

/** An amount of a field in pt-BR with its period ("R$ 3.200/mês"), "—" when none. */
function amount(field: PriceField, value: number | null): string {
  if (value === null) return "—";
  const suffix = field === "rent" || field === "condo_fee" ? "/mês" : field === "iptu" ? "/ano" : "";
  return `${formatPrice(value)}${suffix}`;
}

/** Props of {@link PriceDropNote}. */
export interface PriceDropNoteProps {
  entries: readonly PriceHistoryEntry[];
  field: "sale" | "rent";
}

/** "Baixou X% em dd/mm" when the latest change of `field` was a drop; nothing otherwise. */
export function PriceDropNote({ entries, field }: PriceDropNoteProps) {
  const drop = latestDrop(entries, field);
  if (!drop) return null;
  return (
    <p className={s.dropNote} data-testid={`${field}-price-drop`}>
      {dropText(drop)}
    </p>
  );
}

/**
 * Points of the sparkline of one field: each change's new value in time
 * order, starting with the first change's old value. Null values are skipped.
 */
function sparkPoints(entries: readonly PriceHistoryEntry[], field: PriceField): number[] {
  const own = entries.filter((entry) => entry.field === field);
  const values = [own[0]?.oldValue ?? null, ...own.map((entry) => entry.newValue)];
  return values.filter((value): value is number => value !== null);
}

/** A small inline SVG line of `values` (decorative: the table says the same). */
function Sparkline({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const width = 320;
  const height = 48;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((value, i) => {
      const x = (i / (values.length - 1)) * (width - 8) + 4;
      const y = height - 4 - ((value - min) / span) * (height - 8);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  return (
    <svg className={s.sparkline} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Props of {@link PriceHistorySection}. */
export interface PriceHistorySectionProps {
  /** Changes oldest first (as `priceHistoryOf()` returns them). */
  entries: readonly PriceHistoryEntry[];
}

/** The "Histórico de preço" section; nothing when no change was ever recorded. */
export function PriceHistorySection({ entries }: PriceHistorySectionProps) {
  if (!entries.length) return null;
  const sparkField: PriceField = entries.some((entry) => entry.field === "sale") ? "sale" : "rent";
  const newestFirst = [...entries].reverse();
  return (
    <section className={p.section} aria-labelledby="historico-de-preco" data-testid="price-history">
      <h2 id="historico-de-preco">Histórico de preço</h2>
      <Sparkline values={sparkPoints(entries, sparkField)} />
      <ColumnTable
        classes={{ box: s.tableWrap, table: s.table, cell: s.cell }}
        columns={["Data", "Valor", "De", "Para"]}
      >
        {newestFirst.map((entry, i) => {
          const lower = entry.oldValue !== null && entry.newValue !== null && entry.newValue < entry.oldValue;
          return (
            <tr key={`${entry.changedAt}-${entry.field}-${i}`}>
              <td className={s.cell}>{formatDayMonthYear(entry.changedAt)}</td>
              <td className={s.cell}>{PRICE_FIELD_LABELS[entry.field]}</td>
              <td className={s.cell}>{amount(entry.field, entry.oldValue)}</td>
              <td className={`${s.cell} ${lower ? s.down : s.up}`}>
                {amount(entry.field, entry.newValue)}
                {lower ? " ↓" : entry.oldValue !== null && entry.newValue !== null ? " ↑" : ""}
              </td>
            </tr>
          );
        })}
      </ColumnTable>
    </section>
  );
}
