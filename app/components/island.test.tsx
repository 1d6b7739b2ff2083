import { Writable } from "node:stream";
import type { ComponentType } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { island, isIslandUpdateBeforeHydration, sameData } from "./island";

describe("island (server render)", () => {
  it("renders the loaded component inside its wrapper and a Suspense boundary, with the same props", async () => {
    const Greeting = ({ name }: { name: string }) => <p>Olá, {name}</p>;
    const Island = island(() => Promise.resolve(Greeting), "saudacao");
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = renderToString(<Island name="Ana" />);
    expect(html).toMatch(
      /^<div class="[^"]+" data-island="saudacao"><!--\$--><p>Olá, <!-- -->Ana<\/p><!--\/\$--><\/div>$/,
    );
  });

  it("streams the component once it arrives when a request comes before it has (start-up)", async () => {
    let arrive!: (component: ComponentType) => void;
    const Island = island(() => new Promise<ComponentType>((resolve) => (arrive = resolve)), "lento");
    const html = await new Promise<string>((resolve, reject) => {
      let out = "";
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          out += chunk.toString();
          done();
        },
      });
      sink.on("finish", () => resolve(out));
      const { pipe } = renderToPipeableStream(<Island />, {
        onShellReady() {
          pipe(sink);
          arrive(() => <p>Chegou</p>);
        },
        onShellError: reject,
      });
    });
    // The shell has the wrapper with an empty boundary; the content follows in the same answer, with React's swap.
    expect(html).toMatch(
      /^<div class="[^"]+" data-island="lento"><!--\$\?--><template id="B:0"><\/template><!--\/\$--><\/div>/,
    );
    expect(html).toContain("<p>Chegou</p>");
    expect(html).toContain("$RC(");
  });
});

describe("sameData", () => {
  it("compares loader data by content: new objects with the same entries are the same", () => {
    expect(sameData({ code: "AP1", message: "Olá" }, { code: "AP1", message: "Olá" })).toBe(true);
    expect(sameData({ list: [1, { a: "x" }] }, { list: [1, { a: "x" }] })).toBe(true);
    expect(sameData(null, null)).toBe(true);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });

  it("tells different data apart", () => {
    expect(sameData({ code: "AP1" }, { code: "AP2" })).toBe(false);
    expect(sameData({ code: "AP1" }, { code: "AP1", extra: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData(1, "1")).toBe(false);
  });

  it("compares functions, dates and React elements by identity", () => {
    const f = () => 1;
    expect(sameData({ f }, { f })).toBe(true);
    expect(sameData({ f }, { f: () => 1 })).toBe(false);
    expect(sameData(new Date(0), new Date(0))).toBe(false);
    expect(sameData(<b>a</b>, <b>a</b>)).toBe(false);
  });
});

describe("isIslandUpdateBeforeHydration", () => {
  it("recognises React's error 421, minified or not", () => {
    expect(
      isIslandUpdateBeforeHydration(
        new Error("Minified React error #421; visit https://reactjs.org/docs/error-decoder.html?invariant=421"),
      ),
    ).toBe(true);
    expect(
      isIslandUpdateBeforeHydration(
        new Error(
          "This Suspense boundary received an update before it finished hydrating. This caused the boundary to switch to client rendering.",
        ),
      ),
    ).toBe(true);
  });

  it("lets every other recoverable error through", () => {
    expect(isIslandUpdateBeforeHydration(new Error("Minified React error #418; visit …"))).toBe(false);
    expect(isIslandUpdateBeforeHydration(new Error("Minified React error #4210"))).toBe(false);
    expect(isIslandUpdateBeforeHydration("Hydration failed")).toBe(false);
  });
});
