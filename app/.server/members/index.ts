/**
 * Team members (ADR 0019): the admin operations (list,
 * save, deactivate, soft delete, reactivate, promote, photo and files) and
 * the public reads of `/sobre` and `/membro/{slug}`. Every change announces
 * `publicContentChanged("members")` so the page cache is emptied (ADR 0013).
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { MemberFormValue } from "~/lib/members";
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

/** Result of {@link saveMember}: the row, or pt-BR errors by field. */
export type SaveMemberResult = { ok: true; member: Member } | { ok: false; fieldErrors: Record<string, string[]> };

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(exceptId ? and(eq(members.slug, slug), ne(members.id, exceptId)) : eq(members.slug, slug))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates (no `id`) or updates a member. An empty slug is made from the name
 * (with "-2", "-3"… when taken); a slug typed by the admin that is taken is
 * refused beside the field. A deleted member can be edited but stays deleted.
 */
export async function saveMember(db: Db, value: MemberFormValue): Promise<SaveMemberResult> {
  let slug = value.slug;
  if (slug) {
    if (await slugTaken(db, slug, value.id))
      return { ok: false, fieldErrors: { slug: ["Este endereço já é de outro membro. Escolha outro."] } };
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
      if (!existing) return { ok: false, fieldErrors: { "": ["Este membro não existe mais. Recarregue a página."] } };
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
    if (uniqueViolation(error, "members_slug_unique")) {
      return { ok: false, fieldErrors: { slug: ["Este endereço já é de outro membro. Escolha outro."] } };
    }
    throw error;
  }
  publicContentChanged("members");
  return { ok: true, member: row! };
}

/** Shows or hides a member on the site (not for a deleted member: reactivate it). @returns the row, or null when missing/deleted. */
export async function setMemberActive(db: Db, id: number, active: boolean): Promise<Member | null> {
  const [row] = await db
    .update(members)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(members.id, id), isNull(members.deletedAt)))
    .returning();
  if (row) publicContentChanged("members");
  return row ?? null;
}

/** Soft delete: `deleted_at` set and inactive; files and photo are kept for a reactivation. */
export async function softDeleteMember(db: Db, id: number): Promise<Member | null> {
  const [row] = await db
    .update(members)
    .set({ active: false, deletedAt: sql`coalesce(${members.deletedAt}, now())`, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning();
  if (row) publicContentChanged("members");
  return row ?? null;
}

/** Undoes a soft delete or a deactivation: active again, `deleted_at` cleared. */
export async function reactivateMember(db: Db, id: number): Promise<Member | null> {
  const [row] = await db
    .update(members)
    .set({ active: true, deletedAt: null, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning();
  if (row) publicContentChanged("members");
  return row ?? null;
}

/** Result of {@link promoteMember}. */
export type PromoteResult = { ok: true; uid: string; created: boolean } | { ok: false; message: string };

/**
 * Gives a member a broker login (issue 6 item 2 "promote"): a Firebase user
 * with the member's e-mail and name (a random password: the member sets one
 * through "Esqueci minha senha"), the custom claims `role: agent` and the
 * Vista broker code, a `users` row with role agent, and `members.user_uid`.
 * When the e-mail already has a Firebase user, that user is linked (and gets
 * role agent only when it has no row yet: an admin stays admin).
 * Consistency: when the database fails after a Firebase user was CREATED here,
 * that user is deleted again, so no half-created login remains.
 */
export async function promoteMember(db: Db, backend: IdentityBackend, id: number): Promise<PromoteResult> {
  const member = await getMember(db, id);
  if (!member || member.deletedAt) return { ok: false, message: "Este membro não existe mais ou foi excluído." };
  if (member.userUid) return { ok: false, message: `${member.name} já tem acesso de corretor.` };
  if (!member.email) return { ok: false, message: "Cadastre o e-mail do membro antes de dar acesso de corretor." };

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
        return { ok: false, message: "O serviço de login recusou este e-mail. Corrija o e-mail do membro." };
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
    const duplicate = uniqueViolation(error, "users_email_idx");
    return {
      ok: false,
      message: duplicate
        ? "Já existe um usuário do site com este e-mail. Nada foi alterado."
        : "Não foi possível dar acesso agora. Nada foi alterado; tente de novo.",
    };
  }
  return { ok: true, uid, created };
}

/** Stores a validated image as the member's photo, replacing (and deleting) the old one. */
export async function setMemberPhoto(
  db: Db,
  storage: FileStorage,
  id: number,
  upload: ValidUpload,
): Promise<Member | null> {
  const member = await getMember(db, id);
  if (!member) return null;
  const key = newStorageKey(`membros/${id}/foto`, upload.ext);
  await storage.put(key, upload.body, upload.contentType);
  const [row] = await db
    .update(members)
    .set({ photoKey: key, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning();
  if (member.photoKey)
    await storage.delete(member.photoKey).catch((error) => console.error("[membros] foto antiga não removida", error));
  publicContentChanged("members");
  return row ?? null;
}

/** Removes the member's photo. */
export async function removeMemberPhoto(db: Db, storage: FileStorage, id: number): Promise<void> {
  const member = await getMember(db, id);
  if (!member?.photoKey) return;
  await db.update(members).set({ photoKey: null, updatedAt: new Date() }).where(eq(members.id, id));
  await storage
    .delete(member.photoKey)
    .catch((error) => console.error("[membros] foto não removida do armazenamento", error));
  publicContentChanged("members");
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
