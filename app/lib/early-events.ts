/**
 * Holding the visitor's first taps and keys back from React until the page
 * has hydrated (single fetch, ADR 0079).
 *
 * With single fetch, `RemixBrowser` suspends the whole root until it has
 * decoded the streamed loader data. React 18 answers a discrete event on a
 * root that is still dehydrated by hydrating it synchronously, which a
 * suspended root cannot do: React throws "Root did not complete" (minified
 * error 345) and the page never hydrates. Stopping those events at the window,
 * before React's listeners on the document see them, leaves the browser's own
 * behaviour (a link navigates, a form submits) exactly as before any script
 * had loaded. They are let through again once the root has committed.
 */

/**
 * The events React 18 treats as discrete and for which it hydrates a blocked
 * root at once (react-dom's `isDiscreteEventThatRequiresHydration`).
 */
export const HYDRATION_FORCING_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

/**
 * Stops {@link HYDRATION_FORCING_EVENTS} at `target`'s capture phase (nothing
 * after the window sees them; their default actions still happen).
 * @returns the release: lets the events through again (idempotent).
 */
export function holdEarlyEvents(target: Pick<EventTarget, "addEventListener" | "removeEventListener">): () => void {
  const stop = (event: Event) => event.stopImmediatePropagation();
  for (const type of HYDRATION_FORCING_EVENTS) target.addEventListener(type, stop, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const type of HYDRATION_FORCING_EVENTS) target.removeEventListener(type, stop, true);
  };
}
