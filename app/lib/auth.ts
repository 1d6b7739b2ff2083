/**
 * Authentication pieces shared by the server and the pages: the
 * session user's shape (docs/spec.txt §3 "Session user"), the roles and their
 * Portuguese labels, the password policy and the `redirectTo` rule. The
 * sign-in forms' zod schemas (one per form, shared by browser and server) are
 * `./auth-forms`.
 */
import { ADMIN_PATH, LOGIN_PATH, PANEL_PATH } from "~/lib/paths";

/** Role names (docs/spec.txt §6: `admin` is recognised, an `agent` middleware exists). */
export const ROLE_NAMES = ["admin", "agent"] as const;

/** A role name. */
export type RoleName = (typeof ROLE_NAMES)[number];

/** What a role may do, in pt-BR (docs/product.md "Broker and admin"). */
export const PERMISSIONS = {
  "painel.ver": "Ver o painel do corretor",
  "imoveis.dados-privados": "Ver proprietário, telefone, observações e prontuário dos imóveis",
  "imoveis.meus": "Ver os próprios imóveis (meus imóveis)",
  "usuarios.gerenciar": "Gerenciar usuários",
  "membros.gerenciar": "Gerenciar membros",
  "papeis.ver": "Ver os papéis e permissões",
  "leads.gerenciar": "Gerenciar os contatos recebidos",
  "redirecionamentos.gerenciar": "Gerenciar redirecionamentos",
  "aparencia.gerenciar": "Alterar a aparência do site",
} as const;

/** A permission key. */
export type Permission = keyof typeof PERMISSIONS;

/** A role as stored in the `roles` table. */
export interface RoleDefinition {
  name: RoleName;
  /** Portuguese label shown in the UI. */
  label: string;
  permissions: Permission[];
}

/**
 * The roles (the migration `0005_auth` inserts the same rows; a unit test
 * keeps both in step). Admin can do everything an agent can.
 */
export const ROLE_DEFINITIONS: Record<RoleName, RoleDefinition> = {
  admin: {
    name: "admin",
    label: "Administrador",
    permissions: [
      "painel.ver",
      "imoveis.dados-privados",
      "imoveis.meus",
      "usuarios.gerenciar",
      "membros.gerenciar",
      "papeis.ver",
      "leads.gerenciar",
      "redirecionamentos.gerenciar",
      "aparencia.gerenciar",
    ],
  },
  agent: {
    name: "agent",
    label: "Corretor",
    permissions: ["painel.ver", "imoveis.dados-privados", "imoveis.meus"],
  },
};

/**
 * Whether `role` passes the middleware of `required` (docs/spec.txt §2 "admin and
 * agent middlewares"): admin passes both; agent passes only `agent`.
 */
export function roleSatisfies(role: RoleName, required: RoleName): boolean {
  return role === "admin" || role === required;
}

/**
 * The signed-in user (docs/spec.txt §3 "Session user": uid, displayName, email,
 * emailVerified, phone, role) plus the Vista broker code that selects "meus
 * imóveis".
 */
export interface SessionUser {
  uid: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  /** E.164 phone from the identity service, or "". */
  phone: string;
  role: RoleName;
  /** Vista broker code (`Corretor`), or null. */
  brokerCode: string | null;
}

/** Path of a listing's private data (owner, notes, prontuário) in the broker area. */
export function privateListingPath(code: string): string {
  return `${PANEL_PATH}/imovel/${encodeURIComponent(code)}`;
}

/**
 * Where a user lands after signing in without a `redirectTo`: admins on the
 * administration (`/admin`), brokers on their panel (`/painel`).
 */
export function landingPath(role: RoleName): string {
  return role === "admin" ? ADMIN_PATH : PANEL_PATH;
}

/**
 * The same-site path to go to after signing in: `value` when it is a path
 * starting with exactly one "/" (no "//", no backslash, no control
 * characters, at most 2000 characters), else `fallback`. Keeps `redirectTo`
 * from sending a user to another site (an open redirect).
 */
export function safeRedirectPath(value: unknown, fallback: string = PANEL_PATH): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;

  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}/`) || value.startsWith(`${LOGIN_PATH}?`)) return fallback;
  return value;
}

/** `/login-corretores?redirectTo=<path>` (the path is kept only when {@link safeRedirectPath} accepts it). */
export function loginPath(redirectTo?: string | null): string {
  const target = redirectTo ? safeRedirectPath(redirectTo, "") : "";
  return target ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: target })}` : LOGIN_PATH;
}

/**
 * The identity service's password policy (docs/spec.txt §5: default minimum 6, optional
 * maximum and character classes).
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

/** The policy when the identity service does not publish one (docs/spec.txt §5, §9: minimum 6). */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

/** The pt-BR problems of `password` under `policy` (empty when it complies). */
export function passwordProblems(password: string, policy: PasswordPolicy): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`A senha deve ter pelo menos ${policy.minLength} caracteres.`);
  if (policy.maxLength !== null && password.length > policy.maxLength) {
    problems.push(`A senha deve ter no máximo ${policy.maxLength} caracteres.`);
  }
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) problems.push("A senha deve ter uma letra minúscula.");
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) problems.push("A senha deve ter uma letra maiúscula.");
  if (policy.requireNumeric && !/\d/.test(password)) problems.push("A senha deve ter um número.");
  if (policy.requireNonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) problems.push("A senha deve ter um símbolo.");
  return problems;
}

/** The answer of the reset request: identical whether or not the e-mail has an account (no account enumeration). */
export const RESET_REQUESTED_MESSAGE =
  "Se houver uma conta com este e-mail, enviamos um código de 6 números. Ele vale por 15 minutos.";

/** Length of the e-mailed reset code (digits). */
export const RESET_CODE_LENGTH = 6;
