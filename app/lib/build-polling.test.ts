import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BUILD_POLL_INTERVAL_MS,
  buildLatestUrl,
  canForceReload,
  claimForcedReload,
  createBuildWatcher,
  fetchLatestBuild,
  type GuardStorage,
  isBuildStale,
  isDocumentLinkClick,
  parseLatestBuild,
  RELOAD_GUARD_KEY,
  RELOAD_GUARD_MS,
  shouldForceFullLoad,
} from "./build-polling";

function memoryStorage(initial: Record<string, string> = {}): GuardStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A watcher of page build "v1" whose server keeps answering "v1", with the mocked fetch it calls. */
function upToDateWatcher(options: { now: () => number; minGapMs?: number }) {
  const fetchMock = vi.fn(async () => jsonResponse({ id: "v1" }));
  const watcher = createBuildWatcher({ pageBuildId: "v1", fetch: fetchMock as unknown as typeof fetch, ...options });
  return { fetchMock, watcher };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("stale detection", () => {
  it("is stale only when both ids are known and differ", () => {
    expect(isBuildStale("abc", "def")).toBe(true);
    expect(isBuildStale("abc", "abc")).toBe(false);
    expect(isBuildStale("abc", null)).toBe(false);
    expect(isBuildStale(undefined, "def")).toBe(false);
    expect(isBuildStale("", "def")).toBe(false);
  });

  it("asks for the spec's path with a timestamp query", () => {
    expect(buildLatestUrl(1_700_000_000_000)).toBe("/builds/latest.json?t=1700000000000");
  });

  it("accepts only bodies with a non-empty string id", () => {
    expect(parseLatestBuild({ id: "v2", timestamp: 5 })).toEqual({ id: "v2", timestamp: 5 });
    expect(parseLatestBuild({ id: "v2" })).toEqual({ id: "v2", timestamp: 0 });
    expect(parseLatestBuild({ id: "" })).toBeNull();
    expect(parseLatestBuild({ id: 3 })).toBeNull();
    expect(parseLatestBuild(null)).toBeNull();
    expect(parseLatestBuild("v2")).toBeNull();
  });
});

describe("reload guard (docs/spec.txt §9: 10 seconds)", () => {
  it("allows the first forced reload and records it", () => {
    const storage = memoryStorage();
    expect(claimForcedReload(storage, 50_000)).toBe(true);
    expect(storage.data[RELOAD_GUARD_KEY]).toBe("50000");
  });

  it("refuses a second one within 10 s and allows it from 10 s on", () => {
    const storage = memoryStorage();
    expect(claimForcedReload(storage, 50_000)).toBe(true);
    expect(claimForcedReload(storage, 50_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(storage.data[RELOAD_GUARD_KEY]).toBe("50000");
    expect(claimForcedReload(storage, 50_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it("ignores garbage and timestamps from the future", () => {
    expect(canForceReload(memoryStorage({ [RELOAD_GUARD_KEY]: "abc" }), 1000)).toBe(true);
    expect(canForceReload(memoryStorage({ [RELOAD_GUARD_KEY]: "999999" }), 1000)).toBe(true);
  });

  it("never forces without a working storage", () => {
    expect(canForceReload(null)).toBe(false);
    const throwing: GuardStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(claimForcedReload(throwing, 1000)).toBe(false);
    const readOnly: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimForcedReload(readOnly, 1000)).toBe(false);
  });
});

describe("shouldForceFullLoad", () => {
  it("forces a GET navigation on a stale page once per guard window", () => {
    const storage = memoryStorage();
    expect(shouldForceFullLoad({ href: "/todos-os-imoveis" }, true, storage, 100_000)).toBe(true);
    expect(shouldForceFullLoad({ href: "/" }, true, storage, 105_000)).toBe(false);
    expect(shouldForceFullLoad({ href: "/?q=1", formMethod: "GET" }, true, storage, 111_000)).toBe(true);
  });

  it("never forces when the build is current or for a non-GET submission", () => {
    const storage = memoryStorage();
    expect(shouldForceFullLoad({ href: "/" }, false, storage, 100_000)).toBe(false);
    expect(shouldForceFullLoad({ href: "/contato", formMethod: "POST" }, true, storage, 100_000)).toBe(false);
    expect(storage.data[RELOAD_GUARD_KEY]).toBeUndefined();
  });
});

describe("fetchLatestBuild", () => {
  it("returns the parsed body and bypasses caches", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: "v9", timestamp: 1 }));
    await expect(fetchLatestBuild(fetchMock as unknown as typeof fetch, 42)).resolves.toEqual({
      id: "v9",
      timestamp: 1,
    });
    expect(fetchMock).toHaveBeenCalledWith("/builds/latest.json?t=42", expect.objectContaining({ cache: "no-store" }));
  });

  it.each([
    ["a network error", async () => Promise.reject(new TypeError("Failed to fetch"))],
    ["an HTTP error", async () => jsonResponse({ error: true }, 503)],
    ["a malformed body", async () => jsonResponse({ nope: 1 })],
    ["invalid JSON", async () => new Response("<html>", { status: 200 })],
  ])("only logs %s and gives null (docs/spec.txt §8)", async (_label, impl) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(fetchLatestBuild(vi.fn(impl) as unknown as typeof fetch)).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("createBuildWatcher", () => {
  it("becomes stale when the server reports another id, and current again after a rollback", async () => {
    let serverId = "v1";
    const fetchMock = vi.fn(async () => jsonResponse({ id: serverId, timestamp: 0 }));
    const watcher = createBuildWatcher({ pageBuildId: "v1", fetch: fetchMock as unknown as typeof fetch });
    await watcher.check(true);
    expect(watcher.isStale()).toBe(false);
    serverId = "v2";
    await watcher.check(true);
    expect(watcher.isStale()).toBe(true);
    serverId = "v1";
    await watcher.check(true);
    expect(watcher.isStale()).toBe(false);
  });

  it("keeps the last verdict when a poll fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ id: "v2" }))
      .mockRejectedValueOnce(new TypeError("offline"));
    const watcher = createBuildWatcher({ pageBuildId: "v1", fetch: fetchMock as unknown as typeof fetch });
    await watcher.check(true);
    await watcher.check(true);
    expect(watcher.isStale()).toBe(true);
  });

  it("throttles unforced polls (focus) and shares a running poll", async () => {
    let now = 1_000_000;
    const { fetchMock, watcher } = upToDateWatcher({ now: () => now, minGapMs: 15_000 });
    await Promise.all([watcher.check(), watcher.check()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 14_999;
    await watcher.check();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 1;
    await watcher.check();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await watcher.check(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("polls every 5 minutes and on focus / visibility once started", async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
    vi.stubGlobal("window", target);
    vi.stubGlobal("document", doc);
    try {
      let now = 0;
      const { fetchMock, watcher } = upToDateWatcher({ now: () => now });
      watcher.start();
      expect(BUILD_POLL_INTERVAL_MS).toBe(300_000);
      now = BUILD_POLL_INTERVAL_MS;
      await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      now += 60_000;
      target.dispatchEvent(new Event("focus"));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      now += 60_000;
      doc.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      watcher.stop();
      now += 60_000;
      target.dispatchEvent(new Event("focus"));
      await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("isDocumentLinkClick", () => {
  const plain = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    href: "https://site.com.br/todos-os-imoveis",
    target: "",
    download: false,
    currentHref: "https://site.com.br/",
  };

  it("accepts a plain same-origin link to another page", () => {
    expect(isDocumentLinkClick(plain)).toBe(true);
    expect(isDocumentLinkClick({ ...plain, target: "_self" })).toBe(true);
    expect(isDocumentLinkClick({ ...plain, href: "https://site.com.br/outra#secao" })).toBe(true);
    expect(isDocumentLinkClick({ ...plain, href: "https://site.com.br/?pagina=2" })).toBe(true);
  });

  it.each([
    ["another button", { button: 1 }],
    ["ctrl-click", { ctrlKey: true }],
    ["cmd-click", { metaKey: true }],
    ["shift-click", { shiftKey: true }],
    ["alt-click", { altKey: true }],
    ["a prevented click", { defaultPrevented: true }],
    ["a new tab", { target: "_blank" }],
    ["a download", { download: true }],
    ["another origin", { href: "https://wa.me/5511999999999" }],
    ["a mailto link", { href: "mailto:contato@site.com.br" }],
    ["a hash on the same page", { href: "https://site.com.br/#contato" }],
    ["a malformed href", { href: "http://" }],
  ])("leaves %s to the page", (_label, change) => {
    expect(isDocumentLinkClick({ ...plain, ...change })).toBe(false);
  });
});
