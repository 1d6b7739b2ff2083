/**
 * `PUT /api/members/{id}/promote`: gives the member a broker login (Firebase
 * user, `users` row with role agent and the Vista broker code) → `{ member }`;
 * 400 with the reason (no e-mail, already has one, deleted). Admin only.
 * Issue 6 item 8 / brief item 5; ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { getDb } from "~/.server/db";
import { getMember, promoteMember } from "~/.server/members";
import { memberIdParam, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Promotes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiAdmin(request);
  const id = memberIdParam(params.id);
  const db = getDb().db;
  if (id == null || !(await getMember(db, id))) return apiError(404, "Membro não encontrado.");
  const result = await promoteMember(db, getIdentityBackend(), id);
  if (!result.ok) return apiError(400, result.message);
  return apiJson({ member: toMemberView((await getMember(db, id))!) });
}
