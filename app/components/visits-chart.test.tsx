import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { niceMax, VisitsChart } from "./visits-chart";

const days = [
  { day: "2026-11-22", pageViews: 12, visitors: 5 },
  { day: "2026-11-23", pageViews: 0, visitors: 0 },
  { day: "2026-11-24", pageViews: 37, visitors: 9 },
];

describe("niceMax", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 12, 37, 200, 201].map(niceMax)).toEqual([1, 1, 5, 20, 50, 200, 500]);
  });
});

describe("VisitsChart", () => {
  const html = renderToStaticMarkup(<VisitsChart days={days} />);

  it("is an image with a title and a description naming the period and the busiest day", () => {
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="grafico-visitas-titulo grafico-visitas-desc"');
    expect(html).toContain('<title id="grafico-visitas-titulo">Visitas por dia</title>');
    expect(html).toMatch(/De 22\/11\/2026 a 24\/11\/2026: 49 visualizações de página/);
    expect(html).toContain("24/11/2026, com 37");
  });

  it("draws one bar per day, scaled to the axis maximum", () => {
    const bars = [...html.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(bars).toHaveLength(3);
    expect(bars[1]).toBe(0);
    // 37 of an axis of 50 on a plot 200 px high.
    expect(bars[2]).toBeCloseTo((37 / 50) * 200, 0);
    expect(html).toContain("<polyline");
  });

  it("repeats the figures in a data table", () => {
    expect(html).toMatch(
      /<th[^>]*scope="row"><time dateTime="2026-11-24">24\/11\/2026<\/time><\/th><td[^>]*>37<\/td><td[^>]*>9<\/td>/,
    );
  });
});
