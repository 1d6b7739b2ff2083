/**
 * `PUT /api/members/{id}` (replace the member's fields → `{ member }`) and
 * `DELETE /api/members/{id}` (soft delete → `{ member }`). Admin only;
 * 404 for an unknown id. Issue 6 item 8 / brief item 5; ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  apiError,
  apiJson,
  methodNotAllowed,
  readJsonBody,
  requireApiAdmin,
  writeOnlyLoader,
} from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { getMember, saveMember, softDeleteMember } from "~/.server/members";
import { memberApiBodySchema, memberIdParam, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT", "DELETE"]);

/** Updates or soft-deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  await requireApiAdmin(request);
  const id = memberIdParam(params.id);
  const db = getDb().db;
  if (id == null || !(await getMember(db, id))) return apiError(404, "Membro não encontrado.");
  if (request.method === "DELETE") return apiJson({ member: toMemberView((await softDeleteMember(db, id))!) });
  const body = await readJsonBody(request, memberApiBodySchema);
  const saved = await saveMember(db, { ...body, id });
  if (!saved.ok) return apiError(400, "Dados inválidos. Confira os campos.", saved.fieldErrors);
  return apiJson({ member: toMemberView(saved.member) });
}
