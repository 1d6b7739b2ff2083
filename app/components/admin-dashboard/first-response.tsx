/**
 * First-response times on the admin home (docs/decisions/0084-admin-dashboard.md):
 * median and p90 of `first_response_at - created_at` for the sales leads of
 * the last 30 days, per person who answered first and per channel, with the
 * leads nobody has answered yet.
 */
import { type AdminDashboard, formatOptionalDuration } from "~/lib/admin-dashboard";
import { formatCount } from "~/lib/format";
import { LEAD_KIND_LABELS } from "~/lib/lead-inbox";
import * as s from "../admin.css";
import { FigureTable, NumberCell, RowHeader } from "./figure-table";

/**
 * The two first-response tables: per broker (name, answered, median, p90), then per channel, whose
 * durations come first so a phone shows them before the table scrolls inside its panel.
 */
export function FirstResponseTables({ dashboard }: { dashboard: AdminDashboard }) {
  const { brokers, channels, overall } = dashboard.firstResponse;
  return (
    <section aria-labelledby="primeira-resposta-titulo" className={s.card}>
      <h2 id="primeira-resposta-titulo" className={s.heading}>
        Tempo até a primeira resposta
      </h2>
      <p className={s.muted}>
        Leads dos últimos 30 dias: do contato até a primeira resposta ou mudança de status.{" "}
        {overall.unanswered === 1
          ? "1 lead ainda sem resposta."
          : `${formatCount(overall.unanswered)} leads ainda sem resposta.`}
      </p>
      <FigureTable
        caption="Primeira resposta por corretor"
        columns={["Corretor", "Respondidos", "Mediana", "p90"]}
        empty={brokers.length === 0 ? "Nenhum lead respondido nos últimos 30 dias." : undefined}
      >
        {brokers.map((broker) => (
          <tr key={broker.uid}>
            <RowHeader>{broker.name}</RowHeader>
            <NumberCell>{formatCount(broker.answered)}</NumberCell>
            <NumberCell>{formatOptionalDuration(broker.medianMs)}</NumberCell>
            <NumberCell>{formatOptionalDuration(broker.p90Ms)}</NumberCell>
          </tr>
        ))}
      </FigureTable>
      <FigureTable
        caption="Primeira resposta por canal"
        columns={["Canal", "Mediana", "p90", "Respondidos", "Sem resposta"]}
      >
        {channels.map((channel) => (
          <tr key={channel.kind}>
            <RowHeader>{LEAD_KIND_LABELS[channel.kind]}</RowHeader>
            <NumberCell>{formatOptionalDuration(channel.medianMs)}</NumberCell>
            <NumberCell>{formatOptionalDuration(channel.p90Ms)}</NumberCell>
            <NumberCell>{formatCount(channel.answered)}</NumberCell>
            <NumberCell>{formatCount(channel.unanswered)}</NumberCell>
          </tr>
        ))}
      </FigureTable>
    </section>
  );
}
