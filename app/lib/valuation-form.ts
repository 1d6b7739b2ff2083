/**
 * The two forms of `/anunciar` (ADR 0089), shared by the page and the server:
 *
 * - the estimate: a GET form, so an estimate is a link
 *   (`/anunciar?finalidade=venda&tipo=apartamento&cidade=sao-paulo&bairro=moema&area=80&quartos=2&suites=1&vagas=1`);
 *   purpose, type, city and neighbourhood use the list URLs' slugs (`./filters`:
 *   {@link MAIN_PARAMS}) and must name a place and a type of the catalogue's
 *   vocabulary; {@link parseValuationQuery} gives pt-BR messages per field;
 * - the contact: a POST with the owner's name, phone, e-mail and an optional
 *   message ({@link valuationContactSchema}), beside the estimate's fields
 *   again as hidden inputs (the server recomputes the estimate, it never
 *   trusts a posted figure).
 */
import { z } from "zod";
import { PURPOSES, type FilterVocabulary } from "./filters";
import { LEAD_NAME_MAX } from "./lead-fields";
import { emailSchema, phoneSchema } from "./leads";
import { multiLineText, singleLineText } from "./text-fields";
import {
  VALUATION_AREA_MAX,
  VALUATION_CONDO_FEE_MAX,
  VALUATION_COUNT_MAX,
  VALUATION_MESSAGE_MAX,
  VALUATION_PARAMS,
  type ValuationField,
} from "./valuation-fields";
import type { ValuationSubject } from "./valuation";

export {
  PURPOSE_CHOICES,
  VALUATION_AREA_MAX,
  VALUATION_CONDO_FEE_MAX,
  VALUATION_COUNT_MAX,
  VALUATION_MESSAGE_MAX,
  VALUATION_PARAMS,
  VALUATION_PATH,
  type ValuationField,
} from "./valuation-fields";

/** The property as the owner described it: the estimate's subject plus what only the broker reads. */
export interface ValuationInput extends ValuationSubject {
  /** Eight digits, or undefined. */
  cep?: string;
  suites?: number;
  parking?: number;
  /** BRL per month. */
  condoFee?: number;
}

/** The estimate form read from a URL. */
export type ValuationQuery =
  | { status: "empty"; values: Partial<Record<ValuationField, string>> }
  | {
      status: "invalid";
      values: Partial<Record<ValuationField, string>>;
      errors: Partial<Record<ValuationField, string>>;
    }
  | { status: "valid"; values: Partial<Record<ValuationField, string>>; input: ValuationInput };

const count = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `Informe ${label} com um número.` })
    .int(`Informe ${label} com um número inteiro.`)
    .min(0, `Informe ${label} de 0 a ${VALUATION_COUNT_MAX}.`)
    .max(VALUATION_COUNT_MAX, `Informe ${label} de 0 a ${VALUATION_COUNT_MAX}.`);

/** Per-field rules of the numbers (the places and the type are checked against the vocabulary). */
const NUMBER_RULES = {
  area: z.coerce
    .number({ invalid_type_error: "Informe a área em m², por exemplo 80." })
    .min(10, "Informe uma área de pelo menos 10 m².")
    .max(VALUATION_AREA_MAX, "Informe uma área de até 100.000 m²."),
  bedrooms: count("os quartos"),
  suites: count("as suítes"),
  parking: count("as vagas"),
  condoFee: z.coerce
    .number({ invalid_type_error: "Informe o condomínio em reais, por exemplo 650." })
    .min(0, "O condomínio não pode ser negativo.")
    .max(VALUATION_CONDO_FEE_MAX, "Informe um condomínio de até R$ 100.000."),
} as const;

/** A number typed the Brazilian way ("1.250,50", "80 m²") as the plain text zod coerces; "" stays "". */
function plainNumber(raw: string): string {
  const text = raw.replace(/m²|m2|r\$|\s/gi, "");
  return /,/.test(text) ? text.replace(/\./g, "").replace(",", ".") : text.replace(/\.(?=\d{3}(?:\D|$))/g, "");
}

/**
 * Reads the estimate form from a URL's query (see the module comment).
 * No field at all is "empty" (the blank page); required fields are purpose,
 * type, city, neighbourhood, area and bedrooms. Values are echoed back
 * bounded (64 characters each) so the form shows what was typed.
 */
