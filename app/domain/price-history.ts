/**
 * Price history of a listing as pages show it (the listing page's
 * "Histórico de preço", the "Baixou X% em dd/mm" note and the cards' badges;
 * ADR 0033). Pure: no I/O, shared by server and browser.
 */

/** Prices whose changes are recorded: sale (BRL), rent (BRL/month), condo fee (BRL/month), IPTU (BRL/year). */
export type PriceField = "sale" | "rent" | "condo_fee" | "iptu";

/** One recorded change of one price. A value that appeared or disappeared has a null side. */
export interface PriceHistoryEntry {
  field: PriceField;
  /** BRL (unit of the field), null when the listing had no such price. */
  oldValue: number | null;
  /** BRL (unit of the field), null when the listing no longer has such a price. */
  newValue: number | null;
  /** ISO date-time the sync saw the change. */
  changedAt: string;
}

/** Days a sale or rent drop keeps the "Preço reduzido" badge and filter (ADR 0033). */
export const PRICE_REDUCED_DAYS = 30;

/** Days a newly seen listing keeps the "Novo" badge (ADR 0033). */
export const NEW_LISTING_DAYS = 7;

/** pt-BR label of each price field. */
export const PRICE_FIELD_LABELS: Record<PriceField, string> = {
  sale: "Venda",
  rent: "Aluguel",
  condo_fee: "Condomínio",
  iptu: "IPTU",
};

/**
 * Share of the old value a change took off, in percent (e.g. 12.5), or null
 * when it is not a drop (a rise, no change, or a side missing).
 */
export function dropPercent(oldValue: number | null, newValue: number | null): number | null {
  if (oldValue === null || newValue === null || !(oldValue > 0) || !(newValue < oldValue)) return null;
  return ((oldValue - newValue) / oldValue) * 100;
}

/**
 * The latest sale or rent change when it is a drop, else null: the listing
 * page's "Baixou X% em dd/mm" note. `entries` in any order.
 */
export function latestDrop(
  entries: readonly PriceHistoryEntry[],
  field: Extract<PriceField, "sale" | "rent">,
): (PriceHistoryEntry & { percent: number }) | null {
  let latest: PriceHistoryEntry | null = null;
  for (const entry of entries) {
    if (entry.field === field && (!latest || entry.changedAt >= latest.changedAt)) latest = entry;
  }
  if (!latest) return null;
  const percent = dropPercent(latest.oldValue, latest.newValue);
  return percent === null ? null : { ...latest, percent };
}
