/**
 * The form intents of `/admin/leads`, one handler each: `status` (move a
 * lead along its kind's statuses, ADR 0081), `assign` (set or remove its
 * broker) and `resend` (schedule a delivery again, ADR 0014). A success
 * redirects back to the inbox with its filters and a toast; a refusal answers
 * a pt-BR message with the id of the lead or delivery it concerns. The guard
 * and the Origin check stay in the route.
 */
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/.server/flash";
import type { LeadActor } from "~/.server/leads/history";
import { assignLead, resendDelivery } from "~/.server/leads/inbox";
import { changeLeadStatus } from "~/.server/leads/workflow";
import { privatePage } from "~/lib/cache-control";
import { type InboxAction, inboxActionSchema, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import { ADMIN_LEADS_PATH } from "~/lib/paths";
import type { ToastInput } from "~/lib/toast";

type Intent<K extends InboxAction["intent"]> = Extract<InboxAction, { intent: K }>;

/** Where to go back after an action: the inbox with the filters of the request (never another site). */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["_routes", "_data", "index"]) url.searchParams.delete(key);
  return `${ADMIN_LEADS_PATH}${url.search}`;
}

/** The refusal answer: `{ error, target }` with its HTTP status, never cached. */
function refuse(error: string, target: string, status: 400 | 404 | 409) {
  return data({ error, target }, { status, headers: privatePage() });
}

function back(request: Request, toast: ToastInput) {
  return redirectWithToast(backTo(request), toast, { headers: privatePage() });
}

/**
 * `status`, through the lead workflow (ADR 0081: history entry, first response): 404 when the lead
 * no longer exists, 409 when merged, 400 for a status its kind does not take or "perdido" (its
 * reason is asked on the lead page).
 */
async function changeStatus(request: Request, value: Intent<"status">, actor: NonNullable<LeadActor>) {
  const outcome = await changeLeadStatus(value.leadId, { status: value.status }, actor);
  if (!outcome.ok)
    return refuse(
      outcome.field === "lostReason" ? "Informe o motivo da perda na página do contato (Abrir)." : outcome.message,
      value.leadId,
      outcome.status,
    );
  return back(request, { type: "success", title: `Status alterado para “${LEAD_STATUS_LABELS[value.status]}”` });
}

/** `assign`: an empty `uid` removes the assignment; 400 with the store's message when refused. */
async function assign(request: Request, value: Intent<"assign">, actor: NonNullable<LeadActor>) {
  const problem = await assignLead(value.leadId, value.uid || null, actor);
  if (problem) return refuse(problem, value.leadId, 400);
  return back(request, { type: "success", title: value.uid ? "Contato atribuído" : "Atribuição removida" });
}

/** `resend`: 409 when the delivery cannot be scheduled again (already in progress, gone). */
async function resend(request: Request, value: Intent<"resend">) {
  const result = await resendDelivery(value.deliveryId);
  if (!result.ok) return refuse(result.message, value.deliveryId, 409);
  return back(request, {
    type: "success",
    title: "Reenvio agendado",
    description: "O envio será feito nos próximos segundos.",
  });
}

/**
 * Runs the intent of a posted inbox form. Invalid input answers 400 with the
 * schema's first message (`~/lib/lead-inbox`).
 * @param actor the admin posting (recorded in the lead's history).
 */
export async function handleInboxAction(request: Request, formData: FormData, actor: NonNullable<LeadActor>) {
  const form = Object.fromEntries(formData);
  const parsed = inboxActionSchema.safeParse(form);
  if (!parsed.success) {
    const target =
      typeof form.leadId === "string" ? form.leadId : typeof form.deliveryId === "string" ? form.deliveryId : "";
    return refuse(parsed.error.issues[0]?.message ?? "Pedido inválido.", target, 400);
  }
  const value = parsed.data;
  if (value.intent === "status") return changeStatus(request, value, actor);
  if (value.intent === "assign") return assign(request, value, actor);
  return resend(request, value);
}
