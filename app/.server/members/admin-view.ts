/**
 * What the admin edit page of a member (`/admin/membros/{id}`) shows: the
 * form's values, the state badges, the photo, the signed-upload address and
 * the files, as plain JSON for the page (ADR 0019).
 */
import type { MemberBasics } from "~/lib/members";
import { storedFilePath } from "../storage";
import { memberUploadPath } from "../storage/signed-upload";
import type { Db } from "../db";
import { getMember, listMemberFiles } from ".";

/** The member on the edit page: its fields plus `hasLogin`, the photo's `/arquivos/…` path and the upload address. */
export interface AdminMemberView extends MemberBasics {
  /** The Vista broker code, "" when none. */
  brokerCode: string;
  /** Whether the member has a login ("promote", or linked on the form). */
  hasLogin: boolean;
  /** The linked login's uid, "" when none (ADR 0085). */
  userUid: string;
  photoUrl: string | null;
  /** Where the page asks for a signed upload address (`/admin/membros/{id}/envio`). */
  uploadPath: string;
}

/** One file on the edit page: size in bytes, `url` its `/arquivos/…` path. */
export interface AdminMemberFileView {
  id: string;
  name: string;
  size: number;
  url: string;
}

/** The edit page's member and files, or null when there is no member `id` (deleted members included). */
export async function adminMemberView(
  db: Db,
  id: number,
): Promise<{ member: AdminMemberView; files: AdminMemberFileView[] } | null> {
  const member = await getMember(db, id);
  if (!member) return null;
  const files = await listMemberFiles(db, id);
  return {
    member: {
      id: member.id,
      name: member.name,
      slug: member.slug,
      title: member.title,
      creci: member.creci,
      email: member.email,
      phone: member.phone,
      whatsapp: member.whatsapp,
      bio: member.bio,
      brokerCode: member.brokerCode ?? "",
      sortOrder: member.sortOrder,
      active: member.active,
      deleted: member.deletedAt != null,
      hasLogin: member.userUid != null,
      userUid: member.userUid ?? "",
      photoUrl: member.photoKey ? storedFilePath(member.photoKey) : null,
      uploadPath: memberUploadPath(member.id),
    },
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size, url: storedFilePath(f.key) })),
  };
}
