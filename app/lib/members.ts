/**
 * Team members (docs/product.md "Member"): the admin form's one
 * zod schema (shared by browser and server, pt-BR messages beside each field) and the
 * list's filters (their paths are in `./paths`). Shared by the browser and the server.
 */
import { z } from "zod";
import { multiLineText, singleLineText } from "./text-fields";
import { whatsAppNumber } from "./phone";

/** Status filter of the admin list: active, inactive (including deleted), or all. */
const MEMBER_STATUS_FILTERS = ["ativos", "inativos", "todos"] as const;
/** Orders of the admin list: site order, name, most recently changed. */
const MEMBER_ORDERS = ["ordem", "nome", "recentes"] as const;

const listQuerySchema = z.object({
  q: singleLineText({ max: 100 }).catch(""),
  status: z.enum(MEMBER_STATUS_FILTERS).catch("todos"),
  ordem: z.enum(MEMBER_ORDERS).catch("ordem"),
});

/** The members list's query, as the admin page and `GET /api/members` read it. */
export type MemberListParams = z.infer<typeof listQuerySchema>;

/**
 * The list's query string (`q` up to 100 characters, `status`, `ordem`) of the
 * admin page and of `GET /api/members`; a bad value falls back to its default
 * (no search, "todos", "ordem").
 */
export function memberListParams(search: URLSearchParams): MemberListParams {
  return listQuerySchema.parse({
    q: search.get("q") ?? "",
    status: search.get("status") ?? undefined,
    ordem: search.get("ordem") ?? undefined,
  });
}

/** The member form's "no login" choice (an empty select value would read as "keep", ADR 0085). */
export const NO_LINKED_USER = "nenhum";

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Most characters of a member's name. */
const MEMBER_NAME_MAX = 120;
/** Most characters of a member's address part (`/membro/{slug}`). */
const MEMBER_SLUG_MAX = 80;
/** Most characters of a member's presentation (bio). */
export const MEMBER_BIO_MAX = 4000;

// Optional text: Conform turns an empty field into undefined; the value is then "".
const text = (max: number, label: string) =>
  singleLineText({ max, maxMessage: `${label}: no máximo ${max} caracteres.` })
    .optional()
    .transform((value) => value ?? "");

const phone = (label: string) =>
  text(30, label).refine(
    (value) => value === "" || whatsAppNumber(value) !== null,
    `Informe o ${label} com DDD, por exemplo (11) 91234-5678.`,
  );

/**
 * The member form (create and edit). `slug` may be left empty: it is then
 * made from the name. `active` is a checkbox ("on" when ticked). Every text
 * is bounded; the bio may have several lines, the other texts one line
 * without control characters (`./text-fields`).
 */
export const memberFormSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: singleLineText({
    max: MEMBER_NAME_MAX,
    min: 2,
    required: "Informe o nome.",
    minMessage: "Informe o nome (pelo menos 2 letras).",
    maxMessage: `Nome: no máximo ${MEMBER_NAME_MAX} caracteres.`,
  }),
  slug: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.trim().toLowerCase() : undefined),
    singleLineText({
      max: MEMBER_SLUG_MAX,
      maxMessage: `Endereço: no máximo ${MEMBER_SLUG_MAX} caracteres.`,
      rules: (value) =>
        value.regex(SLUG_PATTERN, "Use só letras minúsculas sem acento, números e hífens, por exemplo ana-souza."),
    })
      .refine((value) => !/^\d+$/.test(value), "O endereço não pode ser só números.")
      .optional(),
  ),
  title: text(80, "Cargo"),
  creci: text(20, "CRECI").refine(
    (value) => value === "" || /^[0-9A-Za-z./ -]{2,20}$/.test(value),
    "CRECI inválido, por exemplo 123456-F.",
  ),
  email: singleLineText({
    max: 200,
    maxMessage: "E-mail: no máximo 200 caracteres.",
    rules: (value) => value.toLowerCase().email("Informe um e-mail válido, por exemplo ana@imobiliaria.com.br."),
  })
    .optional()
    .transform((value) => value ?? ""),
  phone: phone("telefone"),
  whatsapp: phone("WhatsApp"),
  bio: multiLineText({ max: MEMBER_BIO_MAX, maxMessage: `Apresentação: no máximo ${MEMBER_BIO_MAX} caracteres.` })
    .optional()
    .transform((value) => value ?? ""),
  brokerCode: text(30, "Código do corretor no Vista").refine(
    (value) => value === "" || /^[A-Za-z0-9_-]{1,30}$/.test(value),
    "Use só letras, números, hífen e sublinhado, como no Vista.",
  ),
  // The login linked to the member (ADR 0085): a uid from the form's select,
  // NO_LINKED_USER to unlink; absent (the API) keeps the current link.
  userUid: singleLineText({
    max: 128,
    rules: (value) => value.regex(/^[A-Za-z0-9_.:-]+$/, "Escolha um login da lista."),
  })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === NO_LINKED_USER ? null : value)),
  sortOrder: z.preprocess(
    (value) => (value === "" || value == null ? 0 : value),
    z.coerce
      .number({ invalid_type_error: "Informe um número inteiro." })
      .int("Informe um número inteiro.")
      .min(0, "Use 0 ou mais.")
      .max(9999, "Use no máximo 9999."),
  ),
  active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});

/** The member's own texts and settings, as the admin page and the API show them. */
export interface MemberBasics {
  id: number;
  name: string;
  slug: string;
  title: string;
  creci: string;
  email: string;
  phone: string;
  whatsapp: string;
  bio: string;
  /** Place on `/sobre` (0 first). */
  sortOrder: number;
  /** Shown on the site (when also not deleted). */
  active: boolean;
  /** Soft-deleted: off the site until reactivated. */
  deleted: boolean;
}

/** A valid member form. */
export type MemberFormValue = z.infer<typeof memberFormSchema>;
