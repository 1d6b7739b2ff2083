/**
 * `POST /api/members/{id}/uploads/file` (multipart/form-data): `photo` (one
 * image: the member's photo) and/or `file` parts (PDFs or images: the member's
 * files), checked by content like the admin page (ADR 0019) → 201
 * `{ member, files }`; 400 with the pt-BR reason (type, size, content vs.
 * extension), beside `photo` or `file`; 415 for another body type. Admin only; ADR 0018.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { isAdminError } from "~/.server/admin-error";
import { apiError, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { type MemberFile, requireMember } from "~/.server/members";
import { answerMemberRefusals, requireApiMemberId, toMemberFileView, toMemberView } from "~/.server/members/api";
import { readMemberUpload, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Runs one step of the upload; its refusal is answered beside `field` (`photo` or `file`). */
async function beside<T>(field: "photo" | "file", step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isAdminError(error)) throw apiError(error.status, error.message, { [field]: [error.message] });
    throw error;
  }
}

/** Stores the photo and/or files. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const db = getDb().db;
  const id = await requireApiMemberId(db, params.id);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return apiError(415, "Envie os arquivos como multipart/form-data.");
  return answerMemberRefusals(async () => {
    const form = await readMemberUpload(request);
    const photo = form.get("photo");
    const files = form
      .getAll("file")
      .filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ""));
    if (!(photo instanceof File) && files.length === 0)
      return apiError(400, "Envie uma foto (campo photo) ou arquivos (campo file).");
    if (photo instanceof File) {
      const body = Buffer.from(await photo.arrayBuffer());
      await beside("photo", () => storeMemberPhoto(db, id, body, { name: photo.name, contentType: photo.type }));
    }
    const stored: MemberFile[] = files.length ? await beside("file", () => storeMemberFiles(db, id, files)) : [];
    return apiJson({ member: toMemberView(await requireMember(db, id)), files: stored.map(toMemberFileView) }, 201);
  });
}
