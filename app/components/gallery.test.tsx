import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Photo } from "~/domain/listing";
import { Gallery } from "./gallery";

function photos(count: number): Photo[] {
  return Array.from({ length: count }, (_, i) => ({
    url: `https://cdn.vistahost.com.br/t/fotos/${i + 1}.jpg`,
    thumbnailUrl: `https://cdn.vistahost.com.br/t/fotos/${i + 1}-p.jpg`,
    isCover: i === 0,
    order: i + 1,
    description: i === 2 ? "Sala de estar" : "",
    kind: "Imagem",
  }));
}

describe("Gallery (server render)", () => {
  const html = renderToString(<Gallery photos={photos(8)} title="Apartamento em Moema" />);

  it("renders every photo through the image route, the first eager with high priority, the rest lazy", () => {
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const slides = imgs.filter((tag) => tag.includes('width="1200"'));
    expect(slides).toHaveLength(8);
    expect(slides[0]).toContain('loading="eager"');
    expect(slides[0]).toContain('fetchpriority="high"');
    expect(slides[0]).toContain(
      `src="/imagens?src=${encodeURIComponent("https://cdn.vistahost.com.br/t/fotos/1.jpg")}&amp;w=960"`,
    );
    for (const tag of slides.slice(1)) expect(tag).toContain('loading="lazy"');
    expect(slides[2]).toContain('alt="Sala de estar — Apartamento em Moema"');
    expect(slides[1]).toContain('alt="Apartamento em Moema — foto 2 de 8"');
  });

  it("works without JavaScript: slide anchors, thumbnail links and a counter per slide", () => {
    for (let i = 1; i <= 8; i++) {
      expect(html).toContain(`id="foto-${i}"`);
      expect(html).toContain(`href="#foto-${i}"`);
    }
    expect(html).toMatch(/3<!-- --> \/ <!-- -->8/);
    // No controls that need JavaScript before hydration.
    expect(html).not.toContain("Tela cheia");
    expect(html).not.toContain('data-enhanced="true"');
  });

  it("shows a placeholder when there is no photo", () => {
    expect(renderToString(<Gallery photos={[]} title="Casa" />)).toContain("Fotos em breve");
  });

  it("has no thumbnails or counters for a single photo", () => {
    const single = renderToString(<Gallery photos={photos(1)} title="Casa" />);
    expect(single).not.toContain("Miniaturas");
    expect(single).not.toContain("1 / 1");
  });
});
