/**
 * The "Financiamento" form of `/admin/financiamento`: the simulator's
 * default yearly rate and term, and optional named bank rates typed one per
 * line ("Caixa: 10,99"). One zod schema for the browser and the server
 * (docs/style.md §5) with pt-BR messages beside each field
 * (docs/decisions/0035-financing-simulator.md).
 */
import { z } from "zod";
import { MAX_TERM_MONTHS, MAX_YEARLY_RATE_PERCENT, MIN_TERM_MONTHS } from "./financing";
import { type BankRate, type FinancingSettings, MAX_BANK_RATES } from "./financing-form";
import { parseDecimal } from "./financing-simulation";
import { formatNumber } from "./format";
import { lineListText, singleLineText } from "./text-fields";

/** Longest bank name. */
const MAX_BANK_NAME = 60;

const rateMessage = `Informe os juros ao ano entre 0 e ${MAX_YEARLY_RATE_PERCENT}%, por exemplo 10,99.`;

/** A yearly rate typed "10,99", "10.99" or "10,99%" → percent. */
const rateSchema = singleLineText({ max: 12, required: rateMessage }).transform((value, ctx) => {
  const rate = parseDecimal(value.replace(".", ","));
  if (rate === null || rate > MAX_YEARLY_RATE_PERCENT) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: rateMessage });
    return z.NEVER;
  }
  return Math.round(rate * 100) / 100;
});

/**
 * One bank line: a name, then ":" (or "=" / ";" / a dash) and the yearly
 * rate, "%" and "a.a." optional: "Caixa (SBPE): 10,99% a.a.".
 * @returns null when the line does not read.
 */
export function parseBankLine(line: string): BankRate | null {
  const match = /^(.+?)\s*[:=;–—-]\s*(\d+(?:[.,]\d+)?)\s*%?\s*(?:a\.?\s*a\.?)?$/i.exec(line.trim());
  if (!match) return null;
  const name = match[1]!.trim();
  const rate = parseDecimal(match[2]!.replace(".", ","));
  if (!name || name.length > MAX_BANK_NAME || rate === null || rate > MAX_YEARLY_RATE_PERCENT) return null;
  return { name, yearlyRatePercent: Math.round(rate * 100) / 100 };
}

/** A bank rate as its form line: "Caixa: 10,99". */
export function formatBankLine(bank: BankRate): string {
  return `${bank.name}: ${formatNumber(bank.yearlyRatePercent, 2)}`;
}

const banksSchema = lineListText({
  max: 800,
  maxLines: MAX_BANK_RATES,
  parseLine: parseBankLine,
  howToWrite: `Escreva como "Caixa: 10,99" (nome com até ${MAX_BANK_NAME} caracteres, juros de 0 a ${MAX_YEARLY_RATE_PERCENT}% ao ano).`,
});

/** The admin form: rate (required), term (required, months), banks (optional lines). */
export const financingSettingsSchema = z.object({
  defaultRate: rateSchema,
  defaultTerm: z.coerce
    .number({ invalid_type_error: "Informe o prazo em meses.", required_error: "Informe o prazo em meses." })
    .int("Informe um número inteiro de meses.")
    .min(MIN_TERM_MONTHS, `Use pelo menos ${MIN_TERM_MONTHS} mês.`)
    .max(MAX_TERM_MONTHS, `Use no máximo ${MAX_TERM_MONTHS} meses (35 anos).`),
  // Optional at the top: Conform turns an empty field into undefined before the string rules run.
  banks: banksSchema.optional().transform((banks) => banks ?? []),
});

/** The validated form value as settings. */
export function toFinancingSettings(value: z.output<typeof financingSettingsSchema>): FinancingSettings {
  return { defaultYearlyRatePercent: value.defaultRate, defaultTermMonths: value.defaultTerm, banks: value.banks };
}

/** Settings as the form's text values. */
export function financingFormDefaults(settings: FinancingSettings) {
  return {
    defaultRate: formatNumber(settings.defaultYearlyRatePercent, 2),
    defaultTerm: String(settings.defaultTermMonths),
    banks: settings.banks.map(formatBankLine).join("\n"),
  };
}
