/**
 * The admin area's data, on PGlite and — when
 * TEST_DATABASE_URL is set — PostgreSQL: route rules (save, duplicate,
 * cycles, the cache and its refresh, the Express middleware's answers for
 * documents and Remix data requests), the appearance (saved over the
 * configuration, applied by getTheme, reset, the page-cache hook), and the
 * leads inbox (filters, paging, status, assignment, "reenviar", CSV, the
 * broker's own leads).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPublicContentChanged } from "~/.server/admin/content-changed";
import { getStoredAppearance, loadAppearance, resetAppearance, saveAppearance, storeLogo } from "~/.server/appearance";
import { createLocalStorage } from "~/.server/storage";
import { parseConfig } from "~/.server/config";
import { leadDeliveries, leads, listings, redirects, users } from "~/.server/db/schema";
import {
  assignLead,
  CSV_HEADER,
  leadsForExport,
  leadsToCsv,
  listBrokerLeads,
  listLeads,
  resendDelivery,
} from "~/.server/leads/inbox";
import { changeLeadStatus } from "~/.server/leads/workflow";
import { recordLead } from "~/.server/leads/store";
import { loadRedirects, lookupRedirect, redirectsReloaded, saveRedirect, setRedirectActive } from "~/.server/redirects";
import { buildRuleTable, resolveRedirect } from "~/.server/redirects/rules";
import { getTheme } from "~/.server/theme";
import { redirectFormSchema } from "~/lib/redirects";
import { redirectMiddleware } from "../../server/redirects";
import { createTestDatabase, postgresTestUrl, type TestDatabase } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";

const kinds: ("pglite" | "postgres")[] = postgresTestUrl() ? ["pglite", "postgres"] : ["pglite"];
const config = parseConfig({ NODE_ENV: "test", AGENCY_NAME: "Horizonte" });

describe("the redirect middleware (Express)", () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    const table = buildRuleTable([
      { id: "1", fromPath: "/antigo", target: "/todos-os-imoveis", statusCode: 301, active: true },
      { id: "2", fromPath: "/parceiro", target: "https://exemplo.com.br/lp", statusCode: 302, active: true },
    ]);
    const app = express();
    app.use(
      redirectMiddleware((pathname, search) => {
        const result = resolveRedirect(table, pathname, search);
        return result.kind === "redirect" ? result.decision : null;
      }),
    );
    app.use((_req, res) => void res.status(200).send("rota"));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it("a document request gets the 301 with Location (query kept) and a short cache lifetime", async () => {
    const response = await fetch(`${base}/antigo?utm_source=jornal`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/todos-os-imoveis?utm_source=jornal");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("leaves a Remix data request (single fetch) to Remix, which answers it with the rule (handleDataRequest)", async () => {
    const data = await fetch(`${base}/antigo.data?_routes=root`, { redirect: "manual" });
    expect(data.status).toBe(200);
    expect(await data.text()).toBe("rota");
  });

  it("other methods and unmatched paths reach the router", async () => {
    expect((await fetch(`${base}/antigo`, { method: "POST", redirect: "manual" })).status).toBe(200);
    expect((await fetch(`${base}/outro`, { redirect: "manual" })).status).toBe(200);
  });
});

describe.each(kinds)("admin data on %s", (kind) => {
  let env: TestDatabase;
  const changes: string[] = [];
  let unsubscribe: () => void;

  beforeAll(async () => {
    env = await createTestDatabase(kind);
    unsubscribe = onPublicContentChanged((change) => changes.push(change));
  });
  afterAll(async () => {
    unsubscribe?.();
    await env?.cleanup();
  });

  describe("route rules", () => {
    const form = (value: Record<string, string>) =>
      redirectFormSchema.parse({ statusCode: "301", active: "on", ...value });

    it("a saved rule applies at once and announces the change (page cache)", async () => {
      const db = env.database.db;
      await loadRedirects(db);
      changes.length = 0;
      const saved = await saveRedirect(
        form({ fromPath: "/lancamento-2024", target: "/todos-os-imoveis/lancamentos" }),
        db,
      );
      expect(saved.fromPath).toBe("/lancamento-2024");
      expect(changes).toEqual(["redirects"]);
      expect(lookupRedirect("/lancamento-2024", "")).toMatchObject({
        location: "/todos-os-imoveis/lancamentos",
        status: 301,
      });
    });

    it("refuses a duplicate from-path and a rule that closes a cycle, in Portuguese", async () => {
      const db = env.database.db;
      await expect(saveRedirect(form({ fromPath: "/lancamento-2024/", target: "/outro" }), db)).rejects.toMatchObject({
        name: "AdminError",
        status: 400,
        fieldErrors: { fromPath: ["Já existe um redirecionamento de /lancamento-2024."] },
      });
      await saveRedirect(form({ fromPath: "/ciclo-a", target: "/ciclo-b" }), db);
      const cycleMessage = "Este destino criaria um ciclo de redirecionamentos: /ciclo-b → /ciclo-a → /ciclo-b.";
      await expect(saveRedirect(form({ fromPath: "/ciclo-b", target: "/ciclo-a" }), db)).rejects.toMatchObject({
        status: 400,
        fieldErrors: { target: [cycleMessage] },
      });
      // Saved inactive, it cannot be switched on either.
      const inactive = await saveRedirect(form({ fromPath: "/ciclo-b", target: "/ciclo-a", active: "" }), db);
      await expect(setRedirectActive(inactive.id, true, db)).rejects.toMatchObject({
        status: 400,
        message: cycleMessage,
      });
      expect(lookupRedirect("/ciclo-b", "")).toBeNull();
    });

    it("editing a rule keeps its id; switching it off stops the redirect", async () => {
      const db = env.database.db;
      const [row] = await db.select().from(redirects).where(eq(redirects.fromPath, "/lancamento-2024"));
      const edited = await saveRedirect(
        form({ id: row!.id, fromPath: "/lancamento-2024", target: "https://exemplo.com.br/x", statusCode: "302" }),
        db,
      );
      expect(edited.id).toBe(row!.id);
      expect(lookupRedirect("/lancamento-2024", "?a=1")).toEqual({
        location: "https://exemplo.com.br/x?a=1",
        status: 302,
        external: true,
        hops: 1,
      });
      await setRedirectActive(row!.id, false, db);
      expect(lookupRedirect("/lancamento-2024", "")).toBeNull();
    });

    it("a rule written by another process shows up once the cache is older than the refresh interval", async () => {
      const db = env.database.db;
      await db.insert(redirects).values({ fromPath: "/de-outro-processo", target: "/mapa", statusCode: 302 });
      expect(lookupRedirect("/de-outro-processo", "")).toBeNull();
      // A lookup "31 s later" starts the background reload; the next lookup sees the rule.
      lookupRedirect("/de-outro-processo", "", Date.now() + 31_000);
      await redirectsReloaded();
      expect(lookupRedirect("/de-outro-processo", "")).toMatchObject({ location: "/mapa", status: 302 });
    });

    it("an old stored rule the form would refuse today is ignored by the loader, never served, never an error", async () => {
      const db = env.database.db;
      await db.insert(redirects).values([
        { fromPath: "/antigo-http", target: "http://x.example/lp", statusCode: 301 },
        { fromPath: "/antigo-crlf", target: "/a\r\nSet-Cookie: x", statusCode: 301 },
        { fromPath: "/antigo-js", target: "javascript:alert(1)", statusCode: 302 },
        { fromPath: "//antigo-host", target: "/mapa", statusCode: 301 },
        { fromPath: "/antigo-bom", target: "/mapa", statusCode: 301 },
      ]);
      const warnings: unknown[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        await loadRedirects(db);
      } finally {
        console.warn = original;
      }
      expect(warnings).toHaveLength(4);
      for (const path of ["/antigo-http", "/antigo-crlf", "/antigo-js", "//antigo-host"])
        expect(lookupRedirect(path, "")).toBeNull();
      expect(lookupRedirect("/antigo-bom", "")).toMatchObject({ location: "/mapa", status: 301 });
      await db
        .delete(redirects)
        .where(inArray(redirects.fromPath, ["/antigo-http", "/antigo-crlf", "/antigo-js", "//antigo-host"]));
    });
  });

  describe("appearance", () => {
    it("getTheme uses the configuration until an appearance is saved, then the saved one; reset goes back", async () => {
      const db = env.database.db;
      expect(await loadAppearance(db)).toBeNull();
      expect(getTheme(config).colors.primary).toBe("#000000");
      changes.length = 0;
      await saveAppearance(
        {
          title: "Casa Nova Imóveis",
          description: "Apartamentos e casas em São Paulo.",
          primary: "#123456",
          secondary: "#e11d48",
          light: "#f1f1f3",
          logoSquare: "",
          logoHorizontal: "/logo-horizontal.svg",
        },
        "demo-admin",
        db,
      );
      expect(changes).toEqual(["appearance"]);
      const theme = getTheme(config);
      expect(theme).toMatchObject({
        title: "Casa Nova Imóveis",
        description: "Apartamentos e casas em São Paulo.",
        colors: { primary: "#123456", onPrimary: "#ffffff" },
        logos: { square: "/logo-square.svg", horizontal: "/logo-horizontal.svg" },
      });
      await resetAppearance(db);
      expect(getStoredAppearance()).toBeNull();
      expect(getTheme(config)).toMatchObject({
        title: "Horizonte Imobiliária",
        colors: { primary: "#000000" },
        logos: { horizontal: null },
      });
    });
  });

  describe("uploaded logos", () => {
    it("stores an image as WebP under a new public key and refuses a file that is not what it claims", async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-logos-"));
      try {
        const storage = createLocalStorage(root);
        const png = await sharp({ create: { width: 400, height: 100, channels: 3, background: "#e11d48" } })
          .png()
          .toBuffer();
        const stored = await storeLogo(
          new File([new Uint8Array(png)], "logo.png", { type: "image/png" }),
          "horizontal",
          storage,
        );
        const storedPath = stored;
        expect(storedPath).toMatch(/^\/arquivos\/logos\/horizontal-[0-9a-f]{24}\.webp$/);
        const object = await storage.get(storedPath.slice("/arquivos/".length));
        expect(object?.contentType).toBe("image/webp");
        expect((await sharp(object!.body).metadata()).format).toBe("webp");

        await expect(
          storeLogo(
            new File([new TextEncoder().encode("não sou uma imagem")], "logo.png", { type: "image/png" }),
            "quadrado",
            storage,
          ),
        ).rejects.toMatchObject({
          name: "AdminError",
          status: 400,
          message: "Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP.",
        });
        await expect(
          storeLogo(new File([new Uint8Array(png)], "logo.jpg", { type: "image/jpeg" }), "quadrado", storage),
        ).rejects.toThrow(/não corresponde à extensão \.jpg/);
      } finally {
        await fs.rm(root, { recursive: true, force: true });
      }
    });
  });

  describe("leads inbox", () => {
    const ids: Record<string, string> = {};
    const ADMIN = { uid: "admin-1", name: "Admin" };

    beforeAll(async () => {
      const db = env.database.db;
      await db.insert(listings).values(
        storedRow(
          makeListing({
            code: "INBOX1",
            broker: { code: "77", name: "Bruno", email: "bruno@exemplo.com.br" } as never,
          }),
          { condominiumSlug: null, now: new Date() },
        ),
      );
      await db.insert(users).values([
        {
          uid: "broker-77",
          email: "bruno@exemplo.com.br",
          displayName: "Bruno Corretor",
          role: "agent",
          brokerCode: "77",
        },
        { uid: "broker-off", email: "off@exemplo.com.br", displayName: "Desativado", role: "agent", disabled: true },
      ]);
      const make = async (key: string, input: Record<string, unknown>) => {
        const { lead } = await recordLead(input as never, {
          idempotencyKey: key,
          db,
          agencyEmail: "contato@imobiliaria.localhost",
        });
        ids[key] = lead.id;
      };
      await make("sell-1", {
        kind: "sell",
        name: "Ana Souza",
        phone: "(11) 91234-5678",
        location: "Moema; perto do parque",
      });
      await make("info-1", {
        kind: "info",
        code: "INBOX1",
        name: "Carlos Lima",
        phone: "11 3456-7890",
        email: "carlos@exemplo.com.br",
        message: '=HYPERLINK("x") Tem vaga?',
      });
      for (let i = 0; i < 23; i++)
        await make(`wa-${i}`, { kind: "whatsapp", page: `/detalhes/x/${i}`, utm: { utm_source: "google" } });
      // Dates for the range filter: the sell lead on 10/03/2025 (São Paulo), the info lead on 11/03/2025 00:30 São Paulo (03:30 UTC).
      await db
        .update(leads)
        .set({ createdAt: new Date("2025-03-10T15:00:00-03:00") })
        .where(eq(leads.id, ids["sell-1"]!));
      await db
        .update(leads)
        .set({ createdAt: new Date("2025-03-11T00:30:00-03:00") })
        .where(eq(leads.id, ids["info-1"]!));
    });

    it("lists newest first, 20 per page, with the deliveries per channel", async () => {
      const db = env.database.db;
      const first = await listLeads({}, db);
      expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 });
      expect(first.items).toHaveLength(20);
      expect(first.items.every((lead) => lead.kind === "whatsapp" && lead.status === "novo")).toBe(true);
      const last = await listLeads({ pagina: 9 }, db);
      expect(last.page).toBe(2);
      expect(last.items.map((lead) => lead.kind)).toEqual(["whatsapp", "whatsapp", "whatsapp", "info", "sell"]);
      const info = last.items.find((lead) => lead.kind === "info")!;
      expect(info.deliveries.map((d) => [d.channel, d.status, d.attempts])).toEqual([
        ["email_agency", "pending", 0],
        ["email_broker", "pending", 0],
        ["vista", "pending", 0],
      ]);
    });

    it("filters by kind, status, broker and São Paulo dates", async () => {
      const db = env.database.db;
      expect((await listLeads({ tipo: "sell" }, db)).items.map((l) => l.id)).toEqual([ids["sell-1"]]);
      expect((await listLeads({ de: "2025-03-10", ate: "2025-03-10" }, db)).items.map((l) => l.id)).toEqual([
        ids["sell-1"],
      ]);
      expect((await listLeads({ de: "2025-03-11", ate: "2025-03-11" }, db)).items.map((l) => l.id)).toEqual([
        ids["info-1"],
      ]);
      expect(await changeLeadStatus(ids["info-1"]!, { status: "em_atendimento" }, ADMIN, db)).toEqual({
        ok: true,
        changed: true,
      });
      expect((await listLeads({ status: "em_atendimento" }, db)).items.map((l) => l.id)).toEqual([ids["info-1"]]);
      expect(await assignLead(ids["sell-1"]!, "broker-77", ADMIN, db)).toBeNull();
      // info-1 went to its listing's broker on creation (ADR 0080).
      expect((await listLeads({ corretor: "broker-77" }, db)).items.map((l) => [l.id, l.assigned?.name])).toEqual([
        [ids["info-1"], "Bruno Corretor"],
        [ids["sell-1"], "Bruno Corretor"],
      ]);
      expect((await listLeads({ corretor: "nenhum" }, db)).total).toBe(23);
    });

    it("moves a lead through its statuses; refuses unknown leads and disabled brokers", async () => {
      const db = env.database.db;
      const id = ids["wa-0"]!;
      // A WhatsApp lead's statuses are the sales pipeline's ("concluido" is an LGPD request's).
      for (const status of ["em_atendimento", "proposta", "novo"] as const) {
        expect(await changeLeadStatus(id, { status }, ADMIN, db)).toEqual({ ok: true, changed: true });
        const [row] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, id));
        expect(row!.status).toBe(status);
      }
      expect(
        await changeLeadStatus("00000000-0000-4000-8000-000000000000", { status: "novo" }, ADMIN, db),
      ).toMatchObject({ ok: false, status: 404 });
      expect(await assignLead(id, "broker-off", ADMIN, db)).toBe("Este usuário está desativado.");
      expect(await assignLead(id, "ninguem", ADMIN, db)).toBe("Corretor não encontrado.");
      expect(await assignLead("00000000-0000-4000-8000-000000000000", null, ADMIN, db)).toBe(
        "Este contato não existe mais.",
      );
    });

    it("reenviar: a pending delivery is due now; a sent one goes back to pending; a leased one is refused", async () => {
      const db = env.database.db;
      const rows = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, ids["info-1"]!));
      const [agency, broker, vista] = ["email_agency", "email_broker", "vista"].map((channel) =>
        rows.find((r) => r.channel === channel)!,
      );
      const later = new Date(Date.now() + 3_600_000);
      await db
        .update(leadDeliveries)
        .set({ nextAttemptAt: later, attempts: 3, lastError: "SMTP 421" })
        .where(eq(leadDeliveries.id, agency!.id));
      const now = new Date();
      expect(await resendDelivery(agency!.id, db, now)).toEqual({ ok: true, wasSent: false });
      const [afterPending] = await db.select().from(leadDeliveries).where(eq(leadDeliveries.id, agency!.id));
      expect(afterPending).toMatchObject({ status: "pending", attempts: 3, lastError: "SMTP 421" });
      expect(afterPending!.nextAttemptAt.getTime()).toBe(now.getTime());

      await db
        .update(leadDeliveries)
        .set({ status: "sent", sentAt: new Date(), attempts: 1 })
        .where(eq(leadDeliveries.id, broker!.id));
      expect(await resendDelivery(broker!.id, db, now)).toEqual({ ok: true, wasSent: true });
      const [afterSent] = await db.select().from(leadDeliveries).where(eq(leadDeliveries.id, broker!.id));
      expect(afterSent).toMatchObject({ status: "pending", sentAt: null, attempts: 1 });

      await db.update(leadDeliveries).set({ lockedUntil: later }).where(eq(leadDeliveries.id, vista!.id));
      expect(await resendDelivery(vista!.id, db, now)).toEqual({
        ok: false,
        message: "Este envio está em andamento agora. Tente de novo em alguns minutos.",
      });
      expect(await resendDelivery("00000000-0000-4000-8000-000000000000", db, now)).toEqual({
        ok: false,
        message: "Este envio não existe mais.",
      });
    });

    it("exports CSV for Excel pt-BR: BOM, semicolons, every field quoted, formulas neutralised, the filters applied", async () => {
      const db = env.database.db;
      const csv = leadsToCsv(await leadsForExport({ tipo: "info" }, db));
      expect(csv.startsWith("\uFEFF")).toBe(true);
      const lines = csv.slice(1).split("\r\n");
      expect(lines[0]).toBe(CSV_HEADER.map((name) => `"${name}"`).join(";"));
      expect(lines).toHaveLength(3); // header, one lead, trailing empty string
      expect(lines[1]).toContain(
        `"11/03/2025 00:30";"Mais informações";"Em atendimento";"Bruno Corretor";"Carlos Lima";"1134567890";"carlos@exemplo.com.br";"INBOX1";`,
      );
      expect(lines[1]).toContain(`;"'=HYPERLINK(""x"") Tem vaga?";`);
      expect(lines[1]).toContain(
        `"E-mail da imobiliária: pendente (3 tentativas); E-mail do corretor: pendente (1 tentativa); Vista (CRM): pendente (0 tentativas)"`,
      );
      const sell = leadsToCsv(await leadsForExport({ tipo: "sell" }, db));
      expect(sell).toContain(`;"Moema; perto do parque";`);
    });

    it("a broker sees the leads assigned to them and the unassigned ones about their listings", async () => {
      const db = env.database.db;
      const mine = await listBrokerLeads({ uid: "broker-77", brokerCode: "77" }, db);
      expect(mine.map((lead) => lead.id).sort()).toEqual([ids["info-1"], ids["sell-1"]].sort());
      expect(await listBrokerLeads({ uid: "broker-x", brokerCode: null }, db)).toEqual([]);
      // Assigned to someone else: no longer theirs.
      await db.insert(users).values({ uid: "broker-88", email: "outro@exemplo.com.br", role: "agent" });
      expect(await assignLead(ids["info-1"]!, "broker-88", ADMIN, db)).toBeNull();
      expect((await listBrokerLeads({ uid: "broker-77", brokerCode: "77" }, db)).map((lead) => lead.id)).toEqual([
        ids["sell-1"],
      ]);
    });
  });
});
