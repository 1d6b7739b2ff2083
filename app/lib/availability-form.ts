/**
 * The broker's visit hours form on `/painel/agenda` (ADR 0093): one zod schema for the posted
 * fields, pt-BR messages beside each field, and the shape it saves ({@link AvailabilitySettings},
 * the columns of `broker_availability`). A plain HTML form (no JavaScript): per weekday a
 * "sem visitas" checkbox and up to two intervals of `<input type="time">`, the days off one date
 * per line, and four numbers. Times are São Paulo wall clock "HH:MM", intervals end-exclusive.
 */
import { z } from "zod";
import type { VisitAvailability, VisitHours } from "./visit-slots";

/** One bookable interval of a weekday, São Paulo wall clock "HH:MM" (end exclusive). */
export type TimeInterval = VisitHours;

/**
 * A broker's availability as stored (`broker_availability`) and as the slot computation reads it
 * (`./visit-slots`): `weekly[0]` is Sunday … `weekly[6]` Saturday, each 0–2 intervals, sorted and
 * apart; `daysOff` "YYYY-MM-DD" sorted and unique; durations in minutes (the form asks the
 * minimum notice in whole hours).
 */
export type AvailabilitySettings = VisitAvailability;

/** The slot lengths a broker may choose, minutes. */
export const SLOT_MINUTES_CHOICES = [30, 45, 60, 90] as const;
/** Bounds of the buffer between visits, minutes. */
export const BUFFER_MINUTES = { min: 0, max: 60 } as const;
/** Bounds of how far ahead visitors may book, days. */
export const HORIZON_DAYS = { min: 1, max: 30 } as const;
/** Bounds of the minimum notice, hours. */
export const MIN_NOTICE_HOURS = { min: 0, max: 48 } as const;
/** Most days off kept (a year of holidays and vacations is far less). */
export const MAX_DAYS_OFF = 60;
/** Most intervals per weekday. */
export const MAX_INTERVALS_PER_DAY = 2;

/** Weekday labels, Sunday first (the index of {@link AvailabilitySettings.weekly}). */
export const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;
/** The order the form lists the weekdays: Monday first, as Brazilian calendars do. */
export const FORM_WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The posted field names (Portuguese, as the page's URL words). */
export const AVAILABILITY_FIELDS = {
  closed: (day: number) => `dia-${day}-fechado`,
  start: (day: number, interval: number) => `dia-${day}-inicio-${interval + 1}`,
  end: (day: number, interval: number) => `dia-${day}-fim-${interval + 1}`,
  daysOff: "folgas",
  slot: "duracao",
  buffer: "intervalo",
  horizon: "dias-a-frente",
  notice: "aviso-minimo",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of "HH:MM" (already validated). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** "YYYY-MM-DD" of "DD/MM/AAAA" or "YYYY-MM-DD" when it is a real calendar day; else null. */
export function parseDayOff(text: string): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [year, month, day] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "25/12/2026" of "2026-12-25". */
export function formatDayOff(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

const text = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(2000));

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : undefined),
    z
      .number({ required_error: `Informe ${label}.`, invalid_type_error: `Informe ${label} em números.` })
      .int(`Use um número inteiro de ${unit}.`)
      .min(min, `Use de ${min} a ${max} ${unit}.`)
      .max(max, `Use de ${min} a ${max} ${unit}.`),
  );

/** The number fields' own rules (checked inside the transform, so that every field's message shows at once). */
const numberFields = {
  [AVAILABILITY_FIELDS.slot]: z.preprocess(
    (value) => (typeof value === "string" && value !== "" ? Number(value) : undefined),
    z
      .number({ required_error: "Escolha a duração da visita.", invalid_type_error: "Escolha a duração da visita." })
      .refine((value) => (SLOT_MINUTES_CHOICES as readonly number[]).includes(value), {
        message: "Escolha 30, 45, 60 ou 90 minutos.",
      }),
  ),
  [AVAILABILITY_FIELDS.buffer]: wholeNumber("o intervalo", BUFFER_MINUTES.min, BUFFER_MINUTES.max, "minutos"),
  [AVAILABILITY_FIELDS.horizon]: wholeNumber("quantos dias à frente", HORIZON_DAYS.min, HORIZON_DAYS.max, "dias"),
  [AVAILABILITY_FIELDS.notice]: wholeNumber(
    "a antecedência mínima",
    MIN_NOTICE_HOURS.min,
    MIN_NOTICE_HOURS.max,
    "horas",
  ),
} as Record<string, z.ZodType<number, z.ZodTypeDef, unknown>>;

/** Every field as posted (strings), before the rules of the transform. */
const postedShape: Record<string, z.ZodTypeAny> = { [AVAILABILITY_FIELDS.daysOff]: text };
for (const name of Object.keys(numberFields)) postedShape[name] = text;
for (let day = 0; day < 7; day += 1) {
  postedShape[AVAILABILITY_FIELDS.closed(day)] = z.preprocess((value) => value === "on" || value === "1", z.boolean());
  for (let interval = 0; interval < MAX_INTERVALS_PER_DAY; interval += 1) {
    postedShape[AVAILABILITY_FIELDS.start(day, interval)] = text;
    postedShape[AVAILABILITY_FIELDS.end(day, interval)] = text;
  }
}

type Posted = Record<string, unknown>;
type Issue = (path: string, message: string) => void;

