import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AddressLine, DetailsSection, fullAddress, LocationSection } from "./detail-sections";

/** Server-rendered HTML without React's `<!-- -->` text separators. */
const html = (node: JSX.Element) => renderToString(node).replace(/<!-- -->/g, "");

const place = { address: "Rua X, 10", neighbourhood: "Moema", city: "São Paulo", state: "SP" };

describe("fullAddress", () => {
  it("joins the known parts, city and state with a dash", () => {
    expect(fullAddress(place)).toBe("Rua X, 10, Moema, São Paulo – SP");
    expect(fullAddress({ ...place, address: "", state: "" })).toBe("Moema, São Paulo");
    expect(fullAddress({ address: "", neighbourhood: "", city: "", state: "SP" })).toBe("SP");
    expect(fullAddress({ address: "", neighbourhood: "", city: "", state: "" })).toBe("");
  });
});

describe("AddressLine", () => {
  it("shows the address, or nothing when none is known", () => {
    expect(html(<AddressLine place={place} />)).toContain("<span>Rua X, 10, Moema, São Paulo – SP</span>");
    expect(renderToString(<AddressLine place={{ address: "", neighbourhood: "", city: "", state: "" }} />)).toBe("");
  });
});

describe("DetailsSection", () => {
  it("lists the rows in order as terms and values", () => {
    const out = html(
      <DetailsSection
        rows={[
          ["Código", "AP1"],
          ["Mobiliado", "Não"],
        ]}
      />,
    );
    expect(out).toContain('<h2 id="detalhes">Detalhes</h2>');
    expect(out.match(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)?.map((m) => m.replace(/<[^>]+>/g, "|"))).toEqual([
      "|Código||AP1|",
      "|Mobiliado||Não|",
    ]);
  });

  it("renders nothing without rows", () => {
    expect(renderToString(<DetailsSection rows={[]} />)).toBe("");
  });
});

describe("LocationSection", () => {
  it("shows the place, the note and the map link", () => {
    const out = html(
      <LocationSection place={place} mapUrl="https://www.openstreetmap.org/x" note="Localização aproximada." />,
    );
    expect(out).toContain("<strong>Moema</strong>, São Paulo – SP");
    expect(out).toContain("Localização aproximada.</p></div>");
    expect(out).toContain('href="https://www.openstreetmap.org/x"');
    expect(out).toContain("Ver no mapa");
  });

  it("has no map link without coordinates and no wrapper without a note", () => {
    const out = html(<LocationSection place={{ ...place, city: "", state: "" }} mapUrl={null} />);
    expect(out).toContain("<p><strong>Moema</strong></p></div>");
    expect(out).not.toContain("Ver no mapa");
  });
});
