/**
 * `PUT /api/members/{id}` (replace the member's fields → `{ member }`) and
 * `DELETE /api/members/{id}` (soft delete → `{ member }`). Admin only;
 * 404 for an unknown id; ADR 0018, ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, readJsonBody, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { saveMember, softDeleteMember } from "~/.server/members";
import { answerMemberRefusals, memberApiBodySchema, requireApiMemberId, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT", "DELETE"]);

/** Updates or soft-deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  await requireApiAdmin(request);
  const db = getDb().db;
  const id = await requireApiMemberId(db, params.id);
  if (request.method === "DELETE")
    return answerMemberRefusals(async () => apiJson({ member: toMemberView(await softDeleteMember(db, id)) }));
  const body = await readJsonBody(request, memberApiBodySchema);
  return answerMemberRefusals(async () => apiJson({ member: toMemberView(await saveMember(db, { ...body, id })) }));
}
