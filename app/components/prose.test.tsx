import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { paragraphs, Prose } from "./prose";

describe("paragraphs", () => {
  it("splits on line breaks (LF or CRLF, single or repeated), trims and drops blanks", () => {
    expect(paragraphs("Primeiro.\r\n\r\n  Segundo.  \nTerceiro.\n\n   \n")).toEqual([
      "Primeiro.",
      "Segundo.",
      "Terceiro.",
    ]);
  });

  it("is empty for blank text", () => {
    expect(paragraphs(" \n \r\n")).toEqual([]);
  });
});

describe("Prose", () => {
  it("renders one escaped <p> per paragraph inside one div", () => {
    const html = renderToString(<Prose text={"Sala <ampla>\nVaranda & churrasqueira"} />);
    expect(html).toMatch(/^<div class="[^"]+"><p>Sala &lt;ampla&gt;<\/p><p>Varanda &amp; churrasqueira<\/p><\/div>$/);
  });
});
