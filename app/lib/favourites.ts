/**
 * Favourites ("Favoritos") and comparison ("Comparar") without an account
 * (docs/decisions/0032-favourites-and-compare.md): the list of saved listing
 * codes lives only in the visitor's browser, in the first-party cookie
 * {@link FAVOURITES_COOKIE} (the source of truth, so the server can render the
 * hearts and `/favoritos` without JavaScript) mirrored in `localStorage`
 * ({@link FAVOURITES_STORAGE_KEY}, so other open tabs follow a change).
 *
 * Isomorphic and pure: the cookie codec, the list rules (at most
 * {@link MAX_FAVOURITES}, newest first, no duplicates), the `?codigos=` codec
 * of the shared list and of `/comparar`, and the paths.
 */

/** Name of the favourites cookie. */
export const FAVOURITES_COOKIE = "favoritos";

/** `localStorage` key of the mirror of the list (a JSON array of codes). */
export const FAVOURITES_STORAGE_KEY = "favoritos";

/** Most listings a visitor may keep (a full cookie stays well under a browser's 4 KB per cookie; ADR 0032). */
export const MAX_FAVOURITES = 50;

/** Most listings compared side by side. */
export const MAX_COMPARE = 4;

/** Lifetime of the cookie, seconds (one year; renewed on every change). */
export const FAVOURITES_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Separator of the codes in the cookie value (allowed in a cookie, never in a code). */
const COOKIE_SEPARATOR = "|";

/** A listing code as the site writes it (Vista `Codigo`; the analytics beacon's rule). */
export const LISTING_CODE = /^[A-Za-z0-9._-]{1,40}$/;

/** `/favoritos`: the visitor's list, or a shared one with `?codigos=`. */
export const FAVOURITES_PATH = "/favoritos";

/** `/favoritos/alternar` (POST): adds, removes or toggles codes in the cookie (the no-JavaScript path). */
export const FAVOURITE_TOGGLE_PATH = "/favoritos/alternar";

/** `/comparar?codigos=A,B`: listings side by side. */
export const COMPARE_PATH = "/comparar";

/** Form field names of {@link FAVOURITE_TOGGLE_PATH}. */
export const FAVOURITE_FIELDS = {
  /** One listing code. */
  code: "codigo",
  /** Several codes, comma-separated (with `acao=salvar`). */
  codes: "codigos",
  /** What to do: see {@link FavouriteAction}. */
  action: "acao",
  /** Same-site path to go back to. */
  returnTo: "voltar",
} as const;

/** What a post to {@link FAVOURITE_TOGGLE_PATH} asks: toggle one code, remove one, or save several. */
export type FavouriteAction = "alternar" | "remover" | "salvar";

/** Whether `value` is a well-formed listing code. */
export function isListingCode(value: unknown): value is string {
  return typeof value === "string" && LISTING_CODE.test(value);
}

/**
 * The codes of a cookie value (`A1|B2`): well-formed ones only, duplicates
 * dropped, at most {@link MAX_FAVOURITES}; anything malformed is ignored
 * (never an error: a cookie is the visitor's to tamper with).
 */
export function parseFavouritesValue(value: string | null | undefined): string[] {
  if (!value || value.length > 4096) return [];
  const codes: string[] = [];
  for (const part of value.split(COOKIE_SEPARATOR)) {
    if (isListingCode(part) && !codes.includes(part)) codes.push(part);
    if (codes.length === MAX_FAVOURITES) break;
  }
  return codes;
}

/** The cookie value of `codes` (`A1|B2`); the codes must be valid ({@link normaliseCodes}). */
export function favouritesValue(codes: readonly string[]): string {
  return normaliseCodes(codes).join(COOKIE_SEPARATOR);
}

/** Valid, distinct codes in their order, at most {@link MAX_FAVOURITES}. */
export function normaliseCodes(codes: readonly unknown[]): string[] {
  const result: string[] = [];
  for (const code of codes) {
    if (isListingCode(code) && !result.includes(code)) result.push(code);
    if (result.length === MAX_FAVOURITES) break;
  }
  return result;
}

/** The favourites in a `Cookie` header (or `document.cookie`); [] when absent. The first such cookie wins. */
export function readFavourites(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return [];
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== FAVOURITES_COOKIE) continue;
    return parseFavouritesValue(pair.slice(at + 1).trim());
  }
  return [];
}

