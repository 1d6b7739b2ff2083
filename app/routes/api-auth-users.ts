/**
 * `GET /api/auth/users` (docs/spec.txt §7 "GET /auth/users"):
 * one page of users `{ users, total, page, pageSize, pageCount }`, with
 * `?q=` (name or e-mail), `?ordem=` and `?pagina=`. Admin only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, requireApiAdmin } from "~/.server/api/http";
import { userListQuerySchema } from "~/.server/api/schemas";
import { getDb } from "~/.server/db";
import { listUsers } from "~/.server/users/manage";

/** The page of users. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const query = userListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    return apiError(400, "Parâmetros inválidos.", query.error.flatten().fieldErrors as Record<string, string[]>);
  return apiJson(await listUsers(getDb().db, { q: query.data.q, sort: query.data.ordem, page: query.data.pagina }));
}
