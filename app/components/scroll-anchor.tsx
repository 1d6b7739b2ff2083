/**
 * Going back (or forward) to a page puts the listing card that was at the
 * top of the screen back where it was, to the pixel, instead of trusting the
 * old scroll offset alone (docs/decisions/0055-cards-drawn-near-the-viewport.md).
 *
 * Remix's `<ScrollRestoration>` restores the offset; but the cards' text is
 * drawn only as it nears the viewport (`content-visibility: auto`), and a
 * list rendered anew counts the cards not drawn yet at an estimated height,
 * so the old offset alone lands elsewhere. When a navigation leaves a page,
 * the first card on screen and its distance from the top are kept for that
 * history entry (in memory and `sessionStorage`, so a reload keeps them);
 * when the visitor comes back to the entry, the page is scrolled so that the
 * card is at that distance again, and again in every frame of the next
 * {@link RESTORE_WINDOW_MS} while the cards around it are drawn at their
 * real height.
 */
import { useLocation, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

/** The elements a return is anchored on: the listing cards' links, which carry the listing's code. */
export const SCROLL_ANCHOR_ATTRIBUTE = "data-listing-code";

/** Where an anchor is kept across a reload (`sessionStorage`). */
export const SCROLL_ANCHOR_STORAGE_KEY = "ancoras-de-rolagem";

/** How many history entries keep an anchor; the oldest is dropped first. */
const MAX_ENTRIES = 50;

/**
 * How long (ms) after a return, and again after the document's `load`, the
 * card's position is checked in every frame: the cards near the viewport are
 * drawn at their real height over the first frames, later on a slow phone.
 */
export const RESTORE_WINDOW_MS = 1500;

/** How long (ms) the page's scrolling must have stopped before the card on screen is kept again. */
export const SCROLL_SETTLE_MS = 150;

/** Events by which the visitor scrolls on their own. */
const VISITOR_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** The card a history entry is anchored on: its code, and its top's distance from the viewport's top (px). */
export interface ScrollAnchor {
  code: string;
  top: number;
}

/**
 * An element's box as laid out, in px from the viewport's top: transforms
 * (a card lifted while the pointer is over it) do not move it, so the card
 * the visitor clicked, still hovered, is measured where it sits.
 */
export function layoutBox(element: HTMLElement): { top: number; bottom: number } {
  let top = 0;
  for (let box: HTMLElement | null = element; box; box = box.offsetParent as HTMLElement | null) {
    const parent = box.offsetParent as HTMLElement | null;
    top += box.offsetTop + (parent?.clientTop ?? 0);
  }
  top -= window.scrollY;
  return { top, bottom: top + element.offsetHeight };
}

/**
 * Whether `element` moves with the page's own scrolling: no box between it
 * and the document scrolls vertically by itself (as the map's list column
 * does on a wide screen). A box that only scrolls sideways (a row of cards)
 * does not count.
 */
export function scrollsWithPage(element: HTMLElement): boolean {
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight) return false;
  }
  return true;
}

/**
 * The anchor element the visitor is looking at, in a viewport
 * `viewportHeight` px tall, among those that move with the page
 * ({@link scrollsWithPage}): the first (in document order) whose top edge is
 * on screen, else the first that reaches into it (a card taller than the
 * screen); null when none does (the visitor is above or below every card,
 * or the page has none). A card whose top is on screen was drawn at its
 * real height, so what follows it comes back in place too.
 */
export function findScrollAnchor(root: ParentNode, viewportHeight: number): ScrollAnchor | null {
  let reaching: ScrollAnchor | null = null;
  for (const element of root.querySelectorAll<HTMLElement>(`[${SCROLL_ANCHOR_ATTRIBUTE}]`)) {
    if (element.offsetHeight === 0) continue;
    const box = layoutBox(element);
    if (box.bottom <= 0 || box.top >= viewportHeight || !scrollsWithPage(element)) continue;
    const anchor = { code: element.getAttribute(SCROLL_ANCHOR_ATTRIBUTE) ?? "", top: box.top };
    if (box.top >= 0) return anchor;
    reaching ??= anchor;
  }
  return reaching;
}

/**
 * How far (px) the page must scroll down for the anchor's card to stand
 * where it stood: 0 when it does (within 1 px, the rounding of layout
 * offsets), null when the page no longer has it.
 */
export function anchorCorrection(root: ParentNode, anchor: ScrollAnchor): number | null {
  const element = root.querySelector<HTMLElement>(`[${SCROLL_ANCHOR_ATTRIBUTE}="${CSS.escape(anchor.code)}"]`);
  if (!element || !scrollsWithPage(element)) return null;
  const offset = layoutBox(element).top - anchor.top;
  return Math.abs(offset) < 1 ? 0 : offset;
}

/** The anchors of this tab's history entries, by Remix location key. */
let anchors: Map<string, ScrollAnchor> | null = null;

