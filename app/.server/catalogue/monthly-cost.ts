/**
 * The total monthly cost filter (`custo-min`, `custo-max`) in SQL
 * (docs/decisions/0086-total-monthly-cost-filter.md): the one definition of
 * the cost the list pages, `/busca`, `/mapa`, the facet counts and the
 * alerts filter with, twin of `~/lib/monthly-cost` (the integration test
 * compares the two to the centavo).
 *
 * - Rent: `monthly_cost_rent` (rent + condomínio + IPTU/12, written by the
 *   sync with `monthlyCost()`), range-scanned on `listings_cost_rent_idx`.
 * - Sale: the first SAC instalment of the simulator's default loan
 *   (`saleInstalment()` of `~/lib/monthly-cost`) + `monthly_cost_sale`
 *   (condomínio + IPTU/12). The loan's rate and term are read from
 *   `site_settings` by uncorrelated scalar subqueries, which PostgreSQL runs
 *   once per statement (no extra round trip, and every caller of
 *   `filterConditions` stays synchronous). A necessary bound on the sale
 *   price (`sale_price <= …`) lets `listings_sale_price_idx` narrow the rows
 *   before the exact formula is tested on each.
 * - A listing whose condomínio or IPTU is not stated never matches: its
 *   cost is unknown. {@link unknownFeesCondition} counts those that the
 *   filter left out.
 */
import { and, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { MAX_TERM_MONTHS, MAX_YEARLY_RATE_PERCENT, MIN_DOWN_PAYMENT_SHARE, MIN_TERM_MONTHS } from "~/lib/financing";
import { DEFAULT_FINANCING_SETTINGS } from "~/lib/financing-form";
import type { ListingFilters } from "~/lib/filters";
import { listings, siteSettings } from "../db/schema";
import { FINANCING_KEY } from "../financing";

/**
 * A number of the financing settings' JSON (`site_settings`), or `fallback`
 * when there is no row or the value is not a number within [min, max]
 * (whole when `whole`), as `getFinancingSettings()` falls back, per field.
 * Nested CASEs: PostgreSQL does not promise the order of AND's operands,
 * and a text value must never reach the cast.
 */
function setting(field: string, fallback: number, min: number, max: number, whole = false): SQL {
  const value = sql`${siteSettings.value} -> ${field}::text`;
  const number = sql`(${siteSettings.value} ->> ${field}::text)::float8`;
  const wholeCheck = whole ? sql`floor(${number}) = ${number}` : sql`true`;
  return sql`coalesce((select case when jsonb_typeof(${value}) = 'number' then case when ${number} between ${min}::float8 and ${max}::float8 then case when ${wholeCheck} then ${number} end end end from ${siteSettings} where ${siteSettings.key} = ${FINANCING_KEY}), ${fallback}::float8)`;
}

/** Yearly effective rate (%). */
const yearlyRate = () =>
  setting("defaultYearlyRatePercent", DEFAULT_FINANCING_SETTINGS.defaultYearlyRatePercent, 0, MAX_YEARLY_RATE_PERCENT);

/** Term in months: a whole number within the simulator's range. */
const termMonths = () =>
  setting("defaultTermMonths", DEFAULT_FINANCING_SETTINGS.defaultTermMonths, MIN_TERM_MONTHS, MAX_TERM_MONTHS, true);

/** Monthly effective rate (fraction): `(1 + a/100)^(1/12) − 1`, as `monthlyRateFromYearly()`. */
const monthlyRate = () => sql`(power(1 + ${yearlyRate()} / 100, 1::float8 / 12) - 1)`;

/** JavaScript's `Math.round` for the non-negative values here (PostgreSQL's `round(float8)` breaks ties to even). */
const jsRound = (value: SQL) => sql`floor(${value} + 0.5)`;

/**
 * The first SAC instalment in BRL of financing `sale_price` (see
 * `saleInstalment()`): down payment `ceil(price × share)`, financed cents
 * `F`, amortisation `round(F ÷ n)` (all of F when n = 1), interest
 * `round(F × i)`, every step in float8 like JavaScript's numbers.
 */
export function saleInstalmentSql(): SQL {
  const price = listings.salePrice;
  const financed = sql`(${jsRound(sql`${price} * 100`)} - ${jsRound(sql`ceil(${price} * ${MIN_DOWN_PAYMENT_SHARE}::float8) * 100`)})`;
  const n = termMonths();
  const amortisation = sql`(case when ${n} = 1 then ${financed} else ${jsRound(sql`${financed} / ${n}`)} end)`;
  const interest = jsRound(sql`${financed} * ${monthlyRate()} + 1e-9::float8`);
  return sql`((${amortisation} + ${interest}) / 100)`;
}

/** The sale offer's monthly cost in BRL: instalment + condomínio + IPTU/12. */
export function saleMonthlyCostSql(): SQL<number> {
  return sql<number>`(${saleInstalmentSql()} + ${listings.monthlyCostSale})`;
}

/**
 * The highest sale price whose instalment can be ≤ `max` BRL: the instalment
 * is at least `F × (1/n + i) − 1` cents and `F ≥ 80 × price − 101` cents (the
 * down payment rounds up by under one real), so a larger price cannot fit.
 * A bound for the index only; the exact formula decides.
 */
function salePriceBound(max: number): SQL {
  const share = 1 - MIN_DOWN_PAYMENT_SHARE;
  return sql`(((${max}::float8 * 100 + 1) / (1 / ${termMonths()} + ${monthlyRate()}) + 101) / (${share}::float8 * 100))`;
}

/** True when the cost filter is set. */
export function hasCostFilter(filters: ListingFilters): boolean {
  return filters.costMin != null || filters.costMax != null;
}

const feesKnown = () => and(isNotNull(listings.condoFee), isNotNull(listings.iptu))!;

/** `cost` within [costMin, costMax]. */
function inCostRange(cost: SQL, filters: ListingFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.costMin != null) parts.push(gte(cost, filters.costMin));
  if (filters.costMax != null) parts.push(lte(cost, filters.costMax));
  return parts;
}