/**
 * The `Set-Cookie` value (or `document.cookie` assignment) storing `codes`:
 * `Path=/`, `SameSite=Lax`, one year, `Secure` on https. Not `HttpOnly`: the
 * page's script writes it too. An empty list deletes the cookie (`Max-Age=0`),
 * so that its presence means "this visitor has favourites" (the page cache
 * then skips the request).
 */
export function serializeFavouritesCookie(codes: readonly string[], options: { secure: boolean }): string {
  const value = favouritesValue(codes);
  const parts = [`${FAVOURITES_COOKIE}=${value}`, "Path=/", "SameSite=Lax"];
  parts.push(value ? `Max-Age=${FAVOURITES_MAX_AGE_SECONDS}` : "Max-Age=0");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Outcome of {@link toggleFavourite} / {@link addFavourites}. */
export interface FavouritesChange {
  /** The new list (newest first). */
  codes: string[];
  /** Whether the toggled code is in the list afterwards. */
  saved: boolean;
  /** True when a code could not be added because the list holds {@link MAX_FAVOURITES}. */
  full: boolean;
}

/**
 * Adds `code` at the front when absent, removes it when present. A full list
 * is left as it is (`full: true`): older favourites are never dropped silently.
 */
export function toggleFavourite(codes: readonly string[], code: string): FavouritesChange {
  if (codes.includes(code)) return { codes: codes.filter((c) => c !== code), saved: false, full: false };
  if (codes.length >= MAX_FAVOURITES) return { codes: [...codes], saved: false, full: true };
  return { codes: [code, ...codes], saved: true, full: false };
}

/** Removes `code` (no change when absent). */
export function removeFavourite(codes: readonly string[], code: string): string[] {
  return codes.filter((c) => c !== code);
}

/**
 * Adds the codes of a shared list after the visitor's own (those already
 * saved keep their place), up to {@link MAX_FAVOURITES}; `full` when some did
 * not fit.
 */
export function addFavourites(codes: readonly string[], added: readonly string[]): FavouritesChange {
  const result = [...codes];
  let full = false;
  for (const code of added) {
    if (result.includes(code)) continue;
    if (result.length >= MAX_FAVOURITES) {
      full = true;
      break;
    }
    result.push(code);
  }
  return { codes: result, saved: true, full };
}

/** Result of {@link parseCodesParam}: the codes, or a pt-BR message saying what is wrong. */
export type CodesParam = { ok: true; codes: string[] } | { ok: false; message: string };

/**
 * The `codigos` query parameter(s) of a shared list or of `/comparar`:
 * comma-separated (`?codigos=A1,B2`) and/or repeated (`?codigos=A1&codigos=B2`,
 * what the comparison checkboxes send). Blank items are skipped and
 * duplicates dropped. Errors: a malformed code, or more than `max` codes.
 */
export function parseCodesParam(values: readonly string[], max: number): CodesParam {
  const codes: string[] = [];
  for (const value of values) {
    if (value.length > 4096) return { ok: false, message: "A lista de imóveis é longa demais." };
    for (const raw of value.split(",")) {
      const code = raw.trim();
      if (!code) continue;
      if (!LISTING_CODE.test(code)) {
        return {
          ok: false,
          message: `Código de imóvel inválido: “${code.slice(0, 40).replace(/[^\x20-\x7e]/g, "?")}”.`,
        };
      }
      if (!codes.includes(code)) codes.push(code);
    }
  }
  if (codes.length > max) {
    return {
      ok: false,
      message:
        max === MAX_COMPARE
          ? `Você pode comparar até ${MAX_COMPARE} imóveis por vez; foram escolhidos ${codes.length}.`
          : `A lista pode ter até ${max} imóveis.`,
    };
  }
  return { ok: true, codes };
}

/** `/favoritos?codigos=A1,B2`: the shareable address of a list (path only; prefix the origin to share). */
export function sharedListPath(codes: readonly string[]): string {
  return `${FAVOURITES_PATH}?codigos=${codes.join(",")}`;
}

/** `/comparar?codigos=A1,B2`. */
export function comparePath(codes: readonly string[]): string {
  return `${COMPARE_PATH}?codigos=${codes.join(",")}`;
}
