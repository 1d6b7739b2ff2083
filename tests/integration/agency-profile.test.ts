/**
 * The agency profile end to end through the route modules, against the real
 * Firebase Auth emulator and PGlite (`useAuthTestEnv`): `/admin/imobiliaria`
 * is the admin's only (anonymous → sign-in redirect, agent → 403, another
 * origin → 403); a refused CNPJ answers 400 with the pt-BR message beside the
 * field and every typed value kept; a saved profile shows at once in the
 * root loader and the footer, on `/sobre` (text and `RealEstateAgent`
 * JSON-LD) and on `/lgpd` (controller and encarregado), and announces the
 * change so the page cache empties.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { defaultAgencyProfile } from "~/.server/agency";
import { agencyProfile } from "~/.server/db/schema";
import { SiteFooter } from "~/components/site-footer";
import type { RootData } from "~/lib/root-data";
import * as root from "~/root";
import * as about from "~/routes/about";
import * as adminAgency from "~/routes/admin-agency";
import * as lgpd from "~/routes/lgpd";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { expectAdminOnlyPage, expectSavedAndAnnounced } from "./helpers/admin-pages";
import { pageRequest } from "./helpers/page-requests";

const env = useAuthTestEnv("agency-profile", { uid: "agent-agency", claims: { role: "agent" } });
const PATH = "/admin/imobiliaria";

const args = (request: Request) => ({ request, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const request = (who: Who, pathAndQuery: string, form?: Record<string, string>, origin?: string) =>
  pageRequest(env.cookies[who], pathAndQuery, form, origin);

/** The admin form as a browser posts it. */
const FORM = {
  legalName: "Horizonte Negócios Imobiliários Ltda.",
  tradeName: "Horizonte",
  cnpj: "11222333000181",
  creci: "CRECI 12345-J",
  street: "Rua Harmonia",
  number: "100",
  complement: "",
  neighbourhood: "Vila Madalena",
  city: "São Paulo",
  state: "SP",
  postalCode: "05435-000",
  phone: "(11) 3456-7890",
  whatsapp: "11 91234-5678",
  email: "contato@horizonte.com.br",
  openingHours: "Seg–Sex 9h–18h\r\nSáb 9h–13h",
  instagram: "https://www.instagram.com/horizonte",
  facebook: "",
  linkedin: "https://www.linkedin.com/company/horizonte",
  youtube: "",
  tiktok: "",
  dpoName: "Marina Lopes",
  dpoEmail: "dpo@horizonte.com.br",
  leadRetentionMonths: "18",
};

