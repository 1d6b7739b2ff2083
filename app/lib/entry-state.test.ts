import { describe, expect, it } from "vitest";
import { ENTRY_STATE_KEY, type EntryStorage, MAX_ENTRY_STATES, readEntryState, writeEntryState } from "./entry-state";

/** An in-memory Storage; `full` makes every write throw, as a full quota does. */
function memoryStorage(full = false): EntryStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException("quota", "QuotaExceededError");
      data.set(key, value);
    },
  };
}

describe("entry state", () => {
  it("keeps each history entry's state apart and merges later writes into it", () => {
    const storage = memoryStorage();
    writeEntryState(storage, "a1", { view: "list" });
    writeEntryState(storage, "b2", { view: "map" });
    writeEntryState(storage, "a1", { listScroll: 1240 });
    expect(readEntryState(storage, "a1")).toEqual({ view: "list", listScroll: 1240 });
    expect(readEntryState(storage, "b2")).toEqual({ view: "map" });
    expect(readEntryState(storage, "c3")).toBeUndefined();
  });

  it(`keeps the ${MAX_ENTRY_STATES} most recently written entries`, () => {
    const storage = memoryStorage();
    for (let i = 0; i <= MAX_ENTRY_STATES; i++) writeEntryState(storage, `k${i}`, { n: i });
    writeEntryState(storage, "k1", { n: 100 }); // written again: the newest now
    writeEntryState(storage, "extra", { n: -1 });
    expect(readEntryState(storage, "k0")).toBeUndefined();
    expect(readEntryState(storage, "k2")).toBeUndefined();
    expect(readEntryState(storage, "k1")).toEqual({ n: 100 });
    expect(readEntryState(storage, "extra")).toEqual({ n: -1 });
    expect(JSON.parse(storage.data.get(ENTRY_STATE_KEY)!)).toHaveLength(MAX_ENTRY_STATES);
  });

  it("reads a malformed store as empty and replaces it on the next write", () => {
    const storage = memoryStorage();
    for (const bad of ["{", '{"a1":{}}', '[["a1",{"view":{"x":1}}],["b2"],3]']) {
      storage.data.set(ENTRY_STATE_KEY, bad);
      expect(readEntryState(storage, "a1")).toBeUndefined();
    }
    writeEntryState(storage, "a1", { view: "list" });
    expect(JSON.parse(storage.data.get(ENTRY_STATE_KEY)!)).toEqual([["a1", { view: "list" }]]);
  });

  it("ignores values that are not strings or finite numbers, and keys that are empty or too long", () => {
    const storage = memoryStorage();
    writeEntryState(storage, "a1", { listScroll: Number.NaN });
    writeEntryState(storage, "", { view: "list" });
    writeEntryState(storage, "x".repeat(65), { view: "list" });
    expect(storage.data.size).toBe(0);
  });

  it("does nothing without a usable storage", () => {
    expect(readEntryState(null, "a1")).toBeUndefined();
    expect(() => writeEntryState(null, "a1", { view: "list" })).not.toThrow();
    const full = memoryStorage(true);
    expect(() => writeEntryState(full, "a1", { view: "list" })).not.toThrow();
    expect(readEntryState(full, "a1")).toBeUndefined();
  });
});
