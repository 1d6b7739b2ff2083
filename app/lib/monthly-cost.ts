/**
 * The total monthly cost of a listing (docs/decisions/0086-total-monthly-cost-filter.md),
 * pure and shared by the browser, the listing page and the tests; its SQL
 * twin is `app/.server/catalogue/monthly-cost.ts` (same formula, checked
 * against this module by the integration tests):
 *
 * - rent: rent + condomínio + IPTU/12 (`monthlyCost()` of `~/domain/listing`;
 *   the read model keeps IPTU per year);
 * - sale: the first instalment of the simulator's default loan (SAC,
 *   {@link MIN_DOWN_PAYMENT_SHARE} down payment rounded up to the real, the
 *   admin's default rate and term) + condomínio + IPTU/12. An estimate: the
 *   SAC first instalment is the highest one, so the later months cost less.
 *
 * A fee the listing does not state (null: Vista sends nothing or 0 and the
 * read model cannot tell them apart) makes the figure partial: it is a lower
 * bound, never compared with a cost limit.
 */
import { monthlyCost, type Listing, type Purpose } from "~/domain/listing";
import { MIN_DOWN_PAYMENT_SHARE, monthlyRateFromYearly } from "./financing";
import type { FinancingSettings } from "./financing-form";
import { formatNumber } from "./format";

/** The loan behind a sale's monthly cost: the admin's defaults (`/admin/financiamento`). */
export type CostFinancing = Pick<FinancingSettings, "defaultYearlyRatePercent" | "defaultTermMonths">;

/** The fees a monthly cost adds to the rent or the instalment. */
export type MonthlyFee = "condominio" | "iptu";

/** A listing's monthly cost for one purpose. */
export interface MonthlyTotal {
  /** BRL per month, centavos kept. */
  amount: number;
  /** Fees the listing does not state (counted as zero in {@link amount}); empty when complete. */
  missing: MonthlyFee[];
}

/**
 * The first SAC instalment (BRL, exact to the cent) of financing `price`
 * with the simulator's default down payment ({@link MIN_DOWN_PAYMENT_SHARE}
 * of the price rounded up to the real) at the admin's default rate and term.
 * Closed form of `sacSummary()`'s first month (`~/lib/financing`):
 * `round(F ÷ n) + round(F × i)` in cents, `F` the financed cents, the last
 * month (n = 1) amortising all of `F`.
 * @param price sale price, BRL (> 0).
 */
export function saleInstalment(price: number, financing: CostFinancing): number {
  const downPayment = Math.ceil(price * MIN_DOWN_PAYMENT_SHARE);
  const financed = Math.round(price * 100) - Math.round(downPayment * 100);
  const n = financing.defaultTermMonths;
  const interest = Math.round(financed * monthlyRateFromYearly(financing.defaultYearlyRatePercent) + 1e-9);
  const amortisation = n === 1 ? financed : Math.round(financed / n);
  return (amortisation + interest) / 100;
}

/** The fees of `listing` it does not state. */
export function missingFees(listing: Pick<Listing, "condoFee" | "iptu">): MonthlyFee[] {
  const missing: MonthlyFee[] = [];
  if (!listing.condoFee) missing.push("condominio");
  if (!listing.iptu) missing.push("iptu");
  return missing;
}

/**
 * The monthly cost of `listing` for `purpose` (see the module comment), or
 * null when the listing has no price for it. `financing` is needed for a
 * sale (null: no sale figure).
 */
export function monthlyTotal(
  listing: Pick<Listing, "salePrice" | "rentPrice" | "condoFee" | "iptu">,
  purpose: Purpose,
  financing: CostFinancing | null,
): MonthlyTotal | null {
  const charges = monthlyCost(listing, purpose);
  if (charges == null) return null;
  if (purpose === "venda") {
    if (!financing || !listing.salePrice) return null;
    return { amount: saleInstalment(listing.salePrice, financing) + charges, missing: missingFees(listing) };
  }
  return { amount: charges, missing: missingFees(listing) };
}

/** "sem condomínio informado", "sem IPTU informado", "sem condomínio e IPTU informados"; "" when complete. */
export function missingFeesText(missing: readonly MonthlyFee[]): string {
  if (missing.length === 2) return "sem condomínio e IPTU informados";
  if (missing[0] === "condominio") return "sem condomínio informado";
  if (missing[0] === "iptu") return "sem IPTU informado";
  return "";
}

/** "estimativa com financiamento de 20% de entrada, 30 anos, juros de 11,5% ao ano (primeira parcela SAC)". */
export function saleEstimateText(financing: CostFinancing): string {
  const months = financing.defaultTermMonths;
  const term = months % 12 === 0 ? `${months / 12} ${months === 12 ? "ano" : "anos"}` : `${months} meses`;
  const rate = formatNumber(financing.defaultYearlyRatePercent, 2);
  return `estimativa com financiamento de ${Math.round(MIN_DOWN_PAYMENT_SHARE * 100)}% de entrada, ${term}, juros de ${rate}% ao ano (primeira parcela SAC)`;
}

/** What a results page shows under a cost filter (`costNotice()` on the server, ADR 0086). */
export interface CostNoticeData {
  /** Listings left out because their condomínio or IPTU is not stated, and that might fit; null when not counted. */
  leftOut: number | null;
  /** The same search without the cost range. */
  withoutCostHref: string;
  /** {@link saleEstimateText} of the admin's loan; null when only rents are searched. */
  saleEstimate: string | null;
}
