import { useEffect, useState, type ReactNode } from "react";

/**
 * False in the render that mounts the calling component and true from a
 * render one task (a macrotask) later: for work that would otherwise run in
 * the same main-thread task as the render that mounted it, such as Leaflet
 * creating a map (a forced layout, dozens of elements) right after React
 * committed the page. A browser counts every task over 50 ms towards Total
 * Blocking Time; two tasks of 40 ms count nothing where one of 80 ms counts
 * 30 ms (docs/decisions/0052-map-work-in-short-tasks.md).
 */
export function useNextTask(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Outside React's event handling, this update is rendered in a task of its own.
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** Renders `children` one task after it mounts ({@link useNextTask}); nothing before. */
export function NextTask({ children }: { children: ReactNode }) {
  return useNextTask() ? children : null;
}
