/**
 * The lead page's facts (`/painel/leads/:id`, ADR 0081): who wrote, how to
 * reach them, what they wrote, about which listing (title, code, a link to
 * the public page), where they came from (page, UTM), the responsible broker
 * and the first response; and the duplicate flag with its "Juntar a este" form,
 * or the notice that this lead was merged into another.
 */
import { Form, Link } from "@remix-run/react";
import { LeadContactFacts, type LeadFact } from "../lead-contact-facts";
import { FormAlert } from "../forms";
import * as s from "../admin.css";
import * as l from "./lead-page.css";
import { formatSaoPaulo, LEAD_KIND_LABELS } from "~/lib/lead-inbox";
import { type LeadPageActionError, type LeadPageLead, panelLeadPath } from "~/lib/lead-workflow";
import { button } from "~/styles/ui.css";

/** The facts of the lead, as a definition list: channel and date, its contact facts, then who handles it. */
export function LeadDetails({ lead }: { lead: LeadPageLead }) {
  const after: LeadFact[] = [
    ["Responsável", lead.assigned?.name ?? "Sem responsável"],
    [
      "Primeira resposta",
      lead.firstResponseAt
        ? `${formatSaoPaulo(lead.firstResponseAt)}${lead.firstResponseName ? ` · ${lead.firstResponseName}` : ""}`
        : "Ainda sem resposta",
    ],
  ];
  if (lead.lostReason) after.push(["Motivo da perda", lead.lostReason]);
  return (
    <LeadContactFacts
      lead={lead}
      listing={
        lead.listing ? (
          <Link to={lead.listing.path}>
            {lead.listing.title} (cód. {lead.listing.code})
          </Link>
        ) : undefined
      }
      before={[
        ["Canal", LEAD_KIND_LABELS[lead.kind]],
        ["Recebido em", formatSaoPaulo(lead.createdAt)],
      ]}
      after={after}
    />
  );
}

/** "Maria Souza, 21/11/2026 14:05". */
function relatedLabel(related: { name: string | null; createdAt: string }): string {
  return `${related.name || "contato sem nome"}, ${formatSaoPaulo(related.createdAt)}`;
}

/**
 * The duplicate flag (same phone or e-mail within 30 days, flagged on
 * creation): a link to the earlier lead and "Juntar a este", which merges this
 * lead into it. Nothing when the lead is no possible duplicate.
 */
export function DuplicateFlag({
  lead,
  busy,
  actionError,
}: {
  lead: LeadPageLead;
  busy: boolean;
  actionError?: LeadPageActionError;
}) {
  const original = lead.duplicateOf;
  if (!original || lead.mergedInto) return null;
  return (
    <section aria-labelledby="duplicado" className={`${s.card} ${l.section}`}>
      <h2 id="duplicado" className={s.heading}>
        Possível duplicado de <Link to={panelLeadPath(original.id)}>{relatedLabel(original)}</Link>
      </h2>
      <p className={s.muted}>
        Mesmo telefone ou e-mail de um contato recente. Juntar leva o histórico para o contato anterior e tira este das
        listas.
      </p>
      <FormAlert className={s.alert} message={actionError?.intent === "merge" ? actionError.error : null} />
      <Form method="post" className={s.inlineForm}>
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="into" value={original.id} />
        <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
          Juntar a este
        </button>
      </Form>
    </section>
  );
}

/** The notice of a lead merged into another: where to work it now. */
export function MergedNotice({ lead }: { lead: LeadPageLead }) {
  if (!lead.mergedInto) return null;
  return (
    <p role="status" className={s.warning}>
      Este contato foi juntado a <Link to={panelLeadPath(lead.mergedInto.id)}>{relatedLabel(lead.mergedInto)}</Link>:
      continue o atendimento por lá.
    </p>
  );
}
