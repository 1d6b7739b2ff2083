/**
 * The owner's report (ADR 0083), the parts shared by the pages and the server:
 * its paths, the broker's form schemas (create a link, revoke one), the
 * share messages (WhatsApp, e-mail), the rules' constants and the shape of
 * the figures the report page shows. Pure: no I/O.
 */
import { z } from "zod";
import type { LeadKind } from "~/domain/lead";
import type { PriceHistoryEntry } from "~/domain/price-history";
import { formatNumber, formatPrice, MONTHS } from "./format";
import { OWNER_REPORT_PATH } from "./paths";
import { singleLineText } from "./text-fields";

export { OWNER_REPORT_PATH };

/** Days a report link is valid after its creation (ADR 0083). */
export const OWNER_REPORT_TTL_DAYS = 90;

/** Fewest comparable listings for the neighbourhood median to be shown (ADR 0083: below it, "too few"). */
export const MIN_COMPARABLES = 5;

/** Days of the "últimos 30 dias" column. */
export const RECENT_DAYS = 30;

/** A report token as the site writes it: 32 random bytes in base64url (43 characters, no padding). */
export const OWNER_REPORT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `/proprietario/{token}`: the report page. */
export function ownerReportPath(token: string): string {
  return `${OWNER_REPORT_PATH}/${encodeURIComponent(token)}`;
}

/** `/proprietario/{token}/cancelar`: the monthly e-mail's unsubscribe page (the raw or the signed token). */
export function ownerReportUnsubscribePath(token: string): string {
  return `${ownerReportPath(token)}/cancelar`;
}

/** Intents of the private listing page's owner-report forms. */
export const OWNER_REPORT_INTENTS = { create: "criar-relatorio", revoke: "revogar-relatorio" } as const;

/** Most characters of the owner's name. */
export const OWNER_NAME_MAX = 120;
/** Most characters of an e-mail address (RFC 5321's path limit). */
export const OWNER_EMAIL_MAX = 254;

/**
 * The "create a link" form: the owner's name and e-mail (both optional), and
 * the checkbox "O proprietário pediu o relatório mensal por e-mail" (`mensal`
 * = "on"), which needs the e-mail.
 */
export const createOwnerReportSchema = z
  .object({
    intent: z.literal(OWNER_REPORT_INTENTS.create),
    nomeProprietario: singleLineText({ max: OWNER_NAME_MAX }).optional().default(""),
    emailProprietario: singleLineText({
      max: OWNER_EMAIL_MAX,
      maxMessage: "E-mail longo demais.",
      rules: (value) => value.toLowerCase(),
    })
      .optional()
      .default(""),
    mensal: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.emailProprietario && !z.string().email().safeParse(value.emailProprietario).success)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["emailProprietario"], message: "Informe um e-mail válido." });
    if (value.mensal && !value.emailProprietario)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["emailProprietario"],
        message: "Informe o e-mail do proprietário para o relatório mensal.",
      });
  });

/** A parsed "create a link" form. */
export type CreateOwnerReportInput = z.infer<typeof createOwnerReportSchema>;

/** The "Revogar" button of one link. */
export const revokeOwnerReportSchema = z.object({
  intent: z.literal(OWNER_REPORT_INTENTS.revoke),
  relatorio: z.string().uuid("Link desconhecido."),
});

/** The pt-BR message the broker sends with the link (WhatsApp and e-mail body). */
export function ownerShareMessage(options: { url: string; ownerName: string; listingCode: string }): string {
  const greeting = options.ownerName ? `Olá, ${options.ownerName}!` : "Olá!";
  return (
    `${greeting} Este é o relatório do seu imóvel (cód. ${options.listingCode}): visualizações, contatos, ` +
    `visitas e a comparação de preço com imóveis parecidos do bairro. O link é pessoal e vale por ` +
    `${OWNER_REPORT_TTL_DAYS} dias: ${options.url}`
  );
}

