/**
 * One person, three records (ADR 0085): a team member (`members`) may carry a
 * Vista broker code (`members.broker_code`, the read model's `brokers`) and a
 * login (`members.user_uid` → `users`). The rules kept here:
 *
 * - a broker code and a login each belong to at most one ACTIVE member (not
 *   deleted); an inactive member may keep them, but is not activated while
 *   another active member has them;
 * - the member's broker code is the source of truth: it is copied to the
 *   linked user's `users.broker_code` (what "Meus imóveis" and the lead
 *   routing read), cleared there when the member's code is cleared, and
 *   taken back from a user the member is unlinked from. The Firebase claim
 *   `brokerCode` mirrors the row afterwards ({@link mirrorBrokerClaims}).
 *
 * Checks and writes run in the caller's transaction after
 * {@link lockMemberLinks}, so two admins saving at once cannot both pass.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { AdminError } from "../admin-error";
import type { IdentityBackend } from "../auth/firebase";
import { mirrorRoleClaim } from "../auth/users";
import type { Db } from "../db";
import { brokers, members, users } from "../db/schema";

/** Most options each select of the member form lists. */
const MAX_OPTIONS = 500;

/** The choices of the member form's two link selects. */
export interface MemberLinkOptions {
  /** The read model's Vista brokers by name: code and name. */
  brokers: { code: string; name: string }[];
  /** The site's logins by name: uid, name, e-mail and role (disabled ones left out). */
  users: { uid: string; name: string; email: string; role: string }[];
}

/** The brokers of the read model and the enabled users, for the member form. */
export async function memberLinkOptions(db: Db): Promise<MemberLinkOptions> {
  const [brokerRows, userRows] = await Promise.all([
    db.select({ code: brokers.code, data: brokers.data }).from(brokers).orderBy(asc(brokers.code)).limit(MAX_OPTIONS),
    db
      .select({ uid: users.uid, name: users.displayName, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.disabled, false))
      .orderBy(asc(users.displayName), asc(users.email))
      .limit(MAX_OPTIONS),
  ]);
  const byName = brokerRows
    .map((row) => ({ code: row.code, name: (row.data?.name ?? "").trim() || `Corretor ${row.code}` }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR") || a.code.localeCompare(b.code));
  return { brokers: byName, users: userRows.map((row) => ({ ...row, name: row.name || row.email })) };
}

/** Serialises the link checks of concurrent saves (transaction-scoped advisory lock). */
export async function lockMemberLinks(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('members:links'))`);
}

/** What a member will carry once saved or activated. */
export interface MemberLinks {
  /** The member being saved; absent for a new one. */
  id?: number;
  brokerCode: string | null;
  userUid: string | null;
  /** Whether the member will be shown on the site (active and not deleted). */
  active: boolean;
}

/** pt-BR refusal of a broker code another active member carries. */
export function brokerCodeTakenMessage(code: string, otherName: string): string {
  return `O código ${code} do Vista já está ligado a ${otherName}, que está ativo. Desligue-o de lá antes.`;
}

/** pt-BR refusal of a login another active member carries. */
export function userTakenMessage(otherName: string): string {
  return `Este login já está ligado a ${otherName}, que está ativo. Desligue-o de lá antes.`;
}

/**
 * Refuses links that would give a broker code or a login to two active
 * members, and a login that does not exist.
 * @throws {AdminError} 409 with `fieldErrors.brokerCode` / `fieldErrors.userUid`
 *   (pt-BR, shown beside the field); 400 with `fieldErrors.userUid` for an unknown login.
 */
export async function checkMemberLinks(tx: Db, links: MemberLinks): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  if (links.userUid) {
    const [user] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, links.userUid)).limit(1);
    if (!user) {
      const message = "Este login não existe mais. Escolha outro da lista.";
      throw new AdminError(message, 400, { userUid: [message] });
    }
  }
  if (links.active && (links.brokerCode || links.userUid)) {
    const others = await tx
      .select({ name: members.name, brokerCode: members.brokerCode, userUid: members.userUid })
      .from(members)
      .where(
        and(
          eq(members.active, true),
          isNull(members.deletedAt),
          links.id ? ne(members.id, links.id) : undefined,
          sql`(${members.brokerCode} = ${links.brokerCode ?? ""} or ${members.userUid} = ${links.userUid ?? ""})`,
        ),
      )
      .orderBy(asc(members.id));
    const byCode = others.find((other) => links.brokerCode && other.brokerCode === links.brokerCode);
    const byUser = others.find((other) => links.userUid && other.userUid === links.userUid);
    if (byCode) fieldErrors.brokerCode = [brokerCodeTakenMessage(links.brokerCode!, byCode.name)];
    if (byUser) fieldErrors.userUid = [userTakenMessage(byUser.name)];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new AdminError(first, 409, fieldErrors);
}

/**
 * Keeps `users.broker_code` consistent with the member (see the module
 * comment): `before` is the member's row before the change (null for a new
 * member), `after` the saved row. Returns the uids whose row changed.
 */
export async function syncLinkedUserBrokerCode(
  tx: Db,
  before: Pick<MemberLinks, "brokerCode" | "userUid"> | null,
  after: Pick<MemberLinks, "brokerCode" | "userUid">,
): Promise<string[]> {
  const changed: string[] = [];
  const set = async (uid: string, brokerCode: string | null, onlyWhen?: string) => {
    const rows = await tx
      .update(users)
      .set({ brokerCode, updatedAt: new Date() })
      .where(
        and(
          eq(users.uid, uid),
          onlyWhen ? eq(users.brokerCode, onlyWhen) : sql`${users.brokerCode} is distinct from ${brokerCode}`,
        ),
      )
      .returning({ uid: users.uid });
    if (rows.length) changed.push(uid);
  };
  if (after.userUid && after.brokerCode) await set(after.userUid, after.brokerCode);
  else if (after.userUid && before?.brokerCode && before.userUid === after.userUid)
    await set(after.userUid, null, before.brokerCode);
  if (before?.userUid && before.userUid !== after.userUid && before.brokerCode)
    await set(before.userUid, null, before.brokerCode);
  return changed;
}

/**
 * Mirrors the `users` rows of `uids` into their Firebase claim `brokerCode`
 * (the row is authoritative; the site reads the row). Best effort: a failure
 * is logged (uid only) and the next change or sign-in mirrors again.
 */
export async function mirrorBrokerClaims(backend: IdentityBackend, db: Db, uids: readonly string[]): Promise<void> {
  if (!uids.length) return;
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.uid, [...uids]));
  for (const row of rows) {
    try {
      const record = await backend.auth.getUser(row.uid);
      await mirrorRoleClaim(backend, row, record.customClaims);
    } catch (error) {
      console.error(`[membros] falha ao espelhar o código do corretor de ${row.uid}: ${(error as Error).message}`);
    }
  }
}

/**
 * Refuses a broker-code change on a login an active member carries: the member's save copies its
 * code onto the login (ADR 0085), so an edit here would be silently undone.
 * @throws {AdminError} 409 with `fieldErrors.brokerCode` naming the member.
 */
export async function refuseLinkedBrokerCode(db: Db, uid: string): Promise<void> {
  const [member] = await db
    .select({ name: members.name })
    .from(members)
    .where(and(eq(members.userUid, uid), eq(members.active, true)))
    .limit(1);
  if (!member) return;
  const message = `Este login está ligado ao membro ${member.name}: mude o código do corretor na página do membro.`;
  throw new AdminError(message, 409, { brokerCode: [message] });
}
