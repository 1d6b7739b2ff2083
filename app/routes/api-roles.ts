/**
 * `GET /api/roles` (docs/spec.txt §7 Auth API "GET /roles", §6 "a list of roles is
 * fetched from the backend"; docs/product.md "Papéis"): the roles with their
 * Portuguese labels and permissions. Admin only (401/403 JSON otherwise).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRoles, requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { privatePage } from "~/lib/cache-control";

/** `{ roles: [{ name, label, permissions }] }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin", { resource: true, checkRevoked: true });
  return Response.json({ roles: await listRoles(getDb().db) }, { headers: privatePage() });
}
