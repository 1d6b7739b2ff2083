/**
 * `PUT /api/members/{id}/reactivate`: undoes a soft delete or a deactivation
 * → `{ member }`; 404 for an unknown id. Admin only; ADR 0018, ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { MEMBER_NOT_FOUND, reactivateMember } from "~/.server/members";
import { answerMemberRefusals, memberIdParam, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Reactivates. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiAdmin(request);
  const id = memberIdParam(params.id);
  if (id == null) return apiError(404, MEMBER_NOT_FOUND);
  return answerMemberRefusals(async () => apiJson({ member: toMemberView(await reactivateMember(getDb().db, id)) }));
}
