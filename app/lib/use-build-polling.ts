/**
 * React side of the new-deployment detection (see `./build-polling.ts`):
 * polls while the page is open and turns the next navigation into a full page
 * load once the server serves another build. Mounted once, in `app/root.tsx`.
 * The watcher's code (`./build-polling`) is fetched when the first poll is due,
 * not with the page (docs/performance.md).
 */
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { BuildWatch } from "./build-polling";
import { BUILD_POLL_INTERVAL_MS } from "./build-polling-timing";

/**
 * Watches for a new build. `buildId` is the id the page was loaded with (root
 * loader); only the first value counts, because a revalidated root loader
 * reports the server's id while the running JavaScript stays the old one.
 *
 * On a stale page (at most once per 10 s, docs/spec.txt §9):
 * - a plain click on a link to another page is left to the browser (the click
 *   is stopped in the capture phase before the router sees it), so the browser
 *   loads the target as a new document;
 * - any other GET navigation (`<Form method="get">`, `navigate()`) is turned
 *   into `location.assign(target)` as soon as it starts.
 */
export function useBuildPolling(buildId: string | null | undefined): void {
  const [pageBuildId] = useState(buildId);
  const watch = useRef<BuildWatch | null>(null);
  /** The watcher's file failed to load (see the navigation effect). */
  const importFailed = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (!pageBuildId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The watcher's code comes when there is first something to do: the tab regains focus or
    // becomes visible, or the first period ends. Until a poll has run the page cannot be stale.
    const load = () => {
      removeTriggers();
      import("./build-polling").then(
        ({ watchBuild }) => {
          if (stopped) return;
          watch.current = watchBuild(pageBuildId);
          watch.current.check();
        },
        () => {
          // Offline, or a new deployment removed this build's files: the next page change loads
          // a whole document (a new build's, if there is one), and the next trigger tries again.
          if (stopped) return;
          importFailed.current = true;
          armTriggers();
        },
      );
    };
    const onVisibility = () => document.visibilityState === "visible" && load();
    function armTriggers() {
      timer = setTimeout(load, BUILD_POLL_INTERVAL_MS);
      window.addEventListener("focus", load);
      document.addEventListener("visibilitychange", onVisibility);
    }
    function removeTriggers() {
      clearTimeout(timer);
      window.removeEventListener("focus", load);
      document.removeEventListener("visibilitychange", onVisibility);
    }
    armTriggers();
    return () => {
      stopped = true;
      removeTriggers();
      watch.current?.stop();
      watch.current = null;
    };
  }, [pageBuildId]);

  const target = navigation.location;
  useEffect(() => {
    if (navigation.state === "idle" || !target) return;
    const href = `${target.pathname}${target.search}${target.hash}`;
    if (watch.current) watch.current.navigationStarted({ href, formMethod: navigation.formMethod });
    else if (importFailed.current && (navigation.formMethod ?? "GET").toUpperCase() === "GET") {
      // The watcher's own file could not be loaded: this build may be gone from the server, so
      // the visitor's page change (never an automatic one: no loop) loads a whole document.
      importFailed.current = false;
      window.location.assign(href);
    }
  }, [navigation.state, navigation.formMethod, target]);
}
