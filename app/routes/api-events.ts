/**
 * `POST /api/eventos`: the first-party analytics beacon of every public page
 * (`~/components/analytics-beacon`; docs/decisions/0030-first-party-analytics.md).
 * No auth, no cookie; answers 204. See `~/.server/analytics/record`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { writeOnlyLoader } from "~/.server/api/http";
import { handleAnalyticsBeacon } from "~/.server/analytics/record";

/** GET → 405. */
export const loader = writeOnlyLoader(["POST"]);

/** Records one beacon (204), or refuses it (400, 413, 415, 429). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleAnalyticsBeacon(request, context.clientIp);
}
