/**
 * The contact-form action and the WhatsApp hand-off on a real database
 *: what a POST of each form stores and answers,
 * resubmissions, spam defence and rate limits, and `/obrigado-whatsapp`'s
 * number, message and lead.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db";
import { brokers, leadDeliveries, leads, listings } from "~/.server/db/schema";
import {
  createLeadRateLimiters,
  EXPIRED_FORM_MESSAGE,
  FORM_TOKEN_MAX_AGE_MS,
  leadFormTokens,
  MIN_FILL_MS,
} from "~/.server/leads/form-guard";
import { handleLeadForm, type LeadActionData } from "~/.server/leads/submission";
import { listingCodeFromPath, safeSitePath, whatsAppHandOff } from "~/.server/leads/whatsapp";
import type { Broker } from "~/domain/listing";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { settle } from "./helpers/loaders";

const SECRETS = ["test-secret-test-secret-test-secret-0"];
const BROKER: Broker = {
  code: "31",
  name: "Paulo Corretor",
  email: "paulo@exemplo.com.br",
  phone: "",
  mobile: "(11) 98888-7777",
  creci: "",
  photoUrl: "",
};
const SITE = "http://site.test";

let env: TestDatabase;
let db: Db;
beforeAll(async () => {
  env = await createTestDatabase("pglite");
  db = env.database.db;
  const now = new Date();
  await db.insert(listings).values([
    storedRow(
      makeListing({ code: "FORM1", title: "Casa com quintal no Butantã", salePrice: 900_000, broker: BROKER }),
      { condominiumSlug: null, now },
    ),
    storedRow(makeListing({ code: "NOBRK", title: "Sala comercial", salePrice: 300_000, broker: null }), {
      condominiumSlug: null,
      now,
    }),
  ]);
  await db.insert(brokers).values({ code: BROKER.code, data: BROKER });
}, 60_000);
afterAll(async () => {
  await env?.cleanup();
});

/** A rendered form's hidden fields, rendered `ageMs` ago. */
function hidden(ageMs = MIN_FILL_MS + 1000, key?: string) {
  const tokens = leadFormTokens(Date.now() - ageMs, SECRETS);
  return { startedAt: tokens.startedAt, idempotencyKey: key ?? tokens.idempotencyKey };
}

