import { describe, expect, it } from "vitest";
import { forEachConcurrent } from "./concurrency";
import { codeChunks } from "./run";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("forEachConcurrent", () => {
  it("processes every item with at most `concurrency` in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const done: number[] = [];
    async function* pages() {
      for (let p = 0; p < 5; p++) yield Array.from({ length: 7 }, (_, i) => p * 7 + i);
    }
    await forEachConcurrent(pages(), 3, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await tick();
      inFlight--;
      done.push(n);
    });
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 35 }, (_, i) => i));
  });

  it("stops pulling after the first failure and rethrows it", async () => {
    let pulled = 0;
    let closed = false;
    async function* pages() {
      try {
        for (let p = 0; p < 100; p++) {
          pulled++;
          yield [p];
        }
      } finally {
        closed = true;
      }
    }
    await expect(
      forEachConcurrent(pages(), 2, async (n) => {
        await tick();
        if (n === 3) throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(pulled).toBeLessThan(10);
    expect(closed).toBe(true);
  });
});

describe("codeChunks", () => {
  it("never builds a two-code IN list (Vista could read it as a range)", () => {
    expect(codeChunks(["a", "b", "c"], 50)).toEqual([["a", "b", "c"]]);
    expect(codeChunks(["a", "b"], 50)).toEqual([["a"], ["b"]]);
    const many = Array.from({ length: 52 }, (_, i) => String(i));
    const chunks = codeChunks(many, 50);
    expect(chunks.map((c) => c.length)).toEqual([50, 1, 1]);
    expect(chunks.flat()).toEqual(many);
  });
});
