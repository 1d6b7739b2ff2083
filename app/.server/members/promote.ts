/**
 * Giving a team member a broker login (ADR 0019 "promote"): a Firebase user,
 * its custom claims, a `users` row and the member's `user_uid`, undone again
 * when the database fails after the Firebase user was created here.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { AdminError } from "../admin-error";
import type { IdentityBackend } from "../auth/firebase";
import { mirrorRoleClaim } from "../auth/users";
import type { Db } from "../db";
import { members, users } from "../db/schema";
import { checkMemberLinks, lockMemberLinks, syncLinkedUserBrokerCode } from "./links";
import { getMember, uniqueViolation } from "./store";

/** A broker login given by {@link promoteMember}: the Firebase uid, and whether the Firebase user was created now. */
export interface Promotion {
  uid: string;
  created: boolean;
}

/**
 * Gives a member a broker login (ADR 0019 "promote"): a Firebase user
 * with the member's e-mail and name (a random password: the member sets one
 * through "Esqueci minha senha"), the custom claims `role: agent` and the
 * Vista broker code, a `users` row with role agent, and `members.user_uid`.
 * When the e-mail already has a Firebase user, that user is linked (and gets
 * role agent only when it has no row yet: an admin stays admin); its
 * `users.broker_code` takes the member's code when the member has one, and a
 * login another active member already carries is refused (ADR 0085).
 * Consistency: when the database fails after a Firebase user was CREATED here,
 * that user is deleted again, so no half-created login remains.
 * @throws {AdminError} 404 for an unknown member, 409 for a deleted one or one
 *   that already has a login, 400 without an e-mail or with one the login
 *   service refuses, 409 when a site user already has the e-mail or the login
 *   is another active member's, 400 when the
 *   database failed (nothing was changed; the admin may try again).
 */
export async function promoteMember(db: Db, backend: IdentityBackend, id: number): Promise<Promotion> {
  const member = await getMember(db, id);
  const gone = "Este membro não existe mais ou foi excluído.";
  if (!member) throw new AdminError(gone, 404);
  if (member.deletedAt) throw new AdminError(gone, 409);
  if (member.userUid) throw new AdminError(`${member.name} já tem acesso de corretor.`, 409);
  if (!member.email) throw new AdminError("Cadastre o e-mail do membro antes de dar acesso de corretor.", 400);

  let record;
  let created = false;
  try {
    record = await backend.auth.getUserByEmail(member.email);
  } catch (error) {
    if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
  }
  if (!record) {
    try {
      record = await backend.auth.createUser({
        email: member.email,
        password: randomBytes(18).toString("base64url"),
        displayName: member.name,
        emailVerified: false,
        disabled: false,
      });
      created = true;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (code === "auth/invalid-email")
        throw new AdminError("O serviço de login recusou este e-mail. Corrija o e-mail do membro.", 400);
      throw error;
    }
  }
  const uid = record.uid;
  try {
    await db.transaction(async (tx) => {
      // One person (ADR 0085): the login is no other active member's, and it takes the member's broker code.
      await lockMemberLinks(tx);
      const [existing] = await tx.select().from(users).where(eq(users.uid, uid)).limit(1);
      if (existing) {
        await checkMemberLinks(tx, { id, brokerCode: null, userUid: uid, active: !member.deletedAt && member.active });
        await syncLinkedUserBrokerCode(tx, null, { brokerCode: member.brokerCode, userUid: uid });
      } else {
        await tx.insert(users).values({
          uid,
          email: member.email,
          displayName: member.name,
          phone: "",
          role: "agent",
          brokerCode: member.brokerCode,
          disabled: false,
        });
      }
      await tx.update(members).set({ userUid: uid, updatedAt: new Date() }).where(eq(members.id, id));
    });
    const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
    await mirrorRoleClaim(backend, row!, record.customClaims);
  } catch (error) {
    if (created) {
      await backend.auth
        .deleteUser(uid)
        .catch((cleanup) => console.error("[membros] não foi possível desfazer o usuário criado", cleanup));
      await db
        .update(members)
        .set({ userUid: null })
        .where(eq(members.id, id))
        .catch(() => undefined);
      await db
        .delete(users)
        .where(eq(users.uid, uid))
        .catch(() => undefined);
    }
    if (error instanceof AdminError) throw error;
    console.error("[membros] falha ao dar acesso de corretor", error);
    if (uniqueViolation(error, "users_email_idx"))
      throw new AdminError("Já existe um usuário do site com este e-mail. Nada foi alterado.", 409);
    throw new AdminError("Não foi possível dar acesso agora. Nada foi alterado; tente de novo.", 400);
  }
  return { uid, created };
}
