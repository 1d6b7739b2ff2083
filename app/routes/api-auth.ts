/**
 * `POST /api/auth` (docs/spec.txt §7 "POST /auth"): invites a
 * user — body `userCreateSchema` (e-mail, name, phone, role, brokerCode) —
 * and answers 201 `{ user, mailed }`. Admin only (bearer API session token, ADR 0020).
 * Errors: 400/401/403/409/415 JSON `{ error, fieldErrors? }`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { invitationMail, userAdminDeps } from "~/.server/api/context";
import {
  apiHandle,
  apiJson,
  methodNotAllowed,
  readJsonBody,
  requireApiAdmin,
  writeOnlyLoader,
} from "~/.server/api/http";
import { inviteUser } from "~/.server/users/manage";
import { userCreateSchema } from "~/lib/users";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Creates (invites) the user. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const body = await readJsonBody(request, userCreateSchema);
  return apiHandle(async () => {
    const result = await inviteUser(userAdminDeps(), body, invitationMail(request));
    return apiJson(result, 201);
  });
}