/** The one-tap WhatsApp link (`wa.me` without a number: the broker picks the owner's chat). */
export function whatsAppShareHref(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** The `mailto:` link with subject and body (to the owner's address when given). */
export function mailtoShareHref(options: { to: string; subject: string; body: string }): string {
  const query = `subject=${encodeURIComponent(options.subject)}&body=${encodeURIComponent(options.body)}`;
  return `mailto:${options.to ? encodeURIComponent(options.to).replace(/%40/g, "@") : ""}?${query}`;
}

/** A count over the listing's whole life and over the last {@link RECENT_DAYS} days. */
export interface FigurePair {
  total: number;
  recent: number;
}

/** Leads of one kind about the listing (counts only). */
export interface LeadKindCount extends FigurePair {
  kind: LeadKind;
  /** pt-BR label of the kind. */
  label: string;
}

/**
 * The visits booked online for the listing (ADR 0093) and the visitors' ratings, as counts and
 * averages only: never who visited nor what they wrote.
 */
export interface VisitFigures {
  /** Visits booked online and not cancelled; `recent`: those whose time falls in the window. */
  booked: FigurePair;
  /** Visits rated by their visitor; `recent`: rated in the window. */
  rated: FigurePair;
  /**
   * Average rating 1–5 over the rated visits (total, and of those rated in the window); null with
   * fewer than {@link MIN_RATINGS_FOR_AVERAGE} ratings.
   */
  averageRating: { total: number | null; recent: number | null };
}

/**
 * Ratings needed before the owner sees their average: with one or two, the average would reveal
 * what a single visitor gave (the owner may know who visited).
 */
export const MIN_RATINGS_FOR_AVERAGE = 3;

/** The note beside an average left out for having too few ratings. */
export const AVERAGE_HIDDEN_NOTE = `A nota média aparece a partir de ${MIN_RATINGS_FOR_AVERAGE} avaliações, para não revelar a nota de um único visitante.`;

/** "4,5" of an average rating (one decimal, pt-BR), or "—" when there is none. */
export function averageRatingText(average: number | null): string {
  return average == null
    ? "—"
    : average.toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The neighbourhood comparison of the asking price per m² (BRL/m²). */
export interface PriceComparison {
  purpose: "venda" | "aluguel";
  /** The listing's own price per m², BRL/m² (BRL/m² per month for rent); null without price or area. */
  own: number | null;
  /** Median of the comparables, BRL/m²; null when fewer than {@link MIN_COMPARABLES}. */
  median: number | null;
  /** Comparable active listings with a price and an area (the listing itself left out). */
  comparables: number;
  /** Own vs median in percent (e.g. -4.2: below the median); null when either is missing. */
  differencePercent: number | null;
}

/** The activity of a listing: totals and the counts inside a window (each pair's `recent`). */
export interface ListingActivity {
  views: FigurePair;
  /** Times visitors saved it to their favourites (`favourite_add`). */
  favourites: FigurePair;
  galleryOpens: FigurePair;
  whatsappClicks: FigurePair;
  leads: FigurePair;
  leadsByKind: LeadKindCount[];
  /** Leads of the listing whose status is now "visita_agendada". */
  visitsBooked: FigurePair;
  /** Visits booked online and their ratings. */
  visits: VisitFigures;
}

/**
 * What the report page shows (no visitor's personal data: counts and the listing's public facts
 * only): the link's facts, the listing, its activity, its prices and their comparison.
 */
export interface OwnerReportView extends ListingActivity {
  /** "" when the broker did not give it. */
  ownerName: string;
  createdByName: string;
  /** ISO times. */
  createdAt: string;
  expiresAt: string;
  listing: {
    code: string;
    title: string;
    neighbourhood: string;
    city: string;
    category: string;
    /** Public page path, or null when the listing left the catalogue. */
    path: string | null;
    coverPhotoUrl: string;
    salePrice: number | null;
    rentPrice: number | null;
    /** m². */
    area: number | null;
    /** ISO time it entered the catalogue, or null when unknown. */
    onMarketSince: string | null;
    /** Whole days since `onMarketSince`, or null. */
    daysOnMarket: number | null;
    removed: boolean;
  };
  priceHistory: PriceHistoryEntry[];
  comparisons: PriceComparison[];
  /** The owner asked for the monthly e-mail and has not unsubscribed. */
  monthlyActive: boolean;
  /** ISO time the figures were computed. */
  generatedAt: string;
}

/** One link as the listing's private page lists it (never the token: it is not stored). */
export interface OwnerReportLinkSummary {
  id: string;
  createdByUid: string;
  createdByName: string;
  /** ISO times. */
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ownerName: string;
  ownerEmail: string;
  monthlyOptIn: boolean;
  unsubscribedAt: string | null;
  views: number;
  /** ISO time of the latest opening, or null. */
  lastViewedAt: string | null;
  /** Whether the viewer may revoke it (its creator or an admin, while it is neither revoked nor expired). */
  revocable: boolean;
}

/** What the action answers (the page shows it beside the forms). */
export type OwnerReportActionData =
  | {
      kind: "created";
      /** The report's absolute URL: shown this once, never again. */
      url: string;
      /** The message with the link, and its one-tap share links. */
      message: string;
      whatsappHref: string;
      mailtoHref: string;
      ownerEmail: string;
      monthly: boolean;
    }
  | {
      kind: "invalid";
      /** pt-BR messages per field name. */
      errors: Partial<Record<"nomeProprietario" | "emailProprietario" | "form", string>>;
      /** The typed values (cut to their limits) to fill the form again. */
      values: { nomeProprietario: string; emailProprietario: string; mensal: boolean };
    }
  | { kind: "revoked" }
  | { kind: "refused"; message: string };

/** "novembro de 2026" of "2026-11". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTHS[Number(number) - 1] ?? ""} de ${year}`;
}

/** "R$ 10.500/m²" or "R$ 45,50/m² por mês". */
export function perSquareMetre(value: number, purpose: PriceComparison["purpose"]): string {
  return purpose === "aluguel" ? `R$ ${formatNumber(value, 2, 2)}/m² por mês` : `${formatPrice(Math.round(value))}/m²`;
}

/** One line on the comparison of one purpose. */
export function comparisonText(comparison: PriceComparison): string {
  const what = comparison.purpose === "venda" ? "Venda" : "Aluguel";
  if (comparison.own == null) return `${what}: sem preço ou área para comparar.`;
  const own = perSquareMetre(comparison.own, comparison.purpose);
  if (comparison.median == null)
    return `${what}: ${own}. Poucos imóveis parecidos ativos no bairro para comparar: ${comparison.comparables} (mínimo ${MIN_COMPARABLES}).`;
  const median = perSquareMetre(comparison.median, comparison.purpose);
  const diff = comparison.differencePercent ?? 0;
  const position =
    Math.abs(diff) < 0.5
      ? "em linha com a mediana"
      : `${formatNumber(Math.abs(diff), 1)}% ${diff > 0 ? "acima" : "abaixo"} da mediana`;
  return `${what}: ${own}, ${position} de ${median} (${comparison.comparables} imóveis parecidos ativos no bairro).`;
}
