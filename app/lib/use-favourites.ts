/**
 * The visitor's favourites in React (docs/decisions/0032-favourites-and-compare.md).
 *
 * Source of truth: the `favoritos` cookie. The server renders from the copy
 * the root loader read (`RootData.favourites`); once hydrated, the page reads
 * `document.cookie` itself, writes every change to the cookie first and then
 * mirrors it into `localStorage`, whose `storage` event tells the other open
 * tabs to read the cookie again. Nothing is sent to the server.
 */
import { useCallback, useEffect, useState } from "react";
import {
  addFavourites,
  FAVOURITES_STORAGE_KEY,
  readFavourites,
  removeFavourite,
  serializeFavouritesCookie,
  toggleFavourite,
  type FavouritesChange,
} from "./favourites";
import { useOptionalRootData } from "./root-data";

const EMPTY: string[] = [];
const listeners = new Set<() => void>();
/** Last list read from the cookie, with the cookie string it came from. */
let cache: { cookie: string; codes: string[] } | null = null;

/** The list in `document.cookie` (same array while the cookie is unchanged). */
function snapshot(): string[] {
  const cookie = document.cookie;
  if (cache?.cookie !== cookie) cache = { cookie, codes: readFavourites(cookie) };
  return cache.codes;
}

/** Whether two lists hold the same codes in the same order. */
function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code, i) => code === b[i]);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Writes `codes` to the cookie, then mirrors them in `localStorage` (ignored when storage is blocked). */
function write(codes: readonly string[]): void {
  document.cookie = serializeFavouritesCookie(codes, { secure: location.protocol === "https:" });
  try {
    localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(codes));
  } catch {
    // Private mode or storage disabled: the cookie alone still works.
  }
  notify();
}

/** What {@link useFavourites} returns. */
export interface FavouritesApi {
  /** Saved codes, newest first. */
  codes: readonly string[];
  /** Toggles one code; returns what happened (`full` when the list is at its limit). */
  toggle(code: string): FavouritesChange;
  /** Removes one code. */
  remove(code: string): void;
  /** Adds several codes after the existing ones. */
  addAll(codes: readonly string[]): FavouritesChange;
}

/**
 * The favourites list: the root loader's copy while rendering on the server
 * and hydrating, the cookie once mounted; changes write the cookie and
 * `localStorage` and re-render every user of the hook (and, through the
 * `storage` event, those of other tabs).
 */
export function useFavourites(): FavouritesApi {
  const serverCodes = useOptionalRootData()?.favourites ?? EMPTY;
  // The server's list for the server render and the hydration (no mismatch); the cookie once mounted.
  const [codes, setCodes] = useState<readonly string[]>(serverCodes);
  useEffect(() => {
    const update = () => setCodes((previous) => (sameCodes(previous, snapshot()) ? previous : snapshot()));
    // Only when the cookie changed since the server read it (a state update during hydration is avoided).
    if (!sameCodes(serverCodes, snapshot())) update();
    return subscribe(update);
    // The server's copy matters only for the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const toggle = useCallback((code: string) => {
    const change = toggleFavourite(snapshot(), code);
    if (!change.full) write(change.codes);
    return change;
  }, []);
  const remove = useCallback((code: string) => write(removeFavourite(snapshot(), code)), []);
  const addAll = useCallback((added: readonly string[]) => {
    const change = addFavourites(snapshot(), added);
    write(change.codes);
    return change;
  }, []);
  return { codes, toggle, remove, addAll };
}
