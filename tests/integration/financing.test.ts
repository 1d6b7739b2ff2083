/**
 * The financing simulator end to end through the route modules, against the
 * real Firebase Auth emulator and PGlite (`useAuthTestEnv`):
 * `/admin/financiamento` is the admin's only (anonymous → sign-in redirect,
 * agent → 403, another origin → 403); bad input answers 400 with pt-BR
 * messages beside the fields; a save announces "financing" and the listing
 * loader uses the new defaults at once. The listing loader offers the
 * simulator only on sale listings, reads `entrada`, `prazo`, `juros`,
 * `sistema` leniently (a bad value is a message, never a 500), keeps the
 * canonical URL without them and, with `contato=1`, puts the simulation in
 * the "mais informações" message.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { clearCaches } from "~/.server/cache";
import { listings, siteSettings } from "~/.server/db/schema";
import { readSimulation } from "~/lib/financing-simulation";
import { formatPriceCents } from "~/lib/format";
import { listingPath } from "~/lib/urls";
import * as adminFinancing from "~/routes/admin-financing";
import * as listing from "~/routes/listing";
import { makeListing, storedRow } from "./helpers/fixtures";
import { answer, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { expectAdminOnlyPage, expectSavedAndAnnounced } from "./helpers/admin-pages";
import { pageRequest } from "./helpers/page-requests";

const env = useAuthTestEnv("financing", { uid: "agent-financing", claims: { role: "agent" } });
const PATH = "/admin/financiamento";
const now = new Date("2026-10-01T12:00:00Z");

const SALE = makeListing({ code: "FIN001", title: "Apartamento à venda", salePrice: 500_000 });
const RENT = makeListing({ code: "FIN002", title: "Apartamento para alugar", rentPrice: 3_000 });
const salePath = listingPath({ code: SALE.code, category: SALE.category, neighbourhood: SALE.neighbourhood });
const rentPath = listingPath({ code: RENT.code, category: RENT.category, neighbourhood: RENT.neighbourhood });

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const request = (who: Who, pathAndQuery: string, form?: Record<string, string>, origin?: string) =>
  pageRequest(env.cookies[who], pathAndQuery, form, origin);

interface ListingData {
  canonicalUrl: string;
  financing: {
    simulator: {
      price: number;
      settings: { defaultYearlyRatePercent: number };
      query: Record<string, string>;
      simulation: ReturnType<typeof readSimulation>;
    };
    message: string | null;
  } | null;
}

async function listingData(path: string, query = ""): Promise<ListingData> {
  const code = path.split("/").at(-1)!;
  const response = await answer(() => listing.loader(args(request("anonymous", `${path}${query}`), { id: code })));
  expect(response.status).toBe(200);
  return (await response.json()) as ListingData;
}

/**
 * What the simulator renders first: the loader's own simulation, which must be
 * what the browser's reader (the same pure function) makes of the same data.
 */
function simulationOf(data: ListingData) {
  const { simulator } = data.financing!;
  const inBrowser = readSimulation(
    new URLSearchParams(simulator.query),
    simulator.price,
    simulator.settings as Parameters<typeof readSimulation>[2],
  );
  expect(simulator.simulation).toEqual(inBrowser);
  return simulator.simulation;
}

beforeAll(async () => {
  await env.test.database.db
    .insert(listings)
    .values([SALE, RENT].map((item) => storedRow(item, { condominiumSlug: null, now })));
  clearCaches();
});

describe("the simulator on a listing page", () => {
  it("is offered on a sale listing with the defaults, and not on a rent-only one", async () => {
    const sale = await listingData(salePath);
    expect(sale.financing?.simulator.price).toBe(500_000);
    expect(sale.financing?.message).toBeNull();
    const simulation = simulationOf(sale);
    expect(simulation.errors).toEqual({});
    // 20 % of 500.000 = 100.000 down; 400.000 over 360 months at 11,5 % a.a.
    expect(simulation.values).toEqual({ entrada: "100.000", prazo: "360", juros: "11,5", sistema: "ambos" });
    expect(simulation.result?.financed).toBe(400_000);
    expect((await listingData(rentPath)).financing).toBeNull();
  });

  it("reads the query parameters and keeps the canonical URL without them", async () => {
    const data = await listingData(salePath, "?entrada=100.000&prazo=360&juros=12&sistema=sac");
    expect(data.canonicalUrl).toMatch(new RegExp(`${salePath}$`));
    const simulation = simulationOf(data);
    expect(simulation.values.sistema).toBe("sac");
    // The hand-computed case of app/lib/financing.test.ts.
    expect(simulation.result?.systems.sac.firstInstalment).toBe(4906.63);
    expect(simulation.result?.systems.price.firstInstalment).toBe(3926.58);
  });

  it("answers 200 with a pt-BR message beside each bad field, never a 500", async () => {
    const data = await listingData(salePath, `?entrada=abc&prazo=999&juros=80&sistema=%00x`);
    const simulation = simulationOf(data);
    expect(simulation.result).toBeNull();
    expect(simulation.errors).toEqual({
      entrada: "Informe a entrada em reais, por exemplo 150.000.",
      prazo: "Informe o prazo em meses, de 1 a 420 (35 anos).",
      juros: "Informe os juros ao ano entre 0 e 50%, por exemplo 10,99.",
    });
    expect(simulation.values.sistema).toBe("ambos");

    const low = simulationOf(await listingData(salePath, "?entrada=50000"));
    expect(low.errors.entrada).toBe("Os bancos costumam exigir entrada de pelo menos 20% do valor (R$ 100.000).");
    const high = simulationOf(await listingData(salePath, "?entrada=600.000"));
    expect(high.errors.entrada).toBe("A entrada não pode passar do valor do imóvel (R$ 500.000).");
    const control = simulationOf(await listingData(salePath, `?prazo=${encodeURIComponent("12\n")}x&juros=1%0D2`));
    expect(Object.keys(control.errors).sort()).toEqual(["juros", "prazo"]);
    const long = simulationOf(await listingData(salePath, `?entrada=${"9".repeat(5000)}`));
    expect(long.errors.entrada).toBeDefined();
  });

  it("puts the simulation in the lead message with contato=1", async () => {
    const data = await listingData(salePath, "?entrada=150.000&prazo=240&juros=10,99&sistema=price&contato=1");
    const price = simulationOf(data).result!.systems.price;
    expect(data.financing?.message).toBe(
      [
        "Olá! Tenho interesse no imóvel FIN001 e simulei um financiamento:",
        "- Valor do imóvel: R$ 500.000",
        "- Entrada: R$ 150.000,00",
        "- Valor financiado: R$ 350.000,00",
        "- Prazo: 240 meses (20 anos)",
        "- Juros: 10,99% ao ano",
        `- Price: parcelas de ${formatPriceCents(price.firstInstalment)} (primeira) a ${formatPriceCents(price.lastInstalment)} (última)`,
        "Gostaria de conversar sobre as condições de financiamento.",
      ].join("\n"),
    );
    // Invalid fields: no message (the page shows the errors instead).
    expect((await listingData(salePath, "?entrada=1&contato=1")).financing?.message).toBeNull();
  });
});