export function parseValuationQuery(params: URLSearchParams, vocabulary: FilterVocabulary): ValuationQuery {
  const values: Partial<Record<ValuationField, string>> = {};
  for (const [field, name] of Object.entries(VALUATION_PARAMS) as [ValuationField, string][]) {
    const value = (params.get(name) ?? "").trim().slice(0, 64);
    if (value) values[field] = value;
  }
  if (!Object.keys(values).length) return { status: "empty", values };
  const errors: Partial<Record<ValuationField, string>> = {};

  const purpose = PURPOSES.find((p) => p === values.purpose);
  if (!purpose) errors.purpose = "Escolha venda ou aluguel.";
  const category = vocabulary.categories.find((c) => c.slug === values.category);
  if (!category) errors.category = "Escolha o tipo do imóvel.";
  const city = vocabulary.cities.find((c) => c.slug === values.city);
  if (!city) errors.city = "Escolha a cidade.";
  const neighbourhood = city?.neighbourhoods.find((n) => n.slug === values.neighbourhood);
  if (city && !neighbourhood) errors.neighbourhood = "Escolha um bairro desta cidade.";
  if (!city && !values.neighbourhood) errors.neighbourhood = "Escolha o bairro.";
  let cep: string | undefined;
  if (values.cep) {
    const digits = values.cep.replace(/\D/g, "");
    if (digits.length === 8 && /^[\d.\s-]+$/.test(values.cep)) cep = digits;
    else errors.cep = "Informe o CEP com 8 dígitos, por exemplo 04077-000.";
  }

  const numbers: Partial<Record<keyof typeof NUMBER_RULES, number>> = {};
  for (const field of Object.keys(NUMBER_RULES) as (keyof typeof NUMBER_RULES)[]) {
    const raw = values[field];
    if (raw === undefined) {
      if (field === "area") errors.area = "Informe a área em m².";
      if (field === "bedrooms") errors.bedrooms = "Informe quantos quartos.";
      continue;
    }
    const parsed = NUMBER_RULES[field].safeParse(plainNumber(raw));
    if (parsed.success) numbers[field] = parsed.data;
    else errors[field] = parsed.error.issues[0]?.message ?? "Valor inválido.";
  }
  if (numbers.suites !== undefined && numbers.bedrooms !== undefined && numbers.suites > numbers.bedrooms) {
    errors.suites = "As suítes não podem ser mais que os quartos.";
  }
  if (Object.keys(errors).length || !purpose || !category || !city || !neighbourhood) {
    return { status: "invalid", values, errors };
  }
  return {
    status: "valid",
    values,
    input: {
      purpose,
      category: category.slug,
      city: city.slug,
      neighbourhood: neighbourhood.slug,
      area: numbers.area!,
      bedrooms: numbers.bedrooms!,
      ...(cep ? { cep } : {}),
      ...(numbers.suites !== undefined ? { suites: numbers.suites } : {}),
      ...(numbers.parking !== undefined ? { parking: numbers.parking } : {}),
      ...(numbers.condoFee !== undefined ? { condoFee: numbers.condoFee } : {}),
    },
  };
}

/** The canonical query string of a valid input (fixed order, only the fields given), without "?". */
export function valuationQueryString(input: ValuationInput): string {
  const params = new URLSearchParams();
  const set = (field: ValuationField, value: string | number | undefined) => {
    if (value !== undefined) params.set(VALUATION_PARAMS[field], String(value));
  };
  set("purpose", input.purpose);
  set("category", input.category);
  set("city", input.city);
  set("neighbourhood", input.neighbourhood);
  set("cep", input.cep);
  set("area", input.area);
  set("bedrooms", input.bedrooms);
  set("suites", input.suites);
  set("parking", input.parking);
  set("condoFee", input.condoFee);
  return params.toString();
}

/** The owner's contact on `/anunciar`: {name, phone, email, message?}, pt-BR messages per field. */
export const valuationContactSchema = z.object({
  name: singleLineText({ max: LEAD_NAME_MAX, min: 2, required: "Informe seu nome." }),
  phone: phoneSchema,
  email: emailSchema,
  message: z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    multiLineText({ max: VALUATION_MESSAGE_MAX }),
  ),
});

/** A validated contact. */
export type ValuationContact = z.output<typeof valuationContactSchema>;
