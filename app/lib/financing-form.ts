/**
 * The financing simulator's form on a sale listing, shared by the listing
 * loader and the browser (docs/decisions/0035-financing-simulator.md): its
 * settings and data, the query parameters `entrada` (down payment, BRL),
 * `prazo` (term, months), `juros` (yearly effective rate, %) and `sistema`
 * ("ambos", "sac", "price"), and how a simulation is written (figures, the
 * lead message). Reading the parameters and calculating is
 * `~/lib/financing-simulation`, which the browser loads only when a visitor
 * edits the form (docs/decisions/0047-shell-chunks-and-deferred-calculations.md).
 */
import type { AmortisationSystem, FinancingResult } from "./financing";
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

/**
 * What the listing loader passes to the simulator: the price, the admin's
 * settings, the page's query parameters and the simulation they give.
 */
export interface FinancingSimulatorData {
  /** Sale price (BRL, > 0). */
  price: number;
  settings: FinancingSettings;
  /** The simulator's query parameters as received (absent ones left out). */
  query: Record<string, string>;
  /** {@link query} read and calculated by the server: what the form shows until the visitor edits it. */
  simulation: Simulation;
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
