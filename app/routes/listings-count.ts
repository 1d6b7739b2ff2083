/**
 * `GET /busca/contagem?…`: the live count of the filters sheet (ADR 0037) as
 * JSON `{ count }` — how many listings the list would show for the same
 * parameters as the filters form (`finalidade`, `tipo`, `cidade`, `bairro`,
 * `preco-min`…, and `q` for `/busca`), by the same query builders as the
 * lists (`~/.server/catalogue/live-count`). Malformed or unknown parameters
 * are ignored, never a 500; a database failure answers 503 `{ count: null }`.
 * Cacheable for a minute (the read model only changes with a sync).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveCount } from "~/.server/catalogue/live-count";

/** Shape of the JSON answer: listings matching, or null when it could not be counted. */
export interface LiveCountResponse {
  count: number | null;
}

/** Longest query string read (characters): a form's parameters fit easily; longer ones are not counted. */
const MAX_QUERY_LENGTH = 4_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH) {
    return Response.json({ count: null } satisfies LiveCountResponse, {
      status: 414,
      headers: { "Cache-Control": "no-store" },
    });
  }
  try {
    const count = await liveCount(url.searchParams);
    return Response.json({ count } satisfies LiveCountResponse, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    // The count is a convenience: the sheet keeps its "Ver imóveis" button.
    console.error("live count failed", error);
    return Response.json({ count: null } satisfies LiveCountResponse, {
      status: 503,
      headers: { "Cache-Control": "no-store" },
    });
  }
}
