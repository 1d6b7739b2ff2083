/**
 * The owner's report page (ADR 0083): the listing, its figures (views, leads
 * by kind, visits booked; totals and the last 30 days), days on market, the
 * price history (the listing page's own section) and the asking price per m²
 * against the neighbourhood's median. Counts only: no visitor's personal data
 * reaches this component. Phone first: the cards wrap, nothing is wider than
 * the screen.
 */
import { formatDate, formatNumber, formatPrice, plural } from "~/lib/format";
import { saoPauloDate } from "~/lib/sao-paulo-time";
import { imageUrl } from "~/lib/images";
import {
  comparisonText,
  type FigurePair,
  MIN_COMPARABLES,
  type OwnerReportView,
  ownerReportUnsubscribePath,
  RECENT_DAYS,
  AVERAGE_HIDDEN_NOTE,
  averageRatingText,
} from "~/lib/owner-report";
import * as a from "./admin.css";
import { ColumnTable } from "./column-table";
import { PriceHistorySection } from "./price-history";
import * as s from "./owner-report.css";

/** "12 de março de 2026": the São Paulo day of an instant. */
function day(iso: string): string {
  return formatDate(saoPauloDate(new Date(iso)));
}

/** One figure card: the value and its label. */
function Figure({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <li className={s.figure} data-testid={testId}>
      <span className={s.figureValue}>{value}</span>
      <span className={s.figureLabel}>{label}</span>
    </li>
  );
}

/** The rows of the "Total / últimos 30 dias" table. */
function ActivityTable({ rows }: { rows: { label: string; pair: FigurePair }[] }) {
  return (
    <ColumnTable
      classes={{ box: a.tableWrap, table: a.table, cell: a.cell }}
      columns={["Indicador", "Desde o anúncio", <>Últimos {RECENT_DAYS} dias</>]}
    >
      {rows.map(({ label, pair }) => (
        <tr key={label}>
          <th className={a.cell} scope="row">
            {label}
          </th>
          <td className={a.cell}>{formatNumber(pair.total)}</td>
          <td className={a.cell}>{formatNumber(pair.recent)}</td>
        </tr>
      ))}
    </ColumnTable>
  );
}

/** The asking price line of the listing. */
function priceLine(listing: OwnerReportView["listing"]): string {
  const parts = [];
  if (listing.salePrice != null) parts.push(`Venda: ${formatPrice(listing.salePrice)}`);
  if (listing.rentPrice != null) parts.push(`Aluguel: ${formatPrice(listing.rentPrice)}/mês`);
  if (listing.area != null) parts.push(`${formatNumber(listing.area)} m²`);
  return parts.join(" · ");
}

/** Props of {@link OwnerReport}. */
export interface OwnerReportProps {
  report: OwnerReportView;
  /** The page's token, for the "stop the monthly e-mail" link (same origin; never sent elsewhere). */
  token: string;
}

