import { describe, expect, it } from "vitest";
import { mapLinkFor } from "./map-link";

describe("mapLinkFor", () => {
  it("carries a list page's segment and every query filter, without the page", () => {
    expect(mapLinkFor("/todos-os-imoveis/venda-apartamento", "?quartos=2&custo-max=5000&pagina=3")).toBe(
      "/mapa?filtros=venda-apartamento&quartos=2&custo-max=5000",
    );
    expect(mapLinkFor("/todos-os-imoveis", "?custo-min=1000")).toBe("/mapa?custo-min=1000");
    expect(mapLinkFor("/todos-os-imoveis/", "")).toBe("/mapa");
  });

  it("carries /busca's words and filters, and keeps the map's own URL", () => {
    expect(mapLinkFor("/busca", "?q=apartamento+moema&quartos=2")).toBe("/mapa?q=apartamento+moema&quartos=2");
    expect(mapLinkFor("/mapa", "?finalidade=venda&area=1,2,3,4")).toBe("/mapa?finalidade=venda&area=1,2,3,4");
  });

  it("opens the plain map from other pages or with an oversized query", () => {
    expect(mapLinkFor("/sobre", "?quartos=2")).toBe("/mapa");
    expect(mapLinkFor("/todos-os-imoveis-x", "")).toBe("/mapa");
    expect(mapLinkFor("/busca", `?q=${"a".repeat(3000)}`)).toBe("/mapa");
  });
});
