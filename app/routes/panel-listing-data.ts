/**
 * `GET /painel/imovel/{codigo}/dados` (issue 5 item 6): the private data of a
 * listing as JSON, loaded by the listing page's private panel after
 * hydration. Agent or admin only (revocation checked): anonymous → 401 JSON,
 * other roles → 403 JSON; always `Cache-Control: private, no-store`.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { loadPrivateListingData } from "~/.server/broker/private-listing";

/** The JSON body (`PrivateListingData`). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "agent", { checkRevoked: true, resource: true });
  return json(await loadPrivateListingData(request, params.codigo), { headers: { "Cache-Control": "private, no-store" } });
}
