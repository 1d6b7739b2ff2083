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

  const downText = fieldText(params.get(SIMULATION_PARAMS.downPayment));
  let downPayment: number | null = minDown;
  let entrada = formatMoneyInput(minDown);
  if (downText === null || downText.length > MAX_FIELD_LENGTH) {
    errors.entrada = "Informe a entrada em reais, por exemplo 150.000.";
    downPayment = null;
    entrada = "";
  } else if (downText) {
    entrada = downText;
    downPayment = parseDecimal(downText);
    if (downPayment === null) errors.entrada = "Informe a entrada em reais, por exemplo 150.000.";
    else if (downPayment > price)
      errors.entrada = `A entrada não pode passar do valor do imóvel (${formatPrice(price)}).`;
    else if (downPayment < minDown)
      errors.entrada = `Os bancos costumam exigir entrada de pelo menos 20% do valor (${formatPrice(minDown)}).`;
  }

  const termText = fieldText(params.get(SIMULATION_PARAMS.term));
  let termMonths: number | null = settings.defaultTermMonths;
  let prazo = String(settings.defaultTermMonths);
  const termMessage = `Informe o prazo em meses, de ${MIN_TERM_MONTHS} a ${MAX_TERM_MONTHS} (35 anos).`;
  if (termText === null || termText.length > MAX_FIELD_LENGTH) {
    errors.prazo = termMessage;
    termMonths = null;
    prazo = "";
  } else if (termText) {
    prazo = termText;
    termMonths = /^\d+$/.test(termText) ? Number(termText) : null;
    if (termMonths === null || termMonths < MIN_TERM_MONTHS || termMonths > MAX_TERM_MONTHS) errors.prazo = termMessage;
  }

  const rateText = fieldText(params.get(SIMULATION_PARAMS.rate));
  let rate: number | null = settings.defaultYearlyRatePercent;
  let juros = formatNumber(settings.defaultYearlyRatePercent, 2);
  const rateMessage = `Informe os juros ao ano entre 0 e ${MAX_YEARLY_RATE_PERCENT}%, por exemplo 10,99.`;
  if (rateText === null || rateText.length > MAX_FIELD_LENGTH) {
    errors.juros = rateMessage;
    rate = null;
    juros = "";
  } else if (rateText) {
    juros = rateText;
    rate = parseDecimal(rateText.replace(".", ","));
    if (rate === null || rate > MAX_YEARLY_RATE_PERCENT) errors.juros = rateMessage;
  }

  const systemText = params.get(SIMULATION_PARAMS.system) ?? "";
  const sistema: SystemChoice = (AMORTISATION_SYSTEMS as readonly string[]).includes(systemText)
    ? (systemText as AmortisationSystem)
    : "ambos";

  const values = { entrada, prazo, juros, sistema };
  if (Object.keys(errors).length || downPayment === null || termMonths === null || rate === null)
    return { values, errors, result: null };
  return {
    values,
    errors,
    result: simulateFinancing({ price, downPayment, termMonths, yearlyRatePercent: rate }),
  };
}
