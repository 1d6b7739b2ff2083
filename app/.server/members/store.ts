/**
 * Team members' rows (ADR 0019): the admin list, saving, showing/hiding, soft
 * delete and reactivation, and the public reads of `/sobre` and
 * `/membro/{slug}`, plus the helpers the promotion (`./promote`) and the
 * photo and files (`./files`) share. Every change announces
 * `publicContentChanged("members")` so the page cache is emptied (ADR 0013).
 * Callers import these through `~/.server/members`.
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { slugify } from "~/lib/slug";
import type { MemberFormValue } from "~/lib/members";
import { AdminError } from "../admin-error";
import { publicContentChanged } from "../admin/content-changed";
import type { Db } from "../db";
import { memberFiles, members } from "../db/schema";
import { checkMemberLinks, lockMemberLinks, syncLinkedUserBrokerCode } from "./links";

/** A row of `members`. */
export type Member = typeof members.$inferSelect;
/** A row of `member_files`. */
export type MemberFile = typeof memberFiles.$inferSelect;

/** Filters of the admin list. */
export interface MemberListQuery {
  /** Matches name, e-mail, CRECI, slug or broker code (case-insensitive substring). */
  q?: string;
  status?: "ativos" | "inativos" | "todos";
  order?: "ordem" | "nome" | "recentes";
}

/** The members for the admin list. "inativos" includes deleted members. */
export async function listMembers(db: Db, query: MemberListQuery = {}): Promise<Member[]> {
  const conditions = [];
  const q = (query.q ?? "").trim().slice(0, 100);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(members.name, like),
        ilike(members.email, like),
        ilike(members.creci, like),
        ilike(members.slug, like),
        ilike(members.brokerCode, like),
      ),
    );
  }
  if (query.status === "ativos") conditions.push(and(eq(members.active, true), isNull(members.deletedAt)));
  if (query.status === "inativos") conditions.push(or(eq(members.active, false), isNotNull(members.deletedAt)));
  const order =
    query.order === "nome"
      ? [asc(members.name)]
      : query.order === "recentes"
        ? [desc(members.updatedAt)]
        : [asc(members.sortOrder), asc(members.name)];
  return db
    .select()
    .from(members)
    .where(and(...conditions))
    .orderBy(...order, asc(members.id))
    .limit(500);
}

/** One member by id (deleted ones too), or null. */
export async function getMember(db: Db, id: number): Promise<Member | null> {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row ?? null;
}

/** The files of a member, newest first. */
export function listMemberFiles(db: Db, memberId: number): Promise<MemberFile[]> {
  return db.select().from(memberFiles).where(eq(memberFiles.memberId, memberId)).orderBy(desc(memberFiles.createdAt));
}