async function footerHtml(agency: RootData["agency"]): Promise<string> {
  const theme = {
    title: "Horizonte Imobiliária",
    agencyName: "Horizonte",
    description: "d",
    creci: null,
    logos: { square: "/logo-square.svg", horizontal: null },
  };
  const element = createElement(SiteFooter, { theme, year: 2026, agency });
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`${TEST_ORIGIN}/`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("the footer's contact column", () => {
  // The configuration's profile (no address, hours or social links), without its phone, WhatsApp and e-mail.
  const bare: RootData["agency"] = { ...defaultAgencyProfile(), phone: null, whatsapp: null, email: null };

  it("is left out while the profile has no contact, instead of a bare Contato heading", async () => {
    const footer = await footerHtml(bare);
    expect(footer).not.toContain("rodape-contato");
    expect(footer).toContain("Todos os direitos reservados");
  });

  it("shows as soon as one contact is known", async () => {
    const footer = await footerHtml({ ...bare, email: "contato@horizonte.com.br" });
    expect(footer).toContain('data-testid="rodape-contato"');
    expect(footer).toContain('href="mailto:contato@horizonte.com.br"');
  });
});

describe("/admin/imobiliaria access", () => {
  it("sends an anonymous visitor to the sign-in page and refuses an agent (403), page and post", async () => {
    await expectAdminOnlyPage((who) => answer(() => adminAgency.loader(args(request(who, PATH)))));
    const post = await answer(() => adminAgency.action(args(request("agent", PATH, FORM))));
    expect(post.status).toBe(403);
    const anonymousPost = await answer(() => adminAgency.action(args(request("anonymous", PATH, FORM))));
    expect([302, 303]).toContain(anonymousPost.status);
    expect(await env.test.database.db.select().from(agencyProfile)).toHaveLength(0);
  });

  it("refuses the admin's post from another origin (403)", async () => {
    const response = await answer(() => adminAgency.action(args(request("admin", PATH, FORM, "https://evil.example"))));
    expect(response.status).toBe(403);
    expect(await env.test.database.db.select().from(agencyProfile)).toHaveLength(0);
  });

  it("shows the admin the configuration's defaults before anything is saved (private page)", async () => {
    const response = await answer(() => adminAgency.loader(args(request("admin", PATH))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as { saved: boolean; values: Record<string, string> };
    expect(data.saved).toBe(false);
    expect(data.values.tradeName).toBe("Horizonte");
    expect(data.values.leadRetentionMonths).toBe("24");
  });
});

describe("saving the agency profile", () => {
  it("keeps every typed value and puts the pt-BR message beside a CNPJ with wrong check digits", async () => {
    const typed = { ...FORM, cnpj: "11.222.333/0001-82" };
    const response = await answer(() => adminAgency.action(args(request("admin", PATH, typed))));
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(result.error.cnpj).toEqual(["CNPJ inválido: confira os números (dígitos verificadores não conferem)."]);
    expect(Object.keys(result.error)).toEqual(["cnpj"]);
    expect(result.initialValue).toMatchObject({
      cnpj: "11.222.333/0001-82",
      legalName: FORM.legalName,
      street: FORM.street,
      dpoName: FORM.dpoName,
    });
    expect(await env.test.database.db.select().from(agencyProfile)).toHaveLength(0);
  });

  it("saves, announces the change and shows the data in the footer, on /sobre (with JSON-LD) and on /lgpd", async () => {
    await expectSavedAndAnnounced(
      () => answer(() => adminAgency.action(args(request("admin", PATH, FORM)))),
      PATH,
      "agency",
    );

    const rows = await env.test.database.db.select().from(agencyProfile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cnpj: "11.222.333/0001-81", whatsapp: "5511912345678", leadRetentionMonths: 18 });
    expect(rows[0]!.updatedBy).toBe(env.admin.uid);

    const admin = (await (await answer(() => adminAgency.loader(args(request("admin", PATH))))).json()) as {
      saved: boolean;
      values: Record<string, string>;
    };
    expect(admin.saved).toBe(true);
    expect(admin.values.openingHours).toBe("Seg–Sex 9h–18h\nSáb 9h–13h");

    // Root loader → footer.
    const rootData = (await (await answer(() => root.loader(args(request("anonymous", "/"))))).json()) as RootData;
    expect(rootData.agency.legalName).toBe(FORM.legalName);
    const footer = await footerHtml(rootData.agency);
    for (const text of [
      "Horizonte Negócios Imobiliários Ltda. · CNPJ 11.222.333/0001-81",
      "Rua Harmonia, 100",
      "Vila Madalena, São Paulo – SP, CEP 05435-000",
      "(11) 3456-7890",
      "Seg–Sex 9h–18h",
      'href="https://www.instagram.com/horizonte"',
      'href="/lgpd"',
      "CRECI 12345-J",
    ])
      expect(footer).toContain(text);

    // /sobre.
    const aboutData = (await (await answer(() => about.loader(args(request("anonymous", "/sobre"))))).json()) as {
      creci: string;
      agency: { legalName: string; cnpj: string; address: string[]; hours: string[] };
      jsonLd: Record<string, unknown>;
    };
    expect(aboutData.creci).toBe("CRECI 12345-J");
    expect(aboutData.agency).toMatchObject({ legalName: FORM.legalName, cnpj: "11.222.333/0001-81" });
    expect(aboutData.agency.hours).toEqual(["Seg–Sex 9h–18h", "Sáb 9h–13h"]);
    expect(aboutData.jsonLd).toMatchObject({
      "@type": "RealEstateAgent",
      legalName: FORM.legalName,
      taxID: "11.222.333/0001-81",
      email: "contato@horizonte.com.br",
      telephone: "+551134567890",
      sameAs: ["https://www.instagram.com/horizonte", "https://www.linkedin.com/company/horizonte"],
    });
    expect((aboutData.jsonLd.address as Record<string, unknown>).postalCode).toBe("05435-000");
    expect(aboutData.jsonLd.openingHoursSpecification).toHaveLength(2);

    // /lgpd.
    const lgpdData = (await (await answer(() => lgpd.loader(args(request("anonymous", "/lgpd"))))).json()) as {
      agency: { legalName: string; cnpj: string; dpoName: string; dpoEmail: string; leadRetentionMonths: number };
    };
    expect(lgpdData.agency).toMatchObject({
      legalName: FORM.legalName,
      cnpj: "11.222.333/0001-81",
      dpoName: "Marina Lopes",
      dpoEmail: "dpo@horizonte.com.br",
      leadRetentionMonths: 18,
    });
  });
});
