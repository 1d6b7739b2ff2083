// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { HYDRATION_FORCING_EVENTS, holdEarlyEvents } from "./early-events";

describe("holdEarlyEvents", () => {
  let release: (() => void) | undefined;
  afterEach(() => release?.());

  /** Dispatches `type` on a button in the body; what the document's listener saw and whether the default still runs. */
  function dispatch(type: string) {
    const button = document.createElement("button");
    document.body.append(button);
    const seen: string[] = [];
    const listener = (event: Event) => seen.push(event.type);
    document.addEventListener(type, listener);
    const event = new Event(type, { bubbles: true, cancelable: true });
    button.dispatchEvent(event);
    document.removeEventListener(type, listener);
    button.remove();
    return { seen, defaultPrevented: event.defaultPrevented };
  }

  it("keeps every discrete event from the document's listeners, without preventing its default action", () => {
    release = holdEarlyEvents(window);
    for (const type of HYDRATION_FORCING_EVENTS) {
      expect(dispatch(type), type).toEqual({ seen: [], defaultPrevented: false });
    }
  });

  it("lets other events through while holding", () => {
    release = holdEarlyEvents(window);
    expect(dispatch("focusin").seen).toEqual(["focusin"]);
    expect(dispatch("scroll").seen).toEqual(["scroll"]);
  });

  it("lets the events through again once released, and a second release is harmless", () => {
    release = holdEarlyEvents(window);
    release();
    release();
    expect(dispatch("click").seen).toEqual(["click"]);
    expect(dispatch("keydown").seen).toEqual(["keydown"]);
  });
});
