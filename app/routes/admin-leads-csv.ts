/**
 * `/admin/leads/exportar.csv` (docs/product.md "Leads: … export"): the leads of
 * the inbox's filters (same query string) as a CSV file for Excel in pt-BR
 * (UTF-8 with BOM, `;`, CRLF; ADR 0017), at most 10,000 rows. Admin only
 * (a resource route: anonymous → redirect to the login, as a link click is a
 * page navigation; agent → 403); never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { downloadResponse } from "~/.server/csv";
import { leadsForExport, leadsToCsv } from "~/.server/leads/inbox";
import { saoPauloDate } from "~/lib/sao-paulo-time";
import { parseInboxFilters } from "~/lib/lead-inbox";

/** Guard (admin), then the CSV download named `leads-YYYY-MM-DD.csv` (São Paulo date). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const csv = leadsToCsv(await leadsForExport(filters));
  const day = saoPauloDate(new Date());
  return downloadResponse(csv, `leads-${day}.csv`);
}
