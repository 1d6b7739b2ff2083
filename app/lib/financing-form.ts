/**
 * The financing simulator's form on a sale listing, shared by the listing
 * loader and the browser (docs/decisions/0035-financing-simulator.md): the
 * query parameters `entrada` (down payment, BRL), `prazo` (term, months),
 * `juros` (yearly effective rate, %) and `sistema` ("ambos", "sac",
 * "price") are read leniently (pt-BR "100.000,50", "10,99", "10.99"),
 * every refusal has a pt-BR message for its field, and an empty or missing
 * parameter takes the default (20 % down, the admin's rate and term). Never
 * throws: a bad value is a message, not an error page.
 */
import {
  AMORTISATION_SYSTEMS,
  type AmortisationSystem,
  type FinancingResult,
  MAX_TERM_MONTHS,
  MAX_YEARLY_RATE_PERCENT,
  MIN_DOWN_PAYMENT_SHARE,
  MIN_TERM_MONTHS,
  simulateFinancing,
} from "./financing";
import { formatNumber, formatPrice, formatPriceCents } from "./format";

/** One named bank rate offered as a shortcut ("Caixa", 10.99). */
export interface BankRate {
  /** Bank or credit line, e.g. "Caixa (SBPE)"; 1–60 characters. */
  name: string;
  /** Yearly effective rate in percent. */
  yearlyRatePercent: number;
}

/** The simulator's defaults, saved on `/admin/financiamento`. */
export interface FinancingSettings {
  /** Default yearly effective rate in percent. */
  defaultYearlyRatePercent: number;
  /** Default term in months. */
  defaultTermMonths: number;
  /** Optional named rates, in display order (at most {@link MAX_BANK_RATES}). */
  banks: BankRate[];
}

/** What the listing loader passes to the simulator: the price, the admin's settings and the page's query parameters. */
export interface FinancingSimulatorData {
  /** Sale price (BRL, > 0). */
  price: number;
  settings: FinancingSettings;
  /** The simulator's query parameters as received (absent ones left out). */
  query: Record<string, string>;
  /** The listing's path (the form's action, without query). */
  path: string;
}

/** At most this many named bank rates. */
export const MAX_BANK_RATES = 8;

/**
 * Defaults before an admin saves any: 11,5 % a.a. (around the big banks'
 * SBPE rates of 2025) over 360 months (30 years).
 */
export const DEFAULT_FINANCING_SETTINGS: FinancingSettings = {
  defaultYearlyRatePercent: 11.5,
  defaultTermMonths: 360,
  banks: [],
};

/** Query parameter names of the simulator. */
export const SIMULATION_PARAMS = {
  downPayment: "entrada",
  term: "prazo",
  rate: "juros",
  system: "sistema",
  /** Set by "Falar com um corretor" (no JavaScript): the lead form's message carries the simulation. */
  contact: "contato",
} as const;

/** Anchor of the simulator section. */
export const SIMULATOR_ANCHOR = "simulador";

/** Which systems to show: both side by side, or one. */
export type SystemChoice = "ambos" | AmortisationSystem;

/** Labels of the systems. */
export const SYSTEM_LABELS: Record<AmortisationSystem, string> = { sac: "SAC", price: "Price" };

/** The text of each field as typed (or the default). */
export interface SimulationValues {
  entrada: string;
  prazo: string;
  juros: string;
  sistema: SystemChoice;
}

/** A read simulation: the values, a message per refused field, and the result when every field is valid. */
export interface Simulation {
  values: SimulationValues;
  errors: Partial<Record<keyof SimulationValues, string>>;
  result: FinancingResult | null;
}

/** Longest text accepted in a field (longer: refused with a message). */
const MAX_FIELD_LENGTH = 20;

/** "10,99%" for 10.99. */
export function formatPercent(value: number): string {
  return `${formatNumber(value, 2)}%`;
}

/** "100.000" or "100.000,5" for a field's value (BRL, no symbol). */
export function formatMoneyInput(value: number): string {
  return formatNumber(value, 2);
}

/** "360 meses (30 anos)", "18 meses (1 ano e 6 meses)", "1 mês". */
export function formatTerm(months: number): string {
  const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const head = unit(months, "mês", "meses");
  if (months < 12) return head;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const inYears = unit(years, "ano", "anos") + (rest ? ` e ${unit(rest, "mês", "meses")}` : "");
  return `${head} (${inYears})`;
}

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

/** The systems a choice shows, in order. */
export function shownSystems(choice: SystemChoice): AmortisationSystem[] {
  return choice === "ambos" ? ["sac", "price"] : [choice];
}

/**
 * The "mais informações" message carrying a simulation (pt-BR, under the
 * lead message's length limit).
 * @param code the listing code.
 */
export function simulationMessage(code: string, result: FinancingResult, choice: SystemChoice): string {
  const lines = [
    `Olá! Tenho interesse no imóvel ${code} e simulei um financiamento:`,
    `- Valor do imóvel: ${formatPrice(result.price)}`,
    `- Entrada: ${formatPriceCents(result.downPayment)}`,
    `- Valor financiado: ${formatPriceCents(result.financed)}`,
    `- Prazo: ${formatTerm(result.termMonths)}`,
    `- Juros: ${formatPercent(result.yearlyRatePercent)} ao ano`,
  ];
  for (const system of shownSystems(choice)) {
    const figures = result.systems[system];
    const instalment =
      figures.firstInstalment === figures.lastInstalment
        ? formatPriceCents(figures.firstInstalment)
        : `${formatPriceCents(figures.firstInstalment)} (primeira) a ${formatPriceCents(figures.lastInstalment)} (última)`;
    lines.push(`- ${SYSTEM_LABELS[system]}: parcelas de ${instalment}`);
  }
  lines.push("Gostaria de conversar sobre as condições de financiamento.");
  return lines.join("\n");
}
