/**
 * The users and roles tables: users mirror Firebase
 * Authentication users; the role in the table is authoritative and mirrored
 * into the Firebase custom claim `role` (so other clients of the identity
 * service see it in the ID token).
 */
import { eq } from "drizzle-orm";
import type { UserRecord } from "firebase-admin/auth";
import { ROLE_NAMES, type RoleName, type SessionUser } from "~/lib/auth";
import type { Db } from "../db";
import { roles, users } from "../db/schema";
import type { IdentityBackend } from "./firebase";

/** A row of the `users` table. */
export type StoredUser = typeof users.$inferSelect;

/** A row of the `roles` table. */
export type StoredRole = typeof roles.$inferSelect;

/** Whether a value is a role name. */
export function isRoleName(value: unknown): value is RoleName {
  return typeof value === "string" && (ROLE_NAMES as readonly string[]).includes(value);
}

/** The roles with their labels and permissions, admin first (docs/spec.txt §6 "a list of roles"). */
export function listRoles(db: Db): Promise<StoredRole[]> {
  return db.select().from(roles).orderBy(roles.name);
}

/** The user row of `uid`, or null. */
export async function findUser(db: Db, uid: string): Promise<StoredUser | null> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return row ?? null;
}

/** Fields to write when a user is created or promoted by the server (seed, admin area). */
export interface UserGrant {
  role: RoleName;
  brokerCode?: string | null;
}

/**
 * Mirrors a Firebase user into `users`, returning the row,
 * or null when the user has no row and no grant (no access to the broker area).
 * A new row takes its role from `grant`, else — only with `trustClaims` —
 * from the custom claim `role` (and the Vista broker code from the claim
 * `brokerCode`). With a real project claims can only be set with the admin
 * SDK and a service account (the admin area, an operator), so the sign-in
 * trusts them; on the embedded emulator any local process can set them, so
 * there a role comes only from a row (the seed, the admin area). An existing
 * row keeps its role unless `grant` says otherwise, and refreshes e-mail,
 * name, phone and disabled from Firebase.
 */
export async function mirrorUser(
  db: Db,
  record: Pick<UserRecord, "uid" | "email" | "displayName" | "phoneNumber" | "disabled" | "customClaims">,
  options: { grant?: UserGrant; signedIn?: boolean; trustClaims?: boolean } = {},
): Promise<StoredUser | null> {
  const existing = await findUser(db, record.uid);
  const claims = (options.trustClaims ? record.customClaims : undefined) ?? {};
  const claimRole = isRoleName(claims.role) ? claims.role : null;
  const role = options.grant?.role ?? existing?.role ?? claimRole;
  if (!role) return null;
  const claimBroker =
    typeof claims.brokerCode === "string" && claims.brokerCode.trim() ? claims.brokerCode.trim() : null;
  const brokerCode =
    options.grant?.brokerCode !== undefined ? options.grant.brokerCode : (existing?.brokerCode ?? claimBroker);
  const values = {
    uid: record.uid,
    email: (record.email ?? "").toLowerCase(),
    displayName: record.displayName ?? "",
    phone: record.phoneNumber ?? "",
    role,
    brokerCode,
    disabled: record.disabled,
    updatedAt: new Date(),
    ...(options.signedIn ? { lastSignInAt: new Date() } : {}),
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.uid, set: values })
    .returning();
  return row!;
}

/**
 * Sets the custom claim `role` (and `brokerCode`) of a Firebase user to the
 * row's values when they differ (the claim mirrors the table).
 */
export async function mirrorRoleClaim(
  backend: IdentityBackend,
  row: Pick<StoredUser, "uid" | "role" | "brokerCode">,
  current: Record<string, unknown> | undefined,
): Promise<void> {
  const wanted = { ...(current ?? {}), role: row.role, ...(row.brokerCode ? { brokerCode: row.brokerCode } : {}) };
  if (!row.brokerCode) delete (wanted as Record<string, unknown>).brokerCode;
  if (current?.role === row.role && (current?.brokerCode ?? null) === (row.brokerCode ?? null)) return;
  await backend.auth.setCustomUserClaims(row.uid, wanted);
}

/** The session user (docs/spec.txt §3) from a row and whether the identity service reports the e-mail verified. */
export function toSessionUser(row: StoredUser, emailVerified: boolean): SessionUser {
  return {
    uid: row.uid,
    displayName: row.displayName,
    email: row.email,
    emailVerified,
    phone: row.phone,
    role: row.role,
    brokerCode: row.brokerCode,
  };
}
