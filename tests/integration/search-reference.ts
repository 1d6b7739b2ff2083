/**
 * Reference implementation of the listing search rules
 * (`app/.server/catalogue/search.ts`), written plainly over in-memory rows, so
 * the integration tests compare the SQL against an independent version of the
 * same rules instead of hard-coded numbers.
 */
import type { ListingFilters, SortOrder } from "~/lib/filters";

/** The read-model columns the rules look at. */
export interface ReferenceRow {
  code: string;
  forSale: boolean;
  forRent: boolean;
  categorySlug: string;
  citySlug: string;
  neighbourhoodSlug: string;
  bedrooms?: number | null;
  salePrice?: number | null;
  rentPrice?: number | null;
  area?: number | null;
  monthlyCostSale?: number | null;
  monthlyCostRent?: number | null;
  updatedAt?: string | null;
  /** When the sale or rent price last dropped (sync time), null when it did not. */
  priceReducedAt?: Date | null;
}

/** Does an active row match the filters (search.ts module comment: price rule)? */
export function matchesFilters(row: ReferenceRow, f: ListingFilters): boolean {
  if (f.purpose === "venda" && !row.forSale) return false;
  if (f.purpose === "aluguel" && !row.forRent) return false;
  if (f.category && row.categorySlug !== f.category) return false;
  if (f.city && row.citySlug !== f.city) return false;
  if (f.city && f.neighbourhoods?.length && !f.neighbourhoods.includes(row.neighbourhoodSlug)) return false;
  if (f.bedroomsMin != null && (row.bedrooms == null || row.bedrooms < f.bedroomsMin)) return false;
  if (f.priceMin != null || f.priceMax != null) {
    const inRange = (v: number | null | undefined) =>
      v != null && (f.priceMin == null || v >= f.priceMin) && (f.priceMax == null || v <= f.priceMax);
    if (f.purpose === "venda") return inRange(row.salePrice);
    if (f.purpose === "aluguel") return inRange(row.rentPrice);
    return (row.forSale && inRange(row.salePrice)) || (row.forRent && inRange(row.rentPrice));
  }
  return true;
}

/** Sort key: [group, value]; value null sorts last in either direction. */
function sortKey(row: ReferenceRow, f: ListingFilters): [number, number | string | null] {
  const sort: SortOrder = f.sort ?? "recentes";
  switch (sort) {
    case "menor-preco":
    case "maior-preco": {
      if (f.purpose === "venda") return [0, row.salePrice ?? null];
      if (f.purpose === "aluguel") return [0, row.rentPrice ?? null];
      // No purpose: listings for sale first (by sale price), then rent-only ones (by rent).
      return row.forSale ? [0, row.salePrice ?? null] : [1, row.rentPrice ?? null];
    }
    case "maior-area":
      return [0, row.area ?? null];
    case "menor-custo-mensal": {
      const cost =
        f.purpose === "venda"
          ? row.monthlyCostSale
          : f.purpose === "aluguel"
            ? row.monthlyCostRent
            : row.forRent
              ? row.monthlyCostRent
              : row.monthlyCostSale;
      return [0, cost ?? null];
    }
    case "preco-reduzido":
      // Recent drops first (newest drop first, ties by update date), then the rest by update date.
      return row.priceReducedAt
        ? [0, `${row.priceReducedAt.toISOString()}|${row.updatedAt ?? ""}`]
        : [1, row.updatedAt ?? null];
    default:
      return [0, row.updatedAt ?? null];
  }
}

/** Codes of the matching rows in the order the page shows them (ties by code). */
export function referenceSearch(rows: ReferenceRow[], f: ListingFilters): string[] {
  const descending =
    !f.sort ||
    f.sort === "recentes" ||
    f.sort === "maior-preco" ||
    f.sort === "maior-area" ||
    f.sort === "preco-reduzido";
  return rows
    .filter((r) => matchesFilters(r, f))
    .sort((a, b) => {
      const [ga, va] = sortKey(a, f);
      const [gb, vb] = sortKey(b, f);
      if (ga !== gb) return ga - gb;
      if (va !== vb) {
        if (va == null) return 1;
        if (vb == null) return -1;
        const cmp = va < vb ? -1 : 1;
        return descending ? -cmp : cmp;
      }
      return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
    })
    .map((r) => r.code);
}
