/**
 * "Desempenho dos meus imóveis" on `/painel` (docs/decisions/0030-first-party-analytics.md):
 * views and leads of the signed-in broker's own listings over the last 30
 * days, from the first-party analytics. Only listings whose Vista broker is
 * the user's appear (the query filters on the read model's broker code).
 */
import { Link } from "@remix-run/react";
import * as s from "./admin.css";
import * as f from "./auth-form.css";
import { formatPercent, type ListingFigures } from "~/lib/analytics-figures";
import { formatCount } from "~/lib/format";

/** One listing's figures, as the loader sends them. */
export type BrokerListingStat = ListingFigures;

/** Props of {@link BrokerListingStats}. */
export interface BrokerListingStatsProps {
  /** First and last day shown, `YYYY-MM-DD`. */
  from: string;
  to: string;
  listings: readonly BrokerListingStat[];
}

/** "24/11/2026". */
function brazilianDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** The section (see the module comment). */
export function BrokerListingStats({ from, to, listings }: BrokerListingStatsProps) {
  return (
    <section aria-labelledby="desempenho-imoveis" className={s.page}>
      <h2 id="desempenho-imoveis" className={f.sectionHeading}>
        Desempenho dos meus imóveis
      </h2>
      <p className={s.muted}>
        Visualizações das páginas e leads de {brazilianDate(from)} a {brazilianDate(to)}, medidos pelo site sem cookies.
      </p>
      {listings.length === 0 ? (
        <p className={s.muted}>Nenhuma visualização ou lead dos seus imóveis no período.</p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="desempenho-imoveis">
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  Imóvel
                </th>
                <th className={s.cell} scope="col">
                  Visualizações
                </th>
                <th className={s.cell} scope="col">
                  Leads
                </th>
                <th className={s.cell} scope="col">
                  Conversão
                </th>
              </tr>
            </thead>
            <tbody>
              {listings.map((listing) => (
                <tr key={listing.code}>
                  <td className={s.cell}>
                    {listing.path ? <Link to={listing.path}>{listing.code}</Link> : listing.code}
                    {listing.title ? <span className={s.muted}> · {listing.title}</span> : null}
                  </td>
                  <td className={s.cell}>{formatCount(listing.views)}</td>
                  <td className={s.cell}>{formatCount(listing.leads)}</td>
                  <td className={s.cell}>{formatPercent(listing.conversionPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
