/**
 * pt-BR formatting of numbers, prices (BRL), areas (m²) and dates
 * (docs/product.md: prices in BRL as `Intl.NumberFormat('pt-BR')` writes
 * them, areas in m², dates in pt-BR).
 *
 * The output is exactly `Intl`'s pt-BR output (the unit tests compare the two
 * over thousands of values), but written here: the first `Intl` call of a page
 * loads the browser's locale data, a long main-thread task on a phone before
 * the page can respond, and every page formats prices as it hydrates (ADR
 * 0043 has the timings). Values `Intl` writes differently from plain digits (not finite, or of
 * 10²¹ and more) still go to `Intl`, created on first use.
 */

/** Largest number of fraction digits {@link formatNumber} writes itself. */
const MAX_OWN_FRACTION_DIGITS = 6;

/** Month names of pt-BR long dates ("março"), January first. */
export const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;

const intlNumberFormats = new Map<string, Intl.NumberFormat>();

/** `Intl.NumberFormat('pt-BR', { minimumFractionDigits, maximumFractionDigits })`, created once per pair. */
function intlNumber(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = intlNumberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("pt-BR", { minimumFractionDigits, maximumFractionDigits });
    intlNumberFormats.set(key, format);
  }
  return format;
}

/**
 * Rounds the digits of a non-negative number written in plain decimal
 * (`"1234.005"`) to `fractionDigits`, half away from zero, as `Intl` does: on
 * the shortest decimal that reads back as the number (so 1.005 → "1.01"), not
 * on its binary value (`toFixed` gives "1.00").
 */
function roundDecimal(plain: string, fractionDigits: number): { integer: string; fraction: string } {
  const [integer = "0", fraction = ""] = plain.split(".");
  if (fraction.length <= fractionDigits) return { integer, fraction };
  const kept = `${integer}${fraction.slice(0, fractionDigits)}`;
  const roundsUp = fraction.charCodeAt(fractionDigits) >= "5".charCodeAt(0);
  const digits = (roundsUp ? BigInt(kept) + 1n : BigInt(kept)).toString().padStart(fractionDigits + 1, "0");
  const cut = digits.length - fractionDigits;
  return { integer: digits.slice(0, cut), fraction: digits.slice(cut) };
}

/**
 * `value` in pt-BR digits: "." between thousands, "," before the fraction,
 * rounded half away from zero to at most `maximumFractionDigits` (0–20, at
 * least `minimumFractionDigits`, 0 by default), trailing zeros kept down to
 * `minimumFractionDigits`. Negative values (and -0) start with "-". Equal to
 * `new Intl.NumberFormat('pt-BR', { minimumFractionDigits, maximumFractionDigits }).format(value)`.
 */
export function formatNumber(value: number, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude >= 1e21 || maximumFractionDigits > MAX_OWN_FRACTION_DIGITS) {
    return intlNumber(minimumFractionDigits, maximumFractionDigits).format(value);
  }
  // Below 10⁻⁶ JavaScript writes an exponent; such a value rounds to zero at these digits.
  const plain = magnitude < 1e-6 ? "0" : String(magnitude);
  const rounded = roundDecimal(plain, maximumFractionDigits);
  let fraction = rounded.fraction.replace(/0+$/, "");
  if (fraction.length < minimumFractionDigits) fraction = fraction.padEnd(minimumFractionDigits, "0");
  const integer = rounded.integer.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${integer}${fraction ? `,${fraction}` : ""}`;
}

/** A BRL amount: "R$ 1.250.000", "-R$ 12" (a plain space after "R$", where `Intl` writes a no-break space). */
function brl(value: number, fractionDigits: number): string {
  const digits = formatNumber(value, fractionDigits, fractionDigits);
  return digits.startsWith("-") ? `-R$ ${digits.slice(1)}` : `R$ ${digits}`;
}

/** "R$ 1.250.000" for 1250000 BRL (whole reais); "" for null. */
export function formatPrice(value: number | null | undefined): string {
  return value == null ? "" : brl(value, 0);
}

/** "R$ 1.250,50" with cents, for fees; "" for null. */
export function formatPriceCents(value: number | null | undefined): string {
  return value == null ? "" : brl(value, 2);
}

/** "85 m²" for 85; "" for null. */
export function formatArea(value: number | null | undefined): string {
  return value == null ? "" : `${formatNumber(value)} m²`;
}

/** "1.234" (pt-BR thousands separator). */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/**
 * "12 de março de 2026" for "2026-03-12" (ISO date, or date-time read in
 * UTC); "" for null or invalid. Equal to `Intl.DateTimeFormat('pt-BR',
 * { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })`.
 */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return "";
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return "";
  const year = date.getUTCFullYear();
  if (year < 1) {
    return new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      date,
    );
  }
  return `${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]} de ${year}`;
}

/** Singular or plural pt-BR noun: plural(2, "quarto", "quartos") → "2 quartos". */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}
