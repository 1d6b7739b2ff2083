/**
 * `GET /health/server` (docs/spec.txt §7 "Health API"): the health of the
 * database and of the listings sync; 200 when ok or degraded, 503 when the
 * database is down; never cached. Resource route: no UI.
 *
 * Anyone gets `{ status }` only; a signed-in admin (the admin guard) and a
 * request made on this host (socket address loopback, no proxy headers) get
 * the full report (docs/decisions/0066-logs-exports-and-health-without-secrets.md).
 * The report is shared for about two seconds (`getCachedHealth`), and the
 * admin guard is asked only when the request carries the session cookie or
 * an `Authorization` header.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { getCachedHealth, mayReadHealthDetails, publicHealth } from "~/.server/health";

/** Whether the request's credential is an admin's (the admin guard; a refusal is a no). */
async function isAdmin(request: Request): Promise<boolean> {
  try {
    await requireRole(request, "admin", { resource: true });
    return true;
  } catch {
    return false;
  }
}

/** Health report (`HealthReport`, or `PublicHealth` for anyone else, in `~/.server/health`), `Cache-Control: private, no-store`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { httpStatus, body } = await getCachedHealth();
  const details = await mayReadHealthDetails(request, context.peerAddress, isAdmin);
  return Response.json(details ? body : publicHealth(body), {
    status: httpStatus,
    headers: { "Cache-Control": "private, no-store" },
  });
}
