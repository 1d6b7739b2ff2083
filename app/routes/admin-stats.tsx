/**
 * `/admin/estatisticas` (docs/decisions/0030-first-party-analytics.md): the
 * site's first-party analytics for a period (7, 30 or 90 days, or custom
 * dates; a GET form that works without JavaScript): visits per day (SVG
 * chart with a data table), summary figures, top listings with their leads
 * and conversion, top searches, top neighbourhoods, leads per channel and per
 * broker, and the CSV export of the period. Admin only, revocation checked;
 * never cached.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireRole } from "~/.server/auth";
import { AdminFilterBar, DateRangeFields } from "~/components/admin-list";
import { AdminPageHeader } from "~/components/admin-nav";
import * as a from "~/components/admin.css";
import { SelectField } from "~/components/forms";
import { VisitsChart } from "~/components/visits-chart";
import { ANALYTICS_EVENT_LABELS, type AnalyticsEventType } from "~/lib/analytics-events";
import { CUSTOM_PERIOD, PERIOD_PRESETS } from "~/lib/analytics-period";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatCount } from "~/lib/format";
import { LEAD_KIND_LABELS } from "~/lib/lead-inbox";
import { ADMIN_STATS_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { loadStatsPage } from "./admin-stats.server";
import * as s from "./admin-stats.css";
import { formatPercent } from "~/lib/analytics-figures";
import { adminMeta } from "~/lib/meta";

/** Guard (admin, revocation checked), then the figures of the period. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  return data(await loadStatsPage(request), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Estatísticas");

/** Event types shown as summary figures, in order. */
const SUMMARY_EVENTS: readonly AnalyticsEventType[] = [
  "pageview",
  "listing_view",
  "search",
  "map_search",
  "gallery_open",
  "whatsapp_click",
  "form_start",
  "form_submit",
];

/** "24/11/2026". */
function brazilianDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Props of {@link StatsTable}: one table of the period's figures. */
interface StatsTableProps<Row> {
  /** Id of the heading (the section's accessible name). */
  id: string;
  title: string;
  /** `data-testid` of the table. */
  testId: string;
  /** Column headers: the first names what a row is of, the others head numbers (right-aligned). */
  columns: readonly string[];
  rows: readonly Row[];
  /** The React key of a row. */
  rowKey: (row: Row) => string;
  /** A row's cells, one per column, in order. */
  cells: (row: Row) => readonly ReactNode[];
}

/** The class of the cells of the number columns. */
const numberCell = `${a.cell} ${s.number}`;