function savedAnchors(): Map<string, ScrollAnchor> {
  if (anchors) return anchors;
  anchors = new Map();
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_ANCHOR_STORAGE_KEY) ?? "[]") as unknown;
    if (Array.isArray(stored)) {
      for (const entry of stored) {
        if (Array.isArray(entry) && typeof entry[0] === "string" && isAnchor(entry[1])) anchors.set(entry[0], entry[1]);
      }
    }
  } catch {
    // Storage blocked or unreadable: anchors live in memory only.
  }
  return anchors;
}

function isAnchor(value: unknown): value is ScrollAnchor {
  const anchor = value as ScrollAnchor | null;
  return typeof anchor?.code === "string" && typeof anchor.top === "number" && Number.isFinite(anchor.top);
}

/**
 * React Router's key for an entry without history state: shared by every
 * document opened that way, so nothing is kept for it. Remix's
 * `<ScrollRestoration>` gives each document's entry a key of its own before
 * hydration, so it shows up only if that script did not run.
 */
const UNKEYED_ENTRY = "default";

/** Keeps (or, with null, forgets) the anchor of the entry `key`. */
function saveAnchor(key: string, anchor: ScrollAnchor | null): void {
  if (key === UNKEYED_ENTRY) return;
  const all = savedAnchors();
  all.delete(key);
  if (anchor) all.set(key, anchor);
  while (all.size > MAX_ENTRIES) all.delete(all.keys().next().value as string);
  try {
    sessionStorage.setItem(SCROLL_ANCHOR_STORAGE_KEY, JSON.stringify([...all]));
  } catch {
    // Storage full or blocked: the anchor still works within this page's life.
  }
}

/**
 * Rendered once, after `<ScrollRestoration>` (whose layout effect restores
 * the offset first). Renders nothing.
 */
export function ScrollAnchorRestoration() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  // The entry on screen, for listeners that run before React renders the next one.
  const entryKey = useRef(location.key);
  useLayoutEffect(() => {
    entryKey.current = location.key;
  }, [location.key]);

  // Leaving the entry. The anchor is measured while the page still shows: once the page's scrolling
  // has settled (so a navigation started by code, a filter changed by key, finds it current), when the
  // visitor starts a navigation (a click or a form sent, in the capture phase, before the router sees
  // it; the browser's back or forward), when the router starts one by itself, and when the document
  // goes away (a reload, another site). The router's "loading" state is only a fallback: its render is
  // a transition, which React may merge with the next one on a busy main thread, so it is not always
  // committed.
  useEffect(() => {
    const keep = () => saveAnchor(entryKey.current, findScrollAnchor(document, window.innerHeight));
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(keep, SCROLL_SETTLE_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("click", keep, { capture: true });
    document.addEventListener("submit", keep, { capture: true });
    window.addEventListener("popstate", keep, { capture: true });
    window.addEventListener("pagehide", keep);
    return () => {
      clearTimeout(settle);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("click", keep, { capture: true });
      document.removeEventListener("submit", keep, { capture: true });
      window.removeEventListener("popstate", keep, { capture: true });
      window.removeEventListener("pagehide", keep);
    };
  }, []);
  useEffect(() => {
    if (navigation.state !== "idle") saveAnchor(location.key, findScrollAnchor(document, window.innerHeight));
  }, [navigation.state, location.key]);

  // Back at an entry (back, forward, a reload): the card where it was.
  useLayoutEffect(() => {
    if (navigationType !== "POP" || location.hash) return;
    const anchor = location.key === UNKEYED_ENTRY ? undefined : savedAnchors().get(location.key);
    if (!anchor) return;
    let frame = 0;
    let until = performance.now() + RESTORE_WINDOW_MS;
    let visitorScrolled = false;
    const correct = () => {
      if (visitorScrolled) return;
      const offset = anchorCorrection(document, anchor);
      if (offset === null) return;
      if (offset !== 0) window.scrollBy(0, offset);
      if (performance.now() < until) frame = requestAnimationFrame(correct);
    };
    // The visitor's own scrolling wins: no correction after it.
    const onVisitorScroll = () => {
      visitorScrolled = true;
      cancelAnimationFrame(frame);
    };
    // After a reload the browser may restore the old offset itself once the document has loaded, after
    // hydration: the card is put back again from then.
    const afterLoad = () => {
      cancelAnimationFrame(frame);
      until = performance.now() + RESTORE_WINDOW_MS;
      frame = requestAnimationFrame(correct);
    };
    for (const type of VISITOR_SCROLL_EVENTS) window.addEventListener(type, onVisitorScroll, { passive: true });
    if (document.readyState !== "complete") window.addEventListener("load", afterLoad, { once: true });
    correct();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, onVisitorScroll);
      window.removeEventListener("load", afterLoad);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
