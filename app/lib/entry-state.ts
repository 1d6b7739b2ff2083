/**
 * What a page shows that its URL does not say (the map page's phone view, the
 * offset of a list that scrolls in its own box), kept per history entry so
 * that the way back finds the page as the visitor left it. Entries are the
 * router location's `key`, as Remix's `<ScrollRestoration>` keys the window's
 * offset; the store is the tab's sessionStorage, so it ends with the tab
 * (docs/decisions/0059-map-way-back.md).
 */

/** sessionStorage key of the store: a JSON array of `[entryKey, state]`, oldest first. */
export const ENTRY_STATE_KEY = "imobiliaria:entry-state";

/** Entries kept at most; the oldest go first (a tab rarely goes back further). */
export const MAX_ENTRY_STATES = 50;

/** Longest entry key accepted (the router's keys are 8 characters). */
const MAX_ENTRY_KEY_LENGTH = 64;

/** One entry's state: named values, each a string or a finite number. */
export type EntryState = Record<string, string | number>;

/** The part of `Storage` the store uses (`sessionStorageOrNull()` in the browser). */
export type EntryStorage = Pick<Storage, "getItem" | "setItem">;

function isState(value: unknown): value is EntryState {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)));
}

/** The stored entries; an unreadable or malformed store reads as empty. */
function readAll(storage: EntryStorage): [string, EntryState][] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ENTRY_STATE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, EntryState] =>
        Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && isState(entry[1]),
    );
  } catch {
    return [];
  }
}

/** The state kept for history entry `entryKey`, or undefined (none, or no usable storage). */
export function readEntryState(storage: EntryStorage | null, entryKey: string): EntryState | undefined {
  if (!storage || !entryKey) return undefined;
  return readAll(storage).find(([key]) => key === entryKey)?.[1];
}

/**
 * Merges `patch` into the state of history entry `entryKey`, which becomes the
 * newest; beyond {@link MAX_ENTRY_STATES} entries the oldest are dropped. A
 * full or unavailable storage loses the state silently: the page then opens
 * as on a first visit.
 */
export function writeEntryState(storage: EntryStorage | null, entryKey: string, patch: EntryState): void {
  if (!storage || !entryKey || entryKey.length > MAX_ENTRY_KEY_LENGTH || !isState(patch)) return;
  const entries = readAll(storage);
  const previous = entries.find(([key]) => key === entryKey)?.[1];
  const next = entries.filter(([key]) => key !== entryKey);
  next.push([entryKey, { ...previous, ...patch }]);
  try {
    storage.setItem(ENTRY_STATE_KEY, JSON.stringify(next.slice(-MAX_ENTRY_STATES)));
  } catch {
    // Quota exceeded or storage disabled: nothing else to do.
  }
}
