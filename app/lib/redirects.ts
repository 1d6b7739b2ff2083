/**
 * Route rules ("redirecionamentos", docs/spec.txt §2 "route-rules lookup";
 * docs/product.md "Redirecionamentos"): path rules shared by the admin form
 * (browser) and the server.
 * One zod schema for the form (docs/style.md §5); pt-BR messages beside each field.
 */
import { z } from "zod";
import { hasControlCharacters, singleLineText } from "./text-fields";

/**
 * Path prefixes a rule may never take over: the admin area, the login, the
 * health check, the build's assets and build polling, and Remix's route
 * manifest (otherwise a bad rule could lock the admin out or break the app).
 */
const PROTECTED_PREFIXES = [
  "/admin",
  "/login-corretores",
  "/health",
  "/assets",
  "/build",
  "/builds",
  "/__manifest",
] as const;

/** Most characters of a from-path. */
const FROM_PATH_MAX = 500;
/** Most characters of a target. */
const TARGET_MAX = 2000;
/** Most hops followed when one rule's target is another rule's from-path. */
export const MAX_REDIRECT_HOPS = 5;

/**
 * Whether `value` is shaped like a site path: a single leading "/" (not "//",
 * not "/\\"), no backslash anywhere, no whitespace and no control character
 * (C0, DEL, C1, U+2028/U+2029). Browsers read "//host" and "/\\host" as
 * another site, and a line break in a `Location` header forges headers.
 */
function isSitePathShape(value: string): boolean {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !/[\\\s]/.test(value) &&
    !hasControlCharacters(value, "single-line")
  );
}

/**
 * A from-path in its stored form: percent-encoded as browsers send it (so
 * "/promoção" and "/promo%C3%A7%C3%A3o" are one rule), without a trailing
 * slash (except "/"). Null when `input` is not a plain site path
 * ({@link isSitePathShape}, and no query or fragment).
 */
export function normalizeRedirectPath(input: string): string | null {
  const value = input.trim();
  if (!isSitePathShape(value) || /[?#]/.test(value)) return null;
  let pathname: string;
  try {
    pathname = new URL(value, "http://site.invalid").pathname;
  } catch {
    return null;
  }
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "") || "/";
  return pathname;
}

/** Whether `path` (normalised) is under one of {@link PROTECTED_PREFIXES}. */
export function isProtectedPath(path: string): boolean {
  const lower = path.toLowerCase();
  return PROTECTED_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A parsed target: a site path (with optional query/fragment) or an absolute https URL. */
export type RedirectTarget = { kind: "internal"; value: string; path: string } | { kind: "external"; value: string };

/**
 * Parses a target: "/caminho?x=1" (internal, {@link isSitePathShape}; `path`
 * is its normalised pathname, for following chains) or
 * "https://exemplo.com/…" (external; plain `http:` is refused, as are
 * backslashes, whitespace and control characters anywhere).
 * Null for anything else ("//host", "/\\host", "javascript:", "http://…",
 * relative paths, line breaks, more than {@link TARGET_MAX} characters).
 */
export function parseRedirectTarget(input: string): RedirectTarget | null {
  if (typeof input !== "string") return null;
  const value = input.trim();
  if (!value || value.length > TARGET_MAX || /[\\\s]/.test(value) || hasControlCharacters(value, "single-line"))
    return null;
  if (value.startsWith("/")) {
    if (!isSitePathShape(value)) return null;
    try {
      const url = new URL(value, "http://site.invalid");
      const path = normalizeRedirectPath(url.pathname);
      if (!path) return null;
      return { kind: "internal", value: `${url.pathname}${url.search}${url.hash}`, path };
    } catch {
      return null;
    }
  }
  if (!/^https:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || !url.hostname) return null;
    return { kind: "external", value: url.href };
  } catch {
    return null;
  }
}

/**
 * Whether a stored rule can be served: its from-path is in the stored form
 * ({@link normalizeRedirectPath}) and its target parses
 * ({@link parseRedirectTarget}). A row saved before these rules existed
 * ("http://…", a line break) fails and is ignored, never answered.
 */
export function isServableRule(rule: { fromPath: string; target: string }): boolean {
  return (
    typeof rule.fromPath === "string" &&
    typeof rule.target === "string" &&
    rule.fromPath.length <= FROM_PATH_MAX &&
    normalizeRedirectPath(rule.fromPath) === rule.fromPath &&
    parseRedirectTarget(rule.target) !== null
  );
}

const FROM_PATH_MESSAGE = "Informe um caminho do site começando com /, sem espaços, ? ou #, por exemplo /promocao.";
const TARGET_MESSAGE =
  "Informe um caminho do site (por exemplo /todos-os-imoveis) ou um endereço completo começando com https://.";

/**
 * The admin form of one rule: from-path, target, 301/302,
 * active. Values come out normalised (`fromPath` stored form, `target` as
 * parsed). Both texts are one line ({@link singleLineText}); an invalid one
 * stops the parse (a fatal issue) so the cross-field check never sees it.
 * Cycle checks need the other rules and happen on the server.
 */
export const redirectFormSchema = z
  .object({
    id: z.string().uuid().optional(),
    fromPath: singleLineText({
      max: FROM_PATH_MAX,
      required: "Informe o caminho de origem.",
      controlMessage: FROM_PATH_MESSAGE,
    }).transform((value, ctx) => {
      const path = normalizeRedirectPath(value);
      if (!path) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: FROM_PATH_MESSAGE, fatal: true });
        return z.NEVER;
      }
      if (isProtectedPath(path)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: "Este caminho é reservado do sistema e não pode ser redirecionado.",
          fatal: true,
        });
        return z.NEVER;
      }
      return path;
    }),
    target: singleLineText({
      max: TARGET_MAX,
      required: "Informe o destino.",
      controlMessage: TARGET_MESSAGE,
    }).transform((value, ctx) => {
      const target = parseRedirectTarget(value);
      if (!target) {
        const message = /^http:\/\//i.test(value)
          ? "Use um endereço seguro, começando com https:// (http:// não é aceito)."
          : TARGET_MESSAGE;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message, fatal: true });
        return z.NEVER;
      }
      return target.value;
    }),
    statusCode: z.coerce
      .number({
        required_error: "Escolha o tipo de redirecionamento.",
        invalid_type_error: "Escolha o tipo de redirecionamento.",
      })
      .refine(
        (value): value is 301 | 302 => value === 301 || value === 302,
        "Escolha 301 (permanente) ou 302 (temporário).",
      )
      .transform((value) => value as 301 | 302),
    active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
  })
  .superRefine((value, ctx) => {
    // Reached with every field parsed (see above), but checked anyway: a transform's z.NEVER is not a string.
    if (typeof value.target !== "string" || typeof value.fromPath !== "string") return;
    const target = parseRedirectTarget(value.target);
    if (target?.kind === "internal" && target.path === value.fromPath) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["target"],
        message: "O destino não pode ser o próprio caminho de origem.",
      });
    }
  });

/** A valid rule from {@link redirectFormSchema}. */
export type RedirectFormValue = z.infer<typeof redirectFormSchema>;

/** A stored rule as the admin page lists and edits it. */
export interface RedirectRow {
  id: string;
  /** Normalised from-path ({@link normalizeRedirectPath}). */
  fromPath: string;
  /** Site path (optional query) or absolute https URL. */
  target: string;
  /** 301 permanent, 302 temporary. */
  statusCode: 301 | 302;
  active: boolean;
}
