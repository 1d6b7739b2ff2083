/**
 * Password reset (docs/spec.txt §3 "Reset password", §7
 * `/auth/reset-password`; docs/product.md "Broker and admin"):
 *
 * 1. {@link requestPasswordReset}: for an e-mail with an account on this site,
 *    a 6-digit code is created, stored as an HMAC (never the code), valid
 *    15 minutes, replacing earlier codes, and mailed in pt-BR. For any other
 *    e-mail nothing happens; the page answers the same either way.
 * 2. {@link confirmPasswordReset}: the newest code of the e-mail, single use
 *    (marked used in the same statement that checks it is unused); wrong
 *    tries are limited by the caller per (e-mail, IP) and per e-mail, the same
 *    for any address (./protection); then firebase-admin sets the new
 *    password and revokes the user's refresh tokens, and the user's sessions
 *    on this site are deleted (docs/decisions/0020-server-side-sessions.md).
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { RESET_CODE_LENGTH } from "~/lib/auth";
import type { Db } from "../db";
import { passwordResetCodes } from "../db/schema";
import { resetCodeEmail } from "../mail/templates";
import type { Mailer } from "../mail/transport";
import type { IdentityBackend } from "./firebase";
import { type AuthRateLimiters, authRateLimiters, type Limited } from "./protection";
import { deleteUserSessions } from "./session";
import { findUser, isRoleName } from "./users";

/** Validity of a code, ms: 15 minutes (ADR 0016). */
export const RESET_CODE_TTL_MS = 15 * 60_000;

/** Wrong invitation tokens accepted against one token row before it is blocked (./invitation). */
export const MAX_CODE_ATTEMPTS = 5;

/** HMAC-SHA-256 hex of e-mail and code with `secret`. */
export function hashResetCode(email: string, code: string, secret: string): string {
  return createHmac("sha256", secret).update(`password-reset:${email.toLowerCase()}:${code}`).digest("hex");
}

/** A random code of {@link RESET_CODE_LENGTH} digits ("004217"). */
export function newResetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
}

/** What the reset functions need. */
export interface PasswordResetDeps {
  backend: IdentityBackend;
  db: Db;
  /** Cookie-signing secrets (`getSessionSecrets()`); the first hashes new codes, all verify. */
  secrets: string[];
}

/** Options of {@link requestPasswordReset}. */
export interface ResetRequest {
  email: string;
  mailer: Mailer;
  /** Absolute URL of the reset page (the e-mail links to it). */
  resetPageUrl: string;
  /** "{AGENCY_NAME} Imobiliária". */
  siteTitle: string;
  now?: Date;
}

/**
 * Step 1. Resolves to true when a code was mailed, false when the e-mail has
 * no (enabled) account with a role on this site. Callers must not reveal which.
 * @throws when the database or the mailer fails.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, request: ResetRequest): Promise<boolean> {
  const email = request.email.trim().toLowerCase();
  const now = request.now ?? new Date();
  let record;
  try {
    record = await deps.backend.auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return false;
    throw error;
  }
  if (record.disabled) return false;
  const row = await findUser(deps.db, record.uid);
  // A claim gives access only with a real project (on the emulator anyone local can set one).
  if (!row && (deps.backend.emulator || !isRoleName(record.customClaims?.role))) return false;
  if (row?.disabled) return false;

  const code = newResetCode();
  await deps.db.transaction(async (tx) => {
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.email, email));
    await tx.insert(passwordResetCodes).values({
      email,
      uid: record.uid,
      codeHash: hashResetCode(email, code, deps.secrets[0]!),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      createdAt: now,
    });
  });
  await request.mailer.send(
    resetEmail({ to: email, code, resetPageUrl: request.resetPageUrl, siteTitle: request.siteTitle }),
  );
  return true;
}

/** The pt-BR e-mail with the code, valid for {@link RESET_CODE_TTL_MS} (`resetCodeEmail` of ../mail/templates). */
export function resetEmail(options: { to: string; code: string; resetPageUrl: string; siteTitle: string }) {
  return resetCodeEmail({ ...options, minutes: RESET_CODE_TTL_MS / 60_000 });
}