/** The intervals of one weekday, or none when closed; reports a message beside the bad field. */
function dayIntervals(posted: Posted, day: number, issue: Issue): TimeInterval[] {
  if (posted[AVAILABILITY_FIELDS.closed(day)] === true) return [];
  const intervals: TimeInterval[] = [];
  for (let index = 0; index < MAX_INTERVALS_PER_DAY; index += 1) {
    const startField = AVAILABILITY_FIELDS.start(day, index);
    const endField = AVAILABILITY_FIELDS.end(day, index);
    const start = String(posted[startField] ?? "");
    const end = String(posted[endField] ?? "");
    if (!start && !end) continue;
    if (!TIME.test(start)) {
      issue(startField, start ? "Use o formato 09:00." : "Informe o início.");
      continue;
    }
    if (!TIME.test(end)) {
      issue(endField, end ? "Use o formato 18:00." : "Informe o fim.");
      continue;
    }
    if (minutesOfDay(end) <= minutesOfDay(start)) {
      issue(endField, "O fim deve ser depois do início.");
      continue;
    }
    const previous = intervals[intervals.length - 1];
    if (previous && minutesOfDay(start) < minutesOfDay(previous.end)) {
      issue(startField, `O segundo horário deve começar depois das ${previous.end}.`);
      continue;
    }
    intervals.push({ start, end });
  }
  return intervals;
}

/** The days off typed one per line, or a message naming the first unreadable line. */
function daysOffOf(value: string, issue: Issue): string[] {
  const days = new Set<string>();
  for (const line of value.split(/[\n,;]+/)) {
    if (!line.trim()) continue;
    const day = parseDayOff(line);
    if (!day) {
      issue(
        AVAILABILITY_FIELDS.daysOff,
        `Data inválida: “${line.trim().slice(0, 20)}”. Use DD/MM/AAAA, uma por linha.`,
      );
      return [];
    }
    days.add(day);
  }
  if (days.size > MAX_DAYS_OFF) issue(AVAILABILITY_FIELDS.daysOff, `Informe no máximo ${MAX_DAYS_OFF} datas.`);
  return [...days].sort();
}

/**
 * The form's schema: posted fields (strings, "on" for a checked box) → {@link AvailabilitySettings}.
 * Every refusal is a pt-BR issue whose path is the field's name (shown beside it).
 */
export const availabilityFormSchema = z.object(postedShape).transform((posted: Posted, ctx): AvailabilitySettings => {
  const issue: Issue = (path, message) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  const weekly = Array.from({ length: 7 }, (_, day) => dayIntervals(posted, day, issue));
  const daysOff = daysOffOf(String(posted[AVAILABILITY_FIELDS.daysOff] ?? ""), issue);
  const numbers: Record<string, number> = {};
  for (const [name, schema] of Object.entries(numberFields)) {
    const parsed = schema.safeParse(posted[name]);
    if (parsed.success) numbers[name] = parsed.data;
    else issue(name, parsed.error.issues[0]?.message ?? "Valor inválido.");
  }
  return {
    weekly,
    daysOff,
    slotMinutes: numbers[AVAILABILITY_FIELDS.slot] ?? 0,
    bufferMinutes: numbers[AVAILABILITY_FIELDS.buffer] ?? 0,
    horizonDays: numbers[AVAILABILITY_FIELDS.horizon] ?? 0,
    minNoticeMinutes: (numbers[AVAILABILITY_FIELDS.notice] ?? 0) * 60,
  };
});

/** What the page shows in each field (strings), from saved settings or from a refused post. */
export type AvailabilityFormValues = Record<string, string>;

/** The form's values for `settings` (what the page pre-fills). */
export function availabilityFormValues(settings: AvailabilitySettings): AvailabilityFormValues {
  const values: AvailabilityFormValues = {
    [AVAILABILITY_FIELDS.daysOff]: settings.daysOff.map(formatDayOff).join("\n"),
    [AVAILABILITY_FIELDS.slot]: String(settings.slotMinutes),
    [AVAILABILITY_FIELDS.buffer]: String(settings.bufferMinutes),
    [AVAILABILITY_FIELDS.horizon]: String(settings.horizonDays),
    [AVAILABILITY_FIELDS.notice]: String(Math.round(settings.minNoticeMinutes / 60)),
  };
  settings.weekly.forEach((intervals, day) => {
    if (intervals.length === 0) values[AVAILABILITY_FIELDS.closed(day)] = "on";
    intervals.slice(0, MAX_INTERVALS_PER_DAY).forEach((interval, index) => {
      values[AVAILABILITY_FIELDS.start(day, index)] = interval.start;
      values[AVAILABILITY_FIELDS.end(day, index)] = interval.end;
    });
  });
  return values;
}

/** The outcome of {@link parseAvailabilityForm}. */
export type AvailabilityFormResult =
  | { ok: true; settings: AvailabilitySettings }
  | { ok: false; values: AvailabilityFormValues; errors: Record<string, string> };

/**
 * Validates a posted form. On refusal: the values as typed (to show them again) and the first
 * message of each field, keyed by field name.
 */
export function parseAvailabilityForm(formData: Pick<FormData, "get">): AvailabilityFormResult {
  const posted: Record<string, string> = {};
  for (const name of Object.keys(postedShape)) {
    const value = formData.get(name);
    if (typeof value === "string") posted[name] = value.slice(0, 2000);
  }
  const parsed = availabilityFormSchema.safeParse(posted);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, values: posted, errors };
}
