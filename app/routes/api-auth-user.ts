/**
 * `/api/auth/user/{id}` (docs/spec.txt §7 "PUT /auth/user/{id}", "DELETE
 * /auth/user/{id}"): GET `{ user }`; PUT with any of
 * displayName, phone, role, brokerCode, disabled → `{ user }`; DELETE → 204.
 * Admin only. Errors: 400/401/403/404/405/409/415 JSON.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { userAdminDeps } from "~/.server/api/context";
import { apiHandle, apiJson, methodNotAllowed, readJsonBody, requireApiAdmin, API_HEADERS } from "~/.server/api/http";
import { getDb } from "~/.server/db";
import { deleteUser, getUser, updateUser } from "~/.server/users/manage";
import { userUpdateApiSchema } from "~/lib/users";

/** The user. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return apiHandle(async () => apiJson({ user: await getUser(getDb().db, params.id ?? "") }));
}

/** PUT (edit) or DELETE. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const admin = await requireApiAdmin(request);
  const uid = params.id ?? "";
  if (request.method === "DELETE") {
    return apiHandle(async () => {
      await deleteUser(userAdminDeps(), uid, admin);
      return new Response(null, { status: 204, headers: API_HEADERS });
    });
  }
  const body = await readJsonBody(request, userUpdateApiSchema);
  return apiHandle(async () => apiJson({ user: await updateUser(userAdminDeps(), uid, body, admin) }));
}
