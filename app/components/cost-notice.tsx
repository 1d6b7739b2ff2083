/**
 * The notice above the results of a total monthly cost filter (ADR 0086):
 * what the cost adds up to, for sale the loan the estimate assumes, and how
 * many listings were left out because their condomínio or IPTU is not
 * stated, with a link to the same search without the cost.
 */
import { Link } from "@remix-run/react";
import { formatCount } from "~/lib/format";
import type { CostNoticeData } from "~/lib/monthly-cost";
import { warningNotice } from "./page-layout.css";

/** The notice; nothing without a cost filter (`notice` null or absent). */
export function CostNotice({ notice }: { notice?: CostNoticeData | null }) {
  if (!notice) return null;
  const { leftOut, withoutCostHref, saleEstimate } = notice;
  return (
    <div className={warningNotice} data-testid="cost-notice">
      <p>
        Custo mensal: aluguel + condomínio + IPTU/12
        {saleEstimate ? `; na venda, parcela do financiamento + condomínio + IPTU/12 (${saleEstimate})` : ""}.
      </p>
      {leftOut == null ? (
        <p>
          Imóveis sem condomínio ou IPTU informado ficam de fora.{" "}
          <Link to={withoutCostHref}>Ver a busca sem o filtro de custo mensal</Link>
        </p>
      ) : leftOut > 0 ? (
        <p>
          {leftOut === 1
            ? "1 imóvel sem condomínio ou IPTU informado ficou de fora."
            : `${formatCount(leftOut)} imóveis sem condomínio ou IPTU informado ficaram de fora.`}{" "}
          <Link to={withoutCostHref}>Ver a busca sem o filtro de custo mensal</Link>
        </p>
      ) : null}
    </div>
  );
}
