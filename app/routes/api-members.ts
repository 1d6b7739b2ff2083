/**
 * `GET /api/members` (list: `q`, `status` = ativos | inativos | todos, `ordem`
 * = ordem | nome | recentes) and `POST /api/members` (create → 201 `{ member }`;
 * 400 with `fieldErrors`, e.g. a taken slug). Admin only (bearer ID token or
 * the admin session); issue 6 item 8 / brief item 5; ADR 0019.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiError, apiJson, methodNotAllowed, readJsonBody, requireApiAdmin } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { listMembers, saveMember } from "~/.server/members";
import { memberApiBodySchema, toMemberView } from "~/.server/members/api";
import { MEMBER_ORDERS, MEMBER_STATUS_FILTERS } from "~/lib/members";
import { singleLineText } from "~/lib/text-fields";

const querySchema = z.object({
  q: singleLineText({ max: 100 }).catch(""),
  status: z.enum(MEMBER_STATUS_FILTERS).catch("todos"),
  ordem: z.enum(MEMBER_ORDERS).catch("ordem"),
});

/** The members (at most 500). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse({
    q: params.get("q") ?? "",
    status: params.get("status") ?? undefined,
    ordem: params.get("ordem") ?? undefined,
  });
  const rows = await listMembers(getDb().db, { q: query.q, status: query.status, order: query.ordem });
  return apiJson({ members: rows.map(toMemberView) });
}

/** Creates a member. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiAdmin(request);
  const body = await readJsonBody(request, memberApiBodySchema);
  const saved = await saveMember(getDb().db, body);
  if (!saved.ok) return apiError(400, "Dados inválidos. Confira os campos.", saved.fieldErrors);
  return apiJson({ member: toMemberView(saved.member) }, 201);
}
