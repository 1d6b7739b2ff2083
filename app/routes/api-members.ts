/**
 * `GET /api/members` (list: `q`, `status` = ativos | inativos | todos, `ordem`
 * = ordem | nome | recentes) and `POST /api/members` (create → 201 `{ member }`;
 * 400 with `fieldErrors`, e.g. a taken slug). Admin only (bearer ID token or
 * the admin session); ADR 0018, ADR 0019.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, readJsonBody, requireApiAdmin } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { listMembers, saveMember } from "~/.server/members";
import { answerMemberRefusals, memberApiBodySchema, toMemberView } from "~/.server/members/api";
import { memberListParams } from "~/lib/members";

/** The members (at most 500). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = memberListParams(new URL(request.url).searchParams);
  const rows = await listMembers(getDb().db, { q: query.q, status: query.status, order: query.ordem });
  return apiJson({ members: rows.map(toMemberView) });
}

/** Creates a member. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiAdmin(request);
  const body = await readJsonBody(request, memberApiBodySchema);
  return answerMemberRefusals(async () => apiJson({ member: toMemberView(await saveMember(getDb().db, body)) }, 201));
}
