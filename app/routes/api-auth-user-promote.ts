/**
 * `PUT /api/auth/user/{id}/promote` (docs/spec.txt §7):
 * promotes the user to admin (role in the table and the custom claim,
 * sessions revoked) → `{ user }`. Admin only. No body.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { userAdminDeps } from "~/.server/api/context";
import { apiHandle, apiJson, methodNotAllowed, requireApiAdmin, writeOnlyLoader } from "~/.server/api/http";
import { promoteUser } from "~/.server/users/manage";

/** GET → 405. */
export const loader = writeOnlyLoader(["PUT"]);

/** Promotes. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const admin = await requireApiAdmin(request);
  return apiHandle(async () => apiJson({ user: await promoteUser(userAdminDeps(), params.id ?? "", admin) }));
}
