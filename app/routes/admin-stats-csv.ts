/**
 * `/admin/estatisticas/exportar.csv`: the analytics of a period, one line per
 * day (same `?periodo=`/`de`/`ate` as the page), for Excel in pt-BR (UTF-8
 * with BOM, `;`, CRLF), like the leads export. Admin only (anonymous →
 * redirect to the login; agent → 403); never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { downloadResponse } from "~/.server/csv";
import { statsCsv } from "./admin-stats.server";

/** Guard (admin), then the CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const { csv, fileName } = await statsCsv(request);
  return downloadResponse(csv, fileName);
}
