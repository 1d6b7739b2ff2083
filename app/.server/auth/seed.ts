/**
 * The seeded admin of the embedded default: one admin in the
 * Auth emulator, whose e-mail and password are printed at start. The initial
 * password is random per data folder, kept in `DATA_DIR/auth-admin-password`
 * (mode 600). The seed runs at every start and is idempotent: it creates the
 * admin when the emulator has no such account (a first start, or an emulator
 * without persistence), and otherwise leaves the account as it is (its
 * password may have been changed since; the emulator keeps its accounts
 * across restarts, docs/decisions/0024-embedded-defaults-that-last.md), only
 * making sure of the `users` row, the role and the claim.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db";
import type { IdentityBackend } from "./firebase";
import { mirrorRoleClaim, mirrorUser } from "./users";

/** File in `DATA_DIR` holding the seeded admin's password. */
export const ADMIN_PASSWORD_FILE = "auth-admin-password";

/** Fixed uid of the seeded admin (the `users` row survives emulator restarts). */
export const SEED_ADMIN_UID = "demo-admin";

/** The seeded admin's credentials. */
export interface SeededAdmin {
  uid: string;
  email: string;
  /** The initial password (from `DATA_DIR/auth-admin-password`); the current one unless changed since `created`. */
  password: string;
  /** True when this call created the account; false when it already existed (then left untouched). */
  created: boolean;
}

/** The admin password of a data folder, created (16 URL-safe characters) on first use. */
export function adminPassword(dataDir: string): string {
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(12).toString("base64url");
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Creates the admin in the emulator when it has no account with the admin's
 * uid (an existing account keeps its password, profile and disabled flag),
 * then upserts its `users` row with role admin and the `role` claim. Idempotent.
 * @throws {Error} when the backend is not the emulator (never seed a real project).
 */
export async function seedAdmin(
  backend: IdentityBackend,
  db: Db,
  options: { email: string; dataDir: string },
): Promise<SeededAdmin> {
  if (!backend.emulator) throw new Error("seedAdmin: only the Auth emulator is seeded");
  const password = adminPassword(options.dataDir);
  let created = false;
  try {
    await backend.auth.getUser(SEED_ADMIN_UID);
  } catch (error) {
    if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
    await backend.auth.createUser({
      uid: SEED_ADMIN_UID,
      email: options.email,
      password,
      displayName: "Administrador",
      emailVerified: true,
      disabled: false,
    });
    created = true;
  }
  const record = await backend.auth.getUser(SEED_ADMIN_UID);
  const row = await mirrorUser(db, record, { grant: { role: "admin" } });
  await mirrorRoleClaim(backend, row!, record.customClaims);
  return { uid: SEED_ADMIN_UID, email: record.email ?? options.email, password, created };
}
