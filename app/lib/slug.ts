/**
 * URL slugs: lower case, ASCII, words joined by "-" ("São Paulo" → "sao-paulo").
 * One function for the whole product so that the sync, the filter codec and
 * the link builders always agree.
 */
import slugifyLib from "@sindresorhus/slugify";

/** Slug of a free text, e.g. `slugify("Jardim Paulista")` → `"jardim-paulista"`; "" for blank input. */
export function slugify(text: string): string {
  return slugifyLib(text ?? "", { decamelize: false });
}

/** {@link slugify} that never throws: "" for text the library rejects. */
export function safeSlugify(text: string): string {
  try {
    return slugify(text);
  } catch {
    return "";
  }
}
