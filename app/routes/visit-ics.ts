/**
 * `/visitas/{token}/convite.ics` (ADR 0088): the visit's calendar invitation, the same file as
 * the confirmation e-mail's attachment. A resource route behind the manage page's guard (per-IP
 * limit, 404 for a bad token); never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/.server/db";
import { visitIcsFile } from "~/.server/visits/ics-file";
import { guardedVisit, VISIT_PAGE_HEADERS } from "~/.server/visits/pages";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const db = getDb().db;
  const visit = await guardedVisit(db, url, params.token, context.clientIp);
  const body = await visitIcsFile(db, visit, params.token!);
  return new Response(body, {
    headers: {
      ...VISIT_PAGE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visita.ics"',
    },
  });
}
