import { afterEach, describe, expect, it, vi } from "vitest";

/** Loads the module anew, as a browser whose main pointer can (or cannot) hover would. */
async function prefetchWhere(window: unknown) {
  vi.resetModules();
  if (window !== undefined) vi.stubGlobal("window", window);
  return (await import("./prefetch")).linkPrefetch;
}

const browser = (hover: boolean) => ({
  matchMedia: (query: string) => ({ matches: query === "(hover: hover)" ? hover : !hover }),
});

describe("linkPrefetch", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("prefetches on intent where the pointer can hover (a mouse)", async () => {
    expect(await prefetchWhere(browser(true))).toBe("intent");
  });

  it("does not prefetch on a touch screen, where the tap itself starts the navigation's request", async () => {
    expect(await prefetchWhere(browser(false))).toBe("none");
  });

  it("renders 'none' on the server, which has no window", async () => {
    expect(await prefetchWhere(undefined)).toBe("none");
  });
});
