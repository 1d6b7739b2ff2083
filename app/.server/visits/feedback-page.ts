/**
 * The server side of the rating page `/visitas/{token}/avaliacao` (ADR 0093): the manage link's
 * token authorises (unknown or malformed: 404), the page shows the visit's listing and time and
 * either the form (only after the visit's start), or the rating already given. The post is
 * defended like the other public forms (`../leads/form-guard`: honeypot, signed render time with
 * its minimum fill time and maximum age, per-IP rate limit) and stores the rating once.
 */
import { data, redirect } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { LEAD_FORM_FIELDS } from "~/lib/lead-fields";
import { parseVisitFeedback, visitFeedbackPath } from "~/lib/visit-followup";
import type { Db } from "../db";
import { describeErrorWithoutData } from "../db/errors";
import type { Limiter } from "../rate-limit";
import { listings } from "../db/schema";
import {
  honeypotFilled,
  leadFormTokens,
  leadRateLimiters,
  type LeadRateLimiters,
  readGuardedForm,
  retryAfterText,
  startedAtRefusal,
} from "../leads/form-guard";
import { TOKEN_PAGE_HEADERS } from "~/lib/cache-control";
import { feedbackState, type FeedbackState, recordVisitFeedback } from "./feedback";
import { guardedVisit } from "./pages";

/** What the rating page shows (never the visitor's own data: the link may have been forwarded). */
export interface FeedbackPageData {
  state: FeedbackState;
  listing: { code: string; title: string };
  /** ISO time the visit starts. */
  startsAt: string;
  /** The rating and comment when given. */
  rating: number | null;
  comment: string;
  /** The signed render time of the form (spam defence). */
  startedAt: string;
}

/** Who asks for the rating page: its URL and IP (the per-IP limit of the manage page). */
export interface FeedbackRequester {
  url: URL;
  clientIp?: string;
  /** The manage pages' limiter (default: the process's, `./pages`). */
  pageLimiter?: Limiter;
}

/**
 * The page's data for `token` at `now`, after the manage page's per-IP limit (`guardedVisit`).
 * @throws {Response} 429 (too many requests from the IP), 404 for an unknown or malformed
 *   token; database errors.
 */
export async function loadFeedbackPage(
  db: Db,
  token: string | undefined,
  requester: FeedbackRequester,
  now: Date = new Date(),
): Promise<FeedbackPageData> {
  const visit = await guardedVisit(db, requester.url, token, requester.clientIp, requester.pageLimiter);
  const [listing] = await db
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.code, visit.listingCode))
    .limit(1);
  return {
    state: feedbackState(visit, now),
    listing: { code: visit.listingCode, title: listing?.title || `Imóvel ${visit.listingCode}` },
    startsAt: visit.startsAt.toISOString(),
    rating: visit.rating,
    comment: visit.feedback,
    startedAt: leadFormTokens(now.getTime()).startedAt,
  };
}

/** What a refused post answers: messages beside the fields or over the form, and a render time. */
export interface FeedbackActionData {
  errors: { rating?: string; comment?: string; form?: string };
  /** The comment as typed, to show again. */
  comment: string;
  rating: string;
  startedAt: string;
}

/** Options of {@link handleFeedbackPost}. */
export interface FeedbackPostOptions {
  db: Db;
  clientIp?: string;
  now?: Date;
  limiters?: LeadRateLimiters;
  /** The manage pages' per-IP limiter (default: the process's, `./pages`). */
  pageLimiter?: Limiter;
}

/**
 * Handles the rating form's POST. Success (or a bot's filled honeypot, or a second rating): 303
 * back to the page, which then shows the rating stored. Refusals: 400 (fields, render time),
 * 409 (not open: before the visit or cancelled), 429 (rate limit), 503 (database), each with its
 * pt-BR message and the typed data.
 * @throws {Response} 429 (the manage pages' per-IP limit), 404 for an unknown or malformed token.
 */
export async function handleFeedbackPost(request: Request, token: string, options: FeedbackPostOptions) {
  const now = options.now ?? new Date();
  const visit = await guardedVisit(options.db, new URL(request.url), token, options.clientIp, options.pageLimiter);
  const back = () => redirect(visitFeedbackPath(token), { status: 303, headers: TOKEN_PAGE_HEADERS });
  const read = await readGuardedForm(request);
  if (read instanceof Response) return read;
  const { formData, startedAt } = read;
  const typed = {
    comment: String(formData.get("comentario") ?? "").slice(0, 2000),
    rating: String(formData.get("nota") ?? "").slice(0, 2),
  };
  const answer = (errors: FeedbackActionData["errors"], status: number, headers: HeadersInit = {}) =>
    data<FeedbackActionData>(
      { errors, ...typed, startedAt: leadFormTokens(now.getTime()).startedAt },
      { status, headers: { ...TOKEN_PAGE_HEADERS, ...headers } },
    );
  if (honeypotFilled(formData.get(LEAD_FORM_FIELDS.honeypot))) {
    console.warn("[visita] avaliação descartada: campo-armadilha preenchido");
    return back();
  }
  const state = feedbackState(visit, now);
  if (state === "given") return back();
  if (state === "too-early") return answer({ form: "A avaliação fica disponível depois do horário da visita." }, 409);
  if (state === "cancelled") return answer({ form: "Esta visita foi cancelada: não há o que avaliar." }, 409);
  const parsed = parseVisitFeedback(formData);
  if (!parsed.ok) return answer(parsed.errors, 400);
  const refused = startedAtRefusal(startedAt, { now: now.getTime() });
  if (refused) return answer({ form: refused.message }, 400);
  try {
    const limited = await (options.limiters ?? leadRateLimiters()).consumeForm(options.clientIp ?? "unknown");
    if (limited)
      return answer(
        { form: `Você enviou muitas mensagens em pouco tempo. ${retryAfterText(limited.retryAfterSeconds)}` },
        429,
        { "Retry-After": String(limited.retryAfterSeconds) },
      );
    await recordVisitFeedback(options.db, visit, parsed.feedback, now);
  } catch (error) {
    console.error("[visita] não foi possível registrar a avaliação:", describeErrorWithoutData(error));
    return answer({ form: "Não conseguimos registrar sua avaliação agora. Tente novamente em instantes." }, 503);
  }
  return back();
}
