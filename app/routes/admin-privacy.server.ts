/**
 * Server side of `/admin/lgpd` (ADR 0031): the page's data (LGPD requests
 * with their deadline, the person searched for with `?q=`, the audit trail)
 * and its two intents, `anonymise` and `delete`, each with a required reason
 * (at most {@link PRIVACY_REASON_MAX} characters). A success redirects back
 * to the same search with a toast; a refusal answers 400 with a pt-BR
 * message. The guard and the Origin check stay in the route.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import {
  anonymiseSubject,
  deleteSubject,
  findSubjectRecords,
  listLgpdRequests,
  listPrivacyActions,
  parseSubject,
  PRIVACY_REASON_MAX,
} from "~/.server/privacy";
import { SUBJECT_INPUT_MAX } from "~/.server/privacy/subject";
import { privatePage } from "~/lib/cache-control";
import { ADMIN_PRIVACY_PATH } from "~/lib/paths";
import { multiLineText, singleLineText } from "~/lib/text-fields";

/** Message when the search box holds neither an e-mail nor a phone. */
export const INVALID_SUBJECT_MESSAGE = "Informe um e-mail ou um telefone com DDD, por exemplo (11) 91234-5678.";

/** The page of a search (`?q=`), or the page without one. */
export function privacyPageHref(q: string): string {
  return q ? `${ADMIN_PRIVACY_PATH}?${new URLSearchParams({ q })}` : ADMIN_PRIVACY_PATH;
}

/** The loader's data: requests, the search (when `?q=` is given) and the audit trail. */
export async function loadPrivacyPage(request: Request, now: Date = new Date()) {
  const db = getDb().db;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SUBJECT_INPUT_MAX);
  const subject = q ? parseSubject(q) : null;
  const [requests, search, audit] = await Promise.all([
    listLgpdRequests(db, now),
    subject ? findSubjectRecords(db, subject) : Promise.resolve(null),
    listPrivacyActions(db),
  ]);
  return { q, invalid: q !== "" && !subject, requests, search, audit };
}

/** The posted forms of the page. */
const actionSchema = z.object({
  intent: z.enum(["anonymise", "delete"], { message: "Ação inválida." }),
  q: singleLineText({ max: SUBJECT_INPUT_MAX, required: INVALID_SUBJECT_MESSAGE }),
  reason: multiLineText({ max: PRIVACY_REASON_MAX, required: "Informe o motivo." }),
});

function refuse(error: string, intent: string) {
  return data({ error, intent }, { status: 400, headers: privatePage() });
}

/**
 * Runs a posted `anonymise` or `delete` for the admin `actor`.
 * @returns a redirect with a toast, or 400 `{ error, intent }`.
 */
export async function handlePrivacyAction(formData: FormData, actor: { uid: string; email: string }) {
  const form = Object.fromEntries(formData);
  const parsed = actionSchema.safeParse(form);
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Pedido inválido.", intent);
  const { q, reason } = parsed.data;
  const subject = parseSubject(q);
  if (!subject) return refuse(INVALID_SUBJECT_MESSAGE, intent);
  const db = getDb().db;
  const options = { actor: { uid: actor.uid, email: actor.email }, reason };
  if (parsed.data.intent === "anonymise") {
    const counts = await anonymiseSubject(db, subject, options);
    return redirectWithToast(
      privacyPageHref(q),
      {
        type: "success",
        title: "Dados anonimizados",
        description: `${counts.leads} ${counts.leads === 1 ? "contato" : "contatos"} e ${counts.deliveries + counts.cancelledDeliveries} ${counts.deliveries + counts.cancelledDeliveries === 1 ? "envio" : "envios"}.`,
      },
      { headers: privatePage() },
    );
  }
  const counts = await deleteSubject(db, subject, options);
  return redirectWithToast(
    privacyPageHref(q),
    {
      type: "success",
      title: "Dados excluídos",
      description: `${counts.leads} ${counts.leads === 1 ? "contato" : "contatos"} e ${counts.deliveries} ${counts.deliveries === 1 ? "envio" : "envios"}.`,
    },
    { headers: privatePage() },
  );
}
