/**
 * The leads part of the admin home (docs/decisions/0084-admin-dashboard.md):
 * the KPI cards (leads today, in 7 and in 30 days, unanswered now, past the
 * response target, median first response), leads per channel and window,
 * and the oldest unanswered leads. Every count links to `/admin/leads` with
 * the filters that list those leads.
 */
import { Link } from "@remix-run/react";
import {
  type AdminDashboard,
  formatAge,
  formatDuration,
  formatOptionalDuration,
  leadListHref,
} from "~/lib/admin-dashboard";
import { formatCount } from "~/lib/format";
import { LEAD_KIND_LABELS } from "~/lib/lead-inbox";
import { panelLeadPath } from "~/lib/lead-workflow";
import * as s from "../admin.css";
import * as d from "./dashboard.css";
import { CountLink, FigureTable, NumberCell, RowHeader } from "./figure-table";

/** "1 lead" / "3 leads". */
const leadsWord = (n: number) => (n === 1 ? "lead" : "leads");

/** One KPI card: label, big number (a link when `href` is given), and a muted line. */
function Kpi(props: { label: string; value: number | string; href?: string; linkLabel?: string; note: string }) {
  const { label, value, href, linkLabel, note } = props;
  return (
    <li className={s.card}>
      <p className={d.kpiLabel}>{label}</p>
      {href && typeof value === "number" ? (
        <CountLink n={value} href={href} label={linkLabel ?? label} className={d.kpiValue} />
      ) : (
        <span className={d.kpiValue}>{typeof value === "number" ? formatCount(value) : value}</span>
      )}
      <p className={s.muted}>{note}</p>
    </li>
  );
}

/** The KPI cards of the leads (see the module comment). */
export function LeadKpis({ dashboard }: { dashboard: AdminDashboard }) {
  const { windows, totals, unanswered, firstResponse } = dashboard;
  const range = (de: string) => leadListHref({ de, ate: windows.today });
  // The leads received in each window: label, count, first day, how the link reads, note.
  const periods = [
    ["Leads hoje", totals.today, windows.today, "hoje", "Desde a meia-noite (horário de São Paulo)."],
    ["Leads em 7 dias", totals.week, windows.weekFrom, "em 7 dias", "Hoje e os 6 dias anteriores."],
    ["Leads em 30 dias", totals.month, windows.monthFrom, "em 30 dias", "Hoje e os 29 dias anteriores."],
  ] as const;
  return (
    <ul className={d.kpis} aria-label="Indicadores de leads">
      {periods.map(([label, value, from, when, note]) => (
        <Kpi
          key={label}
          label={label}
          value={value}
          href={range(from)}
          linkLabel={`${leadsWord(value)} ${when}`}
          note={note}
        />
      ))}
      <Kpi
        label="Sem resposta agora"
        value={unanswered.total}
        href={leadListHref({ resposta: "pendente" })}
        linkLabel={`${leadsWord(unanswered.total)} sem resposta agora`}
        note="Leads com status Novo, de qualquer data."
      />
      <Kpi
        label="Fora do prazo"
        value={unanswered.pastSla}
        href={leadListHref({ resposta: "atrasada" })}
        linkLabel={`${leadsWord(unanswered.pastSla)} sem resposta fora do prazo`}
        note="Sem resposta e já lembrados pelo aviso de prazo."
      />
      <Kpi
        label="Primeira resposta (mediana)"
        value={formatOptionalDuration(firstResponse.overall.medianMs)}
        note={
          firstResponse.overall.p90Ms === null
            ? "Nenhum lead respondido nos últimos 30 dias."
            : `p90 ${formatDuration(firstResponse.overall.p90Ms)}; leads dos últimos 30 dias.`
        }
      />
    </ul>
  );
}

/** Leads per channel (kind) and window, each count a link to those leads. */
export function ChannelTable({ dashboard }: { dashboard: AdminDashboard }) {
  const { windows, channels, totals } = dashboard;
  const windowsOf = [
    ["today", windows.today, "hoje"],
    ["week", windows.weekFrom, "em 7 dias"],
    ["month", windows.monthFrom, "em 30 dias"],
  ] as const;
  return (
    <FigureTable caption="Leads por canal" columns={["Canal", "Hoje", "7 dias", "30 dias"]}>
      {channels.map((row) => (
        <tr key={row.kind}>
          <RowHeader>{LEAD_KIND_LABELS[row.kind]}</RowHeader>
          {windowsOf.map(([key, de, words]) => (
            <NumberCell key={key}>
              <CountLink
                n={row[key]}
                href={leadListHref({ tipo: row.kind, de, ate: windows.today })}
                label={`${leadsWord(row[key])} de ${LEAD_KIND_LABELS[row.kind]} ${words}`}
              />
            </NumberCell>
          ))}
        </tr>
      ))}
      <tr>
        <RowHeader>Total</RowHeader>
        {windowsOf.map(([key, de, words]) => (
          <NumberCell key={key}>
            <CountLink
              n={totals[key]}
              href={leadListHref({ de, ate: windows.today })}
              label={`${leadsWord(totals[key])} ${words}`}
            />
          </NumberCell>
        ))}
      </tr>
    </FigureTable>
  );
}

/** The oldest leads nobody answered yet, with their age and whether they are past the target. */
export function UnansweredLeads({ dashboard }: { dashboard: AdminDashboard }) {
  const { unanswered } = dashboard;
  return (
    <section aria-labelledby="sem-resposta-titulo" className={s.card}>
      <h2 id="sem-resposta-titulo" className={s.heading}>
        Aguardando resposta
      </h2>
      {unanswered.oldest.length === 0 ? (
        <p className={s.muted}>Nenhum lead aguardando resposta.</p>
      ) : (
        <>
          <p className={s.muted}>Os mais antigos primeiro.</p>
          <ol className={d.waiting}>
            {unanswered.oldest.map((lead) => (
              <li key={lead.id} className={d.waitingItem}>
                <Link to={panelLeadPath(lead.id)} className={d.wrap}>
                  {lead.name || "Sem nome"}
                </Link>
                <span className={s.muted}>
                  {LEAD_KIND_LABELS[lead.kind]} · {formatAge(lead.ageMs)}
                  {lead.assignedName ? ` · ${lead.assignedName}` : " · sem responsável"}
                </span>
                {lead.pastSla ? <span className={`${s.badge} ${s.badgeTone.novo}`}>Fora do prazo</span> : null}
              </li>
            ))}
          </ol>
          {unanswered.total > unanswered.oldest.length ? (
            <p className={s.muted}>
              <Link to={leadListHref({ resposta: "pendente" })}>
                Ver todos os {formatCount(unanswered.total)} leads sem resposta
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
