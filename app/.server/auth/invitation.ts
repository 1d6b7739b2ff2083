/**
 * Set-password links of invitations (ADR 0018; docs/spec.txt §7
 * `PUT /auth/reset-password/{otp-or-token}`): a long, single-use token stored
 * in the table of the password-reset codes (ADR 0016),
 * so no migration is needed. The token is `{row id}.{32 random bytes,
 * base64url}`; the row holds HMAC-SHA-256(secret, e-mail + random part) like a
 * reset code, never the token. Redeeming it claims the row (`used_at`) in the
 * statement that checks it is unused, then sets the password with
 * firebase-admin (marking the e-mail verified: the user proved they read it)
 * and revokes the user's refresh tokens and deletes their sessions on this
 * site (docs/decisions/0020-server-side-sessions.md). Wrong tokens for a row count as
 * attempts ({@link MAX_CODE_ATTEMPTS}).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { passwordResetCodes } from "../db/schema";
import {
  hashResetCode,
  MAX_CODE_ATTEMPTS,
  type PasswordResetDeps,
  type ResetOutcome,
  spendAndSetPassword,
} from "./password-reset";

/** Validity of an invitation link, ms (7 days: an invitee may not read mail at once). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/** Whether `value` has the shape of a set-password token (not whether it is valid). */
export function isSetPasswordToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/**
 * Stores a new set-password token for `email`/`uid` inside `tx` (so it is
 * created with the user row), replacing earlier codes and
 * tokens of that e-mail, and returns the token to mail.
 */
export async function createSetPasswordToken(
  tx: Pick<Db, "insert" | "delete">,
  input: { email: string; uid: string; secret: string; ttlMs?: number; now?: Date },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const now = input.now ?? new Date();
  const random = randomBytes(32).toString("base64url");
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.email, email));
  const [row] = await tx
    .insert(passwordResetCodes)
    .values({
      email,
      uid: input.uid,
      codeHash: hashResetCode(email, random, input.secret),
      expiresAt: new Date(now.getTime() + (input.ttlMs ?? INVITATION_TTL_MS)),
      createdAt: now,
    })
    .returning({ id: passwordResetCodes.id });
  return `${row!.id}.${random}`;
}

/**
 * Sets the password of the token's user and ends their sessions. "invalid" for an unknown, expired,
 * used or wrong token, "blocked" after too many wrong tries. The caller checks
 * the password policy first.
 * @throws when firebase-admin refuses the password or the database fails.
 */
export async function redeemSetPasswordToken(
  deps: PasswordResetDeps,
  input: { token: string; newPassword: string; now?: Date },
): Promise<ResetOutcome> {
  const match = TOKEN_PATTERN.exec(input.token.trim());
  if (!match) return "invalid";
  const [, id, random] = match as unknown as [string, string, string];
  const now = input.now ?? new Date();
  const [row] = await deps.db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, now)))
    .limit(1);
  if (!row) return "invalid";
  if (row.attempts >= MAX_CODE_ATTEMPTS) return "blocked";
  const stored = Buffer.from(row.codeHash, "hex");
  const matches = deps.secrets.some((secret) => {
    const expected = Buffer.from(hashResetCode(row.email, random, secret), "hex");
    return expected.length === stored.length && timingSafeEqual(expected, stored);
  });
  if (!matches) {
    await deps.db
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(eq(passwordResetCodes.id, row.id));
    return "invalid";
  }
  // The e-mail is verified: the user proved they read the invitation.
  return spendAndSetPassword(deps, row, { password: input.newPassword, emailVerified: true }, now);
}
