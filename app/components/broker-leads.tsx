/**
 * "Meus leads" on `/painel` (docs/product.md "Broker area": brokers see their
 * own leads): the contacts assigned to the broker and the
 * unassigned ones about the broker's listings, newest first, with their
 * status. Read-only; the admin inbox changes them.
 */
import type { BrokerPanelLead } from "~/lib/lead-inbox";
import { LeadCardHead } from "./lead-inbox-card";
import * as s from "./admin.css";
import * as f from "./auth-form.css";
import { formatPhone } from "~/lib/phone";

/** Props of {@link BrokerLeads}: the loader data of `loadBrokerPanelLeads`. */
export interface BrokerLeadsProps {
  leads: readonly BrokerPanelLead[];
}

/** The "Meus leads" section. */
export function BrokerLeads({ leads }: BrokerLeadsProps) {
  return (
    <section aria-labelledby="meus-leads" className={s.page}>
      <h2 id="meus-leads" className={f.sectionHeading}>
        Meus leads
      </h2>
      {leads.length === 0 ? (
        <p className={s.muted}>Nenhum contato atribuído a você ou sobre os seus imóveis.</p>
      ) : (
        <ol className={s.list}>
          {leads.map((lead) => (
            <li key={lead.id} className={s.card}>
              <LeadCardHead lead={lead} />
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
