/**
 * The "Dados da imobiliária" form (`/admin/imobiliaria`): one zod schema for
 * the browser and the server (one schema per form, the same on both sides), with pt-BR messages beside
 * each field; every text is bounded and refuses control characters
 * (`./text-fields`). What the form saves is an {@link AgencyProfile}.
 */
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { z } from "zod";
import {
  type AgencyProfile,
  BRAZILIAN_STATES,
  formatOpeningHoursLine,
  parseOpeningHoursLine,
  SOCIAL_NETWORKS,
  type SocialLinks,
  type SocialNetwork,
} from "./agency";
import { brazilianPhoneText, lineListText, singleLineText } from "./text-fields";

/** Most lines of opening hours. */
const MAX_HOURS_LINES = 7;

/** Opening hours typed one line per period → `OpeningHours` (`./agency`); pt-BR message naming the unreadable line. */
const openingHoursSchema = lineListText({
  max: 400,
  maxLines: MAX_HOURS_LINES,
  parseLine: parseOpeningHoursLine,
  howToWrite: 'Escreva como "Seg–Sex 9h–18h" ou "Sáb 9h–13h".',
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

const phoneField = brazilianPhoneText({ max: 40, example: "(11) 3456-7890" });

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
