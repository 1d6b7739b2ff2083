/**
 * The names and bounds of the `/anunciar` forms (ADR 0089) without their schemas: what the page's
 * components need in the browser, kept apart from `./valuation-form` so that zod stays on the
 * server.
 */
import type { Purpose } from "~/domain/listing";
import { MAIN_PARAMS } from "./filters/types";

/** Path of the page. */
export const VALUATION_PATH = "/anunciar";

/** Query parameters of the estimate form, in URL order. */
export const VALUATION_PARAMS = {
  purpose: MAIN_PARAMS.purpose,
  category: MAIN_PARAMS.category,
  city: MAIN_PARAMS.city,
  neighbourhood: MAIN_PARAMS.neighbourhood,
  cep: "cep",
  area: "area",
  bedrooms: "quartos",
  suites: "suites",
  parking: "vagas",
  condoFee: "condominio",
} as const;

/** A field of the estimate form. */
export type ValuationField = keyof typeof VALUATION_PARAMS;

/** Largest area accepted, m². */
export const VALUATION_AREA_MAX = 100_000;
/** Largest count of bedrooms, suites or parking spaces accepted. */
export const VALUATION_COUNT_MAX = 20;
/** Largest condominium fee accepted, BRL per month. */
export const VALUATION_CONDO_FEE_MAX = 100_000;
/** Most characters of the owner's own message (the stored message adds the property and the estimate). */
export const VALUATION_MESSAGE_MAX = 1000;

/** pt-BR label of a purpose as the form's choice. */
export const PURPOSE_CHOICES: Record<Purpose, string> = { venda: "Vender", aluguel: "Alugar" };
