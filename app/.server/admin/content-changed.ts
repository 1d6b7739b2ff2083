/**
 * A process-wide hook for "public content changed": the
 * admin area announces a saved redirect or appearance, and `server/index.ts`
 * empties the page cache (ADR 0013) in response. Kept in `singleton()` so the
 * Express side and the Remix bundle share one list of listeners (ADR 0001).
 */
import { singleton } from "../singleton";

/** What changed: the route rules, the theme or the team members (ADR 0019). */
export type ContentChange = "redirects" | "appearance" | "members";

type Listener = (change: ContentChange) => void;

function listeners(): Set<Listener> {
  return singleton("content-changed-listeners", () => new Set<Listener>());
}

/**
 * Calls `listener` after every {@link publicContentChanged} in this process.
 * @returns a function that removes the listener.
 */
export function onPublicContentChanged(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells every listener that `change` happened; a listener that throws is logged and skipped. */
export function publicContentChanged(change: ContentChange): void {
  for (const listener of listeners()) {
    try {
      listener(change);
    } catch (error) {
      console.error(`[admin] falha ao avisar sobre a mudança (${change})`, error);
    }
  }
}