/** Rent offer within the range, by its stored cost (indexed). */
function rentMatches(filters: ListingFilters, known: boolean): SQL {
  const cost = sql`${listings.monthlyCostRent}`;
  return and(eq(listings.forRent, true), ...(known ? inCostRange(cost, filters) : upTo(cost, filters)))!;
}

/** Sale offer within the range: the price bound (indexed), then the exact cost. */
function saleMatches(filters: ListingFilters, known: boolean): SQL {
  const bound = filters.costMax != null ? [lte(listings.salePrice, salePriceBound(filters.costMax))] : [];
  const cost = saleMonthlyCostSql();
  return and(eq(listings.forSale, true), ...bound, ...(known ? inCostRange(cost, filters) : upTo(cost, filters)))!;
}

/** A partial cost (unknown fees as zero) can still be within the maximum: only the maximum applies. */
function upTo(cost: SQL, filters: ListingFilters): SQL[] {
  return filters.costMax != null ? [lte(cost, filters.costMax)] : [];
}

/** The offers the purpose lets the cost apply to: one, or either (the price rule of `search.ts`). */
function offerMatches(filters: ListingFilters, known: boolean): SQL {
  if (filters.purpose === "venda") return saleMatches(filters, known);
  if (filters.purpose === "aluguel") return rentMatches(filters, known);
  return or(rentMatches(filters, known), saleMatches(filters, known))!;
}

/**
 * The WHERE conditions of `filters.costMin` / `costMax` (none when unset):
 * both fees stated, and the purpose's offer (either without a purpose)
 * costing within the range.
 */
export function costConditions(filters: ListingFilters): SQL[] {
  if (!hasCostFilter(filters)) return [];
  return [feesKnown(), offerMatches(filters, true)];
}

/**
 * The listings the cost filter left out for an unstated fee, to be ANDed
 * with the conditions of the filters without the cost: condomínio or IPTU
 * not stated, and the offer's partial cost (those fees as zero) not above
 * `costMax` — they might fit. Null without a cost filter.
 */
export function unknownFeesCondition(filters: ListingFilters): SQL | null {
  if (!hasCostFilter(filters)) return null;
  return and(or(isNull(listings.condoFee), isNull(listings.iptu)), offerMatches(filters, false))!;
}
