/**
 * "Meus leads" on `/painel` (issue 6 item 5 "brokers see their own leads";
 * docs/product.md "Broker area"): the contacts assigned to the broker and the
 * unassigned ones about the broker's listings, newest first, with their
 * status. Read-only; the admin inbox changes them.
 */
import type { BrokerPanelLead } from "~/.server/leads/inbox";
import { formatSaoPaulo, LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import * as s from "./admin.css";
import { formatPhone } from "./broker-card";

/** Props of {@link BrokerLeads}: the loader data of `loadBrokerPanelLeads`. */
export interface BrokerLeadsProps {
  leads: readonly BrokerPanelLead[];
}

/** The "Meus leads" section. */
export function BrokerLeads({ leads }: BrokerLeadsProps) {
  return (
    <section aria-labelledby="meus-leads" className={s.page}>
      <h2 id="meus-leads" style={{ margin: 0, fontSize: "1.25rem" }}>
        Meus leads
      </h2>
      {leads.length === 0 ? (
        <p className={s.muted}>Nenhum contato atribuído a você ou sobre os seus imóveis.</p>
      ) : (
        <ol className={s.list}>
          {leads.map((lead) => (
            <li key={lead.id} className={s.card}>
              <div className={s.leadHead}>
                <strong>
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
              <dl className={s.facts}>
                {lead.phone ? (
                  <>
                    <dt className={s.term}>Telefone</dt>
                    <dd className={s.value}>
                      <a href={`tel:+55${lead.phone}`}>{formatPhone(lead.phone)}</a>
                    </dd>
                  </>
                ) : null}
                {lead.email ? (
                  <>
                    <dt className={s.term}>E-mail</dt>
                    <dd className={s.value}>
                      <a href={`mailto:${lead.email}`}>{lead.email}</a>
                    </dd>
                  </>
                ) : null}
                {lead.listingCode ? (
                  <>
                    <dt className={s.term}>Imóvel</dt>
                    <dd className={s.value}>{lead.listingCode}</dd>
                  </>
                ) : null}
                {lead.message ? (
                  <>
                    <dt className={s.term}>Mensagem</dt>
                    <dd className={s.value}>{lead.message}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
