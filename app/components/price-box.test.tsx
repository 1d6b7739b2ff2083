import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { monthlyCost } from "~/domain/listing";
import { formatPrice } from "~/lib/format";
import { PriceBox, type PriceBoxListing } from "./price-box";

const base: PriceBoxListing = { salePrice: null, rentPrice: null, condoFee: null, iptu: null, salePricePerM2: null };

/** Text content of the element carrying `data-testid`. */
function testIdText(html: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)</(p|div)>`).exec(html);
  return match ? match[1].replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "") : null;
}

describe("PriceBox", () => {
  it("shows the rent, condo fee, IPTU and the monthly cost rent + condo + IPTU/12", () => {
    const listing = { ...base, rentPrice: 3_000, condoFee: 800, iptu: 1_200 };
    const html = renderToString(<PriceBox listing={listing} />);
    expect(testIdText(html, "rent-price")).toBe(`${formatPrice(3_000)}/mês`);
    expect(html).toContain(`${formatPrice(800)}<!-- -->/mês`);
    expect(html).toContain(`${formatPrice(1_200)}<!-- -->/ano`);
    expect(html).toContain("Custo mensal do aluguel");
    expect(html).toContain(formatPrice(monthlyCost(listing, "aluguel")));
    expect(monthlyCost(listing, "aluguel")).toBe(3_900);
    expect(html).toContain("Aluguel + condomínio + IPTU/12");
    expect(html).not.toContain('data-testid="monthly-sale"');
  });

  it("shows the sale price with price per m² and the owner's monthly cost condo + IPTU/12", () => {
    const listing = { ...base, salePrice: 900_000, salePricePerM2: 10_000, condoFee: 1_000, iptu: 2_400 };
    const html = renderToString(<PriceBox listing={listing} />);
    expect(testIdText(html, "sale-price")).toBe(formatPrice(900_000));
    expect(html).toContain(`${formatPrice(10_000)}<!-- -->/m²`);
    expect(html).toContain(formatPrice(1_200));
    expect(html).toContain("Condomínio + IPTU/12, sem parcelas de financiamento");
  });

  it("labels both monthly costs when a listing is for sale and rent", () => {
    const listing = { ...base, salePrice: 500_000, rentPrice: 2_500, condoFee: 600 };
    const html = renderToString(<PriceBox listing={listing} />);
    expect(html).toContain("Custo mensal do aluguel");
    expect(html).toContain("Custo mensal do proprietário");
  });

  it("says 'Não informado' for unknown charges and omits a meaningless monthly cost", () => {
    const html = renderToString(<PriceBox listing={{ ...base, salePrice: 400_000 }} />);
    expect(html.match(/Não informado/g)).toHaveLength(2);
    expect(html).not.toContain("Custo mensal");
  });

  it("calls a monthly cost partial when a fee is not informed (ADR 0086)", () => {
    const html = renderToString(<PriceBox listing={{ ...base, rentPrice: 3_000, iptu: 1_200 }} />);
    expect(html).toContain("Valor parcial: <!-- -->sem condomínio informado");
    const complete = renderToString(<PriceBox listing={{ ...base, rentPrice: 3_000, condoFee: 500, iptu: 1_200 }} />);
    expect(complete).not.toContain("Valor parcial");
  });

  it("asks to consult the price when there is none", () => {
    expect(renderToString(<PriceBox listing={base} />)).toContain("Consulte o valor");
  });
});
