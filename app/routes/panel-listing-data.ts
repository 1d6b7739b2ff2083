/**
 * `GET /painel/imovel/{codigo}/dados`: the private data of a
 * listing as JSON, loaded by the listing page's private panel after
 * hydration. Agent or admin only (revocation checked): anonymous → 401 JSON,
 * other roles → 403 JSON; 429 with `Retry-After` over the hourly limit of
 * owner data (ADR 0022); every view recorded in the owner-data access log;
 * always `Cache-Control: private, no-store`.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { servePrivateListing } from "~/.server/broker/private-listing";

/** The JSON body (`PrivateListingData`); the view is logged and limited. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true, resource: true });
  return servePrivateListing(request, params.codigo, { user, clientIp: context.clientIp });
}
