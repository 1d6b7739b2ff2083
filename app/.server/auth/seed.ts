/**
 * The seeded admin of the embedded default: one admin in the
 * Auth emulator, whose e-mail and password are printed at start. The password
 * is random per data folder, kept in `DATA_DIR/auth-admin-password` (mode
 * 600), so it survives restarts while the emulator's in-memory users do not:
 * the seed runs at every start and is idempotent.
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
  password: string;
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
 * Creates (or resets) the admin in the emulator and its `users` row with role
 * admin and the `role` claim. Idempotent.
 * @throws {Error} when the backend is not the emulator (never seed a real project).
 */
export async function seedAdmin(
  backend: IdentityBackend,
  db: Db,
  options: { email: string; dataDir: string },
): Promise<SeededAdmin> {
  if (!backend.emulator) throw new Error("seedAdmin: only the Auth emulator is seeded");
  const password = adminPassword(options.dataDir);
  const profile = {
    email: options.email,
    password,
    displayName: "Administrador",
    emailVerified: true,
    disabled: false,
  };
  try {
    await backend.auth.updateUser(SEED_ADMIN_UID, profile);
  } catch (error) {
    if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
    await backend.auth.createUser({ uid: SEED_ADMIN_UID, ...profile });
  }
  const record = await backend.auth.getUser(SEED_ADMIN_UID);
  const row = await mirrorUser(db, record, { grant: { role: "admin" } });
  await mirrorRoleClaim(backend, row!, record.customClaims);
  return { uid: SEED_ADMIN_UID, email: options.email, password };
}
