/**
 * `GET /busca/sugestoes?q=…`: suggestions as you type for the
 * search boxes (`~/components/suggest-input`), as JSON
 * `{ query, suggestions: Suggestion[] }` (see `~/.server/catalogue/suggestions`).
 *
 * `q` is validated with zod: missing, too short (< 2), too long (> 80) or
 * repeated values simply give no suggestions, never an error; the answer is
 * cacheable for a minute (`Cache-Control: public, max-age=60`).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { suggest, SUGGEST_MAX_LENGTH, SUGGEST_MIN_LENGTH } from "~/.server/catalogue/suggestions";
import type { Suggestion } from "~/domain/suggestion";

/** Shape of the JSON answer. */
export interface SuggestionsResponse {
  /** The query the suggestions are for (trimmed; "" when invalid). */
  query: string;
  suggestions: Suggestion[];
}

const querySchema = z.string().trim().min(SUGGEST_MIN_LENGTH).max(SUGGEST_MAX_LENGTH);

const CACHE = "public, max-age=60";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(url.searchParams.get("q") ?? "");
  if (!parsed.success) {
    return Response.json({ query: "", suggestions: [] } satisfies SuggestionsResponse, {
      headers: { "Cache-Control": CACHE },
    });
  }
  let suggestions: Suggestion[];
  try {
    suggestions = await suggest(parsed.data);
  } catch (error) {
    // Suggestions are a convenience: a database hiccup gives none (logged), the page still works.
    console.error("suggestions failed", error);
    return Response.json({ query: parsed.data, suggestions: [] } satisfies SuggestionsResponse, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return Response.json({ query: parsed.data, suggestions } satisfies SuggestionsResponse, {
    headers: { "Cache-Control": CACHE },
  });
}
