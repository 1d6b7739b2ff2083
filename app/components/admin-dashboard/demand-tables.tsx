/**
 * Demand the catalogue missed, on the admin home (docs/decisions/0084-admin-dashboard.md):
 * the searches of the last 30 days that found nothing, and the listings
 * most viewed in that window without a single lead.
 */
import type { AdminDashboard } from "~/lib/admin-dashboard";
import { formatCount } from "~/lib/format";
import * as s from "../admin.css";
import * as d from "./dashboard.css";
import { cellClass, FigureTable, NumberCell } from "./figure-table";

/** The most frequent searches with no result (30 days). */
export function EmptySearchesTable({ dashboard }: { dashboard: AdminDashboard }) {
  const rows = dashboard.emptySearches;
  return (
    <section className={s.card} aria-label="Buscas sem resultado">
      <FigureTable
        caption="Buscas sem resultado (30 dias)"
        columns={["Termo", "Buscas", "Visitantes"]}
        empty={rows.length === 0 ? "Nenhuma busca sem resultado." : undefined}
      >
        {rows.map((row) => (
          <tr key={row.term}>
            <td className={`${cellClass} ${d.wrap}`}>{row.term}</td>
            <NumberCell>{formatCount(row.searches)}</NumberCell>
            <NumberCell>{formatCount(row.visitors)}</NumberCell>
          </tr>
        ))}
      </FigureTable>
    </section>
  );
}

/** The listings most viewed without a lead (30 days), each linked to its page. */
export function ViewedWithoutLeadsTable({ dashboard }: { dashboard: AdminDashboard }) {
  const rows = dashboard.viewedWithoutLeads;
  return (
    <section className={s.card} aria-label="Imóveis vistos sem contato">
      <FigureTable
        caption="Imóveis muito vistos sem contato (30 dias)"
        columns={["Imóvel", "Visualizações"]}
        empty={rows.length === 0 ? "Nenhum imóvel visto sem contato." : undefined}
      >
        {rows.map((row) => (
          <tr key={row.code}>
            <td className={`${cellClass} ${d.wrap}`}>
              <a href={row.path}>{row.title}</a> <span className={s.muted}>({row.code})</span>
            </td>
            <NumberCell>{formatCount(row.views)}</NumberCell>
          </tr>
        ))}
      </FigureTable>
    </section>
  );
}
