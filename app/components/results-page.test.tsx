import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { showingRange, SkipToResults } from "./results-page";

describe("the list pages' shared pieces", () => {
  it("says the range alone where the heading already states the total, with it elsewhere", () => {
    expect(showingRange(2, 24, 24)).toBe("Mostrando 25–48");
    expect(showingRange(50, 24, 10, "1.186 imóveis encontrados")).toBe(
      "Mostrando 1.177–1.186 de 1.186 imóveis encontrados",
    );
  });

  it("links past the filters to the results' heading, without script", () => {
    const html = renderToString(<SkipToResults />);
    expect(html).toContain('href="#resultados"');
    expect(html).toContain("Pular para os resultados");
    expect(renderToString(<SkipToResults target="condominios-lista" />)).toContain('href="#condominios-lista"');
  });
});
