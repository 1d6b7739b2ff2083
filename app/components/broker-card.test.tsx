import { renderToString } from "react-dom/server";
// react-router-dom is the router under @remix-run/react (same package instance).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Broker } from "~/domain/listing";
import { listingWhatsAppMessage } from "~/lib/whatsapp";
import { BrokerCard, brokerWhatsAppLink } from "./broker-card";

const broker: Broker = {
  code: "7",
  name: "Ana Lima",
  email: "ana@imobiliaria.test",
  phone: "1133334444",
  mobile: "11987654321",
  creci: "123456-F",
  photoUrl: "https://cdn.vistahost.com.br/t/corretores/7.jpg",
};
/** Renders inside a static router (the card's links need one). */
async function renderRouted(element: JSX.Element): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request("http://site/detalhes/x/AP00012"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const listing = { code: "AP00012", title: "Apartamento em Moema" };
const url = "https://www.imobiliaria.test/detalhes/apartamento-moema/AP00012";

describe("WhatsApp links", () => {
  it("pre-fills a message naming the listing code and URL", () => {
    const link = brokerWhatsAppLink(broker, listing, url)!;
    expect(link.startsWith("https://wa.me/5511987654321?text=")).toBe(true);
    const text = new URL(link).searchParams.get("text")!;
    expect(text).toBe(listingWhatsAppMessage(listing, url));
    expect(text).toContain("AP00012");
    expect(text).toContain(url);
  });

  it("uses the landline when there is no mobile, and gives up without any number", () => {
    expect(brokerWhatsAppLink({ ...broker, mobile: "" }, listing, url)).toContain("wa.me/551133334444");
    expect(brokerWhatsAppLink({ ...broker, mobile: "", phone: "" }, listing, url)).toBeNull();
  });
});

describe("BrokerCard", () => {
  it("shows name, photo through the image route, CRECI and contact links", () => {
    const html = renderToString(<BrokerCard broker={broker} listing={listing} url={url} />);
    expect(html).toContain("Ana Lima");
    expect(html).toContain("Corretor de Imóveis · CRECI 123456-F");
    expect(html).toContain(`/imagens?src=${encodeURIComponent(broker.photoUrl)}&amp;w=160`);
    expect(html).toContain("https://wa.me/5511987654321?text=");
    expect(html).toContain("WhatsApp <!-- -->(11) 98765-4321");
    expect(html).toContain('href="tel:+551133334444"');
    expect(html).toContain("mailto:ana@imobiliaria.test");
  });

  it("shows the team member's face (photo as stored, credential, /membro link) with Vista's contacts", async () => {
    const face = {
      name: "Ana Lima Ferreira",
      photo: { src: "/arquivos/membros/3/foto-abc.webp", local: true },
      credential: "Corretora de Imóveis · CRECI 99999-F",
      credentialText: "Ana Lima Ferreira · Corretora de Imóveis · CRECI 99999-F",
      path: "/membro/ana-lima-ferreira",
      member: true,
    };
    const html = await renderRouted(<BrokerCard broker={broker} listing={listing} url={url} face={face} />);
    expect(html).toContain('href="/membro/ana-lima-ferreira"');
    expect(html).toContain('src="/arquivos/membros/3/foto-abc.webp"');
    expect(html).toContain("Corretora de Imóveis · CRECI 99999-F");
    expect(html).not.toContain("/imagens?");
    expect(html).toContain("mailto:ana@imobiliaria.test");
  });

  it("shows initials without a photo", () => {
    const html = renderToString(<BrokerCard broker={{ ...broker, photoUrl: "" }} listing={listing} url={url} />);
    expect(html).toContain(">AL<");
    expect(html).not.toContain("/imagens?");
  });
});
