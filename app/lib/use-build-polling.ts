/**
 * React side of the new-deployment detection (see `./build-polling.ts`):
 * polls while the page is open and turns the next navigation into a full page
 * load once the server serves another build. Mounted once, in `app/root.tsx`.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  type BuildWatcher,
  claimForcedReload,
  createBuildWatcher,
  isDocumentLinkClick,
  shouldForceFullLoad,
} from "./build-polling";
import { sessionStorageOrNull } from "./browser-storage";

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
  const watcher = useRef<BuildWatcher | null>(null);
  const navigation = useNavigation();

  useEffect(() => {
    if (!pageBuildId) return;
    const instance = createBuildWatcher({ pageBuildId });
    watcher.current = instance;
    instance.start();

    const onClick = (event: MouseEvent) => {
      if (!instance.isStale()) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const plain = isDocumentLinkClick({
        button: event.button,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        defaultPrevented: event.defaultPrevented,
        href: anchor.href,
        target: anchor.getAttribute("target") ?? "",
        download: anchor.hasAttribute("download"),
        currentHref: window.location.href,
      });
      if (plain && claimForcedReload(sessionStorageOrNull())) {
        // The router's handler never runs; the browser follows the link itself.
        event.stopPropagation();
      }
    };
    window.addEventListener("click", onClick, { capture: true });

    return () => {
      window.removeEventListener("click", onClick, { capture: true });
      instance.stop();
      watcher.current = null;
    };
  }, [pageBuildId]);

  const target = navigation.location;
  useEffect(() => {
    if (navigation.state === "idle" || !target || !watcher.current?.isStale()) return;
    const href = `${target.pathname}${target.search}${target.hash}`;
    if (shouldForceFullLoad({ href, formMethod: navigation.formMethod }, true, sessionStorageOrNull())) {
      window.location.assign(href);
    }
  }, [navigation.state, navigation.formMethod, target]);
}
