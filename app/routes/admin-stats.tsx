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

/** A table section with a heading, or a line saying there is nothing yet. */
function Section(props: { id: string; title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className={a.heading}>
        {props.title}
      </h2>
      {props.empty ? (
        <p className={a.muted}>Nenhum registro no período.</p>
      ) : (
        <div className={a.tableWrap}>{props.children}</div>
      )}
    </section>
  );
}

/** A header cell; `numeric` aligns it with the numbers below. */
function Th({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <th className={numeric ? `${a.cell} ${s.number}` : a.cell} scope="col">
      {children}
    </th>
  );
}

/** A number cell. */
function Num({ children }: { children: React.ReactNode }) {
  return <td className={`${a.cell} ${s.number}`}>{children}</td>;
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

      <Section id="imoveis-mais-vistos" title="Imóveis mais vistos" empty={dashboard.topListings.length === 0}>
        <table className={a.table} data-testid="top-imoveis">
          <thead>
            <tr>
              <Th>Imóvel</Th>
              <Th numeric>Visualizações</Th>
              <Th numeric>Leads</Th>
              <Th numeric>Conversão</Th>
            </tr>
          </thead>
          <tbody>
            {dashboard.topListings.map((listing) => (
              <tr key={listing.code}>
                <td className={a.cell}>
                  {listing.path ? <Link to={listing.path}>{listing.code}</Link> : listing.code}
                  {listing.title ? <span className={a.muted}> · {listing.title}</span> : null}
                </td>
                <Num>{formatCount(listing.views)}</Num>
                <Num>{formatCount(listing.leads)}</Num>
                <Num>{formatPercent(listing.conversionPercent)}</Num>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="buscas" title="Buscas mais feitas" empty={dashboard.topSearches.length === 0}>
        <table className={a.table} data-testid="top-buscas">
          <thead>
            <tr>
              <Th>Termo</Th>
              <Th numeric>Buscas</Th>
              <Th numeric>Visitantes</Th>
            </tr>
          </thead>
          <tbody>
            {dashboard.topSearches.map((search) => (
              <tr key={search.term}>
                <td className={a.cell}>{search.term}</td>
                <Num>{formatCount(search.searches)}</Num>
                <Num>{formatCount(search.visitors)}</Num>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="bairros" title="Bairros mais procurados" empty={dashboard.topNeighbourhoods.length === 0}>
        <table className={a.table} data-testid="top-bairros">
          <thead>
            <tr>
              <Th>Bairro</Th>
              <Th numeric>Filtros usados</Th>
              <Th numeric>Imóveis vistos</Th>
            </tr>
          </thead>
          <tbody>
            {dashboard.topNeighbourhoods.map((place) => (
              <tr key={place.slug}>
                <td className={a.cell}>{place.name}</td>
                <Num>{formatCount(place.filterUses)}</Num>
                <Num>{formatCount(place.listingViews)}</Num>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="canais" title="Leads por canal" empty={dashboard.channels.length === 0}>
        <table className={a.table} data-testid="leads-canais">
          <thead>
            <tr>
              <Th>Canal</Th>
              <Th numeric>Leads</Th>
            </tr>
          </thead>
          <tbody>
            {dashboard.channels.map((channel) => (
              <tr key={channel.kind}>
                <td className={a.cell}>{LEAD_KIND_LABELS[channel.kind] ?? channel.kind}</td>
                <Num>{formatCount(channel.leads)}</Num>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="corretores" title="Leads e visualizações por corretor" empty={dashboard.brokers.length === 0}>
        <table className={a.table} data-testid="leads-corretores">
          <thead>
            <tr>
              <Th>Corretor</Th>
              <Th numeric>Visualizações dos imóveis</Th>
              <Th numeric>Leads</Th>
              <Th numeric>Conversão</Th>
            </tr>
          </thead>
          <tbody>
            {dashboard.brokers.map((broker) => (
              <tr key={broker.code || "-"}>
                <td className={a.cell}>{broker.name}</td>
                <Num>{formatCount(broker.views)}</Num>
                <Num>{formatCount(broker.leads)}</Num>
                <Num>{formatPercent(broker.conversionPercent)}</Num>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
