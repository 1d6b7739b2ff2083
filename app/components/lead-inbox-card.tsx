/**
 * One lead of the admin inbox (`/admin/leads`): its kind, status and date,
 * its contact data, "Abrir" (its page, `/painel/leads/{id}`: replies, notes,
 * history), buttons to move its status (the kind's statuses, ADR 0081;
 * "Perdido" leads to the lead page, which asks the reason), the assignment
 * form and the delivery state of each channel (ADR 0014) with "Reenviar".
 * Every button posts a plain form (works without JavaScript); the route
 * answers with a redirect and a toast, or a message shown beside this lead or
 * delivery.
 */
import { Form, Link } from "@remix-run/react";
import { FormAlert, SelectField } from "./forms";
import { LeadContactFacts } from "./lead-contact-facts";
import {
  type AssignableUser,
  CHANNEL_LABELS,
  formatSaoPaulo,
  type InboxDelivery,
  type InboxLead,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
} from "~/lib/lead-inbox";
import { panelLeadPath, statusesFor } from "~/lib/lead-workflow";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";

/** A refusal of the inbox action: its pt-BR message and the id of the lead or delivery it concerns. */
export interface LeadActionError {
  error: string;
  target: string;
}

/** Props of {@link LeadInboxCard}. */
export interface LeadInboxCardProps {
  lead: InboxLead;
  /** Users a lead can be assigned to. */
  assignable: readonly AssignableUser[];
  /** A form is being sent: buttons are disabled. */
  busy: boolean;
  /** The last refusal, shown here when it concerns this lead or one of its deliveries. */
  actionError?: LeadActionError;
}

/**
 * The head of a lead's card: its kind and name (the heading, `headingId` its
 * id when given), its status badge and its date.
 */
export function LeadCardHead({
  lead,
  headingId,
}: {
  lead: Pick<InboxLead, "kind" | "name" | "status" | "createdAt">;
  headingId?: string;
}) {
  return (
    <div className={s.leadHead}>
      <strong id={headingId}>
        {LEAD_KIND_LABELS[lead.kind]}
        {lead.name ? ` · ${lead.name}` : ""}
      </strong>
      <span className={s.row}>
        <span className={`${s.badge} ${s.badgeTone[lead.status]}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
        <time dateTime={lead.createdAt} className={s.muted}>
          {formatSaoPaulo(lead.createdAt)}
        </time>
      </span>
    </div>
  );
}

function DeliveryRow({
  delivery,
  busy,
  actionError,
}: {
  delivery: InboxDelivery;
  busy: boolean;
  actionError?: LeadActionError;
}) {
  return (
    <li className={s.delivery}>
      <strong>{CHANNEL_LABELS[delivery.channel]}</strong>
      {delivery.recipient ? <span className={s.muted}>{delivery.recipient}</span> : null}
      <span className={`${s.badge} ${s.badgeTone[delivery.status]}`}>
        {delivery.status === "sent" ? "Enviado" : delivery.inProgress ? "Enviando…" : "Pendente"}
      </span>
      <span className={s.muted}>
        {delivery.attempts} {delivery.attempts === 1 ? "tentativa" : "tentativas"}
        {delivery.status === "sent" && delivery.sentAt ? ` · enviado em ${formatSaoPaulo(delivery.sentAt)}` : ""}
        {delivery.status === "pending" && !delivery.inProgress
          ? ` · próxima em ${formatSaoPaulo(delivery.nextAttemptAt)}`
          : ""}
      </span>
      {delivery.lastError ? <span className={s.error}>Último erro: {delivery.lastError}</span> : null}
      <FormAlert className={s.alert} message={actionError?.target === delivery.id ? actionError.error : null} />
      <Form method="post" className={s.inlineForm} preventScrollReset>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="deliveryId" value={delivery.id} />
        <button
          type="submit"
          className={`${button.ghost} ${s.smallButton}`}
          disabled={busy || delivery.inProgress}
          aria-label={`Reenviar: ${CHANNEL_LABELS[delivery.channel]}`}
        >
          Reenviar
        </button>
      </Form>
    </li>
  );
}

/** The card of one lead (`data-testid="lead"`), named by its heading. */
export function LeadInboxCard({ lead, assignable, busy, actionError }: LeadInboxCardProps) {
  return (
    <li className={s.card} data-testid="lead" aria-labelledby={`lead-${lead.id}`}>
      <LeadCardHead lead={lead} headingId={`lead-${lead.id}`} />
      <LeadContactFacts lead={lead} before={lead.name ? [["Nome", lead.name]] : []} />
      <p className={s.row}>
        <Link to={panelLeadPath(lead.id)} aria-label={`Abrir o contato ${lead.name ?? LEAD_KIND_LABELS[lead.kind]}`}>
          Abrir
        </Link>
        <span className={s.muted}>responder, anotar e ver o histórico</span>
      </p>

      <FormAlert className={s.alert} message={actionError?.target === lead.id ? actionError.error : null} />

      <Form method="post" className={s.inlineForm} preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="leadId" value={lead.id} />
        <span className={s.muted}>Mover para:</span>
        {statusesFor(lead.kind)
          .filter((status) => status !== lead.status)
          .map((status) =>
            // "Perdido" needs a reason: the lead page asks for it (ADR 0081).
            status === "perdido" ? (
              <Link
                key={status}
                to={`${panelLeadPath(lead.id)}#status`}
                className={`${button.outline} ${s.smallButton}`}
                aria-label="Perdido: informar o motivo na página do contato"
              >
                {LEAD_STATUS_LABELS[status]}…
              </Link>
            ) : (
              <button
                key={status}
                type="submit"
                name="status"
                value={status}
                className={`${button.outline} ${s.smallButton}`}
                disabled={busy}
              >
                {LEAD_STATUS_LABELS[status]}
              </button>
            ),
          )}
      </Form>

      <Form method="post" className={s.inlineForm} preventScrollReset>
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="leadId" value={lead.id} />
        <SelectField
          label="Responsável:"
          className={s.inlineForm}
          selectProps={{
            id: `responsavel-${lead.id}`,
            name: "uid",
            defaultValue: lead.assigned?.uid ?? "",
            className: s.inlineControl,
          }}
        >
          <option value="">Sem responsável</option>
          {assignable.map((user) => (
            <option key={user.uid} value={user.uid}>
              {user.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
          Atribuir
        </button>
      </Form>

      <ul className={s.deliveries} aria-label="Envios">
        {lead.deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} busy={busy} actionError={actionError} />
        ))}
      </ul>
    </li>
  );
}
