/**
 * The "Aparência" form (docs/spec.txt §1 "Theme settings": title,
 * description, colours primary/secondary/light, images logoSquare and
 * logoHorizontal): one zod schema for the browser and the server (docs/style.md
 * §5), and the WCAG contrast checks that warn about unreadable colours.
 */
import { z } from "zod";
import { multiLineText, singleLineText } from "./text-fields";

/** Text colour of the site (`vars.color.text`). */
export const TEXT_COLOR = "#1a1a1a";
/** Page background. */
export const WHITE = "#ffffff";
/** WCAG AA minimum for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
/** WCAG AA minimum for large text, icons and focus outlines (non-text contrast). */
const MIN_GRAPHIC_CONTRAST = 3;

/**
 * `#rgb` or `#rrggbb` in any case → `#rrggbb` lower case; null for anything else.
 */
export function normalizeHexColor(input: string): string | null {
  const value = input.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/.test(value) ? value : null;
}

/** WCAG 2.x relative luminance (0–1) of a `#rgb`/`#rrggbb` colour. */
export function luminance(hex: string): number {
  const digits = (normalizeHexColor(hex) ?? "#000000").slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio (1–21) of two colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour to put on `background`: white unless the site's text colour
 * ({@link TEXT_COLOR}) contrasts better, so a pale brand colour never gets
 * white text (WCAG 2.1 SC 1.4.3).
 */
export function readableTextOn(background: string): string {
  return contrast(background, WHITE) >= contrast(background, TEXT_COLOR) ? WHITE : TEXT_COLOR;
}

/** "4,5:1" — a ratio the Brazilian way, one decimal. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1).replace(".", ",")}:1`;
}

/** The three brand colours. */
export interface BrandColors {
  primary: string;
  secondary: string;
  light: string;
}

/** A contrast warning for one colour field (saving is still allowed). */
export interface ContrastWarning {
  field: keyof BrandColors;
  message: string;
}

/**
 * Contrast warnings for the brand colours as the site uses them: primary
 * and secondary are backgrounds of text (header, buttons) whose text colour
 * is chosen automatically (white or the text colour, whichever contrasts
 * more), so each warns below 4.5:1 even with the better one; secondary also
 * marks links and icons on white (3:1); light is a background of body text
 * (4.5:1). WCAG 2.1 SC 1.4.3 and 1.4.11.
 */
export function contrastWarnings(colors: BrandColors): ContrastWarning[] {
  const warnings: ContrastWarning[] = [];
  const best = (color: string) => Math.max(contrast(color, WHITE), contrast(color, TEXT_COLOR));
  for (const [field, label] of [
    ["primary", "primária"],
    ["secondary", "secundária"],
  ] as const) {
    const color = normalizeHexColor(colors[field]);
    if (!color) continue;
    const ratio = best(color);
    if (ratio < MIN_TEXT_CONTRAST) {
      warnings.push({
        field,
        message: `O texto sobre a cor ${label} terá contraste de ${formatRatio(ratio)}, abaixo do mínimo recomendado de 4,5:1 (WCAG AA).`,
      });
    }
  }
  const secondary = normalizeHexColor(colors.secondary);
  if (secondary && contrast(secondary, WHITE) < MIN_GRAPHIC_CONTRAST) {
    warnings.push({
      field: "secondary",
      message: `A cor secundária sobre o fundo branco tem contraste de ${formatRatio(contrast(secondary, WHITE))}; destaques e ícones pedem pelo menos 3:1.`,
    });
  }
  const light = normalizeHexColor(colors.light);
  if (light && contrast(light, TEXT_COLOR) < MIN_TEXT_CONTRAST) {
    warnings.push({
      field: "light",
      message: `O texto sobre a cor clara terá contraste de ${formatRatio(contrast(light, TEXT_COLOR))}, abaixo do mínimo recomendado de 4,5:1 (WCAG AA).`,
    });
  }
  return warnings;
}

const color = (label: string) =>
  singleLineText({
    max: 20,
    required: `Informe a cor ${label}.`,
    maxMessage: "Use o formato hexadecimal #rrggbb, por exemplo #e11d48.",
  }).transform((value, ctx) => {
    const hex = normalizeHexColor(value);
    if (!hex) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Use o formato hexadecimal #rrggbb, por exemplo #e11d48." });
      return z.NEVER;
    }
    return hex;
  });

/**
 * A logo address: a site path ("/logo.svg", "/imagens?…", or an uploaded
 * logo under `/arquivos/logos/…`). Other sites are refused: the
 * Content-Security-Policy (`img-src 'self'`) would block them.
 */
const logoPath = singleLineText({ max: 500 }).refine(
  (value) => value === "" || /^\/(?![/\\])[^\s]*$/.test(value),
  "Informe um caminho do site começando com /, por exemplo /logo-square.svg.",
);

/**
 * The form. `logoHorizontal` may be empty (the header then
 * draws the square mark beside the title); `logoSquare` empty means the
 * generated default. Every text is bounded and free of control characters
 * (`./text-fields`).
 */
export const appearanceFormSchema = z.object({
  title: singleLineText({ max: 120, min: 2, required: "Informe o título do site." }),
  // Typed in a textarea but used as one line (meta description): line breaks and tabs become single spaces.
  description: multiLineText({
    max: 300,
    min: 10,
    required: "Informe a descrição do site.",
    minMessage: "Escreva uma descrição com pelo menos 10 caracteres.",
    maxMessage: "Use no máximo 300 caracteres (os buscadores mostram cerca de 160).",
  }).transform((value) => value.replace(/\s+/g, " ")),
  primary: color("primária"),
  secondary: color("secundária"),
  light: color("clara"),
  // Optional: Conform submits an empty field as undefined; both mean "the default".
  logoSquare: logoPath.optional().transform((value) => value ?? ""),
  logoHorizontal: logoPath.optional().transform((value) => value ?? ""),
});

/** A valid appearance from the form. */
export type AppearanceFormValue = z.infer<typeof appearanceFormSchema>;
