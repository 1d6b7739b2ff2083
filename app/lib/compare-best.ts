/**
 * The best value of one row of `/comparar` (ADR 0092): which columns hold
 * the lowest price or cost, or the largest area or count, so the page can
 * mark them in words beside the figure (not by colour alone).
 */
import type { Listing } from "~/domain/listing";
import { missingFees } from "./monthly-cost";

/** Whether a row's best value is its lowest (prices, costs, fees) or its highest (area, rooms). */
export type Better = "lowest" | "highest";

/**
 * The indexes of `values` holding the best one (every one of them on a tie);
 * none when fewer than two values are known (nothing to compare) or when
 * every known value is the same (no column is better). `null`: unknown,
 * never best.
 */
export function bestIndexes(values: readonly (number | null)[], better: Better): Set<number> {
  const known = values.filter((value): value is number => value != null && Number.isFinite(value));
  if (known.length < 2) return new Set();
  const best = better === "lowest" ? Math.min(...known) : Math.max(...known);
  if (known.every((value) => value === best)) return new Set();
  return new Set(values.flatMap((value, i) => (value === best ? [i] : [])));
}

/** What {@link comparedMonthlyCosts} reads of a listing (BRL; the stored monthly costs of ADR 0011). */
export type ComparedCosts = Pick<Listing, "salePrice" | "rentPrice" | "condoFee" | "iptu"> & {
  monthlyCostRent: number | null;
  monthlyCostSale: number | null;
};

/**
 * The monthly costs a row compares, per column (null: removed listing or no figure):
 * the rent figures when at least two listings have one, else the sale figures. A
 * partial cost (a fee not stated, ADR 0086) is left out: it is low only because a
 * fee is missing, so it is never marked the best.
 */
export function comparedMonthlyCosts(listings: readonly (ComparedCosts | null)[]): (number | null)[] {
  const complete = listings.map((l) => (l && missingFees(l).length === 0 ? l : null));
  const rent = complete.map((l) => (l?.rentPrice != null ? l.monthlyCostRent : null));
  if (rent.filter((cost) => cost != null).length >= 2) return rent;
  return complete.map((l) => (l?.salePrice != null ? l.monthlyCostSale : null));
}
