/**
 * Shared pieces of user administration (the admin's "Usuários" pages and the
 * JSON API `/api/auth…`, docs/spec.txt §7): the zod schemas of the invite and
 * edit forms (the same schemas validate the admin pages and the API bodies;
 * phones in E.164 through `normalizePhone` of `./phone-e164`), the list's sort
 * keys (paths: `~/lib/admin`) and a user as the list and the API show it.
 */
import { z } from "zod";
import { ROLE_NAMES, type RoleName } from "./auth";
import { withNewPassword } from "./auth-forms";
import { normalizePhone } from "./phone-e164";
import { accountEmail, singleLineText } from "./text-fields";

/** Users per page of the list. */
export const USERS_PAGE_SIZE = 20;

/** Sort keys of the list (`?ordem=`): name, e-mail, role, newest/oldest first, last sign-in. */
export const USER_SORTS = ["nome", "email", "papel", "recentes", "antigos", "acesso"] as const;

/** A sort key of the list. */
export type UserSort = (typeof USER_SORTS)[number];

/** Portuguese labels of {@link USER_SORTS}. */
export const USER_SORT_LABELS: Record<UserSort, string> = {
  nome: "Nome (A–Z)",
  email: "E-mail (A–Z)",
  papel: "Papel",
  recentes: "Mais recentes",
  antigos: "Mais antigos",
  acesso: "Último acesso",
};

const displayName = singleLineText({ max: 120, min: 2, required: "Informe o nome." });

const phone = singleLineText({ max: 40, maxMessage: "Telefone longo demais." })
  .optional()
  .transform((value, ctx) => {
    const normalized = normalizePhone(value ?? "");
    if (normalized === null) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "Informe um telefone com DDD, por exemplo (11) 91234-5678.",
      });
      return z.NEVER;
    }
    return normalized;
  });

const role = z.enum(ROLE_NAMES, { errorMap: () => ({ message: "Escolha um papel válido." }) });

const brokerCode = singleLineText({
  max: 20,
  rules: (value) => value.regex(/^[A-Za-z0-9-]*$/, "Use apenas letras, números e hífen."),
})
  .optional()
  .transform((value) => (value ? value : null));

const email = accountEmail("Informe o e-mail.");

/**
 * Invite a user (an account is created by an e-mail invitation; docs/spec.txt §7
 * `POST /auth`): e-mail, name, optional phone and Vista broker code, role.
 * Output: phone in E.164 or "", brokerCode or null.
 */
export const userCreateSchema = z.object({
  email,
  displayName,
  phone,
  role,
  brokerCode,
});

/** Output of {@link userCreateSchema}. */
export type UserCreateInput = z.output<typeof userCreateSchema>;

/**
 * Edit a user's name, phone, role and Vista broker code (docs/spec.txt §7 `PUT /auth/user/{id}`). The admin form sends every field; the API
 * may send any subset (see {@link userUpdateApiSchema}).
 */
export const userUpdateSchema = z.object({
  displayName,
  phone,
  role,
  brokerCode,
});

/** Output of {@link userUpdateSchema}. */
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/**
 * Body of `PUT /api/auth/user/{id}`: any subset of name, phone, role, broker
 * code, plus `disabled` (disable/enable). At least one field.
 */
export const userUpdateApiSchema = userUpdateSchema
  .partial()
  .extend({ disabled: z.boolean({ invalid_type_error: "Use true ou false." }).optional() })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Informe ao menos um campo para alterar.",
  });

/** Output of {@link userUpdateApiSchema}. */
export type UserUpdateApiInput = z.output<typeof userUpdateApiSchema>;

/**
 * The set-password form opened by the invitation link
 * (`/login-corretores/reset-de-senha?token=…`): the token from
 * the link, the new password and its confirmation. The identity service's
 * policy is checked by the action (it may be stricter than the minimum here).
 */
export const setPasswordSchema = withNewPassword({
  intent: z.literal("token"),
  token: singleLineText({
    max: 200,
    min: 0,
    required: "Link inválido. Peça um novo convite.",
    maxMessage: "Link inválido. Peça um novo convite.",
    controlMessage: "Link inválido. Peça um novo convite.",
  }),
});

/** A user as the list and the API show it (dates as ISO strings). */
export interface UserView {
  uid: string;
  email: string;
  displayName: string;
  /** E.164 or "". */
  phone: string;
  role: RoleName;
  brokerCode: string | null;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}
