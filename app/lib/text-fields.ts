/**
 * Builders of the text fields of every form schema and JSON body (shared by
 * the browser and the server): each field has an explicit maximum length,
 * and no field lets control characters through.
 *
 * - {@link singleLineText} (names, phones, e-mails, codes, titles, paths…):
 *   trims; refuses CR, LF, NUL, every other C0 (U+0000–U+001F) and C1
 *   (U+0080–U+009F) control, DEL (U+007F) and the Unicode line/paragraph
 *   separators U+2028/U+2029. Such characters forge lines in e-mails and
 *   headers, and PostgreSQL refuses NUL in `text` (a 500 instead of a 400).
 * - {@link multiLineText} (messages, bios): line breaks (LF, or CRLF, which
 *   is stored as LF) and tabs are allowed; NUL, a lone CR and every other
 *   control character are refused.
 *
 * Both are a plain `z.string()` (`trim`, `min`, `max`, then the caller's own
 * string rules: `email`, `regex`…) followed by a refinement that refuses
 * control characters, so Conform (`getZodConstraint`: `maxLength`,
 * `minLength`, its empty-field coercion) and the OpenAPI generator both see
 * the string and its bounds. A value that also breaks another rule gets that
 * rule's message first. Lengths are counted in UTF-16 code units, as zod
 * and the HTML `maxlength` attribute count them.
 */
import { z } from "zod";
import { normalizeBrazilianPhone } from "./phone";

/** Message of a single-line field holding a line break or another control character. */
export const SINGLE_LINE_MESSAGE = "Use apenas uma linha, sem caracteres de controle.";

/** Message of a multi-line field holding a control character other than line breaks and tabs. */
export const CONTROL_CHARACTER_MESSAGE =
  "Remova os caracteres de controle do texto (só quebras de linha e tabulações são aceitas).";

/** Default message of a field longer than its maximum. */
export function maxLengthMessage(max: number): string {
  return `Use no máximo ${max} caracteres.`;
}

/** Default message of a field shorter than its minimum. */
export function minLengthMessage(min: number): string {
  return `Use pelo menos ${min} caracteres.`;
}

/** Default message of a required field that is missing, empty or not text. */
export const REQUIRED_MESSAGE = "Preencha este campo.";

// C0 controls (tab, LF and CR included), DEL, C1 controls, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The same without tab (U+0009) and LF (U+000A); CR is allowed only as part of CRLF, which is normalised to LF first.

const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Which characters a field accepts: one line, or several lines (LF, CRLF) with tabs. */
export type TextMode = "single-line" | "multi-line";

/**
 * Whether `value` holds a character the field's mode refuses (see the module
 * comment). For "single-line", leading and trailing whitespace (a trailing
 * newline of a pasted value) is ignored, since the field trims it; for
 * "multi-line", CRLF counts as a line break and a lone CR is refused.
 */
export function hasControlCharacters(value: string, mode: TextMode): boolean {
  if (mode === "single-line") return SINGLE_LINE_FORBIDDEN.test(value.trim());
  return MULTI_LINE_FORBIDDEN.test(normalizeLineBreaks(value));
}

/** CRLF → LF (browsers send a textarea's line breaks as CRLF; `maxlength` counts each as one character). */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n/g, "\n");
}

/** Options of {@link singleLineText} and {@link multiLineText}. */
export interface TextFieldOptions<T extends z.ZodTypeAny> {
  /** Most characters after trimming (UTF-16 code units). Required: every field is bounded. */
  max: number;
  /** Fewest characters after trimming (default: 1 when `required` is given, else none; 0 turns the check off). */
  min?: number;
  /**
   * Message when the value is missing, not a string, or empty after trimming.
   * Without it an empty string is accepted (make the field `.optional()` for
   * a missing one).
   */
  required?: string;
  /** Message below `min` (default: `required`, else "Use pelo menos N caracteres."). */
  minMessage?: string;
  /** Message above `max` (default "Use no máximo N caracteres."). */
  maxMessage?: string;
  /** Message of a control character (default {@link SINGLE_LINE_MESSAGE} / {@link CONTROL_CHARACTER_MESSAGE}). */
  controlMessage?: string;
  /** More rules on the trimmed string (`email`, `regex`, `toLowerCase`…); run after `min` and `max`. */
  rules?: (value: z.ZodString) => T;
}

/** The schema a text builder returns: the string rules `T`, then the control-character refinement. */
export type TextField<T extends z.ZodTypeAny = z.ZodString> = z.ZodEffects<z.ZodTypeAny, z.output<T>, z.input<T>>;

