/**
 * `/admin/lgpd/exportar?q=<e-mail or phone>&formato=json|csv` (LGPD art. 18
 * II and V, art. 19; ADR 0031): every record of a person as a download —
 * JSON with the full records, or CSV for Excel (UTF-8 with BOM, `;`). Each
 * export is recorded in the audit trail. Admin only (a resource route:
 * anonymous → sign-in redirect, as a link click is a navigation; agent →
 * 403); never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { downloadResponse } from "~/.server/csv";
import { getDb } from "~/.server/db";
import { findSubjectRecords, parseSubject, privacyExportCsv, privacyExportJson, subjectHash } from "~/.server/privacy";
import { recordPrivacyAction } from "~/.server/privacy/audit";
import { privatePage } from "~/lib/cache-control";
import { saoPauloDate } from "~/lib/sao-paulo-time";

/** Guard (admin), then the file `dados-pessoais-YYYY-MM-DD.json|csv` (São Paulo date); 400 for a bad `q`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireRole(request, "admin");
  const params = new URL(request.url).searchParams;
  const subject = parseSubject(params.get("q") ?? "");
  const format = params.get("formato") === "csv" ? "csv" : "json";
  if (!subject) {
    return new Response("Informe um e-mail ou um telefone válido.", {
      status: 400,
      headers: privatePage({ "Content-Type": "text/plain; charset=utf-8" }),
    });
  }
  const db = getDb().db;
  const result = await findSubjectRecords(db, subject);
  await recordPrivacyAction(db, {
    actor: { uid: admin.uid, email: admin.email },
    action: "export",
    subjectHash: subjectHash(subject),
    reason: `exportação ${format.toUpperCase()}`,
    counts: Object.fromEntries(result.groups.map((group) => [group.key, group.records.length])),
  });
  const day = saoPauloDate(new Date());
  const fileName = `dados-pessoais-${day}.${format}`;
  if (format === "csv") return downloadResponse(privacyExportCsv(result), fileName);
  return downloadResponse(privacyExportJson(result), fileName, "application/json; charset=utf-8");
}
