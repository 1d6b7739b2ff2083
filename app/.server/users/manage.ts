/**
 * User administration (docs/product.md "Usuários"; docs/spec.txt §7 `POST /auth`,
 * `GET /auth/users`, `PUT|DELETE /auth/user/{id}`, `PUT /auth/user/{id}/promote`;
 * ADR 0018). Used by the admin pages and the JSON API alike. Expected
 * refusals are thrown as {@link AdminError} (400, 404 or 409, pt-BR message,
 * messages per field when one field is at fault).
 *
 * Firebase Authentication and the `users` table stay consistent when one side
 * fails (no half-created user):
 * - invite: create the Firebase user (no password) with its claims → insert
 *   the row and the set-password token in one transaction → if that fails,
 *   delete the Firebase user. The e-mail is sent after both; a failed send
 *   leaves a complete user whose invitation can be sent again.
 * - edit, disable/enable, promote, delete: the row is changed inside a
 *   transaction and the Firebase call runs inside it, so a Firebase failure
 *   rolls the row back; a failure of the commit itself (after Firebase
 *   answered) is compensated by putting the Firebase user back as it was.
 *   Delete removes the row first and the Firebase user last (the reverse of
 *   create); an already missing Firebase user counts as deleted.
 * The role is mirrored into the custom claim `role` (with `brokerCode`), and
 * on a role change and on disable the refresh tokens are revoked and the
 * user's sessions on this site deleted (in the row's transaction); deleting
 * the user deletes them too (docs/decisions/0020-server-side-sessions.md).
 */
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { UserRecord } from "firebase-admin/auth";
import type { RoleName } from "~/lib/auth";
import {
  USERS_PAGE_SIZE,
  type UserCreateInput,
  type UserSort,
  type UserUpdateApiInput,
  type UserView,
} from "~/lib/users";
import type { IdentityBackend } from "../auth/firebase";
import { createSetPasswordToken } from "../auth/invitation";
import { deleteUserSessions } from "../auth/session";
import type { StoredUser } from "../auth/users";
import type { Db } from "../db";
import { countedPage } from "../db/paging";
import { users } from "../db/schema";
import { refuseLinkedBrokerCode } from "../members/links";
import { invitationEmail } from "../mail/templates";
import type { Mailer } from "../mail/transport";
import { AdminError } from "../admin-error";

/** What the user functions need. */
export interface UserAdminDeps {
  backend: IdentityBackend;
  db: Db;
}

/** What an invitation e-mail needs. */
export interface InvitationMail {
  mailer: Mailer;
  /** Secret that hashes the set-password token (`getSessionSecrets()[0]`). */
  secret: string;
  /** Absolute URL of the set-password page; the token is appended as `?token=`. */
  setPasswordUrl: string;
  /** "{AGENCY_NAME} Imobiliária". */
  siteTitle: string;
}

const NOT_FOUND = "Usuário não encontrado.";
const EMAIL_IN_USE = "Já existe um usuário com este e-mail.";

/** The public view of a row. */
export function toUserView(row: StoredUser): UserView {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    phone: row.phone,
    role: row.role,
    brokerCode: row.brokerCode,
    disabled: row.disabled,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
  };
}

/** Query of {@link listUsers}. */
export interface UserListQuery {
  /** Part of the name or e-mail (case-insensitive). */
  q?: string;
  sort?: UserSort;
  /** 1-based page. */
  page?: number;
  pageSize?: number;
}