function build<T extends z.ZodTypeAny>(options: TextFieldOptions<T>, mode: TextMode): TextField<T> {
  if (!Number.isInteger(options.max) || options.max < 1)
    throw new RangeError(`max must be a positive integer, got ${options.max}`);
  const typeErrors = {
    required_error: options.required ?? REQUIRED_MESSAGE,
    invalid_type_error: options.required ?? REQUIRED_MESSAGE,
  };
  const message = options.controlMessage ?? (mode === "single-line" ? SINGLE_LINE_MESSAGE : CONTROL_CHARACTER_MESSAGE);
  let text = z.string(typeErrors).trim();
  const min = options.min ?? (options.required ? 1 : 0);
  if (min > 0) text = text.min(min, options.minMessage ?? options.required ?? minLengthMessage(min));
  text = text.max(options.max, options.maxMessage ?? maxLengthMessage(options.max));
  const rules = options.rules ?? ((value: z.ZodString) => value as unknown as T);
  const ruled: z.ZodTypeAny = rules(text);
  // CRLF → LF before counting: browsers send a textarea's line breaks as CRLF, its `maxlength` counts them as one.
  const counted =
    mode === "multi-line"
      ? z.preprocess((value) => (typeof value === "string" ? normalizeLineBreaks(value) : value), ruled)
      : ruled;
  return counted.superRefine((value, ctx) => {
    if (typeof value === "string" && hasControlCharacters(value, mode))
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  }) as TextField<T>;
}

/**
 * A one-line text field (see the module comment): trimmed, `max` characters
 * at most, no line breaks or other control characters.
 * @throws {RangeError} when `max` is not a positive integer (a programming error).
 */
export function singleLineText<T extends z.ZodTypeAny = z.ZodString>(options: TextFieldOptions<T>): TextField<T> {
  return build(options, "single-line");
}

/**
 * A multi-line text field (see the module comment): CRLF stored as LF,
 * trimmed, `max` characters at most, tabs allowed, no other control characters.
 * @throws {RangeError} when `max` is not a positive integer (a programming error).
 */
export function multiLineText<T extends z.ZodTypeAny = z.ZodString>(options: TextFieldOptions<T>): TextField<T> {
  return build(options, "multi-line");
}

/**
 * A required e-mail address of an account (sign-in, password reset, user
 * administration): single line, at most 254 characters (RFC 5321's path
 * limit), lower-cased, with pt-BR messages.
 * @param required the message when it is empty, e.g. "Informe o seu e-mail."
 */
export function accountEmail(required: string) {
  return singleLineText({
    max: 254,
    min: 0,
    required,
    maxMessage: "E-mail longo demais.",
    rules: (value) => value.toLowerCase().email("Informe um e-mail válido."),
  });
}

/**
 * A Brazilian phone typed on one line, normalised to digits
 * (`normalizeBrazilianPhone`, `./phone`); too long or unreadable, the
 * message asks for the DDD and shows `example` ("(11) 3456-7890").
 * @param required the message when it is empty; without it, an empty value fails as unreadable.
 */
export function brazilianPhoneText({ max, required, example }: { max: number; required?: string; example: string }) {
  const message = `Informe um telefone válido com DDD, por exemplo ${example}.`;
  return singleLineText({ max, ...(required ? { required } : {}), maxMessage: message }).transform((value, ctx) => {
    const phone = normalizeBrazilianPhone(value);
    if (!phone) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return phone;
  });
}

/**
 * A multi-line list typed one item per line (blank lines skipped), each line
 * read by `parseLine`: at most `maxLines` lines; the first line it cannot
 * read is named in the message, followed by `howToWrite` ("Escreva como …").
 * @returns the items in the order typed.
 */
export function lineListText<T>({
  max,
  maxLines,
  parseLine,
  howToWrite,
}: {
  max: number;
  maxLines: number;
  parseLine: (line: string) => T | null | undefined;
  howToWrite: string;
}) {
  return multiLineText({ max }).transform((value, ctx) => {
    const lines = value
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > maxLines) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Use no máximo ${maxLines} linhas.` });
      return z.NEVER;
    }
    const items: T[] = [];
    for (const line of lines) {
      const item = parseLine(line);
      if (item == null) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Não entendemos a linha "${line.slice(0, 60)}". ${howToWrite}`,
        });
        return z.NEVER;
      }
      items.push(item);
    }
    return items;
  });
}
