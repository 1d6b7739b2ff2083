/**
 * The figures of one purpose on a neighbourhood market page (ADR 0090): the
 * headline cards for all types, one card per property type with its link to
 * the list, and the monthly chart. A suppressed median (fewer than
 * `MIN_LISTINGS` listings) reads "poucos imóveis para calcular".
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount, formatPrice, formatPriceCents, plural } from "~/lib/format";
import {
  isShown,
  PURPOSE_HEADINGS,
  TOO_FEW_TEXT,
  type MarketFigure,
  type PurposeMarket,
  type SegmentFigures,
} from "~/lib/neighbourhood-market";
import { MarketChart } from "./neighbourhood-chart";
import * as s from "./neighbourhood.css";

/** A median with its unit, or the suppression text. */
function figureText(figure: MarketFigure, format: (value: number) => string): ReactNode {
  return isShown(figure) ? format(figure.value) : <span className={s.suppressed}>{TOO_FEW_TEXT}</span>;
}

/** "R$ 10.613/m²" for a sale; "R$ 49,50/m² ao mês" for a rent (small amounts: cents matter). */
const perM2 = (rent: boolean) => (value: number) =>
  rent ? `${unbroken(formatPriceCents(value))}/m² ao mês` : `${unbroken(formatPrice(value))}/m²`;
const perMonth = (value: number) => `${unbroken(formatPrice(value))}/mês`;

/** "R$ 1.234" with a no-break space, so the amount never wraps after "R$". */
function unbroken(amount: string): string {
  return amount.replace(" ", "\u00a0");
}
const days = (value: number) => plural(Math.round(value), "dia", "dias");

/** One headline card: the value first in the reading order of its label. */
function FigureCard({ label, children, note }: { label: string; children: ReactNode; note?: string }) {
  return (
    <div className={s.figure}>
      <dt className={s.figureLabel}>
        {label}
        {note ? <span className={s.figureNote}> · {note}</span> : null}
      </dt>
      <dd className={s.figureValue}>{children}</dd>
    </div>
  );
}

/** The headline cards of a purpose (all types). */
function HeadlineFigures({ figures, rent }: { figures: SegmentFigures; rent: boolean }) {
  return (
    <dl className={s.figures}>
      <FigureCard label="Preço mediano do m²">{figureText(figures.pricePerM2, perM2(rent))}</FigureCard>
      <FigureCard label="Custo mensal mediano">{figureText(figures.monthlyCost, perMonth)}</FigureCard>
      <FigureCard label={rent ? "Imóveis para alugar" : "Imóveis à venda"}>{formatCount(figures.stock)}</FigureCard>
      <FigureCard label="Novos anúncios" note="30 dias · 90 dias">
        {formatCount(figures.newListings.d30)} · {formatCount(figures.newListings.d90)}
      </FigureCard>
      <FigureCard label="Reduções de preço" note="30 dias · 90 dias">
        {formatCount(figures.priceCuts.d30)} · {formatCount(figures.priceCuts.d90)}
      </FigureCard>
      <FigureCard label="Tempo mediano no mercado">{figureText(figures.daysOnMarket, days)}</FigureCard>
    </dl>
  );
}

/** A type's rows: term and value. */
function TypeRows({ figures, rent }: { figures: SegmentFigures; rent: boolean }) {
  const rows: [string, ReactNode][] = [
    ["Imóveis", formatCount(figures.stock)],
    ["Preço mediano do m²", figureText(figures.pricePerM2, perM2(rent))],
    ["Custo mensal mediano", figureText(figures.monthlyCost, perMonth)],
    ["Novos (30 · 90 dias)", `${formatCount(figures.newListings.d30)} · ${formatCount(figures.newListings.d90)}`],
    ["Reduções (30 · 90 dias)", `${formatCount(figures.priceCuts.d30)} · ${formatCount(figures.priceCuts.d90)}`],
    ["Tempo mediano no mercado", figureText(figures.daysOnMarket, days)],
  ];
  return (
    <dl className={s.typeRows}>
      {rows.map(([term, value]) => (
        <div key={term} className={s.typeRow}>
          <dt className={s.typeTerm}>{term}</dt>
          <dd className={s.typeValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Inputs of {@link PurposeSection}. */
export interface PurposeSectionProps {
  market: PurposeMarket;
  neighbourhood: string;
  /** The list URL of the purpose in the neighbourhood (all types). */
  listHref: string;
  /** The list URL per type slug. */
  typeHrefs: Record<string, string>;
}

/** A purpose's section: headline cards, a link to its listings, the chart and the types. */
export function PurposeSection({ market, neighbourhood, listHref, typeHrefs }: PurposeSectionProps) {
  const rent = market.purpose === "aluguel";
  const heading = `${PURPOSE_HEADINGS[market.purpose]} em ${neighbourhood}`;
  const id = rent ? "aluguel" : "venda";
  const types = market.byType.filter((type) => type.figures.stock > 0);
  return (
    <section className={s.section} aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className={s.sectionHeading}>
        {heading}
      </h2>
      <HeadlineFigures figures={market.all} rent={rent} />
      {market.all.stock > 0 ? (
        <p>
          <Link to={listHref} className={s.pill}>
            Ver {plural(market.all.stock, "imóvel", "imóveis")} {rent ? "para alugar" : "à venda"} em {neighbourhood}
          </Link>
        </p>
      ) : null}
      <MarketChart
        id={`grafico-${id}`}
        title={`Preço mediano do m² ${rent ? "do aluguel" : "de venda"} em ${neighbourhood}`}
        series={market.series}
      />
      {types.length ? (
        <>
          <h3 className={s.typesHeading}>Por tipo de imóvel</h3>
          <ul className={s.types}>
            {types.map((type) => (
              <li key={type.slug} className={s.typeCard}>
                <h4 className={s.typeHeading}>{type.label}</h4>
                <TypeRows figures={type.figures} rent={rent} />
                {typeHrefs[type.slug] ? (
                  <Link to={typeHrefs[type.slug]}>
                    Ver {type.figures.stock === 1 ? "o imóvel" : `os ${formatCount(type.figures.stock)} imóveis`}{" "}
                    {rent ? "para alugar" : "à venda"}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