function post(fields: Record<string, string>, path = "/?index"): Request {
  return new Request(`${SITE}${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

const sell = (name: string, extra: Record<string, string> = {}) => ({
  kind: "sell",
  name,
  phone: "(11) 3456-7890",
  location: "Rua Harmonia, 100, Vila Madalena",
  ...hidden(),
  ...extra,
});

const leadsNamed = (name: string) => db.select().from(leads).where(eq(leads.name, name));
const submit = (request: Request, options: Partial<Parameters<typeof handleLeadForm>[1]> = {}) =>
  settle(
    handleLeadForm(request, {
      kind: "sell",
      db,
      secrets: SECRETS,
      clientIp: "10.0.0.1",
      limiters: createLeadRateLimiters(),
      ...options,
    }),
  );

describe("contact form action", () => {
  it("stores a sell request with its outbox and sends a visitor without JavaScript to /obrigado", async () => {
    const response = await submit(post(sell("Joana Sem JS")));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/obrigado?assunto=vender");
    const [lead] = await leadsNamed("Joana Sem JS");
    expect(lead).toMatchObject({ kind: "sell", phone: "1134567890", location: "Rua Harmonia, 100, Vila Madalena" });
    const outbox = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(outbox.map((row) => row.channel).sort()).toEqual(["email_agency", "vista"]);
  });

  it("answers JSON with a form reset when the page is hydrated", async () => {
    const response = await submit(post(sell("Joana Com JS", { js: "1" })));
    expect(response.status).toBe(200);
    const data = response.data as LeadActionData;
    expect(data).toMatchObject({ form: "sell", sent: true });
    expect(data.result).toEqual({ initialValue: null }); // Conform's "reset the form"
    expect(await leadsNamed("Joana Com JS")).toHaveLength(1);
  });

  it("gives pt-BR messages per field, keeps the render time and stores nothing for invalid input", async () => {
    const fields = sell("J", { phone: "12345", location: "" });
    const response = await submit(post(fields));
    expect(response.status).toBe(400);
    const data = response.data as LeadActionData;
    expect(data.sent).toBe(false);
    expect(data.startedAt).toBe(fields.startedAt);
    expect(data.result.error).toEqual({
      name: ["Informe seu nome."],
      phone: ["Informe um telefone válido com DDD, por exemplo (11) 91234-5678."],
      location: ["Informe a localização do imóvel."],
    });
    expect(await leadsNamed("J")).toHaveLength(0);
  });

  it("refuses CR/LF in a name with the message beside the field, and stores nothing", async () => {
    const response = await submit(post(sell("Ana\r\nTelefone: (11) 90000-0000")));
    expect(response.status).toBe(400);
    const data = response.data as LeadActionData;
    expect(data.result.error).toEqual({ name: ["Use apenas uma linha, sem caracteres de controle."] });
    expect((await db.select().from(leads)).filter((lead) => lead.name?.includes("Telefone"))).toHaveLength(0);
  });

  it("echoes a failed submission bounded by the schema: a 100,000-character name comes back as 120", async () => {
    const fields = sell("N".repeat(100_000), { location: "L".repeat(100_000), website: "", junk: "J".repeat(100_000) });
    const response = await submit(post(fields));
    expect(response.status).toBe(400);
    const text = JSON.stringify(response.data);
    expect(text.length).toBeLessThan(2_000);
    const data = response.data as LeadActionData;
    expect(data.result.initialValue).toMatchObject({
      name: "N".repeat(120),
      location: "L".repeat(200),
      phone: "(11) 3456-7890",
    });
    expect(data.result.initialValue).not.toHaveProperty("junk");
    expect(data.result.error?.name).toEqual(["Use no máximo 120 caracteres."]);
    expect(data.startedAt).toBe(fields.startedAt);
    const forgedStart = await submit(post(sell("J", { startedAt: "9".repeat(100_000) })));
    expect((forgedStart.data as LeadActionData).startedAt).toBeUndefined();
  });

  it("turns five submissions of one form, sequential or concurrent, into one lead", async () => {
    const fields = sell("Repetido Sequencial");
    for (let i = 0; i < 5; i++) expect((await submit(post(fields))).status).toBe(303);
    expect(await leadsNamed("Repetido Sequencial")).toHaveLength(1);

    const concurrent = sell("Repetido Concorrente", { js: "1" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(post(concurrent))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await leadsNamed("Repetido Concorrente")).toHaveLength(1);
  });

  it("keeps two visitors apart when a cached page gave them the same form key", async () => {
    const shared = hidden(60_000, "cached-key-1");
    await submit(post({ ...sell("Visitante Um"), ...shared }));
    await submit(post({ ...sell("Visitante Dois"), ...shared }));
    expect(await leadsNamed("Visitante Um")).toHaveLength(1);
    expect(await leadsNamed("Visitante Dois")).toHaveLength(1);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const response = await submit(post(sell("Robô Spam", { website: "http://spam.example" })));
    expect(response.status).toBe(303);
    expect(await leadsNamed("Robô Spam")).toHaveLength(0);
  });

  it("refuses a form sent faster than a person can fill it, and a forged render time, keeping the data", async () => {
    const fast = await submit(post(sell("Rápido Demais", hidden(500))));
    expect(fast.status).toBe(400);
    expect((fast.data as LeadActionData).result.error).toEqual({
      "": ["Formulário enviado rápido demais. Aguarde alguns segundos e envie de novo."],
    });
    const forged = await submit(post(sell("Forjado", { startedAt: `${Date.now() - 60_000}.${"0".repeat(64)}` })));
    expect(forged.status).toBe(400);
    const data = forged.data as LeadActionData;
    expect(data.result.error?.[""]).toEqual([
      "Não foi possível enviar o formulário. Recarregue a página e tente de novo.",
    ]);
    expect(data.result.initialValue).toMatchObject({ name: "Forjado" });
    expect([...(await leadsNamed("Rápido Demais")), ...(await leadsNamed("Forjado"))]).toHaveLength(0);
  });

  it("refuses a form left open past the maximum age with a fresh token, keeping the data", async () => {
    const stale = await submit(post(sell("Aberto Demais", { js: "1", ...hidden(FORM_TOKEN_MAX_AGE_MS + 60_000) })));
    expect(stale.status).toBe(400);
    const data = stale.data as LeadActionData;
    expect(data.result.error?.[""]).toEqual([EXPIRED_FORM_MESSAGE]);
    expect(data.result.initialValue).toMatchObject({ name: "Aberto Demais" });
    expect(await leadsNamed("Aberto Demais")).toHaveLength(0);
    // The token that came back is fresh: sent again once a person could have, it is accepted.
    const again = await submit(post(sell("Aberto Demais", { js: "1", startedAt: data.startedAt! })), {
      now: Date.now() + MIN_FILL_MS + 1000,
    });
    expect(again.status).toBe(200);
    expect(await leadsNamed("Aberto Demais")).toHaveLength(1);
  });

  it("limits leads per IP with 429 and a Portuguese message, other IPs unaffected", async () => {
    const limiters = createLeadRateLimiters({ points: 2, durationSeconds: 600 });
    for (const name of ["Limite Um", "Limite Dois"]) {
      expect((await submit(post(sell(name)), { limiters, clientIp: "10.9.9.9" })).status).toBe(303);
    }
    const limited = await submit(post(sell("Limite Três")), { limiters, clientIp: "10.9.9.9" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    const message = (limited.data as LeadActionData).result.error?.[""]?.[0];
    expect(message).toMatch(/^Você enviou muitas mensagens em pouco tempo\. Tente novamente em \d+ minutos?\.$/);
    expect(await leadsNamed("Limite Três")).toHaveLength(0);
    // The same form sent again after the limit is still the first lead, not a 429.
    expect(
      (await submit(post(sell("Limite Um", { idempotencyKey: "x" })), { limiters, clientIp: "10.1.1.1" })).status,
    ).toBe(303);
  });

  it("stores a more-information request for the page's listing, whatever code the form carries", async () => {
    const response = await submit(
      post(
        {
          kind: "info",
          code: "HACKED",
          name: "Rita Interessada",
          phone: "11 91234-5678",
          email: "Rita@Example.com",
          message: "Aceita financiamento?",
          ...hidden(),
        },
        "/detalhes/casa-butanta/FORM1",
      ),
      { kind: "info", fixed: { code: "FORM1" } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/obrigado?assunto=informacoes&imovel=FORM1");
    const [lead] = await leadsNamed("Rita Interessada");
    expect(lead).toMatchObject({ kind: "info", listingCode: "FORM1", email: "rita@example.com", phone: "11912345678" });
    const outbox = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(outbox.map((row) => `${row.channel}:${row.recipient ?? ""}`).sort()).toContain(
      `email_broker:${BROKER.email}`,
    );
  });

  it("asks for an e-mail or a phone on the condominium alert", async () => {
    const fields = { name: "Alerta Sem Contato", ...hidden() };
    const response = await submit(post(fields, "/detalhes/edificio-aurora"), {
      kind: "alert",
      fixed: { condominium: "edificio-aurora" },
    });
    expect(response.status).toBe(400);
    expect((response.data as LeadActionData).result.error).toEqual({
      email: ["Informe seu e-mail ou seu telefone."],
    });
    const ok = await submit(post({ ...fields, phone: "11 98765-4321" }, "/detalhes/edificio-aurora"), {
      kind: "alert",
      fixed: { condominium: "edificio-aurora" },
    });
    expect(ok.status).toBe(303);
    expect((await leadsNamed("Alerta Sem Contato"))[0]).toMatchObject({
      kind: "alert",
      condominium: "edificio-aurora",
    });
  });

  it("answers 503 and keeps the data in the form when the database fails", async () => {
    const broken = new Proxy({} as Db, {
      get() {
        throw new Error("connection refused");
      },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await submit(post(sell("Banco Fora")), { db: broken });
      expect(response.status).toBe(503);
      const data = response.data as LeadActionData;
      expect(data.result.error?.[""]?.[0]).toMatch(/^Não conseguimos registrar seu contato agora/);
      expect(data.result.initialValue).toMatchObject({
        name: "Banco Fora",
        location: "Rua Harmonia, 100, Vila Madalena",
      });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("/obrigado-whatsapp hand-off", () => {
  /** A browser opening the page from a WhatsApp button (top-level navigation with Fetch Metadata). */
  const NAVIGATION = {
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Dest": "document",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-User": "?1",
  };
  const visit = (query: string, headers: Record<string, string> = {}, base: Record<string, string> = NAVIGATION) =>
    new Request(`${SITE}/obrigado-whatsapp?${query}`, {
      headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/126", ...base, ...headers },
    });
  const whatsappLeads = async (code: string) =>
    (await db.select().from(leads).where(eq(leads.kind, "whatsapp"))).filter((lead) => lead.listingCode === code);

  it("records the contact with code, page and UTM and continues to the broker's WhatsApp with code and URL", async () => {
    const handOff = await whatsAppHandOff(
      visit("imovel=FORM1&origem=%2Fdetalhes%2Fcasa-butanta%2FFORM1&utm_source=google&utm_campaign=outono&gclid=zzz"),
      { db, clientIp: "10.2.2.2", agencyNumber: "5511900001111", limiters: createLeadRateLimiters() },
    );
    expect(handOff?.recorded).toBe(true);
    const target = new URL(handOff!.whatsappUrl);
    expect(`${target.origin}${target.pathname}`).toBe("https://wa.me/5511988887777");
    const text = target.searchParams.get("text")!;
    expect(text).toContain("FORM1");
    expect(text).toContain(`${SITE}${handOff!.listing!.path}`);
    const [lead] = await whatsappLeads("FORM1");
    expect(lead).toMatchObject({
      pageUrl: `${SITE}/detalhes/casa-butanta/FORM1`,
      utm: { utm_source: "google", utm_campaign: "outono" },
    });
    const outbox = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id));
    expect(outbox.map((row) => row.channel).sort()).toEqual(["email_agency", "email_broker"]);
  });

  it("counts a double tap as one contact and records nothing for a crawler", async () => {
    const limiters = createLeadRateLimiters();
    const query = "origem=%2Fdetalhes%2Fsala%2FNOBRK";
    await whatsAppHandOff(visit(query), { db, clientIp: "10.3.3.3", agencyNumber: "5511900001111", limiters });
    await whatsAppHandOff(visit(query), { db, clientIp: "10.3.3.3", agencyNumber: "5511900001111", limiters });
    expect(await whatsappLeads("NOBRK")).toHaveLength(1);
    const bot = await whatsAppHandOff(
      visit(query, { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
      {
        db,
        clientIp: "10.4.4.4",
        agencyNumber: "5511900001111",
        limiters,
      },
    );
    expect(bot?.recorded).toBe(false);
    expect(await whatsappLeads("NOBRK")).toHaveLength(1);
  });

  it("falls back to the agency number (listing from the page path, or none) and gives null with no number at all", async () => {
    const fromPath = await whatsAppHandOff(visit("origem=%2Fdetalhes%2Fsala%2FNOBRK"), {
      db,
      agencyNumber: "5511900001111",
      clientIp: "10.5.5.5",
    });
    expect(fromPath?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511900001111\?text=/);
    expect(fromPath?.listing?.code).toBe("NOBRK");
    const header = await whatsAppHandOff(visit("origem=%2Fmapa"), {
      db,
      agencyNumber: "5511900001111",
      clientIp: "10.5.5.5",
    });
    expect(header?.listing).toBeNull();
    expect(new URL(header!.whatsappUrl).searchParams.get("text")).toContain(`${SITE}/mapa`);
    expect(await whatsAppHandOff(visit("imovel=NOBRK"), { db, agencyNumber: null })).toBeNull();
  });

  it("records a contact only for a top-level navigation; an <img> or fetch from another site still gets the WhatsApp link", async () => {
    const limiters = createLeadRateLimiters();
    const hand = (
      query: string,
      headers: Record<string, string>,
      base: Record<string, string> = {},
      clientIp = "10.6.6.6",
    ) => whatsAppHandOff(visit(query, headers, base), { db, clientIp, agencyNumber: "5511900001111", limiters });
    const countPage = async (page: string) =>
      (await db.select().from(leads).where(eq(leads.kind, "whatsapp"))).filter(
        (lead) => lead.pageUrl === `${SITE}${page}`,
      ).length;

    const image = await hand("origem=%2Fnav-img", {
      "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Dest": "image",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(image?.recorded).toBe(false);
    expect(image?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511900001111\?text=/);
    const imageOnlyDest = await hand("origem=%2Fnav-img", { "Sec-Fetch-Dest": "image" });
    expect(imageOnlyDest?.recorded).toBe(false);
    const iframe = await hand("origem=%2Fnav-img", {
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "iframe",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(iframe?.recorded).toBe(false);
    expect(await countPage("/nav-img")).toBe(0);

    const navigation = await hand("origem=%2Fnav-doc", { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" });
    expect(navigation?.recorded).toBe(true);
    expect(await countPage("/nav-doc")).toBe(1);
  });

  it("without Sec-Fetch headers, records a contact only with a Referer from this site", async () => {
    const limiters = createLeadRateLimiters();
    const hand = (page: string, headers: Record<string, string>) =>
      whatsAppHandOff(visit(`origem=${encodeURIComponent(page)}`, headers, {}), {
        db,
        clientIp: "10.7.7.7",
        agencyNumber: "5511900001111",
        limiters,
      });
    const countPage = async (page: string) =>
      (await db.select().from(leads).where(eq(leads.kind, "whatsapp"))).filter(
        (lead) => lead.pageUrl === `${SITE}${page}`,
      ).length;

    expect((await hand("/sem-referer", {}))?.recorded).toBe(false);
    expect((await hand("/referer-alheio", { Referer: "https://evil.example/pagina" }))?.recorded).toBe(false);
    expect((await hand("/referer-parecido", { Referer: "http://site.test.evil.example/" }))?.recorded).toBe(false);
    expect((await hand("/referer-invalido", { Referer: "não é uma URL" }))?.recorded).toBe(false);
    const sameSite = await hand("/referer-proprio", { Referer: `${SITE}/detalhes/x/AP1` });
    expect(sameSite?.recorded).toBe(true);
    expect(sameSite?.whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
    expect(await countPage("/sem-referer")).toBe(0);
    expect(await countPage("/referer-alheio")).toBe(0);
    expect(await countPage("/referer-proprio")).toBe(1);
  });

  it("only accepts site paths as origin", () => {
    expect(safeSitePath("/detalhes/x/AP1")).toBe("/detalhes/x/AP1");
    expect(safeSitePath("//evil.example/x")).toBe("/");
    expect(safeSitePath("https://evil.example")).toBe("/");
    expect(safeSitePath("/a b")).toBe("/");
    expect(safeSitePath("/a\u0000b")).toBe("/");
    expect(safeSitePath("/a\u0085b")).toBe("/");
    expect(listingCodeFromPath("/detalhes/edificio-x/AP%2D1")).toBe("AP-1");
    expect(listingCodeFromPath("/detalhes/edificio-x")).toBeNull();
  });
});