/** The whole report. */
export function OwnerReport({ report, token }: OwnerReportProps) {
  const { listing } = report;
  const photo = imageUrl(listing.coverPhotoUrl, 640);
  return (
    <div className={s.page}>
      <header className={s.section}>
        <span className={a.muted}>Relatório do proprietário · link pessoal, não compartilhe</span>
        <h1 className={a.title}>{report.ownerName ? `Olá, ${report.ownerName}` : "Relatório do seu imóvel"}</h1>
        <p className={a.muted}>
          Atualizado em {day(report.generatedAt)}. Link válido até {day(report.expiresAt)}
          {report.createdByName ? `, enviado por ${report.createdByName}` : ""}.
        </p>
      </header>

      <section className={s.hero} aria-labelledby="imovel">
        {photo ? <img className={s.photo} src={photo} alt="" width={320} height={240} /> : null}
        <div className={s.section}>
          <h2 id="imovel" className={s.heading}>
            {listing.title || `Imóvel ${listing.code}`}
          </h2>
          <p className={a.muted}>
            {listing.category} · {listing.neighbourhood}, {listing.city} · Cód. {listing.code}
          </p>
          <p>{priceLine(listing)}</p>
          {listing.removed ? (
            <p className={a.muted}>Este imóvel não está mais anunciado no site.</p>
          ) : listing.path ? (
            <p>
              <a href={listing.path}>Ver o anúncio no site</a>
            </p>
          ) : null}
        </div>
      </section>

      <section className={s.section} aria-labelledby="numeros">
        <h2 id="numeros" className={s.heading}>
          Números do anúncio
        </h2>
        <ul className={s.figures}>
          <Figure value={formatNumber(report.views.total)} label="visualizações do anúncio" testId="figure-views" />
          <Figure value={formatNumber(report.leads.total)} label="contatos de interessados" testId="figure-leads" />
          <Figure value={formatNumber(report.visitsBooked.total)} label="visitas agendadas" testId="figure-visits" />
          <Figure
            value={listing.daysOnMarket == null ? "—" : formatNumber(listing.daysOnMarket)}
            label={
              listing.onMarketSince
                ? `dias no site (desde ${day(listing.onMarketSince)})`
                : "dias no site (data de entrada desconhecida)"
            }
            testId="figure-days"
          />
        </ul>
        <ActivityTable
          rows={[
            { label: "Visualizações do anúncio", pair: report.views },
            { label: "Vezes salvo nos favoritos", pair: report.favourites },
            { label: "Fotos abertas em tela cheia", pair: report.galleryOpens },
            { label: "Cliques no WhatsApp", pair: report.whatsappClicks },
            { label: "Contatos (todos os canais)", pair: report.leads },
            ...report.leadsByKind.map((kind) => ({ label: `Contatos: ${kind.label}`, pair: kind })),
            { label: "Visitas agendadas", pair: report.visitsBooked },
            { label: "Visitas agendadas pelo site", pair: report.visits.booked },
            { label: "Visitas avaliadas pelos visitantes", pair: report.visits.rated },
          ]}
        />
        <p className={a.muted} data-testid="nota-media-visitas">
          Nota média das visitas (1 a 5): {averageRatingText(report.visits.averageRating.total)} desde o anúncio;{" "}
          {averageRatingText(report.visits.averageRating.recent)} nos últimos {RECENT_DAYS} dias.
          {report.visits.averageRating.total == null || report.visits.averageRating.recent == null
            ? ` ${AVERAGE_HIDDEN_NOTE}`
            : ""}
        </p>
        <p className={a.muted}>
          “Visitas agendadas” conta os atendimentos na etapa “visita agendada”; “pelo site”, as visitas marcadas on-line
          e não canceladas. Nenhum dado pessoal de interessados aparece neste relatório.
        </p>
      </section>

      <section className={s.section} aria-labelledby="preco-m2">
        <h2 id="preco-m2" className={s.heading}>
          Preço por m² no bairro
        </h2>
        {report.comparisons.length ? (
          <ul>
            {report.comparisons.map((comparison) => (
              <li key={comparison.purpose} data-testid={`comparison-${comparison.purpose}`}>
                {comparisonText(comparison)}
              </li>
            ))}
          </ul>
        ) : (
          <p className={a.muted}>Sem preço anunciado para comparar.</p>
        )}
        <p className={a.muted}>
          Comparamos o preço pedido por m² com a mediana dos imóveis ativos no site do mesmo tipo, finalidade, bairro e
          cidade, com preço e área informados ({plural(MIN_COMPARABLES, "imóvel", "imóveis")} no mínimo).
        </p>
      </section>

      {report.priceHistory.length ? (
        <PriceHistorySection entries={report.priceHistory} />
      ) : (
        <section className={s.section} aria-labelledby="historico">
          <h2 id="historico" className={s.heading}>
            Histórico de preço
          </h2>
          <p className={a.muted}>Nenhuma alteração de preço registrada desde a entrada no site.</p>
        </section>
      )}

      {report.monthlyActive ? (
        <p className={a.muted}>
          Você recebe um resumo mensal por e-mail.{" "}
          <a href={ownerReportUnsubscribePath(token)}>Não quero mais receber o e-mail mensal</a>
        </p>
      ) : null}
    </div>
  );
}
