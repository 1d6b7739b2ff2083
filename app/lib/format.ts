/**
 * pt-BR formatting of prices (BRL), areas (m²) and dates (docs/product.md: prices
 * with `Intl.NumberFormat('pt-BR')`, areas in m², dates in pt-BR).
 */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", maximumFractionDigits: 0 });
const brlCents = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2 });
const integer = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const longDate = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "R$ 1.250.000" for 1250000 BRL (whole reais); "" for null. */
export function formatPrice(value: number | null | undefined): string {
  return value == null ? "" : brl.format(value).replace(/\u00a0/g, " ");
}

/** "R$ 1.250,50" with cents, for fees; "" for null. */
export function formatPriceCents(value: number | null | undefined): string {
  return value == null ? "" : brlCents.format(value).replace(/\u00a0/g, " ");
}

/** "85 m²" for 85; "" for null. */
export function formatArea(value: number | null | undefined): string {
  return value == null ? "" : `${integer.format(value)} m²`;
}

/** "1.234" (pt-BR thousands separator). */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "12 de março de 2026" for "2026-03-12" (ISO date); "" for null or invalid. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "";
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}

/** Singular or plural pt-BR noun: plural(2, "quarto", "quartos") → "2 quartos". */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${integer.format(count)} ${count === 1 ? singular : pluralForm}`;
}
