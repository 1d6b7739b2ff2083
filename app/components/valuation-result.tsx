/**
 * The estimate of `/anunciar` (ADR 0089): the range "R$ X – R$ Y" in an
 * `<output>` whose `data-estimate-min`/`data-estimate-max` carry the BRL
 * integers for tools, how it was worked out, the notice that it comes from
 * asking prices and is no appraisal, and the comparables as links; below the
 * minimum, no figure and the offer of a broker's evaluation.
 */
import { Link } from "@remix-run/react";
import { formatArea, formatPrice, plural } from "~/lib/format";
import { MIN_COMPARABLES } from "~/lib/valuation";
import type { ShownEstimate, ValuationLabels } from "~/lib/valuation-view";
import * as s from "./valuation.css";

/** Props of {@link ValuationResult}. */
export interface ValuationResultProps {
  estimate: ShownEstimate;
  labels: ValuationLabels;
  /** "aluguel" shows monthly figures. */
  rent: boolean;
  /** m² of the subject. */
  area: number;
}

/** The result card (see the module comment). */
export function ValuationResult({ estimate, labels, rent, area }: ValuationResultProps) {
  const perMonth = rent ? " por mês" : "";
  const place = `${labels.neighbourhood}, ${labels.city}`;
  return (
    <section className={s.card} aria-labelledby="avaliacao-resultado" data-valuation-status={estimate.status}>
      <h2 id="avaliacao-resultado" className={s.title}>
        {rent ? "Aluguel estimado" : "Valor estimado"}: {labels.category.toLowerCase()} de {formatArea(area)} em {place}
      </h2>
      {estimate.status === "estimate" ? (
        <>
          <output
            className={s.range}
            htmlFor="avaliacao-form-titulo"
            data-estimate-min={estimate.min}
            data-estimate-max={estimate.max}
          >
            <span className={s.figure}>{formatPrice(estimate.min)}</span> –{" "}
            <span className={s.figure}>
              {formatPrice(estimate.max)}
              {perMonth}
            </span>
          </output>
          <p className={s.muted}>
            Mediana de {formatPrice(estimate.pricePerM2.median)}/m²{perMonth} (metade dos comparáveis entre{" "}
            {formatPrice(estimate.pricePerM2.low)} e {formatPrice(estimate.pricePerM2.high)}/m²), calculada com{" "}
            {plural(estimate.count, "imóvel comparável", "imóveis comparáveis")}
            {estimate.widened
              ? `: ${estimate.inNeighbourhood} em ${labels.neighbourhood} e os demais em bairros vizinhos.`
              : ` em ${labels.neighbourhood}.`}
          </p>
        </>
      ) : (
        <p>
          Ainda não temos imóveis comparáveis suficientes para estimar um valor: encontramos{" "}
          {plural(estimate.count, "imóvel comparável", "imóveis comparáveis")} e precisamos de pelo menos{" "}
          {MIN_COMPARABLES}. Peça a avaliação gratuita de um corretor logo abaixo.
        </p>
      )}
      <p className={s.disclaimer}>
        Estimativa automática a partir dos preços pedidos em anúncios ativos da nossa carteira (mesmo tipo, área até 30
        % maior ou menor e quartos semelhantes). Não é uma avaliação técnica (laudo ou PTAM): o valor de venda ou
        locação depende do estado, do andar, da vista e do momento do mercado.
      </p>
      {estimate.comparables.length ? (
        <>
          <h3 className={s.muted}>Imóveis comparáveis</h3>
          <ul className={s.list}>
            {estimate.comparables.map((c) => (
              <li key={c.code} className={s.item}>
                <Link to={c.path} className={s.itemLink}>
                  {c.title}
                </Link>
                <span>
                  {c.neighbourhood} · {formatArea(c.area)}
                  {c.bedrooms != null ? ` · ${plural(c.bedrooms, "quarto", "quartos")}` : ""} · {formatPrice(c.price)}
                  {rent ? "/mês" : ""} ({formatPrice(c.pricePerM2)}/m²)
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