/** One page of users. */
export interface UserPage {
  users: UserView[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const ORDER: Record<UserSort, SQL[]> = {
  nome: [sql`lower(${users.displayName})`, asc(users.email)],
  email: [asc(users.email)],
  papel: [asc(users.role), sql`lower(${users.displayName})`],
  recentes: [desc(users.createdAt), asc(users.email)],
  antigos: [asc(users.createdAt), asc(users.email)],
  acesso: [sql`${users.lastSignInAt} desc nulls last`, asc(users.email)],
};

/** Search (name or e-mail, case-insensitive), sort and page the users; an out-of-range page is clamped. */
export async function listUsers(db: Db, query: UserListQuery = {}): Promise<UserPage> {
  const pageSize = query.pageSize ?? USERS_PAGE_SIZE;
  const q = query.q?.trim() ?? "";
  const where = q
    ? or(ilike(users.displayName, `%${escapeLike(q)}%`), ilike(users.email, `%${escapeLike(q.toLowerCase())}%`))
    : undefined;
  const { total, page, pageCount, offset } = await countedPage(db, users, where, query.page, pageSize);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...ORDER[query.sort ?? "nome"])
    .limit(pageSize)
    .offset(offset);
  return { users: rows.map(toUserView), total, page, pageSize, pageCount };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

async function requireRow(db: Db, uid: string): Promise<StoredUser> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  if (!row) throw new AdminError(NOT_FOUND, 404);
  return row;
}

/** The user `uid`. @throws {AdminError} 404 when there is no row. */
export async function getUser(db: Db, uid: string): Promise<UserView> {
  return toUserView(await requireRow(db, uid));
}

function firebaseCode(error: unknown): string {
  return (error as { code?: string }).code ?? "";
}

const PHONE_IN_USE = "Este telefone já está em outra conta.";
const INVALID_PHONE = "Telefone inválido.";

/** The refusal for a Firebase error code about the phone number (in use: 409, malformed: 400), or null. */
function phoneRefusal(code: string): AdminError | null {
  if (code === "auth/phone-number-already-exists") return new AdminError(PHONE_IN_USE, 409, { phone: [PHONE_IN_USE] });
  if (code === "auth/invalid-phone-number") return new AdminError(INVALID_PHONE, 400, { phone: [INVALID_PHONE] });
  return null;
}

function claimsOf(row: { role: RoleName; brokerCode: string | null }): Record<string, unknown> {
  return row.brokerCode ? { role: row.role, brokerCode: row.brokerCode } : { role: row.role };
}

/** Outcome of {@link inviteUser}. */
export interface InviteResult {
  user: UserView;
  /** False when the user was created but the e-mail could not be sent ("Reenviar convite"). */
  mailed: boolean;
}

/**
 * Invites a user: a Firebase user without a password, the
 * row and a set-password token, then the pt-BR invitation e-mail.
 * @throws {AdminError} 409 when the e-mail is in use (here or in Firebase), 400 for a phone Firebase refuses.
 * @throws the database's or Firebase's error otherwise (nothing is left half-created).
 */
export async function inviteUser(
  deps: UserAdminDeps,
  input: UserCreateInput,
  mail: InvitationMail,
): Promise<InviteResult> {
  const [existing] = await deps.db.select({ uid: users.uid }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AdminError(EMAIL_IN_USE, 409, { email: [EMAIL_IN_USE] });
  let record: UserRecord;
  try {
    record = await deps.backend.auth.createUser({
      email: input.email,
      displayName: input.displayName,
      ...(input.phone ? { phoneNumber: input.phone } : {}),
      emailVerified: false,
      disabled: false,
    });
  } catch (error) {
    const code = firebaseCode(error);
    if (code === "auth/email-already-exists") throw new AdminError(EMAIL_IN_USE, 409, { email: [EMAIL_IN_USE] });
    throw phoneRefusal(code) ?? error;
  }
  let token: string;
  let row: StoredUser;
  try {
    await deps.backend.auth.setCustomUserClaims(record.uid, claimsOf(input));
    ({ row, token } = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(users)
        .values({
          uid: record.uid,
          email: input.email,
          displayName: input.displayName,
          phone: input.phone,
          role: input.role,
          brokerCode: input.brokerCode,
          disabled: false,
        })
        .returning();
      const created = await createSetPasswordToken(tx, { email: input.email, uid: record.uid, secret: mail.secret });
      return { row: inserted!, token: created };
    }));
  } catch (error) {
    await deps.backend.auth.deleteUser(record.uid).catch((cleanup: unknown) => {
      console.error(`[usuarios] falha ao desfazer o usuário ${record.uid} no Firebase: ${(cleanup as Error).message}`);
    });
    throw error;
  }
  const mailed = await sendInvitation(mail, row, token);
  return { user: toUserView(row), mailed };
}

/**
 * Sends a new invitation (a fresh set-password token; earlier ones stop
 * working) to a user who has not set a password yet, or anyone who asks again.
 * Resolves to whether the e-mail went out.
 * @throws {AdminError} 404 for an unknown user, 400 for a disabled one.
 */
export async function resendInvitation(deps: UserAdminDeps, uid: string, mail: InvitationMail): Promise<boolean> {
  const row = await requireRow(deps.db, uid);
  if (row.disabled) throw new AdminError("Ative o usuário antes de reenviar o convite.", 400);
  const token = await deps.db.transaction((tx) =>
    createSetPasswordToken(tx, { email: row.email, uid: row.uid, secret: mail.secret }),
  );
  return sendInvitation(mail, row, token);
}

async function sendInvitation(mail: InvitationMail, row: StoredUser, token: string): Promise<boolean> {
  try {
    await mail.mailer.send(
      invitationEmail({
        to: row.email,
        name: row.displayName,
        link: `${mail.setPasswordUrl}?token=${token}`,
        siteTitle: mail.siteTitle,
      }),
    );
    return true;
  } catch (error) {
    console.error(`[usuarios] falha ao enviar o convite para ${row.email}: ${(error as Error).message}`);
    return false;
  }
}

/** Who asks for a change (the signed-in admin): nobody can disable, delete or demote themselves. */
export interface Actor {
  uid: string;
}

/**
 * Runs `change` on the row inside a transaction, then `firebase` inside the
 * same transaction (its failure rolls the row back). When `firebase` failed
 * part-way, or the commit fails after it, `undo` puts the Firebase side back.
 */
