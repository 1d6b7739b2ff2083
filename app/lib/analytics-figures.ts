/**
 * Shapes and formatting of the analytics figures shared by the admin
 * dashboard and the broker panel (docs/decisions/0030-first-party-analytics.md).
 */
import { formatNumber } from "~/lib/format";

/** One listing's figures over a period. */
export interface ListingFigures {
  code: string;
  /** Title from the read model, or null for a listing no longer there. */
  title: string | null;
  /** Public page path, or null. */
  path: string | null;
  views: number;
  leads: number;
  /** leads / views × 100, one decimal; null without views. */
  conversionPercent: number | null;
}

/** A conversion rate in pt-BR ("3,5%"), "—" when there is none. */
export function formatPercent(value: number | null): string {
  return value === null ? "—" : `${formatNumber(value, 1)}%`;
}
