/**
 * `POST /api/members/{id}/uploads/file` (multipart/form-data): `photo` (one
 * image: the member's photo) and/or `file` parts (PDFs or images: the member's
 * files), checked by content like the admin page (ADR 0019) → 201
 * `{ member, files }`; 400 with the pt-BR reason (type, size, content vs.
 * extension); 415 for another body type. Admin only. Issue 6 item 8 / brief item 5.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { getMember, type MemberFile } from "~/.server/members";
import { memberIdParam, toMemberFileView, toMemberView } from "~/.server/members/api";
import { readMultipart, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Stores the photo and/or files. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const id = memberIdParam(params.id);
  const db = getDb().db;
  if (id == null || !(await getMember(db, id))) return apiError(404, "Membro não encontrado.");
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return apiError(415, "Envie os arquivos como multipart/form-data.");
  const parsed = await readMultipart(request);
  if ("error" in parsed) return apiError(400, parsed.error);
  const photo = parsed.form.get("photo");
  const files = parsed.form
    .getAll("file")
    .filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ""));
  if (!(photo instanceof File) && files.length === 0)
    return apiError(400, "Envie uma foto (campo photo) ou arquivos (campo file).");
  if (photo instanceof File) {
    const outcome = await storeMemberPhoto(db, id, Buffer.from(await photo.arrayBuffer()), {
      name: photo.name,
      contentType: photo.type,
    });
    if (!outcome.ok) return apiError(400, outcome.message, { photo: [outcome.message] });
  }
  let stored: MemberFile[] = [];
  if (files.length) {
    const outcome = await storeMemberFiles(db, id, files);
    if (!outcome.ok) return apiError(400, outcome.message, { file: [outcome.message] });
    stored = outcome.files;
  }
  return apiJson({ member: toMemberView((await getMember(db, id))!), files: stored.map(toMemberFileView) }, 201);
}
