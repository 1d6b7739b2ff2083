/**
 * The owner-report part of the listing's private page `/painel/imovel/{codigo}`
 * (ADR 0083): the list of the listing's links, and the action behind its two
 * forms — create a link (the token is in that one answer only, with its
 * WhatsApp and e-mail share links) and revoke one (its creator or an admin).
 * Callers guard with `requireRole(request, "agent", { checkRevoked: true })`
 * and validate the listing code first.
 */
import { data } from "@remix-run/node";
import type { SessionUser } from "~/lib/auth";
import { privatePage } from "~/lib/cache-control";
import {
  createOwnerReportSchema,
  mailtoShareHref,
  OWNER_EMAIL_MAX,
  OWNER_NAME_MAX,
  OWNER_REPORT_INTENTS,
  type OwnerReportActionData,
  type OwnerReportLinkSummary,
  ownerReportPath,
  ownerShareMessage,
  revokeOwnerReportSchema,
  whatsAppShareHref,
} from "~/lib/owner-report";
import { type Db, getDb } from "../db";
import type { DataReply } from "../data-reply";
import { siteOrigin } from "../origin";
import { createOwnerReport, listOwnerReportLinks, revokeOwnerReport } from "./links";

/** The links of listing `code` as `user` sees them (whether each may be revoked by them). */
export function ownerReportLinks(
  code: string,
  user: Pick<SessionUser, "uid" | "role">,
  db: Db = getDb().db,
): Promise<OwnerReportLinkSummary[]> {
  return listOwnerReportLinks(db, code, user);
}

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
};

/**
 * Handles a POST of the private listing page's owner-report forms for listing
 * `code` by `user`. Answers `data()` ({@link OwnerReportActionData}), always
 * `private, no-store`: 200 created or revoked, 400 with messages beside the
 * fields, 404 for a link of another listing, 429 over the creation limit.
 */
export async function ownerReportAction(
  request: Request,
  code: string,
  user: Pick<SessionUser, "uid" | "role" | "displayName" | "email">,
  options: { db?: Db; now?: Date } = {},
): Promise<DataReply<OwnerReportActionData>> {
  const db = options.db ?? getDb().db;
  const form = await request.formData();
  const reply = (answer: OwnerReportActionData, status = 200) => data(answer, { status, headers: privatePage() });
  if (form.get("intent") === OWNER_REPORT_INTENTS.revoke) {
    const parsed = revokeOwnerReportSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return reply({ kind: "refused", message: "Link desconhecido." }, 400);
    const revoked = await revokeOwnerReport(db, user, code, parsed.data.relatorio, options.now);
    return revoked
      ? reply({ kind: "revoked" })
      : reply({ kind: "refused", message: "Este link não existe ou só pode ser revogado por quem o criou." }, 404);
  }
  const parsed = createOwnerReportSchema.safeParse({
    intent: form.get("intent"),
    nomeProprietario: form.get("nomeProprietario") ?? undefined,
    emailProprietario: form.get("emailProprietario") ?? undefined,
    mensal: form.get("mensal") ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors = parsed.error.flatten().fieldErrors;
    return reply(
      {
        kind: "invalid",
        errors: {
          nomeProprietario: fieldErrors.nomeProprietario?.[0],
          emailProprietario: fieldErrors.emailProprietario?.[0],
          form: fieldErrors.intent || fieldErrors.mensal ? "Pedido inválido." : undefined,
        },
        values: {
          nomeProprietario: text(form, "nomeProprietario", OWNER_NAME_MAX),
          emailProprietario: text(form, "emailProprietario", OWNER_EMAIL_MAX),
          mensal: form.get("mensal") === "on",
        },
      },
      400,
    );
  }
  const created = await createOwnerReport(db, user, code, parsed.data, options.now);
  if ("refused" in created) {
    return created.refused === "too-many"
      ? reply({ kind: "refused", message: "Você criou muitos links nas últimas 24 horas. Tente mais tarde." }, 429)
      : reply({ kind: "refused", message: "Este imóvel não está no catálogo do site." }, 404);
  }
  const url = `${siteOrigin(request)}${ownerReportPath(created.token)}`;
  const message = ownerShareMessage({ url, ownerName: parsed.data.nomeProprietario, listingCode: code });
  return reply({
    kind: "created",
    url,
    message,
    whatsappHref: whatsAppShareHref(message),
    mailtoHref: mailtoShareHref({
      to: parsed.data.emailProprietario,
      subject: `Relatório do seu imóvel (cód. ${code})`,
      body: message,
    }),
    ownerEmail: parsed.data.emailProprietario,
    monthly: created.report.monthlyOptIn,
  });
}
