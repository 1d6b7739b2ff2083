/**
 * Team members (ADR 0019): the admin operations (list,
 * save, deactivate, soft delete, reactivate, promote, photo and files) and
 * the public reads of `/sobre` and `/membro/{slug}`. Every change announces
 * `publicContentChanged("members")` so the page cache is emptied (ADR 0013).
 * Expected refusals (an unknown member, a taken slug, a promotion that cannot
 * be done) are thrown as {@link AdminError} with pt-BR messages.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { slugify } from "~/lib/slug";
import type { MemberFormValue } from "~/lib/members";
import { AdminError } from "../admin-error";
import { publicContentChanged } from "../admin/content-changed";
import type { IdentityBackend } from "../auth/firebase";
import { mirrorRoleClaim } from "../auth/users";
import type { Db } from "../db";
import { memberFiles, members, users } from "../db/schema";
import { type FileStorage, newStorageKey } from "../storage";
import type { ValidUpload } from "../storage/validate";

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
function uniqueViolation(error: unknown, constraint: string): boolean {
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
 * can be edited but stays deleted.
 * @throws {AdminError} 409 with `fieldErrors.slug` when a slug typed by the
 *   admin is taken; 404 when the member to update no longer exists.
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
    if (value.id) {
      const existing = await getMember(db, value.id);
      if (!existing) throw new AdminError("Este membro não existe mais. Recarregue a página.", 404);
      [row] = await db
        .update(members)
        .set({ ...fields, active: existing.deletedAt ? false : value.active })
        .where(eq(members.id, value.id))
        .returning();
    } else {
      [row] = await db
        .insert(members)
        .values({ ...fields, active: value.active })
        .returning();
    }
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
async function updateMember(db: Db, id: number, values: PgUpdateSetSource<typeof members>): Promise<Member> {
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
 * @throws {AdminError} 404 for an unknown member; 400 for a deleted one (only "Reativar" brings it back).
 */
export async function setMemberActive(db: Db, id: number, active: boolean): Promise<Member> {
  const [row] = await db
    .update(members)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .returning();
  if (!row) {
    await requireMember(db, id);
    throw new AdminError("Um membro excluído só volta com “Reativar”.", 400);
  }
  publicContentChanged("members");
  return row;
}

/**
 * Soft delete: `deleted_at` set (kept when already set) and inactive; files and
 * photo are kept for a reactivation. @throws {AdminError} 404 for an unknown member.
 */
export function softDeleteMember(db: Db, id: number): Promise<Member> {
  return updateMember(db, id, { active: false, deletedAt: sql`coalesce(${members.deletedAt}, now())` });
}

/** Undoes a soft delete or a deactivation: active again, `deleted_at` cleared. @throws {AdminError} 404 for an unknown member. */
export function reactivateMember(db: Db, id: number): Promise<Member> {
  return updateMember(db, id, { active: true, deletedAt: null });
}

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
 * role agent only when it has no row yet: an admin stays admin).
 * Consistency: when the database fails after a Firebase user was CREATED here,
 * that user is deleted again, so no half-created login remains.
 * @throws {AdminError} 404 for an unknown member, 409 for a deleted one or one
 *   that already has a login, 400 without an e-mail or with one the login
 *   service refuses, 409 when a site user already has the e-mail, 400 when the
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
      const [existing] = await tx.select().from(users).where(eq(users.uid, uid)).limit(1);
      if (!existing) {
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
    console.error("[membros] falha ao dar acesso de corretor", error);
    if (uniqueViolation(error, "users_email_idx"))
      throw new AdminError("Já existe um usuário do site com este e-mail. Nada foi alterado.", 409);
    throw new AdminError("Não foi possível dar acesso agora. Nada foi alterado; tente de novo.", 400);
  }
  return { uid, created };
}

/**
 * Stores a validated image as the member's photo, replacing (and deleting) the old one.
 * @throws {AdminError} 404 "Este membro não existe mais." for an unknown member.
 */
export async function setMemberPhoto(db: Db, storage: FileStorage, id: number, upload: ValidUpload): Promise<Member> {
  const member = await getMember(db, id);
  if (!member) throw new AdminError("Este membro não existe mais.", 404);
  const key = newStorageKey(`membros/${id}/foto`, upload.ext);
  await storage.put(key, upload.body, upload.contentType);
  const row = await updateMember(db, id, { photoKey: key });
  if (member.photoKey)
    await storage.delete(member.photoKey).catch((error) => console.error("[membros] foto antiga não removida", error));
  return row;
}

/** Removes the member's photo (nothing to do for an unknown member or one without a photo). */
export async function removeMemberPhoto(db: Db, storage: FileStorage, id: number): Promise<void> {
  const member = await getMember(db, id);
  if (!member?.photoKey) return;
  await updateMember(db, id, { photoKey: null });
  await storage
    .delete(member.photoKey)
    .catch((error) => console.error("[membros] foto não removida do armazenamento", error));
}

/** Stores a validated file of the member under the name it was sent with (cut to 200 characters). */
export async function addMemberFile(
  db: Db,
  storage: FileStorage,
  id: number,
  upload: ValidUpload,
  name: string,
): Promise<MemberFile> {
  const key = newStorageKey(`membros/${id}/arquivo`, upload.ext);
  await storage.put(key, upload.body, upload.contentType);
  try {
    const [row] = await db
      .insert(memberFiles)
      .values({
        memberId: id,
        key,
        name: (name || `arquivo.${upload.ext}`).slice(0, 200),
        contentType: upload.contentType,
        size: upload.body.length,
      })
      .returning();
    return row!;
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Deletes one file of a member (row and stored object). @returns false when there was no such file. */
export async function deleteMemberFile(
  db: Db,
  storage: FileStorage,
  memberId: number,
  fileId: string,
): Promise<boolean> {
  const [row] = await db
    .delete(memberFiles)
    .where(and(eq(memberFiles.id, fileId), eq(memberFiles.memberId, memberId)))
    .returning();
  if (!row) return false;
  await storage
    .delete(row.key)
    .catch((error) => console.error("[membros] arquivo não removido do armazenamento", error));
  return true;
}

/** Whether a storage key belongs to a member's public photo or file (for `/arquivos`). */
export async function storedKeyKind(db: Db, key: string): Promise<"photo" | "file" | null> {
  const [photo] = await db.select({ id: members.id }).from(members).where(eq(members.photoKey, key)).limit(1);
  if (photo) return "photo";
  const [file] = await db.select({ id: memberFiles.id }).from(memberFiles).where(eq(memberFiles.key, key)).limit(1);
  return file ? "file" : null;
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
