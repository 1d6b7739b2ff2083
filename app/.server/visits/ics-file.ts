/** The `.ics` served at `/visitas/{token}/convite.ics`: what the confirmation e-mail attaches (ADR 0088). */
import { formatPhone } from "~/lib/phone";
import { alertPublicUrl } from "../alerts/store";
import type { Db } from "../db";
import { visitMailContext, visitManagePath } from "./mail-worker";
import { visitIcs } from "./ics";
import { visitTitle } from "./mails";
import type { VisitRow } from "./types";

/** The invitation of `visit`, its links built on the configured public origin (never the Host header). */
export async function visitIcsFile(db: Db, visit: VisitRow, token: string): Promise<string> {
  const publicUrl = alertPublicUrl();
  const context = await visitMailContext(db, { kind: "ics", recipient: "" }, visit, publicUrl);
  const manageUrl = `${publicUrl}${visitManagePath(token)}`;
  const host = context.broker
    ? `Corretor: ${context.broker.name}${context.broker.phone ? `, ${formatPhone(context.broker.phone)}` : ""}`
    : `Atendimento: ${context.agency.title}${context.agency.phone ? `, ${formatPhone(context.agency.phone)}` : ""}`;
  return visitIcs(visit, {
    title: visitTitle(context.listing),
    location: context.listing.address,
    description: `${host}\nRemarcar ou cancelar: ${manageUrl}`,
    url: manageUrl,
    uidDomain: context.messageIdDomain,
  });
}
