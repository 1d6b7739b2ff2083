/**
 * What both sides need of a visit's follow-up (ADR 0093): the visitor's rating form (1–5 and a
 * comment of at most {@link FEEDBACK_MAX} characters, pt-BR messages beside the fields), its
 * path (a visit's day and time are written by `./visit-format`).
 */
import { z } from "zod";
import { hasControlCharacters, normalizeLineBreaks } from "./text-fields";

/** Longest comment of a rating, characters. */
export const FEEDBACK_MAX = 1000;

/** The rating's labels, 1 to 5 (what each radio button says). */
export const RATING_LABELS = ["Muito ruim", "Ruim", "Regular", "Boa", "Excelente"] as const;

/** Form fields of the rating page. */
export const FEEDBACK_FIELDS = { rating: "nota", comment: "comentario" } as const;

/** The rating form's schema: the posted fields → `{ rating: 1–5, comment }` (comment "" when left blank). */
export const visitFeedbackSchema = z.object({
  [FEEDBACK_FIELDS.rating]: z.preprocess(
    (value) => (typeof value === "string" && value !== "" ? Number(value) : undefined),
    z
      .number({ required_error: "Escolha uma nota de 1 a 5.", invalid_type_error: "Escolha uma nota de 1 a 5." })
      .int("Escolha uma nota de 1 a 5.")
      .min(1, "Escolha uma nota de 1 a 5.")
      .max(5, "Escolha uma nota de 1 a 5."),
  ),
  [FEEDBACK_FIELDS.comment]: z.preprocess(
    (value) => (typeof value === "string" ? normalizeLineBreaks(value).trim() : ""),
    z
      .string()
      .max(FEEDBACK_MAX, `Escreva no máximo ${FEEDBACK_MAX.toLocaleString("pt-BR")} caracteres.`)
      .refine((value) => !hasControlCharacters(value, "multi-line"), "Remova os caracteres de controle do texto."),
  ),
});

/** A valid rating. */
export interface VisitFeedback {
  /** 1–5. */
  rating: number;
  /** "" when none. */
  comment: string;
}

/** Parses the rating form (values as posted); the first message of each refused field. */
export function parseVisitFeedback(
  formData: Pick<FormData, "get">,
): { ok: true; feedback: VisitFeedback } | { ok: false; errors: Partial<Record<"rating" | "comment", string>> } {
  const parsed = visitFeedbackSchema.safeParse({
    [FEEDBACK_FIELDS.rating]: formData.get(FEEDBACK_FIELDS.rating) ?? undefined,
    [FEEDBACK_FIELDS.comment]: formData.get(FEEDBACK_FIELDS.comment) ?? "",
  });
  if (parsed.success)
    return {
      ok: true,
      feedback: {
        rating: parsed.data[FEEDBACK_FIELDS.rating] as number,
        comment: parsed.data[FEEDBACK_FIELDS.comment] as string,
      },
    };
  const errors: Partial<Record<"rating" | "comment", string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === FEEDBACK_FIELDS.rating ? "rating" : "comment";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Path of a visit's rating page: `/visitas/{token}/avaliacao` (the manage link's token). */
export function visitFeedbackPath(token: string): string {
  return `/visitas/${encodeURIComponent(token)}/avaliacao`;
}

/** A lead's visit as the broker's lead page shows it (ISO times; the visitor's contact is the lead's). */
export interface LeadVisitView {
  status: "booked" | "cancelled";
  startsAt: string;
  endsAt: string;
  cancelledAt: string | null;
  /** 1–5, or null before the visitor rated. */
  rating: number | null;
  feedback: string;
  feedbackAt: string | null;
}
