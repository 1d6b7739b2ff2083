/**
 * Contact-request (lead) schemas shared by the server and the forms (docs/product.md
 * "Contact requests": one zod schema per form, the same on server and client;
 * the phone rule is `normalizeBrazilianPhone` of `./phone`). Error messages are pt-BR, shown beside each field.
 * Every text field is bounded; one-line fields refuse line breaks and other
 * control characters, messages refuse controls other than line breaks and
 * tabs (`./text-fields`).
 */
import { z } from "zod";
import {
  LEAD_EMAIL_MAX,
  LEAD_LOCATION_MAX,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  LEAD_PAGE_MAX,
  LEAD_PHONE_MAX,
  LEAD_UTM_VALUE_MAX,
  LGPD_REQUEST_TYPES,
  type LgpdRequestType,
} from "./lead-fields";
import { brazilianPhoneText, multiLineText, singleLineText } from "./text-fields";

const requiredText = (label: string, max: number) => singleLineText({ max, required: `Informe ${label}.` });

/** Name of the visitor: 2–{@link LEAD_NAME_MAX} characters, one line. */
const name = singleLineText({ max: LEAD_NAME_MAX, min: 2, required: "Informe seu nome." });

/** A Brazilian phone, normalised to digits (see {@link brazilianPhoneText}). */
export const phoneSchema = brazilianPhoneText({
  max: LEAD_PHONE_MAX,
  required: "Informe seu telefone.",
  example: "(11) 91234-5678",
});

/** An e-mail address, lower-cased. */
export const emailSchema = singleLineText({
  max: LEAD_EMAIL_MAX,
  required: "Informe seu e-mail.",
  maxMessage: "Informe um e-mail válido, por exemplo nome@exemplo.com.br.",
  rules: (value) => value.email("Informe um e-mail válido, por exemplo nome@exemplo.com.br.").toLowerCase(),
});

/** A Vista listing code, e.g. "AP12345". */
const listingCode = singleLineText({
  max: 30,
  min: 0,
  required: "Informe o código do imóvel.",
  maxMessage: "Código de imóvel inválido.",
  rules: (value) => value.regex(/^[A-Za-z0-9_-]{1,30}$/, "Código de imóvel inválido."),
});

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** "Quero vender meu imóvel" (docs/spec.txt §7 `/email/sell-property`): {name, phone, location}. */
export const sellLeadSchema = z.object({
  kind: z.literal("sell"),
  name,
  phone: phoneSchema,
  location: requiredText("a localização do imóvel", LEAD_LOCATION_MAX),
});

/** Message shown beside the phone and e-mail fields when neither was given. */
export const CONTACT_REQUIRED_MESSAGE = "Informe seu e-mail ou seu telefone.";

/**
 * Refinement of the forms that ask for "telefone ou e-mail": at least one of
 * the two (docs/decisions/0036-listing-contact-bar.md). The issue goes on
 * `email`, the field rendered beside the phone, so the message shows next to both.
 */
export function requireContact(value: { phone?: string; email?: string }, ctx: z.RefinementCtx): void {
  if (value.phone === undefined && value.email === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: CONTACT_REQUIRED_MESSAGE, path: ["email"] });
  }
}

/**
 * The fields of "mais informações" (docs/spec.txt §7 `/email/more-information`):
 * {code, name, phone, email, message}; phone and e-mail each optional here,
 * {@link infoLeadSchema} requires one of them.
 */
export const infoLeadFields = z.object({
  kind: z.literal("info"),
  code: listingCode,
  name,
  phone: optional(phoneSchema),
  email: optional(emailSchema),
  message: multiLineText({ max: LEAD_MESSAGE_MAX, required: "Informe sua mensagem." }),
});

/**
 * "Mais informações" on a listing page: {code, name, phone, email, message},
 * name and message required and at least one of phone or e-mail (a visitor
 * who only gives an e-mail, or only a WhatsApp number, can still ask).
 */
export const infoLeadSchema = infoLeadFields.superRefine(requireContact);

/** WhatsApp contact recorded by `/obrigado-whatsapp`: listing code, page and UTM parameters. */
export const whatsappLeadSchema = z.object({
  kind: z.literal("whatsapp"),
  code: optional(listingCode),
  /** Site path or absolute URL of the page the button was on. */
  page: requiredText("a página", LEAD_PAGE_MAX),
  /** `utm_*` parameters (at most 10, values up to {@link LEAD_UTM_VALUE_MAX} characters, one line each). */
  utm: z
    .record(z.string().regex(/^utm_[a-z_]{1,30}$/), singleLineText({ max: LEAD_UTM_VALUE_MAX }))
    .refine((value) => Object.keys(value).length <= 10, "Parâmetros UTM demais.")
    .default({}),
});

