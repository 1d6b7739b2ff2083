/**
 * A process-wide hook for "public content changed": the admin area announces
 * a saved redirect, appearance or team member, the sync a changed catalogue,
 * and `server/index.ts` empties the page cache (ADR 0013) in response. Kept
 * in `singleton()` so the Express side and the Remix bundle share one list of
 * listeners (ADR 0001).
 *
 * With several server processes, `~/.server/cluster-events` registers a
 * publisher here: every announcement is also sent to the other processes
 * (PostgreSQL NOTIFY), which reload what they cache and run their own
 * listeners through {@link notifyLocalListeners}
 * (docs/decisions/0026-several-servers.md).
 */
import { singleton } from "../singleton";

/**
 * What changed: the route rules, the theme, the team members (ADR 0019), the
 * synced catalogue, the agency or the financing simulator's defaults (ADR 0035).
 */
export type ContentChange = "redirects" | "appearance" | "members" | "catalogue" | "agency" | "financing";

/** Every {@link ContentChange}, for validating one received from another process. */
export const CONTENT_CHANGES: readonly ContentChange[] = [
  "redirects",
  "appearance",
  "members",
  "catalogue",
  "agency",
  "financing",
];

type Listener = (change: ContentChange) => void;

/** Sends a change to the other processes; must not throw (it reports its own failures). */
export type ContentChangePublisher = (change: ContentChange) => void;

function listeners(): Set<Listener> {
  return singleton("content-changed-listeners", () => new Set<Listener>());
}

function publishers(): Set<ContentChangePublisher> {
  return singleton("content-changed-publishers", () => new Set<ContentChangePublisher>());
}

/**
 * Calls `listener` after every {@link publicContentChanged} in this process
 * and every change received from another process.
 * @returns a function that removes the listener.
 */
export function onPublicContentChanged(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/**
 * Registers a publisher that forwards every {@link publicContentChanged} of
 * this process to the others (`~/.server/cluster-events`).
 * @returns a function that removes it.
 */
export function setContentChangePublisher(publisher: ContentChangePublisher): () => void {
  publishers().add(publisher);
  return () => publishers().delete(publisher);
}

/**
 * Runs this process's listeners only (a change received from another
 * process, after its caches were reloaded); a listener that throws is logged
 * and skipped.
 */
export function notifyLocalListeners(change: ContentChange): void {
  for (const listener of listeners()) {
    try {
      listener(change);
    } catch (error) {
      console.error(`[admin] falha ao avisar sobre a mudança (${change})`, error);
    }
  }
}

/**
 * Tells every listener of this process that `change` happened, then the
 * other processes (through the registered publishers, if any).
 */
export function publicContentChanged(change: ContentChange): void {
  notifyLocalListeners(change);
  for (const publish of publishers()) publish(change);
}
