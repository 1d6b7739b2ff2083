/**
 * Reading the financing simulator's query parameters and calculating
 * (docs/decisions/0035-financing-simulator.md): `entrada` (down payment,
 * BRL), `prazo` (term, months), `juros` (yearly effective rate, %) and
 * `sistema` are read leniently (pt-BR "100.000,50", "10,99", "10.99"),
 * every refusal has a pt-BR message for its field, and an empty or missing
 * parameter takes the default (20 % down, the admin's rate and term). Never
 * throws: a bad value is a message, not an error page.
 *
 * The listing loader runs it for the page's first render; the browser
 * imports it when a visitor starts editing the form, so a listing's first
 * load does not carry it (docs/decisions/0047-shell-chunks-and-deferred-calculations.md).
 */
import {
  AMORTISATION_SYSTEMS,
  type AmortisationSystem,
  MAX_TERM_MONTHS,
  MAX_YEARLY_RATE_PERCENT,
  MIN_DOWN_PAYMENT_SHARE,
  MIN_TERM_MONTHS,
  simulateFinancing,
} from "./financing";
import {
  type FinancingSettings,
  formatMoneyInput,
  type Simulation,
  SIMULATION_PARAMS,
  type SystemChoice,
} from "./financing-form";
import { formatNumber, formatPrice } from "./format";

/** Longest text accepted in a field (longer: refused with a message). */
const MAX_FIELD_LENGTH = 20;

/**
 * A pt-BR or plain decimal number: "100.000,50", "100000,5", "100000.50",
 * "R$ 1.234", "10,99", "10.99 %". A dot is a thousands separator when a
 * comma is present or when it is followed by groups of exactly three digits
 * ("100.000"); otherwise a decimal point.
 * @returns the number, or null when the text is not one.
 */
export function parseDecimal(text: string): number | null {
  const cleaned = text
    .replace(/^\s*R\$\s*/i, "")
    .replace(/\s*%\s*$/, "")
    .trim();
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  let normalised: string;
  if (cleaned.includes(",")) {
    if (!/^\d{1,3}(\.\d{3})*(,\d+)?$|^\d+(,\d+)?$/.test(cleaned)) return null;
    normalised = cleaned.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) {
    normalised = cleaned.replace(/\./g, "");
  } else if (/^\d+(\.\d+)?$/.test(cleaned)) {
    normalised = cleaned;
  } else {
    return null;
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** A parameter's text: missing → "", trimmed, control characters refused (null). */
function fieldText(raw: string | null): string | null {
  const text = (raw ?? "").trim();
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) ? null : text;
}

/** What a field's check says of its text: the number, or the pt-BR message for the field. */
type NumberCheck = { value: number } | { error: string };

/** A numeric field as read: the number (null when refused), its text as shown again, and the refusal's message. */
interface NumberField {
  value: number | null;
  text: string;
  error?: string;
}

/**
 * One numeric field of the simulator: a missing or empty one is the default
 * (`fallback`, shown as `fallbackText`); one with control characters or
 * longer than {@link MAX_FIELD_LENGTH} is refused with `unreadable` and shown
 * empty; any other is shown as typed and read by `check`.
 */
function readNumber(
  raw: string | null,
  fallback: number,
  fallbackText: string,
  unreadable: string,
  check: (text: string) => NumberCheck,
): NumberField {
  const text = fieldText(raw);
  if (text === null || text.length > MAX_FIELD_LENGTH) return { value: null, text: "", error: unreadable };
  if (!text) return { value: fallback, text: fallbackText };
  const checked = check(text);
  return "error" in checked ? { value: null, text, error: checked.error } : { value: checked.value, text };
}

/** The default down payment for a price: {@link MIN_DOWN_PAYMENT_SHARE} of it, rounded up to the real. */
export function defaultDownPayment(price: number): number {
  return Math.ceil(price * MIN_DOWN_PAYMENT_SHARE);
}

/**
 * Reads the simulator's query parameters for a listing.
 * @param params the page URL's search parameters.
 * @param price the listing's sale price (BRL, > 0).
 * @param settings the admin's defaults.
 */
export function readSimulation(params: URLSearchParams, price: number, settings: FinancingSettings): Simulation {
  const errors: Simulation["errors"] = {};
  const minDown = defaultDownPayment(price);

  const downMessage = "Informe a entrada em reais, por exemplo 150.000.";
  const down = readNumber(
    params.get(SIMULATION_PARAMS.downPayment),
    minDown,
    formatMoneyInput(minDown),
    downMessage,
    (text) => {
      const value = parseDecimal(text);
      if (value === null) return { error: downMessage };
      if (value > price) return { error: `A entrada não pode passar do valor do imóvel (${formatPrice(price)}).` };
      if (value < minDown)
        return { error: `Os bancos costumam exigir entrada de pelo menos 20% do valor (${formatPrice(minDown)}).` };
      return { value };
    },
  );

  const termMessage = `Informe o prazo em meses, de ${MIN_TERM_MONTHS} a ${MAX_TERM_MONTHS} (35 anos).`;
  const term = readNumber(
    params.get(SIMULATION_PARAMS.term),
    settings.defaultTermMonths,
    String(settings.defaultTermMonths),
    termMessage,
    (text) => {
      const value = /^\d+$/.test(text) ? Number(text) : null;
      return value === null || value < MIN_TERM_MONTHS || value > MAX_TERM_MONTHS ? { error: termMessage } : { value };
    },
  );

  const rateMessage = `Informe os juros ao ano entre 0 e ${MAX_YEARLY_RATE_PERCENT}%, por exemplo 10,99.`;
  const rate = readNumber(
    params.get(SIMULATION_PARAMS.rate),
    settings.defaultYearlyRatePercent,
    formatNumber(settings.defaultYearlyRatePercent, 2),
    rateMessage,
    (text) => {
      const value = parseDecimal(text.replace(".", ","));
      return value === null || value > MAX_YEARLY_RATE_PERCENT ? { error: rateMessage } : { value };
    },
  );

  const systemText = params.get(SIMULATION_PARAMS.system) ?? "";
  const sistema: SystemChoice = (AMORTISATION_SYSTEMS as readonly string[]).includes(systemText)
    ? (systemText as AmortisationSystem)
    : "ambos";

  if (down.error) errors.entrada = down.error;
  if (term.error) errors.prazo = term.error;
  if (rate.error) errors.juros = rate.error;
  const values = { entrada: down.text, prazo: term.text, juros: rate.text, sistema };
  if (down.value === null || term.value === null || rate.value === null) return { values, errors, result: null };
  return {
    values,
    errors,
    result: simulateFinancing({
      price,
      downPayment: down.value,
      termMonths: term.value,
      yearlyRatePercent: rate.value,
    }),
  };
}
