/**
 * `PUT /api/members/{id}/promote`: gives the member a broker login (Firebase
 * user, `users` row with role agent and the Vista broker code) → `{ member }`;
 * 404 for an unknown id; 400 with the reason for any refusal (no e-mail,
 * already has a login, deleted). Admin only; ADR 0018, ADR 0019.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { getDb } from "~/.server/db";
import { promoteMember, requireMember } from "~/.server/members";
import { answerMemberRefusals, requireApiMemberId, toMemberView } from "~/.server/members/api";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Promotes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiAdmin(request);
  const db = getDb().db;
  const id = await requireApiMemberId(db, params.id);
  return answerMemberRefusals(
    async () => {
      await promoteMember(db, getIdentityBackend(), id);
      return apiJson({ member: toMemberView(await requireMember(db, id)) });
    },
    { status: 400 },
  );
}
