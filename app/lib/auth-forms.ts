/**
 * The zod schemas of the sign-in forms (docs/spec.txt §3 and §5): login,
 * password reset (request and confirmation), a new password under the
 * identity service's policy, and /painel's listing lookup. Kept apart from
 * `./auth` (roles, paths, password policy) so the public pages, whose header
 * shows the signed-in bar, never load zod.
 */
import { z } from "zod";
import { DEFAULT_PASSWORD_POLICY, RESET_CODE_LENGTH } from "./auth";
import { accountEmail, singleLineText } from "./text-fields";

const email = accountEmail("Informe o seu e-mail.");

/** The login form: e-mail and password; the password is checked by the identity service. */
export const loginSchema = z.object({
  email,
  password: z
    .string({ required_error: "Informe a sua senha." })
    .min(1, "Informe a sua senha.")
    .max(4096, "A senha deve ter no máximo 4096 caracteres."),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * The login page's web SDK path (real project only): the ID token the
 * Firebase web SDK gave the page, the App Check token when the project uses
 * App Check, and the e-mail the form was filled with (the token must name it).
 */
export const idTokenSignInSchema = z.object({
  intent: z.literal("id-token"),
  email,
  idToken: z.string().min(20).max(8192),
  appCheckToken: z.string().max(8192).optional(),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * A new password as the forms and the API take it: required, at least the
 * default policy's minimum (the identity service's own policy, which may be
 * stricter, is checked on the server), at most 4096 characters (`maxMessage`
 * when longer).
 */
export function newPasswordField(maxMessage = "A senha deve ter no máximo 4096 caracteres.") {
  return z
    .string({ required_error: "Informe a nova senha." })
    .min(
      DEFAULT_PASSWORD_POLICY.minLength,
      `A senha deve ter pelo menos ${DEFAULT_PASSWORD_POLICY.minLength} caracteres.`,
    )
    .max(4096, maxMessage);
}

/**
 * An object schema of `shape` plus a new password ({@link newPasswordField})
 * and its confirmation, refined so that the two match ("As senhas não
 * conferem." on `confirmPassword`).
 */
export function withNewPassword<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({
      ...shape,
      newPassword: newPasswordField(),
      confirmPassword: z
        .string({ required_error: "Repita a nova senha." })
        .max(4096, "A senha deve ter no máximo 4096 caracteres."),
    })
    .refine((value) => value.newPassword === value.confirmPassword, {
      path: ["confirmPassword"],
      message: "As senhas não conferem.",
    });
}

/** Step 1 of the password reset (docs/spec.txt §3 "Reset password": email). */
export const resetRequestSchema = z.object({
  intent: z.literal("request"),
  email,
});

/**
 * Step 2 of the password reset (docs/spec.txt §3: email, newPassword; plus the mailed
 * code and a confirmation). The policy is checked with `passwordProblems` (`./auth`)
 * by the action (the identity service's policy may be stricter than the
 * default minimum of 6).
 */
export const resetConfirmSchema = withNewPassword({
  intent: z.literal("confirm"),
  email,
  code: singleLineText({
    max: 20,
    min: 0,
    required: "Informe o código recebido por e-mail.",
    maxMessage: `O código tem ${RESET_CODE_LENGTH} números.`,
    controlMessage: `O código tem ${RESET_CODE_LENGTH} números.`,
    rules: (value) =>
      value.regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `O código tem ${RESET_CODE_LENGTH} números.`),
  }),
});

/** The quick lookup form of /painel: a Vista listing code. */
export const listingLookupSchema = z.object({
  codigo: singleLineText({
    max: 40,
    min: 0,
    required: "Informe o código do imóvel.",
    maxMessage: "Código longo demais.",
    rules: (value) => value.regex(/^[A-Za-z0-9-]+$/, "Use apenas letras, números e hífen."),
  }),
});
