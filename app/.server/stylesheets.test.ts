import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { builtStylesheetText, MAX_INLINE_STYLESHEET_BYTES, setStylesheetDirectory } from "./stylesheets";

const directory = mkdtempSync(path.join(os.tmpdir(), "stylesheets-"));
mkdirSync(path.join(directory, "assets"));
const write = (name: string, text: string) => writeFileSync(path.join(directory, "assets", name), text);
write("site-shell-Ab1_.css", ".a{color:red}");
write("big.css", `.b{margin:0}${" ".repeat(MAX_INLINE_STYLESHEET_BYTES)}`);
write("breakout.css", ".c{}</STYLE><script>alert(1)</script>");
writeFileSync(path.join(directory, "secret.css"), ".s{}");

beforeEach(() => setStylesheetDirectory(directory));
afterAll(() => {
  setStylesheetDirectory(null);
  rmSync(directory, { recursive: true, force: true });
});

describe("builtStylesheetText", () => {
  it("reads a built stylesheet by its /assets href", () => {
    expect(builtStylesheetText("/assets/site-shell-Ab1_.css")).toBe(".a{color:red}");
  });

  it("keeps what it read: a later change of the file is not seen (hashed names never change content)", () => {
    write("kept.css", ".k{}");
    expect(builtStylesheetText("/assets/kept.css")).toBe(".k{}");
    write("kept.css", ".changed{}");
    expect(builtStylesheetText("/assets/kept.css")).toBe(".k{}");
  });

  it("leaves out files over the size limit, missing files and text that would close <style>", () => {
    expect(builtStylesheetText("/assets/big.css")).toBeUndefined();
    expect(builtStylesheetText("/assets/missing.css")).toBeUndefined();
    expect(builtStylesheetText("/assets/breakout.css")).toBeUndefined();
  });

  it("reads nothing outside /assets/*.css", () => {
    for (const href of [
      "/secret.css",
      "/assets/../secret.css",
      "/assets/%2e%2e/secret.css",
      "/assets/site-shell-Ab1_.css?v=1",
      "https://cdn.example/assets/site-shell-Ab1_.css",
      "/assets/site-shell-Ab1_.js",
    ]) {
      expect(builtStylesheetText(href), href).toBeUndefined();
    }
  });

  it("inlines nothing without a directory (development, tests)", () => {
    setStylesheetDirectory(null);
    expect(builtStylesheetText("/assets/site-shell-Ab1_.css")).toBeUndefined();
  });
});