/** Outcome of {@link confirmPasswordReset}. */
export type ResetOutcome = "ok" | "invalid" | "blocked";

/** pt-BR messages of the refused outcomes. */
export const RESET_MESSAGES: Record<Exclude<ResetOutcome, "ok">, string> = {
  invalid: "Código inválido ou expirado. Confira o e-mail ou peça um novo código.",
  blocked: "Muitas tentativas com este código. Peça um novo código.",
};

/**
 * Step 2: checks the code and sets the new password (the caller checked the
 * password policy and counted the attempt in the reset-code limits,
 * `consumeResetCode` of ./protection), ending every session of the user.
 * "invalid" for no live code or a wrong one. A wrong code changes nothing
 * stored: the attempts are counted by the limits, per (e-mail, IP) and per
 * e-mail, the same for addresses with and without an account, so the answers
 * never tell whether an account (or a pending code) exists, and guessing
 * cannot cancel the owner's code.
 * @throws when firebase-admin refuses the password or the database fails.
 */
export async function confirmPasswordReset(
  deps: PasswordResetDeps,
  input: { email: string; code: string; newPassword: string; now?: Date },
): Promise<ResetOutcome> {
  const email = input.email.trim().toLowerCase();
  const now = input.now ?? new Date();
  const [row] = await deps.db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.email, email),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  const code = input.code.trim();
  // Without a live code the same HMAC is computed against a stand-in, so both paths do the same work.
  const stored = Buffer.from(row?.codeHash ?? hashResetCode(email, "-", deps.secrets[0]!), "hex");
  const matches = deps.secrets.map((secret) => {
    const expected = Buffer.from(hashResetCode(email, code, secret), "hex");
    return expected.length === stored.length && timingSafeEqual(expected, stored);
  });
  if (!row || code.length !== RESET_CODE_LENGTH || !matches.includes(true)) return "invalid";
  return spendAndSetPassword(deps, row, { password: input.newPassword }, now);
}

/** Outcome of {@link confirmResetCode}: refused by the limits, or the code's {@link ResetOutcome}. */
export type LimitedResetOutcome =
  { limited: Limited; result?: undefined } | { limited?: undefined; result: ResetOutcome };

/**
 * Step 2 inside the reset-code limits (the forms and the API use this):
 * `consumeResetCode` first (refused: `limited`), then
 * {@link confirmPasswordReset}, then the attempt is settled — a wrong code
 * counts whether or not the address has an account or a code.
 * @throws as {@link confirmPasswordReset}.
 */
export async function confirmResetCode(
  deps: PasswordResetDeps & { limiters?: AuthRateLimiters },
  input: { ip: string; email: string; code: string; newPassword: string; now?: Date },
): Promise<LimitedResetOutcome> {
  const limiters = deps.limiters ?? authRateLimiters();
  const limited = await limiters.consumeResetCode(input.ip, input.email.trim());
  if (limited) return { limited };
  let result: ResetOutcome;
  try {
    result = await confirmPasswordReset(deps, input);
  } catch (error) {
    await limiters.settleResetCode(input.ip, input.email.trim(), "other");
    throw error;
  }
  await limiters.settleResetCode(input.ip, input.email.trim(), result === "ok" ? "success" : "failure");
  return { result };
}

/**
 * Spends the code or token row `row.id` (its `used_at` is set only while
 * still unset, so of two concurrent redemptions one wins), then updates the
 * user `row.uid` in the identity service with `update` (the new password),
 * revokes their refresh tokens and deletes their sessions on this site
 * (docs/decisions/0020-server-side-sessions.md). "invalid" when the row was
 * spent meanwhile.
 * @throws when firebase-admin refuses the password or the database fails.
 */
export async function spendAndSetPassword(
  deps: PasswordResetDeps,
  row: { id: string; uid: string },
  update: { password: string; emailVerified?: boolean },
  now: Date,
): Promise<ResetOutcome> {
  const claimed = await deps.db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  if (claimed.length === 0) return "invalid";
  await deps.backend.auth.updateUser(row.uid, update);
  await deps.backend.auth.revokeRefreshTokens(row.uid);
  await deleteUserSessions(deps.db, row.uid);
  return "ok";
}
