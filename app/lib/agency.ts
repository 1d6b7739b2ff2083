/**
 * The agency's public data (razão social, CNPJ, CRECI, address, contacts,
 * opening hours, social profiles, encarregado) edited on `/admin/imobiliaria`
 * and shown in the footer, on `/sobre`, on `/lgpd` and in JSON-LD: its shape
 * and how it is shown. The form's zod schema is `./agency-form`, kept apart
 * so the public pages that show the profile never load zod.
 *
 * Opening hours are typed as lines such as "Seg–Sex 9h–18h" or
 * "Sáb 09:00-13:00" and kept structured ({@link OpeningHours}) so JSON-LD can
 * write `openingHoursSpecification`.
 */

/** Default lead retention in months before a lead is anonymised (docs/product.md "Privacy (LGPD)"). */
export const DEFAULT_LEAD_RETENTION_MONTHS = 24;

/** The 27 federative units (UF). */
export const BRAZILIAN_STATES = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

/** Social networks the agency can link, in display order, with their labels and accepted hosts. */
export const SOCIAL_NETWORKS = {
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  linkedin: { label: "LinkedIn", hosts: ["linkedin.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  tiktok: { label: "TikTok", hosts: ["tiktok.com"] },
} as const;

/** A social network key of {@link SOCIAL_NETWORKS}. */
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** Weekdays as schema.org names, Monday first; index + 1 is the ISO weekday. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** A schema.org day of week. */
export type Weekday = (typeof WEEKDAYS)[number];

const WEEKDAY_LABELS: Record<Weekday, string> = {
  Monday: "Seg",
  Tuesday: "Ter",
  Wednesday: "Qua",
  Thursday: "Qui",
  Friday: "Sex",
  Saturday: "Sáb",
  Sunday: "Dom",
};

/** One line of opening hours: the days (schema.org names) and the times "HH:MM" (24 h, São Paulo). */
export interface OpeningHoursLine {
  days: Weekday[];
  opens: string;
  closes: string;
}

/** The opening hours, one entry per typed line. */
export type OpeningHours = OpeningHoursLine[];

/** Social profile URLs by network (only the ones set). */
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/**
 * The agency profile as stored and shown (the admin form's value once
 * validated; empty optional fields are null). Phones are digits (DDD +
 * number), the WhatsApp number digits with country code, the CNPJ formatted
 * "00.000.000/0000-00", the CEP "00000-000".
 */
export interface AgencyProfile {
  legalName: string;
  tradeName: string;
  cnpj: string | null;
  creci: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighbourhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  openingHours: OpeningHours;
  social: SocialLinks;
  dpoName: string | null;
  dpoEmail: string | null;
  /** Months a lead is kept before it is anonymised. */
  leadRetentionMonths: number;
}

/** Day tokens accepted in an opening-hours line (lower case, accents removed). */
const DAY_TOKENS: Record<string, number> = {
  seg: 0,
  segunda: 0,
  ter: 1,
  terca: 1,
  qua: 2,
  quarta: 2,
  qui: 3,
  quinta: 3,
  sex: 4,
  sexta: 4,
  sab: 5,
  sabado: 5,
  dom: 6,
  domingo: 6,
};

/** "9h", "9:00", "09h30", "18" → "09:00"/"09:30"/"18:00", or null. */
function parseTime(value: string): string | null {
  const match = /^(\d{1,2})(?:\s*(?:h|:)\s*(\d{2})?)?\s*h?$/i.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** "seg–sex, sáb" → weekday indexes (0 = Monday), or null when a token is unknown. */
function parseDays(value: string): number[] | null {
  const days = new Set<number>();
  const plain = value
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/-feira/g, "");
  for (const part of plain.split(/\s*(?:,|\be\b)\s*/).filter(Boolean)) {
    const range = part.split(/\s*(?:-|–|—|\ba\b)\s*/).filter(Boolean);
    if (range.length < 1 || range.length > 2) return null;
    const [from, to] = range.map((token) => DAY_TOKENS[token.replace(/\.$/, "")]);
    if (from === undefined || (range.length === 2 && to === undefined)) return null;
    const last = to ?? from;
    // A range may wrap past Sunday ("sex-seg").
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === last) break;
    }
  }
  return days.size ? [...days].sort((a, b) => a - b) : null;
}

/**
 * Parses one opening-hours line: days (abbreviations or names, ranges with
 * "-", "–" or "a", lists with "," or "e") followed by a time range, e.g.
 * "Seg–Sex 9h–18h", "sábado 09:00 às 13:00".
 * @returns the structured line, or null when it cannot be read.
 */
export function parseOpeningHoursLine(line: string): OpeningHoursLine | null {
  const match =
    /^(.+?)\s*:?\s+(\d{1,2}(?:\s*[h:]\s*\d{0,2})?\s*h?)\s*(?:-|–|—|às|as|a|até)\s*(\d{1,2}(?:\s*[h:]\s*\d{0,2})?\s*h?)$/i.exec(
      line.trim(),
    );
  if (!match) return null;
  const days = parseDays(match[1]!);
  const opens = parseTime(match[2]!);
  const closes = parseTime(match[3]!);
  if (!days || !opens || !closes || closes <= opens) return null;
  return { days: days.map((day) => WEEKDAYS[day]!), opens, closes };
}

/** "09:00" → "9h", "09:30" → "9h30". */
function shortTime(value: string): string {
  const [hours, minutes] = value.split(":");
  return `${Number(hours)}h${minutes === "00" ? "" : minutes}`;
}

/**
 * One structured line as text, e.g. "Seg–Sex 9h–18h" (consecutive days as a
 * range, others as a list).
 */
export function formatOpeningHoursLine(line: OpeningHoursLine): string {
  const indexes = line.days.map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
  const consecutive = indexes.every((day, i) => i === 0 || day === indexes[i - 1]! + 1);
  const days =
    indexes.length > 2 && consecutive
      ? `${WEEKDAY_LABELS[WEEKDAYS[indexes[0]!]!]}–${WEEKDAY_LABELS[WEEKDAYS[indexes.at(-1)!]!]}`
      : indexes.map((day) => WEEKDAY_LABELS[WEEKDAYS[day]!]).join(", ");
  return `${days} ${shortTime(line.opens)}–${shortTime(line.closes)}`;
}

/**
 * The address on one or two lines: "Rua X, 100, sala 2" and
 * "Bairro, Cidade – UF, CEP 00000-000"; empty parts are left out.
 */
export function addressLines(profile: AgencyProfile): string[] {
  const first = [profile.street, profile.number, profile.complement].filter(Boolean).join(", ");
  const place = [profile.neighbourhood, [profile.city, profile.state].filter(Boolean).join(" – ")]
    .filter(Boolean)
    .join(", ");
  const second = [place, profile.postalCode ? `CEP ${profile.postalCode}` : ""].filter(Boolean).join(", ");
  return [first, second].filter(Boolean);
}
