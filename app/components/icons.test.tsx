import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_SHAPES, iconDataUri } from "./icon-shapes";
import { BedIcon, HeartIcon, WhatsAppIcon } from "./icons";

/** The SVG document inside a `data:image/svg+xml` URI. */
const svgOf = (uri: string) => {
  expect(uri).toMatch(/^data:image\/svg\+xml,/);
  return decodeURIComponent(uri.slice(uri.indexOf(",") + 1));
};

describe("icons", () => {
  it("are one empty, decorative box of the given size, named in data-icon, with no drawing in the page", () => {
    const html = renderToString(<BedIcon size={16} className="x" />);
    expect(html).toMatch(
      /^<span class="[^"]+ [^"]+ x" style="width:16px;height:16px" data-icon="bed" aria-hidden="true"><\/span>$/,
    );
    expect(html).not.toMatch(/<svg|<path|<use/);
    expect(renderToString(<BedIcon />)).toContain('style="width:24px;height:24px"');
  });

  it("name a standalone icon as an image when given a title", () => {
    const named = renderToString(<HeartIcon title="Salvar" />);
    expect(named).toContain('role="img"');
    expect(named).toContain('aria-label="Salvar"');
    expect(named).not.toContain("aria-hidden");
  });

  it("give each icon its own drawing class", () => {
    const classes = (html: string) => /class="([^"]+)"/.exec(html)![1].split(" ");
    const [base, bed] = classes(renderToString(<BedIcon />));
    const [base2, heart] = classes(renderToString(<HeartIcon />));
    expect(base).toBe(base2);
    expect(bed).not.toBe(heart);
    expect(renderToString(<WhatsAppIcon />)).toContain('data-icon="whatsapp"');
  });

  it("draw outlines as a 2 px round stroke and filled marks without one", () => {
    const bed = svgOf(iconDataUri(ICON_SHAPES.bed));
    expect(bed).toMatch(/^<svg xmlns=["']http:\/\/www.w3.org\/2000\/svg["'] viewBox=["']0 0 24 24["']/);
    expect(bed).toMatch(/fill=["']none["'] stroke=["']black["'] stroke-width=["']2["'] stroke-linecap=["']round["']/);
    expect(bed).toContain("M2 4v16M2 8h18a2 2 0 0 1 2 2v10M2 17h20M6 8v9");

    const whatsapp = svgOf(iconDataUri(ICON_SHAPES.whatsapp));
    expect(whatsapp).toMatch(/fill=["']black["']/);
    expect(whatsapp).not.toContain("stroke");

    const area = svgOf(iconDataUri(ICON_SHAPES.area));
    expect(area).toMatch(/<rect x=["']7["'] y=["']7["'] width=["']10["'] height=["']10["'] rx=["']1["']\/>/);
    const car = svgOf(iconDataUri(ICON_SHAPES.car));
    expect(car.match(/<circle /g)).toHaveLength(2);
  });

  it("fill the outline heart in for the pressed favourite button", () => {
    const filled = svgOf(iconDataUri(ICON_SHAPES.heart, true));
    expect(filled).toMatch(/fill=["']black["']/);
    expect(filled).not.toContain("stroke");
    expect(filled).toContain(ICON_SHAPES.heart.d.slice(0, 20));
  });
});
