/**
 * The admin page of owner-data accesses (`/admin/acessos`; ADR 0022): the
 * schema of its filters, shared by the page and the server, and the São Paulo
 * date-time format of its rows.
 */
import { z } from "zod";
import { dayRangeAndPageFilters, emptyToUndefined, filterQuery } from "./list-filters";
import { saoPauloFormat } from "./sao-paulo-time";

/** Accesses per page of `/admin/acessos`. */
export const OWNER_ACCESS_PAGE_SIZE = 50;
/** Users in the per-user summary of `/admin/acessos`. */
export const OWNER_ACCESS_SUMMARY_SIZE = 20;
/** Value of `situacao` that keeps only the attempts the hourly limit refused. */
export const REFUSED_ONLY = "recusado";

/**
 * The filters, from the query string (`?usuario=&imovel=&de=&ate=&situacao=&pagina=`):
 * an invalid value is dropped (the list still shows), never a 500.
 */
const ownerAccessFilterSchema = z.object({
  /** A user's e-mail (case-insensitive) or uid, matched exactly. */
  usuario: z.preprocess(emptyToUndefined, z.string().trim().max(320).optional()).catch(undefined),
  /** A listing code (Vista `Codigo`), matched exactly. */
  imovel: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()).catch(undefined),
  /** {@link REFUSED_ONLY}: only refused attempts. */
  situacao: z.preprocess(emptyToUndefined, z.literal(REFUSED_ONLY).optional()).catch(undefined),
  ...dayRangeAndPageFilters(),
});

/** Parsed filters of `/admin/acessos`. */
export type OwnerAccessFilters = z.infer<typeof ownerAccessFilterSchema>;

/** Parses the filters of a URL's query string (never throws). */
export function parseOwnerAccessFilters(searchParams: URLSearchParams): OwnerAccessFilters {
  return ownerAccessFilterSchema.parse(Object.fromEntries(searchParams));
}

/** The query string of `filters` without the page (for paging and summary links). */
export function ownerAccessFilterQuery(filters: Partial<OwnerAccessFilters>): URLSearchParams {
  return filterQuery(filters, ["usuario", "imovel", "de", "ate", "situacao"]);
}

/** A date-time in São Paulo with seconds, "21/11/2026 14:05:09" (an audit row needs the second). */
export function formatSaoPauloSeconds(iso: string): string {
  return saoPauloFormat("pt-BR", { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso)).replace(",", "");
}

/** A User-Agent cut to `max` characters with an ellipsis (the full text goes in a tooltip). */
export function shortUserAgent(userAgent: string, max = 60): string {
  return userAgent.length > max ? `${userAgent.slice(0, max - 1)}…` : userAgent;
}
