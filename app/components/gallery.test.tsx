import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Photo } from "~/domain/listing";
import { bouncePlugin, CAROUSEL_DEFAULTS, carouselOptions, Gallery, thresholdPlugin } from "./gallery";

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

/** A minimal stand-in for a keen-slider instance: hooks, track details and moveToIdx. */
function fakeSlider(size = 400) {
  const hooks: Record<string, (() => void)[]> = {};
  const slider = {
    size,
    moves: [] as number[],
    track: {
      details: { position: 0, abs: 0, min: 0, max: 4, minIdx: 0, maxIdx: 4 },
      to(value: number) {
        slider.track.details.position = value;
      },
    },
    on(name: string, cb: () => void) {
      (hooks[name] ??= []).push(cb);
    },
    emit(name: string) {
      for (const cb of hooks[name] ?? []) cb();
    },
    moveToIdx(idx: number) {
      slider.moves.push(idx);
    },
  };
  return slider;
}

/** A 400 px fake slider with the drag-threshold plugin, resting on slide `index`. */
function thresholdSliderAt(index: number) {
  const slider = fakeSlider(400);
  thresholdPlugin()(slider as never);
  slider.track.details.abs = index;
  return slider;
}

/** Drags `slider` from position `from` to `to` and returns the slide it was last sent to. */
function drag(slider: ReturnType<typeof fakeSlider>, from: number, to: number) {
  slider.track.details.position = from;
  slider.emit("dragStarted");
  slider.track.details.position = to;
  slider.emit("dragEnded");
  return slider.moves.at(-1);
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

describe("carousel defaults (docs/spec.txt §9)", () => {
  it("configures keen-slider with duration 500, default index 0 and snap mode", () => {
    expect(CAROUSEL_DEFAULTS).toMatchObject({
      duration: 500,
      threshold: 40,
      bounce: 0.2,
      defaultIndex: 0,
      moveType: "snap",
    });
    expect(carouselOptions()).toMatchObject({
      initial: 0,
      mode: "snap",
      defaultAnimation: { duration: 500 },
      rubberband: true,
    });
    expect(carouselOptions(3)).toMatchObject({ initial: 3 });
  });

  it("snaps back after a drag shorter than 40 px and moves one slide after a longer one", () => {
    const slider = thresholdSliderAt(2);
    expect(drag(slider, 2, 2 + 39 / 400)).toBe(2);
    expect(drag(slider, 2, 2 + 41 / 400)).toBe(3);
    expect(drag(slider, 2, 2 - 120 / 400)).toBe(1);
  });

  it("never moves past the first or last slide", () => {
    expect(drag(thresholdSliderAt(4), 4, 4.5)).toBe(4);
  });

  it("limits overscroll to 20% of a slide at both ends", () => {
    const slider = fakeSlider(400);
    bouncePlugin()(slider as never);
    slider.track.details.position = -0.5;
    slider.emit("dragged");
    expect(slider.track.details.position).toBeCloseTo(-0.2);
    slider.track.details.position = 4.35;
    slider.emit("dragged");
    expect(slider.track.details.position).toBeCloseTo(4.2);
    slider.track.details.position = 2.7;
    slider.emit("dragged");
    expect(slider.track.details.position).toBe(2.7);
  });
});
