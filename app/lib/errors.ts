/**
 * Expected page errors and the texts of the error screen (docs/spec.txt §2 "Error
 * screen", §5 route validity checks, §8 error catalogue). Loaders throw the
 * Responses built here; the error boundary (`app/components/error-screen.tsx`)
 * renders them.
 */

/** Message of a 404, "Page Not Found: {path}" (docs/spec.txt §2 and §8). */
export function pageNotFoundMessage(pathname: string): string {
  return `Page Not Found: ${pathname}`;
}

/** Longest status text we send; an HTTP reason phrase has no business being long. */
const MAX_STATUS_TEXT = 200;

/**
 * A reason phrase safe for Node's `res.statusMessage` (which rejects control
 * and non-Latin-1 characters): visible ASCII only, others become "?", capped.
 */
function toStatusText(message: string): string {
  const ascii = message.replace(/[^\x20-\x7e]/g, "?");
  return ascii.length > MAX_STATUS_TEXT ? `${ascii.slice(0, MAX_STATUS_TEXT - 3)}...` : ascii;
}

/**
 * The 404 for a path that matches no route or a page whose validity check
 * failed (docs/spec.txt §2, §5): status 404, body and status text
 * "Page Not Found: {path}" (the status text made header-safe and capped at 200
 * characters). Throw it from a loader: `throw pageNotFound(url.pathname)`.
 * @param pathname the requested path as it appears in the URL (percent-encoded).
 */
export function pageNotFound(pathname: string): Response {
  const message = pageNotFoundMessage(pathname);
  return new Response(message, {
    status: 404,
    statusText: toStatusText(message),
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Title and description of the error screen for one HTTP status. */
export interface ErrorScreenTexts {
  title: string;
  description: string;
}

/**
 * The error screen's texts, from docs/spec.txt §2: 404 "Página não encontrada"
 * / "Desculpe, não encontramos a página que você está procurando."; any other
 * status "Ops! Ocorreu um erro" / "Desculpe, no momento a página que está
 * tentando acessar está indisponível" (the spec's wording with its two missing
 * accents put back, docs/decisions/0075-spec-texts-spelled-right.md).
 */
export function errorScreenTexts(status: number): ErrorScreenTexts {
  if (status === 404) {
    return {
      title: "Página não encontrada",
      description: "Desculpe, não encontramos a página que você está procurando.",
    };
  }
  return {
    title: "Ops! Ocorreu um erro",
    description: "Desculpe, no momento a página que está tentando acessar está indisponível",
  };
}

/**
 * A refusal decided before routing (a foreign origin, a body too large, a
 * malformed address; see `server/request-guards.ts`) as a thrown Response for
 * the error screen: a 404 is {@link pageNotFound} of `path`; any other status
 * carries JSON `{ detail }`, the pt-BR line the screen shows under the spec's
 * texts. Never cached.
 */
export function rejectionResponse(rejection: { status: number; message: string; path: string }): Response {
  if (rejection.status === 404) return pageNotFound(rejection.path);
  return new Response(JSON.stringify({ detail: rejection.message }), {
    status: rejection.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
