/**
 * A team member's photo and files (ADR 0019): stored through the file
 * storage, recorded on `members.photo_key` and in `member_files`; the stored
 * object is removed when its row goes.
 */
import { and, eq } from "drizzle-orm";
import { AdminError } from "../admin-error";
import type { Db } from "../db";
import { memberFiles, members } from "../db/schema";
import { type FileStorage, newStorageKey } from "../storage";
import type { ValidUpload } from "../storage/validate";
import { getMember, type Member, type MemberFile, updateMember } from "./store";

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
