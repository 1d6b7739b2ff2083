// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL, moduleLoaderSource } from "./inert-module-script";

/** A stand-in for Paint Timing's observer: the test reports the first contentful paint. */
class FakePaintObserver {
  static supportedEntryTypes = ["paint"];
  static current: FakePaintObserver | null = null;
  disconnected = false;
  constructor(private readonly callback: (list: unknown, observer: FakePaintObserver) => void) {
    FakePaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) }, this);
  }
}

/** Runs the loader as the inline script it is, with `nonce` as its own nonce. */
function runLoader(nonce: string): void {
  Object.defineProperty(document, "currentScript", { configurable: true, value: { nonce } });
  new Function(moduleLoaderSource)();
}

describe("the module loader (inline script)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.current = null;
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    // Detached from the <head>: happy-dom would fetch a connected modulepreload.
    document.body.innerHTML =
      `<p>Imóveis</p><link rel="${INERT_PRELOAD_REL}" href="/assets/entry.client-1.js">` +
      `<link rel="${INERT_PRELOAD_REL}" href="/assets/vendor-1.js">` +
      `<script type="${INERT_MODULE_TYPE}">import("/assets/entry.client-1.js");</script>`;
    vi.spyOn(document.body, "appendChild").mockImplementation((node) => node);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts nothing before the first contentful paint, then the preloads and the module script, with its nonce", () => {
    runLoader("n0nce");
    const links = () => [...document.querySelectorAll("link")].map((link) => [link.rel, link.nonce ?? ""]);
    FakePaintObserver.current!.report("first-paint");
    expect(links()).toEqual([
      [INERT_PRELOAD_REL, ""],
      [INERT_PRELOAD_REL, ""],
    ]);
    expect(document.body.appendChild).not.toHaveBeenCalled();

    FakePaintObserver.current!.report("first-contentful-paint");
    expect(FakePaintObserver.current!.disconnected).toBe(true);
    expect(links()).toEqual([
      ["modulepreload", "n0nce"],
      ["modulepreload", "n0nce"],
    ]);
    const script = vi.mocked(document.body.appendChild).mock.calls[0]![0] as HTMLScriptElement;
    expect([script.type, script.nonce, script.text]).toEqual([
      "module",
      "n0nce",
      'import("/assets/entry.client-1.js");',
    ]);
  });

  it("starts after two seconds at the latest, once", () => {
    runLoader("n0nce");
    vi.advanceTimersByTime(1_999);
    expect(document.body.appendChild).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    FakePaintObserver.current!.report("first-contentful-paint");
    expect(document.body.appendChild).toHaveBeenCalledTimes(1);
  });

  it("starts at once in a hidden tab, which paints nothing", () => {
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    try {
      runLoader("");
      expect(document.body.appendChild).toHaveBeenCalledTimes(1);
      expect(document.querySelector("link")!.rel).toBe("modulepreload");
    } finally {
      Reflect.deleteProperty(document, "visibilityState");
    }
  });

  it("waits for the next frame where the browser has no Paint Timing", () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    runLoader("n0nce");
    expect(document.body.appendChild).not.toHaveBeenCalled();
    frames[0]!(0);
    vi.advanceTimersByTime(0);
    expect(document.body.appendChild).toHaveBeenCalledTimes(1);
  });
});
