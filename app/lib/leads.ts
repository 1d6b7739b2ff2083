/**
 * Contact-request (lead) schemas shared by the server and the forms (docs/product.md
 * "Contact requests": one zod schema per form, the same on server and client;
 * the phone rule is `normalizeBrazilianPhone` of `./phone`). Error messages are pt-BR, shown beside each field.
 * Every text field is bounded; one-line fields refuse line breaks and other
 * control characters, messages refuse controls other than line breaks and
 * tabs (`./text-fields`).
 */
import { z } from "zod";
import { normalizeBrazilianPhone } from "./phone";
import { multiLineText, singleLineText } from "./text-fields";

/** Most characters a message may have (docs/product.md). */
export const LEAD_MESSAGE_MAX = 2000;
/** Most characters of a visitor's name. */
export const LEAD_NAME_MAX = 120;
/** Most characters of a typed phone (punctuation and "+55" included). */
export const LEAD_PHONE_MAX = 40;
/** Most characters of an e-mail address. */
export const LEAD_EMAIL_MAX = 254;
/** Most characters of the location of a property to sell. */
export const LEAD_LOCATION_MAX = 200;
/** Most characters of the page a WhatsApp contact came from (origin + path). */
export const LEAD_PAGE_MAX = 2000;
/** Most characters of one `utm_*` value. */
export const LEAD_UTM_VALUE_MAX = 200;

const requiredText = (label: string, max: number) => singleLineText({ max, required: `Informe ${label}.` });

/** Name of the visitor: 2–{@link LEAD_NAME_MAX} characters, one line. */
const name = singleLineText({ max: LEAD_NAME_MAX, min: 2, required: "Informe seu nome." });

/** A Brazilian phone, normalised to digits (see {@link normalizeBrazilianPhone}). */
export const phoneSchema = singleLineText({
  max: LEAD_PHONE_MAX,
  required: "Informe seu telefone.",
  maxMessage: "Informe um telefone válido com DDD, por exemplo (11) 91234-5678.",
}).transform((value, ctx) => {
  const phone = normalizeBrazilianPhone(value);
  if (!phone) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: "Informe um telefone válido com DDD, por exemplo (11) 91234-5678.",
    });
    return z.NEVER;
  }
  return phone;
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

/**
 * What a data subject may ask on `/lgpd` (LGPD art. 18: access, correction,
 * deletion, portability, information on sharing, revocation of consent), with
 * the pt-BR label of each.
 */
export const LGPD_REQUEST_TYPES = {
  acesso: "Acesso aos meus dados",
  correcao: "Correção de dados",
  eliminacao: "Eliminação (exclusão) de dados",
  portabilidade: "Portabilidade dos dados",
  informacao: "Informação sobre compartilhamento",
  revogacao: "Revogação do consentimento",
} as const;

/** A key of {@link LGPD_REQUEST_TYPES}. */
export type LgpdRequestType = keyof typeof LGPD_REQUEST_TYPES;

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

/** Any contact request, discriminated by `kind`. */
export const leadInputSchema = z.union([
  sellLeadSchema,
  infoLeadSchema,
  whatsappLeadSchema,
  alertLeadSchema,
  lgpdLeadSchema,
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

/** The contact forms a page can carry. */
export type LeadFormKind = "sell" | "info" | "alert" | "lgpd";

/** The schema of each contact form: the page validates with it (Conform) and so does the action. */
export const leadFormSchemas = {
  sell: sellLeadSchema,
  info: infoLeadSchema,
  alert: alertLeadSchema,
  lgpd: lgpdFormSchema,
} as const;

/**
 * Names of the hidden inputs every contact form carries besides its fields
 * (app/.server/leads/form-guard.ts checks them).
 */
export const LEAD_FORM_FIELDS = {
  /** Honeypot: hidden from people and autofill; bots fill it. */
  honeypot: "website",
  /** Signed render time (minimum fill time). */
  startedAt: "startedAt",
  /** The rendered form's idempotency key. */
  idempotencyKey: "idempotencyKey",
  /** "1" once the page is hydrated: the action answers JSON (toast) instead of redirecting to /obrigado. */
  enhanced: "js",
} as const;
