import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SeriesPoint } from "~/lib/neighbourhood-market";
import { MarketChart } from "./neighbourhood-chart";

const point = (month: string, value: number | null, count: number): SeriesPoint => ({
  month,
  pricePerM2: { value, count },
});

describe("MarketChart", () => {
  it("draws shown months as a line broken at a suppressed month, and lists every month in the table", () => {
    const html = renderToString(
      <MarketChart
        id="grafico"
        title="Preço mediano do m² de venda em Moema"
        series={[
          point("2026-08", 10_000, 8),
          point("2026-09", 10_400, 9),
          point("2026-10", null, 3),
          point("2026-11", 9_800, 7),
        ]}
      />,
    );
    expect(html).toContain('role="img"');
    const path = /<path[^>]* d="([^"]+)"/.exec(html)![1];
    // Two segments: August–September, then November alone.
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path.match(/L/g)).toHaveLength(1);
    expect(html.match(/<circle/g)).toHaveLength(3);
    expect(html).toContain("agosto de 2026");
    expect(html).toContain("R$ 10.400");
    expect(html).toContain("poucos imóveis para calcular");
    expect(html.match(/<tr>/g)).toHaveLength(5);
  });

  it("says so instead of a chart when no month has enough listings", () => {
    const html = renderToString(<MarketChart id="g" title="Aluguel" series={[point("2026-11", null, 2)]} />);
    expect(html).not.toContain("<svg");
    expect(html).toContain("poucos imóveis para calcular");
  });

  it("writes a rent's small amounts with cents", () => {
    const html = renderToString(
      <MarketChart id="g" title="Aluguel" series={[point("2026-10", 49.5, 6), point("2026-11", 51.25, 6)]} />,
    );
    expect(html).toContain("R$ 49,50");
    expect(html).toContain("R$ 51,25");
  });
});
