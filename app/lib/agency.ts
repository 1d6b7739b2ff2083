/**
 * The agency's public data (razão social, CNPJ, CRECI, address, contacts,
 * opening hours, social profiles, encarregado) edited on `/admin/imobiliaria`
 * and shown in the footer, on `/sobre`, on `/lgpd` and in JSON-LD. One zod
 * schema for the browser and the server (docs/style.md §5), with pt-BR
 * messages beside each field; every text is bounded and refuses control
 * characters (`./text-fields`).
 *
 * Opening hours are typed as lines such as "Seg–Sex 9h–18h" or
 * "Sáb 09:00-13:00" and kept structured ({@link OpeningHours}) so JSON-LD can
 * write `openingHoursSpecification`.
 */
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { z } from "zod";
import { normalizeBrazilianPhone } from "./phone";
import { multiLineText, singleLineText } from "./text-fields";

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

/** Most lines of opening hours. */
const MAX_HOURS_LINES = 7;

/** Opening hours typed one line per period → {@link OpeningHours}; pt-BR message naming the unreadable line. */
const openingHoursSchema = multiLineText({ max: 400 }).transform((value, ctx) => {
  const lines = value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_HOURS_LINES) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Use no máximo ${MAX_HOURS_LINES} linhas.` });
    return z.NEVER;
  }
  const parsed: OpeningHours = [];
  for (const line of lines) {
    const hours = parseOpeningHoursLine(line);
    if (!hours) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `Não entendemos a linha "${line.slice(0, 60)}". Escreva como "Seg–Sex 9h–18h" ou "Sáb 9h–13h".`,
      });
      return z.NEVER;
    }
    parsed.push(hours);
  }
  return parsed;
});

/** An empty string → undefined (an optional field left blank). */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * Whether `value` is a valid CNPJ: numeric or the alphanumeric format
 * (Receita Federal, from July 2026), with or without the mask, check digits
 * verified (`isValidCnpj` of @brazilian-utils/brazilian-utils, version 2;
 * reserved repeated-digit numbers are refused).
 */
export function isCnpj(value: string): boolean {
  return isValidCnpj(value, { version: 2 });
}

/** A valid CNPJ as "00.000.000/0000-00" (alphanumeric letters upper case). */
export function normalizeCnpj(value: string): string {
  return formatCnpj(value.trim().toUpperCase(), { version: 2 });
}

const cnpjSchema = singleLineText({
  max: 20,
  maxMessage: "Informe um CNPJ válido, por exemplo 12.345.678/0001-95.",
}).transform((value, ctx) => {
  if (!isCnpj(value)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "CNPJ inválido: confira os números (dígitos verificadores não conferem).",
    });
    return z.NEVER;
  }
  return normalizeCnpj(value);
});

const emailField = (label: string) =>
  singleLineText({
    max: 254,
    maxMessage: "E-mail longo demais.",
    rules: (value) => value.email(`Informe ${label} válido, por exemplo contato@imobiliaria.com.br.`).toLowerCase(),
  });

const phoneField = singleLineText({
  max: 40,
  maxMessage: "Informe um telefone válido com DDD, por exemplo (11) 3456-7890.",
}).transform((value, ctx) => {
  const phone = normalizeBrazilianPhone(value);
  if (!phone) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "Informe um telefone válido com DDD, por exemplo (11) 3456-7890.",
    });
    return z.NEVER;
  }
  return phone;
});

/** WhatsApp: digits with country code (punctuation removed), 10–15 digits; a Brazilian number without 55 gets it. */
const whatsappField = singleLineText({ max: 30, maxMessage: "Número longo demais." }).transform((value, ctx) => {
  const digits = value.replace(/[\s()+.-]/g, "");
  if (!/^\d{10,15}$/.test(digits)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "Informe o número com DDD, por exemplo +55 11 91234-5678.",
    });
    return z.NEVER;
  }
  return digits.length <= 11 ? `55${digits}` : digits;
});

/** An https URL of one social network (its host or a subdomain of it). */
const socialUrl = (network: SocialNetwork) =>
  singleLineText({
    max: 300,
    maxMessage: "Endereço longo demais.",
  }).refine((value) => {
    try {
      const url = new URL(value);
      const host = url.hostname.toLowerCase();
      return (
        url.protocol === "https:" &&
        !url.username &&
        !url.password &&
        SOCIAL_NETWORKS[network].hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
      );
    } catch {
      return false;
    }
  }, `Informe o endereço https do perfil no ${SOCIAL_NETWORKS[network].label}, por exemplo https://www.${SOCIAL_NETWORKS[network].hosts[0]}/imobiliaria.`);

/**
 * The "Dados da imobiliária" form (`/admin/imobiliaria`). Required: razão
 * social, nome fantasia, lead retention (1–120 months); the rest optional.
 */
export const agencyFormSchema = z.object({
  legalName: singleLineText({ max: 150, required: "Informe a razão social." }),
  tradeName: singleLineText({ max: 80, required: "Informe o nome fantasia." }),
  cnpj: optional(cnpjSchema),
  creci: optional(
    singleLineText({
      max: 40,
      rules: (value) =>
        value.regex(/^[\p{L}\p{N} ./-]+$/u, "Use letras, números, ponto, barra e hífen, por exemplo CRECI 12345-J."),
    }),
  ),
  street: optional(singleLineText({ max: 150 })),
  number: optional(singleLineText({ max: 20 })),
  complement: optional(singleLineText({ max: 80 })),
  neighbourhood: optional(singleLineText({ max: 80 })),
  city: optional(singleLineText({ max: 80 })),
  state: optional(
    z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
      z.enum(BRAZILIAN_STATES, { message: "Escolha a UF." }),
    ),
  ),
  postalCode: optional(
    singleLineText({ max: 10 }).transform((value, ctx) => {
      const digits = value.replace(/\D/g, "");
      if (digits.length !== 8 || !/^\d{5}-?\d{3}$/.test(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Informe o CEP com 8 dígitos, por exemplo 01310-100." });
        return z.NEVER;
      }
      return `${digits.slice(0, 5)}-${digits.slice(5)}`;
    }),
  ),
  phone: optional(phoneField),
  whatsapp: optional(whatsappField),
  email: optional(emailField("um e-mail")),
  openingHours: optional(openingHoursSchema),
  instagram: optional(socialUrl("instagram")),
  facebook: optional(socialUrl("facebook")),
  linkedin: optional(socialUrl("linkedin")),
  youtube: optional(socialUrl("youtube")),
  tiktok: optional(socialUrl("tiktok")),
  dpoName: optional(singleLineText({ max: 120 })),
  dpoEmail: optional(emailField("o e-mail do encarregado")),
  leadRetentionMonths: z.coerce
    .number({ invalid_type_error: "Informe um número de meses.", required_error: "Informe um número de meses." })
    .int("Informe um número inteiro de meses.")
    .min(1, "Use pelo menos 1 mês.")
    .max(120, "Use no máximo 120 meses."),
});

/** The validated form value. */
export type AgencyFormValue = z.output<typeof agencyFormSchema>;

/** The form value as a stored {@link AgencyProfile} (blank optional fields → null). */
export function toAgencyProfile(value: AgencyFormValue): AgencyProfile {
  const social: SocialLinks = {};
  for (const network of Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]) {
    if (value[network]) social[network] = value[network];
  }
  return {
    legalName: value.legalName,
    tradeName: value.tradeName,
    cnpj: value.cnpj ?? null,
    creci: value.creci ?? null,
    street: value.street ?? null,
    number: value.number ?? null,
    complement: value.complement ?? null,
    neighbourhood: value.neighbourhood ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    postalCode: value.postalCode ?? null,
    phone: value.phone ?? null,
    whatsapp: value.whatsapp ?? null,
    email: value.email ?? null,
    openingHours: value.openingHours ?? [],
    social,
    dpoName: value.dpoName ?? null,
    dpoEmail: value.dpoEmail ?? null,
    leadRetentionMonths: value.leadRetentionMonths,
  };
}

/** A stored profile as the form's default values (strings; hours as lines). */
export function agencyFormDefaults(profile: AgencyProfile): Record<string, string> {
  const values: Record<string, string> = {
    legalName: profile.legalName,
    tradeName: profile.tradeName,
    openingHours: profile.openingHours.map(formatOpeningHoursLine).join("\n"),
    leadRetentionMonths: String(profile.leadRetentionMonths),
  };
  const optionalKeys = [
    "cnpj",
    "creci",
    "street",
    "number",
    "complement",
    "neighbourhood",
    "city",
    "state",
    "postalCode",
    "phone",
    "whatsapp",
    "email",
    "dpoName",
    "dpoEmail",
  ] as const;
  for (const key of optionalKeys) values[key] = profile[key] ?? "";
  for (const network of Object.keys(SOCIAL_NETWORKS) as SocialNetwork[])
    values[network] = profile.social[network] ?? "";
  return values;
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
