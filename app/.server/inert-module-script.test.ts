import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  createInertModuleScriptTransform,
  INERT_MODULE_TYPE,
  INERT_PRELOAD_REL,
  moduleLoaderSource,
} from "./inert-module-script";

/** The end of a document as Remix 2's `<Scripts>` writes it (React's attribute order). */
const scripts =
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/vendor-1.js"/>' +
  '<script nonce="abc">window.__remixContext = {"url":"/"};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");</script>';
const page = `<!DOCTYPE html><html lang="pt-BR"><head></head><body><main><p>São Paulo · Moema</p></main>${scripts}<script nonce="abc">loader</script></body></html>`;
const expected = page
  .replaceAll('<link rel="modulepreload" href="', `<link rel="${INERT_PRELOAD_REL}" href="`)
  .replace(' type="module" async=""', ` type="${INERT_MODULE_TYPE}"`);

/** The document cut into chunks of `size` bytes (a multi-byte character may be split). */
function chunked(document: string, size: number): Buffer[] {
  const bytes = Buffer.from(document, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

describe("createInertModuleScriptTransform", () => {
  it("makes the preload links and the module script inert, however the chunks split them", async () => {
    for (const size of [1, 2, 3, 7, 23, 64, 4096]) {
      const output = await text(Readable.from(chunked(page, size)).pipe(createInertModuleScriptTransform()));
      expect(output, `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("sends what comes before the preload links at once, without waiting for the module script", async () => {
    const transform = createInertModuleScriptTransform();
    const received: string[] = [];
    transform.on("data", (chunk: Buffer) => received.push(chunk.toString("utf8")));
    transform.write(Buffer.from("<body><main>Imóveis</main>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.join("")).toBe("<body><main>Imóveis</main>");
    transform.end(Buffer.from(scripts));
    await new Promise((resolve) => transform.on("end", resolve));
    expect(received.join("")).toContain(`type="${INERT_MODULE_TYPE}"`);
  });

  it("rewrites only the first module script, and a document without preloads (lazy route discovery) too", async () => {
    const withoutPreloads = `<body>${scripts.slice(scripts.indexOf("<script"))}<script type="module" async="">x</script></body>`;
    const output = await text(Readable.from([withoutPreloads]).pipe(createInertModuleScriptTransform()));
    expect(output.match(new RegExp(`type="${INERT_MODULE_TYPE}"`, "g"))).toHaveLength(1);
    expect(output).toContain('<script type="module" async="">x</script>');
  });

  it("passes a document without scripts through unchanged", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Sem scripts: type=&quot;module&quot;</p></body></html>";
    const output = await text(Readable.from(chunked(plain, 5)).pipe(createInertModuleScriptTransform()));
    expect(output).toBe(plain);
  });

  it("gives up and sends the document as rendered when the module script never comes within 1 MB", async () => {
    const long = `<link rel="modulepreload" href="/a.js"/>${"x".repeat(1_100_000)}<script type="module" async="">y</script>`;
    const output = await text(Readable.from(chunked(long, 65_536)).pipe(createInertModuleScriptTransform()));
    expect(output).toBe(long);
  });
});

describe("moduleLoaderSource", () => {
  it("is a script that finds the inert links and module script by the names the transform gives them", () => {
    expect(() => new Function(moduleLoaderSource)).not.toThrow();
    expect(moduleLoaderSource).toContain(`link[rel="${INERT_PRELOAD_REL}"]`);
    expect(moduleLoaderSource).toContain(`script[type="${INERT_MODULE_TYPE}"]`);
    expect(moduleLoaderSource).not.toMatch(/<\/script/i);
  });
});
