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
