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
    expect(html).toContain("Em atendimento");
    expect(html).toContain("11/03/2025 00:30");
    expect(html).toContain('href="tel:+5511912345678"');
    expect(html).toContain("(11) 91234-5678");
    expect(html).toContain('href="mailto:carlos@exemplo.com.br"');
    expect(html).toContain("AP123");
  });

  it("says so when there is none", () => {
    expect(renderToString(<BrokerLeads leads={[]} />)).toContain(
      "Nenhum contato atribuído a você ou sobre os seus imóveis.",
    );
  });
});
