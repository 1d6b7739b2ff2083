import { startTransition, useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once React has
 * hydrated: for parts that only make sense with JavaScript running (a map, a
 * field telling an action that a fetcher sent the form). The render that
 * follows is a transition, which React splits into short tasks: on `/mapa`
 * it renders the whole page once more, with the map (ADR 0050).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
