/**
 * `PUT /api/members/{id}/reactivate`: undoes a soft delete or a deactivation
 * → `{ member }`. Admin only. Issue 6 item 8 / brief item 5; ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { reactivateMember } from "~/.server/members";
import { memberIdParam, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Reactivates. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiAdmin(request);
  const id = memberIdParam(params.id);
  const row = id == null ? null : await reactivateMember(getDb().db, id);
  if (!row) return apiError(404, "Membro não encontrado.");
  return apiJson({ member: toMemberView(row) });
}
