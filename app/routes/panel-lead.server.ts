/**
 * The server side of `/painel/leads/:id` (ADR 0081): finding the lead the
 * user may act on (404 for an unknown or malformed id, 403 for another
 * broker's lead) and the page's form intents, `status`, `note`, `reply`
 * and `merge`, each through `~/.server/leads/workflow`. A `reply` is recorded
 * (the first response) and answered with a redirect to `wa.me`, `mailto:` or
 * `tel:`, so the one tap works without JavaScript. A refusal answers
 * `{ intent, field, error }` (shown beside the field) with its HTTP status.
 */
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getAgencyProfile } from "~/.server/agency";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import type { LeadActor } from "~/.server/leads/history";
import { leadAccessFacts, type LeadPageData, loadLeadPage } from "~/.server/leads/lead-page";
import {
  addLeadNote,
  canActOnLead,
  changeLeadStatus,
  mergeLeads,
  recordLeadReply,
  type WorkflowField,
  type WorkflowOutcome,
} from "~/.server/leads/workflow";
import type { SessionUser } from "~/lib/auth";
import { privatePage } from "~/lib/cache-control";
import { pageNotFound, rejectionResponse } from "~/lib/errors";
import { LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import {
  type LeadPageAction,
  type LeadPageActionError,
  leadPageActionSchema,
  NO_CONTACT_MESSAGES,
  panelLeadPath,
  replyUrl,
} from "~/lib/lead-workflow";

const FORBIDDEN_MESSAGE = "Este contato não está com você. Peça ao administrador para atribuí-lo.";

/** The signed-in user as a history entry names them. */
export function actorOf(user: SessionUser): NonNullable<LeadActor> {
  return { uid: user.uid, name: user.displayName || user.email };
}

/**
 * The lead of the page's `:id` when `user` may act on it.
 * @throws {Response} 404 for a malformed or unknown id; 403 (error screen with a pt-BR line) for a lead that is not theirs.
 */
export async function requireLeadFor(user: SessionUser, request: Request, id: string | undefined) {
  const pathname = new URL(request.url).pathname;
  if (!z.string().uuid().safeParse(id).success) throw pageNotFound(pathname);
  const data = await loadLeadPage(id!);
  if (!data) throw pageNotFound(pathname);
  if (!canActOnLead(user, data.access))
    throw rejectionResponse({ status: 403, message: FORBIDDEN_MESSAGE, path: pathname });
  return data;
}

function refuse(intent: LeadPageActionError["intent"], field: WorkflowField | null, error: string, status: number) {
  return data<LeadPageActionError>({ intent, field, error }, { status, headers: privatePage() });
}

/** The answer to a workflow refusal, or a redirect back to the page with `title` as its toast. */
function settle(outcome: WorkflowOutcome, intent: LeadPageAction["intent"], leadId: string, title: string) {
  if (!outcome.ok) return refuse(intent, outcome.field ?? null, outcome.message, outcome.status);
  return redirectWithToast(panelLeadPath(leadId), { type: "success", title }, { headers: privatePage() });
}

/** `reply`: recorded first, then off to the channel's URL (400 when the lead has no such contact). */
async function reply(user: SessionUser, data: LeadPageData, channel: "whatsapp" | "email" | "phone") {
  const { lead } = data;
  const agency = await getAgencyProfile();
  const url = replyUrl(channel, {
    lead,
    listing: lead.listing,
    brokerName: user.displayName,
    agencyName: agency.tradeName || agency.legalName,
  });
  if (!url) return refuse("reply", "channel", NO_CONTACT_MESSAGES[channel], 400);
  const outcome = await recordLeadReply(lead.id, channel, actorOf(user));
  if (!outcome.ok) return refuse("reply", "channel", outcome.message, outcome.status);
  return redirect(url, { headers: privatePage() });
}

/** `merge`: the lead it goes into must be one the user may act on too; then on to that lead's page. */
async function merge(user: SessionUser, data: LeadPageData, into: string) {
  const target = await leadAccessFacts(getDb().db, into);
  if (!target) return refuse("merge", "into", "O contato escolhido não existe mais.", 404);
  if (!canActOnLead(user, target)) return refuse("merge", "into", FORBIDDEN_MESSAGE, 403);
  const outcome = await mergeLeads(data.lead.id, into, actorOf(user));
  if (!outcome.ok) return refuse("merge", outcome.field ?? "into", outcome.message, outcome.status);
  return redirectWithToast(
    panelLeadPath(into),
    { type: "success", title: "Contatos juntados", description: "O histórico do duplicado ficou neste contato." },
    { headers: privatePage() },
  );
}

/** Runs the posted form of the lead page for `user` (guarded and allowed on `data` by the route). */
export async function handleLeadPageAction(user: SessionUser, data: LeadPageData, formData: FormData) {
  const parsed = leadPageActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const intent = formData.get("intent");
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0] as WorkflowField | undefined) ?? null;
    return refuse(
      intent === "status" || intent === "note" || intent === "reply" || intent === "merge" ? intent : null,
      field,
      issue?.message ?? "Pedido inválido.",
      400,
    );
  }
  const value = parsed.data;
  const id = data.lead.id;
  if (value.intent === "status") {
    const outcome = await changeLeadStatus(id, value, actorOf(user));
    return settle(outcome, "status", id, `Status alterado para “${LEAD_STATUS_LABELS[value.status]}”`);
  }
  if (value.intent === "note")
    return settle(await addLeadNote(id, value.note, actorOf(user)), "note", id, "Anotação salva");
  if (value.intent === "reply") return reply(user, data, value.channel);
  return merge(user, data, value.into);
}
