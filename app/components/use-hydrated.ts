import { useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once React has
 * hydrated: for parts that only make sense with JavaScript running (a map, a
 * field telling an action that a fetcher sent the form).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