/** A section with its heading and table, or a line saying the period has nothing to show. */
function StatsTable<Row>({ id, title, testId, columns, rows, rowKey, cells }: StatsTableProps<Row>) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={a.heading}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={a.muted}>Nenhum registro no período.</p>
      ) : (
        <div className={a.tableWrap}>
          <table className={a.table} data-testid={testId}>
            <thead>
              <tr>
                {columns.map((column, i) => (
                  <th key={column} className={i > 0 ? numberCell : a.cell} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {cells(row).map((cell, i) => (
                    <td key={i} className={i > 0 ? numberCell : a.cell}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** What the page's loader sends. */
type StatsData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The period's select and dates (a GET form), and why a requested period was refused. */
function PeriodFilter({ period }: { period: StatsData["period"] }) {
  return (
    <>
      <AdminFilterBar clearTo={ADMIN_STATS_PATH}>
        <SelectField
          label="Período"
          className={a.field}
          selectProps={{ id: "periodo", name: "periodo", defaultValue: period.preset, className: a.control }}
        >
          {PERIOD_PRESETS.map((days) => (
            <option key={days} value={days}>
              Últimos {days} dias
            </option>
          ))}
          <option value={CUSTOM_PERIOD}>Personalizado (datas abaixo)</option>
        </SelectField>
        <DateRangeFields
          de={period.preset === CUSTOM_PERIOD ? period.from : undefined}
          ate={period.preset === CUSTOM_PERIOD ? period.to : undefined}
        />
      </AdminFilterBar>
      {period.error ? (
        <p className={a.error} role="alert">
          {period.error} Mostrando os últimos 30 dias.
        </p>
      ) : null}
    </>
  );
}

/** "Resumo": the period's unique visitors, the counted events and the leads. */
function StatsSummary({ totals }: { totals: StatsData["dashboard"]["totals"] }) {
  return (
    <section aria-labelledby="resumo">
      <h2 id="resumo" className={a.heading}>
        Resumo
      </h2>
      <dl className={s.figures} data-testid="resumo-estatisticas">
        <div className={s.figure}>
          <dt className={s.figureLabel}>Visitantes únicos (soma dos dias)</dt>
          <dd className={s.figureValue}>{formatCount(totals.visitors)}</dd>
        </div>
        {SUMMARY_EVENTS.map((type) => (
          <div key={type} className={s.figure}>
            <dt className={s.figureLabel}>{ANALYTICS_EVENT_LABELS[type]}</dt>
            <dd className={s.figureValue}>{formatCount(totals[type])}</dd>
          </div>
        ))}
        <div className={s.figure}>
          <dt className={s.figureLabel}>Leads</dt>
          <dd className={s.figureValue}>{formatCount(totals.leads)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The dashboard. */
export default function AdminStatsPage() {
  const { period, dashboard, csvHref } = useLoaderData<typeof loader>();
  const { totals } = dashboard;

  return (
    <div className={a.page}>
      <AdminPageHeader title="Estatísticas">
        Visitas, buscas, imóveis e contatos do site, medidos sem cookies e sem dados pessoais: nenhum IP é guardado e
        cada visitante é contado por um código que muda todo dia. Os eventos ficam 13 meses e depois viram totais
        diários. Datas e dias no horário de Brasília.
      </AdminPageHeader>

      <PeriodFilter period={period} />

      <div className={a.row}>
        <p className={a.muted} data-testid="periodo-mostrado">
          De {brazilianDate(period.from)} a {brazilianDate(period.to)} ({period.days}{" "}
          {period.days === 1 ? "dia" : "dias"}).
        </p>
        <a href={csvHref} className={`${button.ghost} ${a.smallButton}`} download>
          Exportar CSV
        </a>
      </div>

      <StatsSummary totals={totals} />

      <section aria-labelledby="visitas-por-dia">
        <h2 id="visitas-por-dia" className={a.heading}>
          Visitas por dia
        </h2>
        <VisitsChart days={dashboard.visits} />
      </section>

      <StatsTable
        id="imoveis-mais-vistos"
        title="Imóveis mais vistos"
        testId="top-imoveis"
        columns={["Imóvel", "Visualizações", "Leads", "Conversão"]}
        rows={dashboard.topListings}
        rowKey={(listing) => listing.code}
        cells={(listing) => [
          <>
            {listing.path ? <Link to={listing.path}>{listing.code}</Link> : listing.code}
            {listing.title ? <span className={a.muted}> · {listing.title}</span> : null}
          </>,
          formatCount(listing.views),
          formatCount(listing.leads),
          formatPercent(listing.conversionPercent),
        ]}
      />

      <StatsTable
        id="buscas"
        title="Buscas mais feitas"
        testId="top-buscas"
        columns={["Termo", "Buscas", "Visitantes"]}
        rows={dashboard.topSearches}
        rowKey={(search) => search.term}
        cells={(search) => [search.term, formatCount(search.searches), formatCount(search.visitors)]}
      />

      <StatsTable
        id="bairros"
        title="Bairros mais procurados"
        testId="top-bairros"
        columns={["Bairro", "Filtros usados", "Imóveis vistos"]}
        rows={dashboard.topNeighbourhoods}
        rowKey={(place) => place.slug}
        cells={(place) => [place.name, formatCount(place.filterUses), formatCount(place.listingViews)]}
      />

      <StatsTable
        id="canais"
        title="Leads por canal"
        testId="leads-canais"
        columns={["Canal", "Leads"]}
        rows={dashboard.channels}
        rowKey={(channel) => channel.kind}
        cells={(channel) => [LEAD_KIND_LABELS[channel.kind] ?? channel.kind, formatCount(channel.leads)]}
      />

      <StatsTable
        id="corretores"
        title="Leads e visualizações por corretor"
        testId="leads-corretores"
        columns={["Corretor", "Visualizações dos imóveis", "Leads", "Conversão"]}
        rows={dashboard.brokers}
        rowKey={(broker) => broker.code || "-"}
        cells={(broker) => [
          broker.name,
          formatCount(broker.views),
          formatCount(broker.leads),
          formatPercent(broker.conversionPercent),
        ]}
      />
    </div>
  );
}
