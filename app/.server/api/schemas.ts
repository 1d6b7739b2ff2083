/**
 * zod schemas of the JSON API's bodies and answers that are not form schemas
 * (docs/spec.txt §3 "Requests", §7). Shared by the route modules (which
 * validate with them) and `paths/*.ts` (which describe them in OpenAPI).
 * Request texts are bounded and refuse control characters (NUL included)
 * with the form fields' builders (`~/lib/text-fields`), so a bad body is a
 * 400 before it reaches the database.
 */
import { z } from "zod";
import { ROLE_NAMES } from "~/lib/auth";
import { loginSchema, newPasswordField } from "~/lib/auth-forms";
import { infoLeadFields, requireContact, sellLeadSchema } from "~/lib/leads";
import { singleLineText } from "~/lib/text-fields";

/** A user in API answers (`UserView`). */
export const userViewSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string().describe('E.164 ("+5511912345678") ou vazio.'),
  role: z.enum(ROLE_NAMES),
  brokerCode: z.string().nullable().describe("Código do corretor no Vista."),
  disabled: z.boolean(),
  createdAt: z.string().describe("ISO 8601."),
  lastSignInAt: z.string().nullable().describe("ISO 8601."),
});

/** Query of `GET /api/auth/users`. */
export const userListQuerySchema = z.object({
  q: singleLineText({ max: 200 }).optional().describe("Parte do nome ou do e-mail."),
  ordem: z.enum(["nome", "email", "papel", "recentes", "antigos", "acesso"]).optional(),
  pagina: z.coerce.number().int().min(1).max(100000).optional(),
});

/** Body of `POST /api/auth/reset-password` (docs/spec.txt §3 "Reset password": email). */
export const resetPasswordRequestBody = z.object({
  email: singleLineText({
    max: 254,
    min: 0,
    required: "Informe o e-mail.",
    maxMessage: "E-mail longo demais.",
    rules: (value) => value.toLowerCase().email("Informe um e-mail válido."),
  }),
});

/**
 * Body of `PUT /api/auth/reset-password/{otp-or-token}` (docs/spec.txt §3: newPassword).
 * `email` is needed only with a 6-digit code (codes are kept per e-mail);
 * an invitation token alone identifies its user.
 */
export const resetPasswordConfirmBody = z.object({
  newPassword: newPasswordField("Senha longa demais."),
  email: resetPasswordRequestBody.shape.email.optional(),
});

/** Body of `POST /api/email/sell-property` (docs/spec.txt §3 "Sell request": name, phone, location). */
export const sellPropertyBody = sellLeadSchema.omit({ kind: true });

/** Body of `POST /api/email/more-information` (docs/spec.txt §3: code, name, phone, email, message; phone or e-mail may be left out, not both). */
export const moreInformationBody = infoLeadFields.omit({ kind: true }).superRefine(requireContact);

/** Answer of the two contact endpoints. */
export const leadAcceptedSchema = z.object({
  id: z.string().uuid(),
  created: z.boolean().describe("false quando a mesma Idempotency-Key já tinha sido usada (nada novo foi gravado)."),
});

/** A pt-BR notice (`{ message }`). */
export const messageSchema = z.object({ message: z.string() });

/** Body of `POST /api/auth/session`: the login form's e-mail and password (docs/decisions/0020-server-side-sessions.md). */
export const apiSessionBody = loginSchema.pick({ email: true, password: true });

/** Answer of `POST /api/auth/session`. */
export const apiSessionSchema = z.object({
  token: z
    .string()
    .describe("Token da sessão da API (opaco, 43 caracteres): envie como Authorization: Bearer <token>."),
  expiresAt: z
    .string()
    .describe("ISO 8601. Vale 5 dias sem uso (renovado a cada uso) e no máximo 30 dias desde a criação."),
});
