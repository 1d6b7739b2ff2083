import { describe, expect, it } from "vitest";
import { bouncePlugin, CAROUSEL_DEFAULTS, carouselOptions, thresholdPlugin } from "./gallery-carousel";

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