/** "Avise-me" on a condominium page: {condominium, name, email or phone}. */
export const alertLeadSchema = z
  .object({
    kind: z.literal("alert"),
    condominium: singleLineText({
      max: 200,
      min: 0,
      required: "Informe o condomínio.",
      maxMessage: "Condomínio inválido.",
      rules: (value) => value.regex(/^[a-z0-9-]{1,200}$/, "Condomínio inválido."),
    }),
    name,
    email: optional(emailSchema),
    phone: optional(phoneSchema),
  })
  .superRefine(requireContact);

const lgpdRequestType = z.enum(Object.keys(LGPD_REQUEST_TYPES) as [LgpdRequestType, ...LgpdRequestType[]], {
  message: "Escolha o tipo de solicitação.",
});

/** LGPD request (docs/product.md "Contact requests"): {name, email, phone?, request?, message}. */
export const lgpdLeadSchema = z.object({
  kind: z.literal("lgpd"),
  name,
  email: emailSchema,
  phone: optional(phoneSchema),
  /** The kind of request (optional for API clients; the `/lgpd` form requires it). */
  request: optional(lgpdRequestType),
  message: multiLineText({ max: LEAD_MESSAGE_MAX, required: "Informe sua solicitação." }),
});

/** The `/lgpd` form: {@link lgpdLeadSchema} with the request type required. */
export const lgpdFormSchema = lgpdLeadSchema.extend({ request: lgpdRequestType });

/**
 * "Quanto vale meu imóvel" on `/anunciar` (ADR 0089): the owner's {name, phone, email, message}; the server
 * writes the property, the estimate and the owner's own words into `message` (`app/.server/valuation`).
 */
export const valuationLeadSchema = z.object({
  kind: z.literal("valuation"),
  name,
  phone: phoneSchema,
  email: emailSchema,
  message: multiLineText({ max: LEAD_MESSAGE_MAX, required: "Informe os dados do imóvel." }),
});

/**
 * A visit booked online (ADR 0088): {code, name, phone, email?, message}; the server writes the
 * visit's date and time into `message` (`app/.server/visits/booking.ts`). The e-mail is optional.
 */
export const visitLeadSchema = z.object({
  kind: z.literal("visit"),
  code: listingCode,
  name,
  phone: phoneSchema,
  email: optional(emailSchema),
  message: multiLineText({ max: LEAD_MESSAGE_MAX, required: "Informe o horário da visita." }),
});

/** Any contact request, discriminated by `kind`. */
export const leadInputSchema = z.union([
  sellLeadSchema,
  infoLeadSchema,
  whatsappLeadSchema,
  alertLeadSchema,
  lgpdLeadSchema,
  valuationLeadSchema,
  visitLeadSchema,
]);

/** A validated, normalised contact request (phone digits, e-mail lower case). */
export type LeadInput = z.output<typeof leadInputSchema>;
/** What a form or route submits before validation. */
export type LeadInputRaw = z.input<typeof leadInputSchema>;

const schemasByKind = {
  sell: sellLeadSchema,
  info: infoLeadSchema,
  whatsapp: whatsappLeadSchema,
  alert: alertLeadSchema,
  lgpd: lgpdLeadSchema,
  valuation: valuationLeadSchema,
  visit: visitLeadSchema,
} as const;

/**
 * Validates a contact request with the schema of its `kind` (so that errors
 * name the fields of that form, in pt-BR).
 * @returns zod's safe-parse result; an unknown kind fails on path ["kind"].
 */
export function parseLeadInput(raw: unknown): z.SafeParseReturnType<unknown, LeadInput> {
  const kind = typeof raw === "object" && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  const schema =
    typeof kind === "string" && Object.hasOwn(schemasByKind, kind)
      ? schemasByKind[kind as keyof typeof schemasByKind]
      : undefined;
  if (!schema) {
    return {
      success: false,
      error: new z.ZodError([{ code: z.ZodIssueCode.custom, path: ["kind"], message: "Tipo de contato inválido." }]),
    };
  }
  return schema.safeParse(raw) as z.SafeParseReturnType<unknown, LeadInput>;
}

/** The schema of each contact form: the page validates with it (Conform) and so does the action. */
export const leadFormSchemas = {
  sell: sellLeadSchema,
  info: infoLeadSchema,
  alert: alertLeadSchema,
  lgpd: lgpdFormSchema,
} as const;
