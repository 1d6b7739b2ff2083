import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CoverThumb } from "./cover-thumb";

describe("CoverThumb", () => {
  it("draws the 320-pixel rendition at 320×240, eager unless asked", () => {
    const html = renderToString(<CoverThumb url="/imagens/capa.jpg" className="foto" alt="Foto de Casa" />);
    expect(html).toMatch(/^<img class="foto" src="[^"]+" width="320" height="240" alt="Foto de Casa"\/>$/);
    expect(html).not.toContain("loading");
  });

  it("loads and decodes lazily in lists below the fold", () => {
    const html = renderToString(<CoverThumb url="/imagens/capa.jpg" className="foto" alt="" lazy />);
    expect(html).toContain('alt="" loading="lazy" decoding="async"');
  });
});
