/**
 * `POST /api/email/sell-property` {name, phone, location} (docs/spec.txt §7, no
 * auth). See `~/.server/api/lead-endpoint`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { writeOnlyLoader } from "~/.server/api/http";
import { handleApiLead } from "~/.server/api/lead-endpoint";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Stores the "quero vender" request. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleApiLead(request, "sell", context.clientIp);
}
