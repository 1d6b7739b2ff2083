import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrokerLeads } from "./broker-leads";

describe('BrokerLeads (/painel "Meus leads")', () => {
  it("shows each lead's kind, name, status, São Paulo time and contact links", () => {
    // React separates adjacent text nodes with "<!-- -->"; compare the text.
    const html = renderToString(
      <BrokerLeads
        leads={[
          {
            id: "1",
            kind: "info",
            status: "em_atendimento",
            name: "Carlos Lima",
            phone: "11912345678",
            email: "carlos@exemplo.com.br",
            message: "Tem vaga?",
            listingCode: "AP123",
            createdAt: "2025-03-11T03:30:00.000Z",
          },
        ]}
      />,
    );
    expect(html.replace(/<!-- -->/g, "")).toContain("Mais informações · Carlos Lima");
    for (const text of [
      "Em atendimento",
      "11/03/2025 00:30",
      'href="tel:+5511912345678"',
      "(11) 91234-5678",
      'href="mailto:carlos@exemplo.com.br"',
      "AP123",
    ])
      expect(html).toContain(text);
  });

  it("says so when there is none", () => {
    expect(renderToString(<BrokerLeads leads={[]} />)).toContain(
      "Nenhum contato atribuído a você ou sobre os seus imóveis.",
    );
  });
});