async function changeBothSides<T>(
  deps: UserAdminDeps,
  change: (tx: Db) => Promise<T>,
  firebase: () => Promise<void>,
  undo: () => Promise<void>,
): Promise<T> {
  let firebaseStarted = false;
  try {
    return await deps.db.transaction(async (tx) => {
      const result = await change(tx as unknown as Db);
      firebaseStarted = true;
      await firebase();
      return result;
    });
  } catch (error) {
    if (firebaseStarted) {
      await undo().catch((undoError: unknown) => {
        console.error(`[usuarios] falha ao desfazer a alteração no Firebase: ${(undoError as Error).message}`);
      });
    }
    throw error;
  }
}

/**
 * Edits a user (name, phone, role, Vista broker code; the API also
 * `disabled`). Unset fields stay. A role change or disabling revokes the
 * user's refresh tokens and deletes their sessions (they must sign in again,
 * and a disabled user cannot).
 * A login linked to an active member keeps the member's broker code: the member page is where it
 * changes, so the two never disagree (ADR 0085).
 * @throws {AdminError} 404 unknown user; 400 for an admin demoting or disabling themselves, or a phone Firebase refuses; 409 phone in use, or a new broker code for a login linked to a member.
 */
export async function updateUser(
  deps: UserAdminDeps,
  uid: string,
  input: UserUpdateApiInput,
  actor: Actor,
): Promise<UserView> {
  const before = await requireRow(deps.db, uid);
  if (actor.uid === uid && input.role && input.role !== before.role) {
    throw new AdminError("Você não pode mudar o seu próprio papel.", 400, {
      role: ["Você não pode mudar o seu próprio papel."],
    });
  }
  if (actor.uid === uid && input.disabled === true)
    throw new AdminError("Você não pode desativar a sua própria conta.", 400);
  if (input.brokerCode !== undefined && input.brokerCode !== before.brokerCode) {
    await refuseLinkedBrokerCode(deps.db, uid);
  }
  const next = {
    displayName: input.displayName ?? before.displayName,
    phone: input.phone ?? before.phone,
    role: input.role ?? before.role,
    brokerCode: input.brokerCode !== undefined ? input.brokerCode : before.brokerCode,
    disabled: input.disabled ?? before.disabled,
  };
  const roleChanged = next.role !== before.role || next.brokerCode !== before.brokerCode;
  const revoke = next.role !== before.role || (next.disabled && !before.disabled);
  const profile = (values: typeof next) => ({
    displayName: values.displayName,
    phoneNumber: values.phone ? values.phone : null,
    disabled: values.disabled,
  });
  try {
    const row = await changeBothSides(
      deps,
      async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(users.uid, uid))
          .returning();
        if (revoke) await deleteUserSessions(tx, uid);
        return updated!;
      },
      async () => {
        await deps.backend.auth.updateUser(uid, profile(next));
        if (roleChanged) await deps.backend.auth.setCustomUserClaims(uid, claimsOf(next));
        if (revoke) await deps.backend.auth.revokeRefreshTokens(uid);
      },
      async () => {
        await deps.backend.auth.updateUser(uid, profile(before));
        if (roleChanged) await deps.backend.auth.setCustomUserClaims(uid, claimsOf(before));
      },
    );
    return toUserView(row);
  } catch (error) {
    const code = firebaseCode(error);
    if (code === "auth/user-not-found") throw new AdminError("Este usuário não existe mais no serviço de login.", 404);
    throw phoneRefusal(code) ?? error;
  }
}

/** Disables or enables a user; see {@link updateUser}. */
export function setUserEnabled(deps: UserAdminDeps, uid: string, enabled: boolean, actor: Actor): Promise<UserView> {
  return updateUser(deps, uid, { disabled: !enabled }, actor);
}

/** Promotes a user to admin (docs/spec.txt §7 `PUT /auth/user/{id}/promote`). Idempotent. */
export async function promoteUser(deps: UserAdminDeps, uid: string, actor: Actor): Promise<UserView> {
  const row = await requireRow(deps.db, uid);
  if (row.role === "admin") return toUserView(row);
  return updateUser(deps, uid, { role: "admin" }, actor);
}

/**
 * Deletes a user (docs/spec.txt §7 `DELETE /auth/user/{id}`): the row
 * (their leads become unassigned, their sessions end) and then the Firebase
 * user, in one transaction. @throws {AdminError} 404 unknown user, 400 for oneself.
 */
export async function deleteUser(deps: UserAdminDeps, uid: string, actor: Actor): Promise<void> {
  if (actor.uid === uid) throw new AdminError("Você não pode excluir a sua própria conta.", 400);
  await requireRow(deps.db, uid);
  await deps.db.transaction(async (tx) => {
    // The foreign key cascades too; deleting first keeps that explicit.
    await deleteUserSessions(tx, uid);
    await tx.delete(users).where(and(eq(users.uid, uid)));
    try {
      await deps.backend.auth.deleteUser(uid);
    } catch (error) {
      if (firebaseCode(error) !== "auth/user-not-found") throw error;
    }
  });
}
