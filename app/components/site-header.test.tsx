import { renderToString } from "react-dom/server";
// react-router-dom is the router under @remix-run/react (same package instance).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { mainNavigation, SiteHeader } from "./site-header";

const theme = {
  title: "Horizonte Imobiliária",
  agencyName: "Horizonte",
  logos: { square: "/logo-square.svg", horizontal: null },
};

async function renderAt(path: string, element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://site${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Opening `<a …>` tags of the HTML. */
function anchors(html: string): string[] {
  return html.match(/<a [^>]*>/g) ?? [];
}

function current(pathname: string): string[] {
  return mainNavigation.filter((item) => item.isCurrent(pathname)).map((item) => item.label);
}

describe("main navigation", () => {
  it("links the catalogue, the condominiums, the map, the sell form and the agency's page", () => {
    expect(mainNavigation.map(({ label, to }) => [label, to])).toEqual([
      ["Comprar", "/todos-os-imoveis/venda"],
      ["Alugar", "/todos-os-imoveis/aluguel"],
      ["Todos os imóveis", "/todos-os-imoveis"],
      ["Condomínios", "/condominios"],
      ["Mapa", "/mapa"],
      ["Quero vender", "/anunciar"],
      ["Sobre", "/sobre"],
    ]);
  });

  it("shows the WhatsApp button only when the agency has a number, naming the page it is on", async () => {
    const without = await renderAt("/detalhes/edificio-x/AP1", <SiteHeader theme={theme} />);
    expect(without).not.toContain("obrigado-whatsapp");
    const html = await renderAt(
      "/detalhes/edificio-x/AP1?utm_source=google&x=1",
      <SiteHeader theme={theme} whatsapp />,
    );
    const href = /href="(\/obrigado-whatsapp[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toBeDefined();
    const params = new URL(href!, "http://site").searchParams;
    expect(params.get("origem")).toBe("/detalhes/edificio-x/AP1");
    expect(params.get("utm_source")).toBe("google");
    expect(params.has("x")).toBe(false);
    expect(html).toContain('aria-label="Falar no WhatsApp"');
  });

  it("marks the section of the current page", () => {
    expect(current("/todos-os-imoveis/venda")).toEqual(["Comprar"]);
    expect(current("/todos-os-imoveis/venda-apartamento-sao-paulo-moema")).toEqual(["Comprar"]);
    expect(current("/todos-os-imoveis/aluguel-casa")).toEqual(["Alugar"]);
    expect(current("/todos-os-imoveis")).toEqual(["Todos os imóveis"]);
    expect(current("/todos-os-imoveis/apartamento-sao-paulo")).toEqual(["Todos os imóveis"]);
    expect(current("/todos-os-imoveis/vendas-x")).toEqual(["Todos os imóveis"]);
    expect(current("/sobre")).toEqual(["Sobre"]);
    expect(current("/membro/ana-paula")).toEqual(["Sobre"]);
    expect(current("/")).toEqual([]);
    expect(current("/detalhes/edificio-sol/123")).toEqual([]);
  });
});

describe("SiteHeader", () => {
  it("renders the logo link home, the nav and a menu that works without JavaScript", async () => {
    const html = await renderAt("/todos-os-imoveis/aluguel", <SiteHeader theme={theme} />);
    const links = anchors(html);
    expect(
      links.some((a) => a.includes('href="/"') && a.includes('aria-label="Horizonte Imobiliária – página inicial"')),
    ).toBe(true);
    expect(html).toContain("Horizonte");
    expect(html).toContain("Imobiliária");
    expect(html).toContain("<details");
    expect(html).toContain("<summary");
    const rent = links.filter((a) => a.includes('href="/todos-os-imoveis/aluguel"'));
    const sale = links.filter((a) => a.includes('href="/todos-os-imoveis/venda"'));
    expect(rent).toHaveLength(2);
    expect(rent.every((a) => a.includes('aria-current="page"'))).toBe(true);
    expect(sale.some((a) => a.includes("aria-current"))).toBe(false);
    // The agency's page is reachable from both the bar and the folded menu.
    expect(links.filter((a) => a.includes('href="/sobre"'))).toHaveLength(2);
  });

  it("shows a configured horizontal logo as an image named by the title", async () => {
    const html = await renderAt(
      "/",
      <SiteHeader theme={{ ...theme, logos: { square: "/s.svg", horizontal: "https://cdn.example/logo.svg" } }} />,
    );
    expect(html).toMatch(/<img src="https:\/\/cdn.example\/logo.svg" alt="Horizonte Imobiliária"/);
  });
});
