/**
 * The `/mapa` page's way back (ADR 0059): the view a phone showed and the
 * list column's offset, kept per history entry.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { sessionStorageOrNull } from "~/lib/browser-storage";
import { readEntryState, writeEntryState } from "~/lib/entry-state";

/** Which half a phone shows (wide screens show both). */
export type PhoneView = "map" | "list";

/** How long the list column's offset waits for the column to be able to scroll that far, ms. */
const RESTORE_WAIT_MS = 2_000;

/** Events by which the visitor scrolls the list column themselves. */
const VISITOR_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * What the way back restores besides the window's offset (ADR 0059): the view
 * a phone showed (map or list) and, on wide screens, how far the list column
 * was scrolled, both kept for the history entry (`location.key`, which a
 * replaced entry changes, so it is written again for the new one). Restored
 * only when the page is rendered by a client-side navigation, not when it
 * hydrates: before hydration a phone draws the map view (ADR 0040), and a
 * switch then would be a layout shift.
 */
export function useWayBack(hydrated: boolean) {
  const { key } = useLocation();
  const [restored] = useState(() => (hydrated ? readEntryState(sessionStorageOrNull(), key) : undefined));
  const [view, setView] = useState<PhoneView>(restored?.view === "list" ? "list" : "map");
  const listRef = useRef<HTMLDivElement>(null);
  const listScroll = useRef(0);
  // The entry when the page is left (a pan replaces it without remounting the page).
  const entryKey = useRef(key);
  entryKey.current = key;

  useEffect(() => {
    if (hydrated) writeEntryState(sessionStorageOrNull(), key, { view });
  }, [hydrated, key, view]);

  // The list column scrolls in its own box on wide screens: its offset, before the first paint,
  // or as soon as the column can scroll that far (the route's stylesheet may still be applying).
  useLayoutEffect(() => {
    const list = listRef.current;
    const top = restored?.listScroll;
    if (!list || typeof top !== "number" || top <= 0) return;
    const apply = () => {
      list.scrollTop = top;
      listScroll.current = list.scrollTop;
      return Math.abs(list.scrollTop - top) <= 1;
    };
    if (apply() || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => apply() && stop());
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of VISITOR_SCROLL_EVENTS) list.removeEventListener(type, stop);
    };
    // Never against the visitor: their own scrolling ends the wait.
    for (const type of VISITOR_SCROLL_EVENTS) list.addEventListener(type, stop, { passive: true });
    const timer = setTimeout(stop, RESTORE_WAIT_MS);
    observer.observe(list);
    return stop;
  }, [restored]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => {
      listScroll.current = list.scrollTop;
    };
    // Read on scroll, not when leaving: by then the column may be out of the document.
    const save = () =>
      writeEntryState(sessionStorageOrNull(), entryKey.current, { listScroll: Math.round(listScroll.current) });
    list.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      list.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
      save();
    };
  }, []);

  return { view, setView, listRef };
}