/** Whether `error` (or its cause: drizzle wraps driver errors) is a unique violation of `constraint`. */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    depth++
  ) {
    if (current.code === "23505" && (!current.constraint || current.constraint === constraint)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** pt-BR message of an unknown member (the API's 404 body too). */
export const MEMBER_NOT_FOUND = "Membro não encontrado.";

const SLUG_TAKEN = "Este endereço já é de outro membro. Escolha outro.";
const slugTaken409 = () => new AdminError(SLUG_TAKEN, 409, { slug: [SLUG_TAKEN] });

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(exceptId ? and(eq(members.slug, slug), ne(members.id, exceptId)) : eq(members.slug, slug))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates (no `id`) or updates a member and returns the saved row. An empty
 * slug is made from the name (with "-2", "-3"… when taken). A deleted member
 * can be edited but stays deleted. The broker code and the login (`userUid`;
 * undefined keeps the current one) follow ADR 0085 (`./links`): at most one
 * active member each, and the linked user's `users.broker_code` follows the
 * member's code, in the same transaction.
 * @throws {AdminError} 409 with `fieldErrors.slug` when a slug typed by the
 *   admin is taken, with `fieldErrors.brokerCode` / `userUid` when another
 *   active member has them; 400 for an unknown login; 404 when the member to
 *   update no longer exists.
 */
export async function saveMember(db: Db, value: MemberFormValue): Promise<Member> {
  let slug = value.slug;
  if (slug) {
    if (await slugTaken(db, slug, value.id)) throw slugTaken409();
  } else {
    const base = slugify(value.name).slice(0, 70).replace(/-+$/, "") || "membro";
    slug = /^\d+$/.test(base) ? `membro-${base}` : base;
    for (let n = 2; await slugTaken(db, slug, value.id); n++) slug = `${base}-${n}`;
  }
  const fields = {
    slug,
    name: value.name,
    title: value.title,
    creci: value.creci,
    email: value.email,
    phone: value.phone,
    whatsapp: value.whatsapp,
    bio: value.bio,
    brokerCode: value.brokerCode || null,
    sortOrder: value.sortOrder,
    updatedAt: new Date(),
  };
  let row: Member | undefined;
  try {
    row = await db.transaction(async (tx) => {
      await lockMemberLinks(tx);
      const existing = value.id ? await getMember(tx, value.id) : null;
      if (value.id && !existing) throw new AdminError("Este membro não existe mais. Recarregue a página.", 404);
      const active = existing?.deletedAt ? false : value.active;
      const userUid = value.userUid === undefined ? (existing?.userUid ?? null) : value.userUid;
      await checkMemberLinks(tx, { id: value.id, brokerCode: fields.brokerCode, userUid, active });
      const [saved] = existing
        ? await tx
            .update(members)
            .set({ ...fields, userUid, active })
            .where(eq(members.id, existing.id))
            .returning()
        : await tx
            .insert(members)
            .values({ ...fields, userUid, active })
            .returning();
      await syncLinkedUserBrokerCode(tx, existing, saved!);
      return saved;
    });
  } catch (error) {
    if (uniqueViolation(error, "members_slug_unique")) throw slugTaken409();
    throw error;
  }
  publicContentChanged("members");
  return row!;
}

/** One member by id (deleted ones too). @throws {AdminError} 404 {@link MEMBER_NOT_FOUND} when there is none. */
export async function requireMember(db: Db, id: number): Promise<Member> {
  const member = await getMember(db, id);
  if (!member) throw new AdminError(MEMBER_NOT_FOUND, 404);
  return member;
}

/** Sets the given columns of member `id` and announces the change. @throws {AdminError} 404 for an unknown id. */
export async function updateMember(db: Db, id: number, values: PgUpdateSetSource<typeof members>): Promise<Member> {
  const [row] = await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning();
  if (!row) throw new AdminError(MEMBER_NOT_FOUND, 404);
  publicContentChanged("members");
  return row;
}

/**
 * Shows or hides a member on the site and returns the row.
 * @throws {AdminError} 404 for an unknown member; 400 for a deleted one (only
 *   "Reativar" brings it back); 409 when showing it would give its broker code
 *   or login to a second active member (ADR 0085).
 */
export async function setMemberActive(db: Db, id: number, active: boolean): Promise<Member> {
  const [row] = await db.transaction(async (tx) => {
    if (active) await checkActivation(tx, id);
    return tx
      .update(members)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(members.id, id), isNull(members.deletedAt)))
      .returning();
  });
  if (!row) {
    await requireMember(db, id);
    throw new AdminError("Um membro excluído só volta com “Reativar”.", 400);
  }
  publicContentChanged("members");
  return row;
}

/**
 * Soft delete: `deleted_at` set (kept when already set) and inactive; files and
 * photo are kept for a reactivation. The linked login loses the member's broker
 * code (a person who left keeps no access to that code's leads and listings);
 * "Reativar" gives it back. @throws {AdminError} 404 for an unknown member.
 */
export async function softDeleteMember(db: Db, id: number): Promise<Member> {
  const row = await db.transaction(async (tx) => {
    const deleted = await updateMember(tx, id, {
      active: false,
      deletedAt: sql`coalesce(${members.deletedAt}, now())`,
    });
    await syncLinkedUserBrokerCode(tx, deleted, { brokerCode: null, userUid: deleted.userUid });
    return deleted;
  });
  return row;
}

/**
 * Undoes a soft delete or a deactivation: active again, `deleted_at` cleared.
 * @throws {AdminError} 404 for an unknown member; 409 when its broker code or
 *   login is another active member's (ADR 0085).
 */
export async function reactivateMember(db: Db, id: number): Promise<Member> {
  const row = await db.transaction(async (tx) => {
    await checkActivation(tx, id);
    const [updated] = await tx
      .update(members)
      .set({ active: true, deletedAt: null, updatedAt: new Date() })
      .where(eq(members.id, id))
      .returning();
    // The login gets the member's broker code back (a soft delete took it).
    await syncLinkedUserBrokerCode(tx, null, updated!);
    return updated!;
  });
  publicContentChanged("members");
  return row;
}

/**
 * Refuses to show member `id` while another active member carries its broker
 * code or login (ADR 0085), as one page alert.
 * @throws {AdminError} 409 with the pt-BR reason; 404 for an unknown member.
 */
async function checkActivation(tx: Db, id: number): Promise<void> {
  await lockMemberLinks(tx);
  const member = await requireMember(tx, id);
  try {
    await checkMemberLinks(tx, { id, brokerCode: member.brokerCode, userUid: member.userUid, active: true });
  } catch (error) {
    if (error instanceof AdminError) throw new AdminError(`Não foi possível mostrar no site: ${error.message}`, 409);
    throw error;
  }
}

/** The members shown on `/sobre`: active, not deleted, in the admin's order then by name. */
export function publicMembers(db: Db): Promise<Member[]> {
  return db
    .select()
    .from(members)
    .where(and(eq(members.active, true), isNull(members.deletedAt)))
    .orderBy(asc(members.sortOrder), asc(members.name), asc(members.id));
}

/**
 * The member of `/membro/{id}`: by slug, or by numeric id (the page then
 * answers 301 to the slug). Null when unknown, inactive or deleted (→ 404).
 */
export async function findPublicMember(db: Db, idOrSlug: string): Promise<Member | null> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(
        byId ? eq(members.id, Number(idOrSlug)) : eq(members.slug, idOrSlug.toLowerCase()),
        eq(members.active, true),
        isNull(members.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
