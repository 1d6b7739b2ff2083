/**
 * Helpers of the query-string filters of the admin lists (`/admin/leads`,
 * `/admin/acessos`): empty values count as absent, dates are São Paulo days
 * (YYYY-MM-DD), and the filters turn back into a query string for links.
 */
import { z } from "zod";

/** `""` or blanks → `undefined` (an empty field of a GET form means "no filter"). */
export const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** An optional day, YYYY-MM-DD; `message` is the pt-BR refusal (the lists drop a bad value instead). */
export function isoDateFilter(message?: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)
      .optional(),
  );
}

/**
 * The fields every admin list's filters share: the São Paulo day range
 * `de`…`ate` (YYYY-MM-DD, both included; a bad value is dropped) and the
 * page `pagina` (1 when missing or bad).
 * @param message the pt-BR refusal of a bad date, for {@link isoDateFilter}.
 */
export function dayRangeAndPageFilters(message?: string) {
  const isoDate = isoDateFilter(message);
  return {
    /** First day (São Paulo), YYYY-MM-DD. */
    de: isoDate.catch(undefined),
    /** Last day included (São Paulo), YYYY-MM-DD. */
    ate: isoDate.catch(undefined),
    pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  };
}

/** The query string of the given filter `keys` that have a value (never the page: links add it). */
export function filterQuery<K extends string>(
  filters: Partial<Record<K, string | number | undefined>>,
  keys: readonly K[],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, String(value));
  }
  return params;
}

/** Where one page of a paged list lies: see {@link pageOf}. */
export interface PageWindow {
  /** The page shown, 1-based: the one asked for, clamped to 1…`pageCount`. */
  page: number;
  /** Pages in the list; at least 1, so an empty list still has its (empty) first page. */
  pageCount: number;
  /** Rows before the page (the query's `offset`). */
  offset: number;
}

/**
 * The page of a list of `total` rows, `pageSize` a page, for the page
 * `requested` (default 1; a fraction is floored; out of range is clamped, so a
 * stale link past the end shows the last page).
 */
export function pageOf(total: number, requested: number | undefined, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested ?? 1)), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