/** The admin form as a browser posts it. */
const FORM = { defaultRate: "10,49", defaultTerm: "300", banks: "Caixa: 10,99\r\nItaú = 11,6% a.a." };

describe("/admin/financiamento", () => {
  it("sends an anonymous visitor to the sign-in page and refuses an agent (403), page and post", async () => {
    await expectAdminOnlyPage((who) => answer(() => adminFinancing.loader(args(request(who, PATH)))));
    expect((await answer(() => adminFinancing.action(args(request("agent", PATH, FORM))))).status).toBe(403);
    const anonymousPost = await answer(() => adminFinancing.action(args(request("anonymous", PATH, FORM))));
    expect([302, 303]).toContain(anonymousPost.status);
    const cross = await answer(() => adminFinancing.action(args(request("admin", PATH, FORM, "https://evil.example"))));
    expect(cross.status).toBe(403);
    expect(await env.test.database.db.select().from(siteSettings)).toHaveLength(0);
  });

  it("shows the admin the defaults (private page)", async () => {
    const response = await answer(() => adminFinancing.loader(args(request("admin", PATH))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      saved: false,
      values: { defaultRate: "11,5", defaultTerm: "360", banks: "" },
    });
  });

  it("answers 400 with pt-BR messages beside the fields and keeps the typed values", async () => {
    const typed = { defaultRate: "abc", defaultTerm: "421", banks: "Caixa 10,99\nBanco: 99" };
    const response = await answer(() => adminFinancing.action(args(request("admin", PATH, typed))));
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(result.error).toEqual({
      defaultRate: ["Informe os juros ao ano entre 0 e 50%, por exemplo 10,99."],
      defaultTerm: ["Use no máximo 420 meses (35 anos)."],
      banks: [
        'Não entendemos a linha "Caixa 10,99". Escreva como "Caixa: 10,99" (nome com até 60 caracteres, juros de 0 a 50% ao ano).',
      ],
    });
    expect(result.initialValue).toMatchObject({ defaultRate: "abc", defaultTerm: "421" });
    const nul = await answer(() =>
      adminFinancing.action(args(request("admin", PATH, { ...FORM, defaultRate: "10\u0000" }))),
    );
    expect(nul.status).toBe(400);
    expect(await env.test.database.db.select().from(siteSettings)).toHaveLength(0);
  });

  it("saves, announces the change, and the listing page uses the new defaults", async () => {
    await expectSavedAndAnnounced(
      () => answer(() => adminFinancing.action(args(request("admin", PATH, FORM)))),
      PATH,
      "financing",
    );

    const [row] = await env.test.database.db.select().from(siteSettings);
    expect(row).toMatchObject({
      key: "financing",
      updatedBy: env.admin.uid,
      value: {
        defaultYearlyRatePercent: 10.49,
        defaultTermMonths: 300,
        banks: [
          { name: "Caixa", yearlyRatePercent: 10.99 },
          { name: "Itaú", yearlyRatePercent: 11.6 },
        ],
      },
    });

    const admin = await answer(() => adminFinancing.loader(args(request("admin", PATH))));
    expect(await admin.json()).toEqual({
      saved: true,
      values: { defaultRate: "10,49", defaultTerm: "300", banks: "Caixa: 10,99\nItaú: 11,6" },
    });
    const simulation = simulationOf(await listingData(salePath));
    expect(simulation.values).toMatchObject({ juros: "10,49", prazo: "300" });
    expect(simulation.result?.yearlyRatePercent).toBe(10.49);
  });
});
