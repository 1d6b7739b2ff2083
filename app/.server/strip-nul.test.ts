import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { createStripNulTransform } from "./strip-nul";

describe("createStripNulTransform", () => {
  it("drops NUL bytes React 18 leaves at a chunk end and keeps the split character whole", async () => {
    const encoded = Buffer.from("Apartamento · Cód. AP10398", "utf8");
    const dot = encoded.indexOf(0xc2);
    // React flushes the chunk before "·" with two unwritten bytes, then writes "·" in the next chunk.
    const chunks = [Buffer.concat([encoded.subarray(0, dot), Buffer.from([0, 0])]), encoded.subarray(dot)];
    const output = await text(Readable.from(chunks).pipe(createStripNulTransform()));
    expect(output).toBe("Apartamento · Cód. AP10398");
  });

  it("passes chunks without NUL bytes through unchanged", async () => {
    const chunks = [Buffer.from("<p>São Paulo</p>"), Buffer.from("<p>Moema</p>")];
    const output = await text(Readable.from(chunks).pipe(createStripNulTransform()));
    expect(output).toBe("<p>São Paulo</p><p>Moema</p>");
  });
});
