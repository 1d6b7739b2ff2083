/**
 * The `prefetch` of a `<Link>` to a page the visitor is likely to open next
 * (a listing or condominium card, the next page of a list).
 *
 * - `"intent"` where the main pointer can hover: Remix asks for the page's
 *   data 100 ms after the pointer rests on the link (or it gets focus), and
 *   the click that follows finds it in the browser's cache (public pages
 *   answer with `max-age`).
 * - `"none"` on touch screens, where the only intent is the tap itself:
 *   `touchstart` would start the prefetch 100 ms later, while the
 *   navigation's own request for the same data is already under way, so the
 *   server rendered it twice (seen in Chromium on a phone's emulation), and
 *   the tap paid a React update for nothing.
 *
 * Read once, when the module loads. The server has no pointer and renders
 * `"none"`: the prop changes no markup (the prefetch links appear only
 * after an intent), so hydration finds the server's HTML.
 */
export const linkPrefetch: "intent" | "none" =
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(hover: hover)").matches
    ? "intent"
    : "none";
