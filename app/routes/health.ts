/**
 * `GET /health/server` (docs/spec.txt §7 "Health API"): JSON health of the database
 * and of the listings sync; 200 when ok or degraded, 503 when the database is
 * down; never cached. Resource route: no UI.
 */
import { json } from "@remix-run/node";
import { getHealth } from "~/.server/health";

/** Health report (see `HealthReport` in `~/.server/health`), `Cache-Control: no-store`. */
export async function loader() {
  const { httpStatus, body } = await getHealth();
  return json(body, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
}
