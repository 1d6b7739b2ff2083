/**
 * The page's one hydration state: {@link markHydrated} (the root layout's
 * effect), {@link isHydrated} (code outside a render: islands) and
 * {@link useHydrated} (components).
 */
import { createContext, startTransition, useContext, useEffect, useState } from "react";

/** Whether the page's hydration has completed (set by {@link markHydrated}). */
let hydrated = false;

/** Marks hydration as complete; called once from the root layout's effect (it runs after its children's). */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * Whether the page's hydration has completed: false on the server and during
 * the first commit (the root layout's effect runs after its children's),
 * true for anything React renders afterwards, such as a client-side navigation.
 */
export function isHydrated(): boolean {
  return hydrated;
}

/**
 * False on the server and in the first client render, true once React has
 * hydrated: for parts that only make sense with JavaScript running (a map, a
 * field telling an action that a fetcher sent the form). A component mounted
 * after the page's hydration (a client-side navigation) is true from its
 * first render, so what depends on it is in the navigation's own commit: the
 * map page's phone view is there when the router restores the window's
 * offset on the way back. Inside an island that React hydrates after the
 * page (`IslandHydrationContext`), false in the first render too, so the
 * island's first render matches its server HTML.
 *
 * The render that follows hydration is a transition, which React splits into
 * short tasks: on `/mapa` it renders the whole page once more, with the map
 * (ADR 0050). Not `useSyncExternalStore`: React renders a store's change
 * synchronously, in one task, which would undo that split.
 */
export function useHydrated(): boolean {
  const hydratingIsland = useContext(IslandHydrationContext);
  const [ready, setReady] = useState(() => !hydratingIsland && isHydrated());
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return ready;
}

/**
 * True under an island (`./island`) whose server HTML React hydrates after
 * the page: {@link useHydrated} then starts false there as it does in the
 * page's own hydration (React would otherwise report a mismatch, error 418,
 * and render the island anew).
 */
export const IslandHydrationContext = createContext(false);
