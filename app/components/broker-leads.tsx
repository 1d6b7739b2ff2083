/**
 * "Meus leads", the first section of `/painel` (ADR 0081): the contacts assigned to the broker and the unassigned
 * ones about the broker's listings, the unanswered ones ("novo") first, then
 * newest first, 20 a page with the true total. Each shows who, through which
 * channel, about which listing (a link to its public page), the message
 * (three lines at most), how long ago and its status, and opens the lead's
 * page (`/painel/leads/{id}`) where the broker answers it.
 */
import { Link } from "@remix-run/react";
import { AdminPager } from "./admin-list";
import * as s from "./admin.css";
import * as f from "./auth-form.css";
import * as l from "./lead-page/lead-page.css";
import { formatCount } from "~/lib/format";
import { formatSaoPaulo, LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import { type PanelLead, type PanelLeadPage, panelLeadPath, relativeAge } from "~/lib/lead-workflow";
import { PANEL_PATH } from "~/lib/paths";

/** Props of {@link BrokerLeads}: the loader data of `loadBrokerPanelLeads`, and the loader's clock. */
export interface BrokerLeadsProps {
  page: PanelLeadPage;
  /** ISO time the loader ran: the ages are computed from it, so the server and the browser render the same text. */
  now: string;
}

function LeadItem({ lead, now }: { lead: PanelLead; now: Date }) {
  const headingId = `meu-lead-${lead.id}`;
  return (
    <li className={s.card} data-testid="meu-lead" aria-labelledby={headingId}>
      <div className={s.leadHead}>
        <strong id={headingId}>
          <Link to={panelLeadPath(lead.id)}>{lead.name || "Contato sem nome"}</Link>
        </strong>
        <span className={s.row}>
          <span className={`${s.badge} ${s.badgeTone[lead.status]}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
          <time dateTime={lead.createdAt} title={formatSaoPaulo(lead.createdAt)} className={s.muted}>
            {relativeAge(lead.createdAt, now)}
          </time>
        </span>
      </div>
      <p className={l.meta}>
        <span>{LEAD_KIND_LABELS[lead.kind]}</span>
        {lead.listing ? (
          <Link to={lead.listing.path}>
            {lead.listing.title} (cód. {lead.listing.code})
          </Link>
        ) : lead.listingCode ? (
          <span>Imóvel {lead.listingCode}</span>
        ) : null}
      </p>
      {lead.message ? <p className={l.clamp}>{lead.message}</p> : null}
    </li>
  );
}

/** The "Meus leads" section. */
export function BrokerLeads({ page, now }: BrokerLeadsProps) {
  const clock = new Date(now);
  const { items, total } = page;
  return (
    <section aria-labelledby="meus-leads" className={s.page}>
      <h2 id="meus-leads" className={f.sectionHeading}>
        Meus leads
      </h2>
      {total === 0 ? (
        <p className={s.muted}>Nenhum contato atribuído a você ou sobre os seus imóveis.</p>
      ) : (
        <>
          <p className={s.muted}>
            {total === 1 ? "1 contato" : `${formatCount(total)} contatos`}
            {page.pageCount > 1 ? ` · página ${page.page} de ${page.pageCount}` : ""} · os sem resposta primeiro.
          </p>
          <ol className={s.list} aria-labelledby="meus-leads">
            {items.map((lead) => (
              <LeadItem key={lead.id} lead={lead} now={clock} />
            ))}
          </ol>
          <AdminPager basePath={PANEL_PATH} query={new URLSearchParams()} page={page.page} pageCount={page.pageCount} />
        </>
      )}
    </section>
  );
}
