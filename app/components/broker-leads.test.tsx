import { renderToString } from "react-dom/server";
// react-router-dom is the router under @remix-run/react (same package instance).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { PanelLead } from "~/lib/lead-workflow";
import { BrokerLeads } from "./broker-leads";

async function render(element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request("http://site/painel"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  // React separates adjacent text nodes with "<!-- -->"; compare the text.
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />).replace(
    /<!-- -->/g,
    "",
  );
}

const LEAD: PanelLead = {
  id: "0d3c6c0e-0000-4000-8000-000000000001",
  kind: "info",
  status: "novo",
  name: "Carlos Lima",
  phone: "11912345678",
  email: "carlos@exemplo.com.br",
  message: "Tem vaga de garagem?",
  listingCode: "AP123",
  createdAt: "2025-03-11T03:30:00.000Z",
  listing: { code: "AP123", title: "Apartamento em Moema", path: "/detalhes/apartamento-moema/AP123" },
};

describe('BrokerLeads (/painel "Meus leads")', () => {
  it("shows each lead's name (a link to its page), channel, listing link, message, age and status", async () => {
    const html = await render(
      <BrokerLeads page={{ items: [LEAD], total: 1, page: 1, pageCount: 1 }} now="2025-03-11T03:42:00.000Z" />,
    );
    for (const text of [
      `href="/painel/leads/${LEAD.id}">Carlos Lima</a>`,
      "Mais informações",
      'href="/detalhes/apartamento-moema/AP123">Apartamento em Moema (cód. AP123)</a>',
      "Tem vaga de garagem?",
      "há 12 min",
      'title="11/03/2025 00:30"',
      ">Novo<",
      "1 contato",
    ])
      expect(html).toContain(text);
  });

  it("says how many there are and pages them", async () => {
    const html = await render(
      <BrokerLeads
        page={{ items: [{ ...LEAD, listing: null, name: null }], total: 45, page: 2, pageCount: 3 }}
        now="2025-03-14T03:30:00.000Z"
      />,
    );
    expect(html).toContain("45 contatos · página 2 de 3");
    expect(html).toContain("Contato sem nome");
    expect(html).toContain("Imóvel AP123");
    expect(html).toContain("há 3 dias");
    expect(html).toContain('href="/painel?pagina=3"');
  });

  it("says so when there is none", async () => {
    expect(
      await render(
        <BrokerLeads page={{ items: [], total: 0, page: 1, pageCount: 1 }} now="2025-03-11T03:42:00.000Z" />,
      ),
    ).toContain("Nenhum contato atribuído a você ou sobre os seus imóveis.");
  });
});
