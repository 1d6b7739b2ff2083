/**
 * The price box of a listing page (docs/product.md `/detalhes/{condominio}/{id}`):
 * sale and/or rent price, condo fee, IPTU and the "custo mensal" — rent +
 * condo fee + IPTU/12 for rent; condo fee + IPTU/12 for sale (`monthlyCost()`,
 * `app/domain/listing.ts`). Prices in BRL with `Intl.NumberFormat('pt-BR')`.
 */
import type { ReactNode } from "react";
import { monthlyCost, type Listing } from "~/domain/listing";
import { formatPrice } from "~/lib/format";
import { missingFees, missingFeesText } from "~/lib/monthly-cost";
import * as s from "./price-box.css";

/** The listing fields the box reads (BRL; IPTU per year, condo fee per month). */
export type PriceBoxListing = Pick<Listing, "salePrice" | "rentPrice" | "condoFee" | "iptu" | "salePricePerM2">;

/** Props of {@link PriceBox}. */
export interface PriceBoxProps {
  listing: PriceBoxListing;
  /** Calls to action under the prices (e.g. the WhatsApp button). */
  children?: ReactNode;
  /** Shown under the sale price / the rent (e.g. "Baixou 8% em 12/11", `price-history.tsx`). */
  notes?: { sale?: ReactNode; rent?: ReactNode };
}

/** "R$ 1.250" or "Não informado" for a missing amount. */
function amountOrUnknown(value: number | null): string {
  return value ? formatPrice(value) : "Não informado";
}

/** The price box: see the module comment. Renders "Consulte o valor" when the listing has no price. */
export function PriceBox({ listing, children, notes }: PriceBoxProps) {
  const sale = listing.salePrice ? listing.salePrice : null;
  const rent = listing.rentPrice ? listing.rentPrice : null;
  const hasCharges = Boolean(listing.condoFee || listing.iptu);
  const rentMonthly = rent && hasCharges ? monthlyCost(listing, "aluguel") : null;
  const saleMonthly = sale && hasCharges ? monthlyCost(listing, "venda") : null;
  // A fee the listing does not state counts as zero: the figure is then partial (ADR 0086).
  const partial = missingFeesText(missingFees(listing));
  const partialNote = partial ? (
    <p className={s.monthlyHint} data-testid="monthly-partial">
      Valor parcial: {partial}
    </p>
  ) : null;

  return (
    <section className={s.box} aria-label="Valores">
      {sale ? (
        <div className={s.offer}>
          <p className={s.offerLabel}>Venda</p>
          <p className={s.price} data-testid="sale-price">
            {formatPrice(sale)}
          </p>
          {listing.salePricePerM2 ? <p className={s.note}>{formatPrice(listing.salePricePerM2)}/m²</p> : null}
          {notes?.sale}
        </div>
      ) : null}
      {rent ? (
        <div className={s.offer}>
          <p className={s.offerLabel}>Aluguel</p>
          <p className={s.price} data-testid="rent-price">
            {formatPrice(rent)}
            <span className={s.perMonth}>/mês</span>
          </p>
          {notes?.rent}
        </div>
      ) : null}
      {!sale && !rent ? <p className={s.price}>Consulte o valor</p> : null}

      <dl className={s.charges}>
        <div className={s.row}>
          <dt className={s.term}>Condomínio</dt>
          <dd className={s.value}>
            {amountOrUnknown(listing.condoFee)}
            {listing.condoFee ? "/mês" : ""}
          </dd>
        </div>
        <div className={s.row}>
          <dt className={s.term}>IPTU</dt>
          <dd className={s.value}>
            {amountOrUnknown(listing.iptu)}
            {listing.iptu ? "/ano" : ""}
          </dd>
        </div>
      </dl>

      {rentMonthly != null ? (
        <div className={s.monthly} data-testid="monthly-rent">
          <div className={s.monthlyLabel}>
            <span>Custo mensal do aluguel</span>
            <p className={s.monthlyValue}>{formatPrice(rentMonthly)}</p>
          </div>
          <p className={s.monthlyHint}>Aluguel + condomínio + IPTU/12</p>
          {partialNote}
        </div>
      ) : null}
      {saleMonthly != null ? (
        <div className={s.monthly} data-testid="monthly-sale">
          <div className={s.monthlyLabel}>
            <span>{rent ? "Custo mensal do proprietário" : "Custo mensal"}</span>
            <p className={s.monthlyValue}>{formatPrice(saleMonthly)}</p>
          </div>
          <p className={s.monthlyHint}>Condomínio + IPTU/12, sem parcelas de financiamento</p>
          {partialNote}
        </div>
      ) : null}

      {children ? <div className={s.actions}>{children}</div> : null}
    </section>
  );
}
