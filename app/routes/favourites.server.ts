/**
 * Server side of `/favoritos` (docs/decisions/0032-favourites-and-compare.md):
 * the codes of the visitor's `favoritos` cookie, or of a shared list
 * (`?codigos=`, at most {@link MAX_FAVOURITES} valid codes; anything else:
 * 400 with a pt-BR message), with each listing's current state.
 */
import { data } from "@remix-run/node";
import { favouriteEntries, type FavouriteEntry } from "~/.server/catalogue/favourites";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { privatePage } from "~/lib/cache-control";
import { MAX_FAVOURITES, parseCodesParam, readFavourites, sharedListPath } from "~/lib/favourites";

/** What the page receives. */
export interface FavouritesData {
  site: { title: string };
  /** `mine`: the visitor's own list; `shared`: a list from `?codigos=`. */
  mode: "mine" | "shared";
  entries: FavouriteEntry[];
  /** The codes shown, in order. */
  codes: string[];
  /** Absolute shareable URL of the list, null when it is empty. */
  shareUrl: string | null;
  /** pt-BR message about a malformed `?codigos=`, else null. */
  error: string | null;
}

/**
 * The page's data, per visitor (`private`, `X-Robots-Tag: noindex`).
 * @throws when the database fails.
 */
export async function loadFavourites(request: Request) {
  const url = new URL(request.url);
  const headers = privatePage({ "X-Robots-Tag": "noindex" });
  const site = { title: getTheme().title };
  const shared = url.searchParams.has("codigos");
  let codes: string[];
  if (shared) {
    const parsed = parseCodesParam(url.searchParams.getAll("codigos"), MAX_FAVOURITES);
    if (!parsed.ok) {
      return data<FavouritesData>(
        { site, mode: "shared", entries: [], codes: [], shareUrl: null, error: parsed.message },
        { status: 400, headers },
      );
    }
    codes = parsed.codes;
  } else {
    codes = readFavourites(request.headers.get("Cookie"));
  }
  const entries = await favouriteEntries(codes);
  const shareUrl = codes.length ? `${siteOrigin(request)}${sharedListPath(codes)}` : null;
  return data<FavouritesData>(
    { site, mode: shared ? "shared" : "mine", entries, codes, shareUrl, error: null },
    { headers },
  );
}
