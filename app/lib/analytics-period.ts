/**
 * The period picker of `/admin/estatisticas` and its CSV export
 * (`?periodo=7|30|90|personalizado&de=YYYY-MM-DD&ate=YYYY-MM-DD`, a GET form
 * that works without JavaScript). Days are São Paulo calendar days,
 * both ends included.
 */

/** The preset lengths in days, and the custom choice. */
export const PERIOD_PRESETS = ["7", "30", "90"] as const;

/** The value of `periodo` for a custom range. */
export const CUSTOM_PERIOD = "personalizado";

/** Preset used when `periodo` is missing or invalid. */
export const DEFAULT_PERIOD = "30";

/** Longest custom range, days (13 months of raw events plus the aggregates fit easily). */
export const MAX_PERIOD_DAYS = 731;

/** A resolved period. */
export interface AnalyticsPeriod {
  /** "7", "30", "90" or "personalizado". */
  preset: (typeof PERIOD_PRESETS)[number] | typeof CUSTOM_PERIOD;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
  /** Number of days, ≥ 1. */
  days: number;
  /** pt-BR message when the custom range was refused (the default period is used instead). */
  error: string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day `YYYY-MM-DD`. */
function isDay(text: string | null): text is string {
  if (!text || !ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Days from `from` to `to`, both included. */
function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `day` moved by `days`. */
function shift(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Reads the period of a query string. A preset ends on `today`; a custom
 * range (`periodo=personalizado`, or no `periodo` but `de`/`ate` given)
 * needs two valid days, `de` ≤ `ate`, at most {@link MAX_PERIOD_DAYS}
 * days, otherwise the default preset is used with a pt-BR `error`.
 * @param today São Paulo's current day, `YYYY-MM-DD`.
 */
export function parsePeriod(search: URLSearchParams, today: string): AnalyticsPeriod {
  // Dates typed without choosing "personalizado" still mean a custom range.
  const datesGiven = Boolean(search.get("de") || search.get("ate"));
  const preset = search.get("periodo") || (datesGiven ? CUSTOM_PERIOD : DEFAULT_PERIOD);
  const fallback = (error: string | null): AnalyticsPeriod => {
    const days = Number(DEFAULT_PERIOD);
    return { preset: DEFAULT_PERIOD, from: shift(today, -(days - 1)), to: today, days, error };
  };
  if (preset === CUSTOM_PERIOD) {
    const from = search.get("de");
    const to = search.get("ate");
    if (!isDay(from) || !isDay(to)) return fallback("Informe as duas datas do período.");
    const days = spanDays(from, to);
    if (days < 1) return fallback("A data inicial deve ser anterior à final.");
    if (days > MAX_PERIOD_DAYS) return fallback(`O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`);
    return { preset: CUSTOM_PERIOD, from, to, days, error: null };
  }
  if (!(PERIOD_PRESETS as readonly string[]).includes(preset)) return fallback(null);
  const days = Number(preset);
  return {
    preset: preset as AnalyticsPeriod["preset"],
    from: shift(today, -(days - 1)),
    to: today,
    days,
    error: null,
  };
}

/** The query string of a period (for the CSV link): `periodo=…` plus `de`/`ate` for a custom range. */
export function periodQuery(period: Pick<AnalyticsPeriod, "preset" | "from" | "to">): string {
  const params = new URLSearchParams({ periodo: period.preset });
  if (period.preset === CUSTOM_PERIOD) {
    params.set("de", period.from);
    params.set("ate", period.to);
  }
  return params.toString();
}

/** Every day from `from` to `to` (included), `YYYY-MM-DD`. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = shift(day, 1)) out.push(day);
  return out;
}
