/**
 * The visit of a "visit" lead on the broker's lead page (ADR 0093): when it is (São Paulo time),
 * whether it stands, was cancelled or took place, and the visitor's rating and comment once given.
 * Moving or cancelling is the visitor's, through the link they received; the broker changes the
 * lead's status and notes below as for any lead.
 */
import { RATING_LABELS, type LeadVisitView } from "~/lib/visit-followup";
import { visitTimeText, visitWhenText } from "~/lib/visit-format";
import * as s from "../admin.css";
import * as p from "../private-listing.css";

/** The status line of a visit at `now`. */
function statusText(visit: LeadVisitView, now: Date): string {
  if (visit.status === "cancelled") return "Cancelada pelo visitante";
  if (new Date(visit.endsAt) <= now) return "Realizada (horário já passou)";
  if (new Date(visit.startsAt) <= now) return "Em andamento";
  return "Agendada";
}

/** The visit's card, or nothing when the lead has no visit. */
export function LeadVisit({ visit, now }: { visit: LeadVisitView | null; now: string }) {
  if (!visit) return null;
  const starts = new Date(visit.startsAt);
  return (
    <section aria-labelledby="visita-agendada" className={s.card} data-testid="lead-visita">
      <h2 id="visita-agendada" className={p.heading}>
        Visita
      </h2>
      <dl className={p.facts}>
        <dt className={p.term}>Quando</dt>
        <dd className={p.value}>
          {visitWhenText(starts)}–{visitTimeText(new Date(visit.endsAt))} (horário de Brasília)
        </dd>
        <dt className={p.term}>Situação</dt>
        <dd className={p.value}>{statusText(visit, new Date(now))}</dd>
        <dt className={p.term}>Avaliação</dt>
        <dd className={p.value} data-testid="lead-visita-avaliacao">
          {visit.rating != null
            ? `${visit.rating} de 5 (${RATING_LABELS[visit.rating - 1]})${visit.feedback ? `\n“${visit.feedback}”` : ""}`
            : visit.status === "cancelled"
              ? "—"
              : "Ainda não avaliada: o visitante recebe o pedido de avaliação por e-mail depois da visita."}
        </dd>
      </dl>
      <p className={p.muted}>
        O visitante remarca ou cancela pelo link que recebeu; mudanças aparecem no histórico abaixo.
      </p>
    </section>
  );
}
