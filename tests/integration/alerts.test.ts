/**
 * Saved-search alerts (ADR 0034) through their route modules on PGlite (the
 * process database), with real SMTP exchanges (`helpers/smtp-sink`):
 * "Criar alerta" stores an unconfirmed alert and queues a confirmation
 * e-mail (no-JS redirect, JSON when hydrated, field errors, honeypot,
 * idempotency, pages that are not searches); the signed link confirms it and
 * records a lead of kind "alert"; bad and expired links are 400/410; the
 * digest picks the new listings and price drops that match and skips the
 * rest, sends nothing when nothing is new; RFC 8058 one-click POST
 * unsubscribes; the management page pauses and deletes; unconfirmed alerts
 * expire after 7 days; the LGPD search and deletion see alerts.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlertDigest } from "~/.server/alerts/digest";
import { deliverDueAlertMails } from "~/.server/alerts/outbox";
import { createAlert, type SearchAlertRow } from "~/.server/alerts/store";
import { signAlertToken } from "~/.server/alerts/tokens";
import { clearVocabularyCache, getVocabulary } from "~/.server/catalogue/vocabulary";
import {
  leadDeliveries,
  leads,
  listingPriceChanges,
  listings,
  searchAlertMails,
  searchAlerts,
} from "~/.server/db/schema";
import { EXPIRED_FORM_MESSAGE } from "~/.server/leads/form-guard";
import { createMailer, type Mailer } from "~/.server/mail/transport";
import { deleteSubject, findSubjectRecords } from "~/.server/privacy";
import { parseSubject } from "~/.server/privacy/subject";
import { setSingleton } from "~/.server/singleton";
import * as alertsPage from "~/routes/alerts";
import * as confirmPage from "~/routes/alerts-confirm";
import * as createPage from "~/routes/alerts-create";
import * as unsubscribePage from "~/routes/alerts-unsubscribe";
import * as passwordTokenPage from "~/routes/password-token";
import { createTestPglite, type TestDatabase } from "./helpers/database";
import { makeListing, storedRow } from "./helpers/fixtures";
import { answer, clientArgs, expiredForm, passingGuardFields, siteRequest } from "./helpers/loaders";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink";

const PUBLIC_URL = "https://www.exemplo.com.br";
const MOEMA_SALE = "/todos-os-imoveis/venda-apartamento-sao-paulo-moema";

let test: TestDatabase;
let dataDir: string;
let smtp: SmtpSink;
let mailer: Mailer;
const T0 = new Date(Date.now() - 3600_000);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-alerts-"));
  process.env.DATA_DIR = dataDir;
  test = await createTestPglite();
  setSingleton("database", test.database);
  const old = new Date(T0.getTime() - 30 * 24 * 3600_000);
  const row = (code: string, extra: Parameters<typeof makeListing>[0], firstSeenAt = old) => ({
    ...storedRow(makeListing({ title: `Imóvel ${code}`, ...extra, code }), { condominiumSlug: null, now: old }),
    firstSeenAt,
  });
  await test.database.db
    .insert(listings)
    .values([
      row("OLD1", { code: "OLD1", salePrice: 800_000, coverPhotoUrl: "https://fotos.exemplo.com/old1.jpg" }),
      row("OLD2", { code: "OLD2", salePrice: 700_000 }),
      row("CASA1", { code: "CASA1", category: "Casa", neighbourhood: "Pinheiros", salePrice: 1_500_000 }),
    ]);
  clearVocabularyCache();
  smtp = await startSmtpSink();
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    outboxDir: path.join(dataDir, "outbox"),
    from: "site@exemplo.com.br",
  });
}, 240_000);

afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await test?.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const db = () => test.database.db;
const args = (request: Request, clientIp = "10.2.0.1") => clientArgs(request, clientIp);

/** The fields "Criar alerta" posts, rendered long enough ago to pass the minimum fill time. */
function alertForm(fields: Record<string, string> = {}) {
  return {
    email: "Maria@Exemplo.com.br",
    name: "",
    page: `${MOEMA_SALE}?ordem=menor-preco`,
    ...passingGuardFields(),
    ...fields,
  };
}

const postCreate = (fields: Record<string, string>, clientIp?: string) =>
  answer(() =>
    createPage.action(
      args(siteRequest("/alertas/criar", { method: "POST", body: new URLSearchParams(fields) }), clientIp),
    ),
  );

/** Raw SMTP text with its quoted-printable encoding undone (soft breaks, `=XX` bytes as UTF-8). */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The path and query of the first link to `route` in a message. */
function linkTo(message: string, route: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${route.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_.-]+`).exec(
    readable(message),
  );
  if (!match) throw new Error(`no ${route} link in the message`);
  return match[0].replace(/^https?:\/\/[^/]+/, "");
}

async function alertsOf(email: string): Promise<SearchAlertRow[]> {
  return db().select().from(searchAlerts).where(eq(searchAlerts.email, email));
}

describe("Criar alerta", () => {
  it("stores an unconfirmed alert with the page's filters and e-mails a confirmation link (no JavaScript)", async () => {
    const response = await postCreate(alertForm({ name: "Apê em Moema" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/alertas/criar?enviado=1");
    const [alert] = await alertsOf("maria@exemplo.com.br");
    expect(alert).toMatchObject({
      name: "Apê em Moema",
      confirmedAt: null,
      query: null,
      path: MOEMA_SALE,
      filters: { purpose: "venda", category: "apartamento", city: "sao-paulo", neighbourhoods: ["moema"] },
    });

    const before = smtp.messages.length;
    expect(await deliverDueAlertMails({ db: db(), mailer })).toEqual({ sent: 1, failed: 0 });
    const mail = readable(smtp.messages[before]!);
    expect(mail).toContain("To: maria@exemplo.com.br");
    expect(mail).toContain("X-Alert-Mail: confirm");
    expect(mail).toContain("Subject: =?UTF-8?Q?Confirme_seu_alerta");
    expect(mail).toContain("Apartamentos à venda em Moema, São Paulo");
    expect(linkTo(mail, "/alertas/confirmar")).toMatch(/^\/alertas\/confirmar\?token=/);
  });

  it("answers JSON to a hydrated form, once per form key", async () => {
    const fields = alertForm({ email: "joao@exemplo.com.br", js: "1" });
    const first = await postCreate(fields, "10.2.0.2");
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ form: "alert-search", sent: true });
    const again = await postCreate(fields, "10.2.0.2");
    expect(again.status).toBe(200);
    expect(await alertsOf("joao@exemplo.com.br")).toHaveLength(1);
  });

  it("refuses a bad e-mail beside the field, a page that is not a search, and stores nothing for a bot", async () => {
    const bad = await postCreate(alertForm({ email: "nao-é-email", js: "1" }), "10.2.0.3");
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.email?.[0]).toMatch(/e-mail válido/);

    const notSearch = await postCreate(alertForm({ email: "x@exemplo.com.br", page: "/sobre", js: "1" }), "10.2.0.3");
    expect(notSearch.status).toBe(400);
    const unknownWord = await postCreate(
      alertForm({ email: "x@exemplo.com.br", page: "/todos-os-imoveis/palavra-desconhecida", js: "1" }),
      "10.2.0.3",
    );
    expect(unknownWord.status).toBe(400);
    const control = await postCreate(alertForm({ email: "x@exemplo.com.br", name: "a\nb", js: "1" }), "10.2.0.3");
    expect(control.status).toBe(400);

    const bot = await postCreate(alertForm({ email: "bot@exemplo.com.br", website: "spam" }), "10.2.0.3");
    expect(bot.status).toBe(303);
    expect(await alertsOf("bot@exemplo.com.br")).toHaveLength(0);
    expect(await alertsOf("x@exemplo.com.br")).toHaveLength(0);
  });

  it("refuses a forged render time and limits the alerts per IP (429 with Retry-After)", async () => {
    const forged = await postCreate(alertForm({ email: "f@exemplo.com.br", startedAt: "1.abc", js: "1" }), "10.2.0.4");
    expect(forged.status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await postCreate(alertForm({ email: `limite${i}@exemplo.com.br`, js: "1" }), "10.2.0.5")).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it("keeps the /busca text and its filters", async () => {
    const response = await postCreate(
      alertForm({ email: "texto@exemplo.com.br", page: "/busca?q=moema&quartos=2", js: "1" }),
      "10.2.0.6",
    );
    expect(response.status).toBe(200);
    const [alert] = await alertsOf("texto@exemplo.com.br");
    expect(alert).toMatchObject({ query: "moema", filters: { bedroomsMin: 2 }, path: "/busca?q=moema&quartos=2" });
  });
});

describe("mail the public can trigger (ADR 0064)", () => {
  it("the confirmation of a /busca alert quotes neither the typed text nor its URL", async () => {
    const text = "URGENTE: sua conta será bloqueada. Acesse http://evil.example/login";
    const page = `/busca?${new URLSearchParams({ q: text, quartos: "2" })}`;
    const response = await postCreate(
      alertForm({ email: "isca@exemplo.com.br", name: "Aviso do banco", page, js: "1" }),
      "10.2.1.1",
    );
    expect(response.status).toBe(200);
    const [alert] = await alertsOf("isca@exemplo.com.br");
    expect(alert!.query).toBe(text);
    const [queued] = await db().select().from(searchAlertMails).where(eq(searchAlertMails.alertId, alert!.id));
    const message = queued!.message as { subject: string; text: string; html: string };
    for (const part of [message.subject, message.text, message.html]) {
      expect(part).not.toContain("URGENTE");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("Aviso do banco");
      expect(part).not.toContain("/busca");
    }
    expect(message.text).toContain("Busca por texto");
    // Neither does the confirmation page, before or after the button (no link to the search either).
    const url = `/alertas/confirmar?token=${signAlertToken("confirm", alert!.id)}`;
    const shown = await answer(() => confirmPage.loader(args(siteRequest(url))));
    expect(JSON.stringify(await shown.json())).not.toMatch(/URGENTE|evil\.example|Aviso do banco/);
    const confirmed = await answer(() => confirmPage.action(args(siteRequest(url, { method: "POST", body: "" }))));
    const data = await confirmed.json();
    expect(data).toMatchObject({ confirmed: true, searchPath: null });
    expect(JSON.stringify(data)).not.toMatch(/URGENTE|evil\.example|Aviso do banco/);
    // The agency's lead keeps the text the visitor searched for.
    const [lead] = await db().select().from(leads).where(eq(leads.email, "isca@exemplo.com.br"));
    expect(lead!.message).toContain(`Busca “${text}”`);
    await db().delete(searchAlerts).where(eq(searchAlerts.id, alert!.id));
  });

  it("an alert never keeps a listing code: its text reaches neither the stored search nor the confirmation", async () => {
    const bait = "ACESSE-WWW.GOLPE.COM.BR";
    const pages = [
      `${MOEMA_SALE}?codigo=${bait}`,
      `/todos-os-imoveis?codigo=${bait}&quartos=2`,
      `/busca?${new URLSearchParams({ q: "moema", codigo: bait })}`,
    ];
    for (const [i, page] of pages.entries()) {
      const email = `codigo${i}@exemplo.com.br`;
      const response = await postCreate(alertForm({ email, page, js: "1" }), `10.2.4.${i}`);
      expect(response.status, page).toBe(200);
      const [alert] = await alertsOf(email);
      expect(alert!.filters.code, page).toBeUndefined();
      expect(JSON.stringify([alert!.filters, alert!.path, alert!.query]), page).not.toMatch(/golpe|codigo/i);
      const [queued] = await db().select().from(searchAlertMails).where(eq(searchAlertMails.alertId, alert!.id));
      const message = queued!.message as { subject: string; text: string; html: string };
      for (const part of [message.subject, message.text, message.html]) {
        expect(part, page).not.toMatch(/golpe|codigo|Código/i);
      }
      await db().delete(searchAlerts).where(eq(searchAlerts.id, alert!.id));
    }
  });

  it("caps the unconfirmed alerts of one mailbox whatever its case or +tag, beside the e-mail field", async () => {
    const addresses = ["caixa@exemplo.com.br", "Caixa+1@exemplo.com.br", "caixa+2@Exemplo.com.br"];
    addresses.push("CAIXA+3@exemplo.com.br", "caixa+4@exemplo.com.br");
    for (const [i, email] of addresses.entries()) {
      expect((await postCreate(alertForm({ email, js: "1" }), `10.2.2.${i}`)).status).toBe(200);
    }
    const over = await postCreate(alertForm({ email: "caixa+5@exemplo.com.br", js: "1" }), "10.2.2.9");
    expect(over.status).toBe(429);
    const body = (await over.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.email?.[0]).toMatch(/já recebeu muitos pedidos de confirmação hoje/);
    expect(await alertsOf("caixa+5@exemplo.com.br")).toHaveLength(0);
    // Another mailbox is not touched.
    expect((await postCreate(alertForm({ email: "outra@exemplo.com.br", js: "1" }), "10.2.2.10")).status).toBe(200);
  });

  it("answers a form left open too long with a fresh token and a message to send again, storing nothing", async () => {
    const oldStartedAt = expiredForm.startedAt();
    const fields = alertForm({ email: "antigo@exemplo.com.br", startedAt: oldStartedAt, js: "1" });
    const response = await postCreate(fields, "10.2.3.1");
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      startedAt: string;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.result.error[""]).toEqual([EXPIRED_FORM_MESSAGE]);
    expect(body.result.initialValue).toMatchObject({ email: "antigo@exemplo.com.br" });
    expect(body.startedAt).not.toBe(oldStartedAt);
    expect(await alertsOf("antigo@exemplo.com.br")).toHaveLength(0);
    // The fresh token is valid: sent after the minimum fill time, it is accepted.
    expect(expiredForm.checkAfterFill(body.startedAt)).toBe("ok");
  });
});

describe("confirmation link", () => {
  it("a GET only shows the alert and the button (a mail scanner confirms nothing); the POST confirms and records a lead", async () => {
    const [alert] = await alertsOf("maria@exemplo.com.br");
    const token = signAlertToken("confirm", alert!.id);
    const url = `/alertas/confirmar?token=${token}`;
    const shown = await answer(() => confirmPage.loader(args(siteRequest(url))));
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ confirmed: false, description: expect.stringContaining("Moema") });
    expect((await alertsOf("maria@exemplo.com.br"))[0]!.confirmedAt).toBeNull();

    const response = await answer(() => confirmPage.action(args(siteRequest(url, { method: "POST", body: "" }))));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ confirmed: true, description: expect.stringContaining("Moema") });
    const [confirmed] = await alertsOf("maria@exemplo.com.br");
    expect(confirmed!.confirmedAt).not.toBeNull();
    expect(confirmed!.leadId).not.toBeNull();
    const [lead] = await db().select().from(leads).where(eq(leads.id, confirmed!.leadId!));
    expect(lead).toMatchObject({ kind: "alert", email: "maria@exemplo.com.br", condominium: null });
    expect(lead!.message).toContain("Apartamentos à venda em Moema, São Paulo");
    const channels = (await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead!.id))).map(
      (d) => d.channel,
    );
    expect(channels.sort()).toEqual(["email_agency", "vista"]);

    // Opening the link again shows it confirmed; pressing the button again changes nothing.
    const again = await answer(() => confirmPage.loader(args(siteRequest(url))));
    expect(await again.json()).toMatchObject({ confirmed: true });
    const twice = await answer(() => confirmPage.action(args(siteRequest(url, { method: "POST", body: "" }))));
    expect(twice.status).toBe(200);
    expect(await db().select().from(leads).where(eq(leads.email, "maria@exemplo.com.br"))).toHaveLength(1);
  });

  it("answers 400 to a malformed or forged token and 410 to an expired one", async () => {
    const [alert] = await alertsOf("joao@exemplo.com.br");
    const status = async (token: string) =>
      (
        await answer(() =>
          confirmPage.loader(args(siteRequest(`/alertas/confirmar?token=${encodeURIComponent(token)}`))),
        )
      ).status;
    expect(await status("")).toBe(400);
    expect(await status("abc.def")).toBe(400);
    expect(
      await status(signAlertToken("confirm", alert!.id, { secrets: ["outro-segredo-qualquer-32-caracteres"] })),
    ).toBe(400);
    expect(await status(signAlertToken("manage", "joao@exemplo.com.br"))).toBe(400);
    expect(await status(signAlertToken("confirm", alert!.id, { now: Date.now() - 8 * 24 * 3600_000 }))).toBe(410);
    const post = (token: string) =>
      answer(() =>
        confirmPage.action(
          args(siteRequest(`/alertas/confirmar?token=${encodeURIComponent(token)}`, { method: "POST", body: "" })),
        ),
      );
    expect((await post("abc.def")).status).toBe(400);
    expect((await post(signAlertToken("confirm", alert!.id, { now: Date.now() - 8 * 24 * 3600_000 }))).status).toBe(
      410,
    );
    const [still] = await alertsOf("joao@exemplo.com.br");
    expect(still!.confirmedAt).toBeNull();
  });
});

describe("pages reached with a token in their URL", () => {
  it("send private, no-store, noindex and a same-origin referrer policy with the HTML document too, error screen included", () => {
    const json = new Headers({ "Content-Type": "application/json", "Cache-Control": "private, no-store" });
    const cases: { loaderHeaders: Headers; actionHeaders: Headers; errorHeaders: Headers | undefined }[] = [
      { loaderHeaders: json, actionHeaders: new Headers(), errorHeaders: undefined },
      { loaderHeaders: json, actionHeaders: json, errorHeaders: undefined },
      { loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: json },
    ];
    for (const [name, page] of Object.entries({ confirmPage, alertsPage, unsubscribePage, passwordTokenPage })) {
      expect(page.headers, name).toBeTypeOf("function");
      for (const args of cases) {
        const headers = new Headers(page.headers({ ...args, parentHeaders: new Headers() }));
        expect(headers.get("Cache-Control"), name).toBe("private, no-store");
        expect(headers.get("X-Robots-Tag"), name).toBe("noindex");
        // Not no-referrer: the page's own form posts would carry `Origin: null` and be refused.
        expect(headers.get("Referrer-Policy"), name).toBe("same-origin");
        expect(headers.get("Content-Type"), name).toBeNull();
      }
    }
  });
});

describe("daily digest", () => {
  it("mails the new listings and price drops that match, skips the others, and nothing when nothing is new", async () => {
    const [alert] = await alertsOf("maria@exemplo.com.br");
    const confirmedAt = alert!.confirmedAt!;
    const later = (minutes: number) => new Date(confirmedAt.getTime() + minutes * 60_000);
    await db()
      .insert(listings)
      .values([
        {
          ...storedRow(makeListing({ code: "NOVO1", title: "Apartamento novo", salePrice: 650_000 }), {
            condominiumSlug: null,
            now: later(1),
          }),
          firstSeenAt: later(1),
        },
        {
          ...storedRow(makeListing({ code: "NOVOCASA", category: "Casa", salePrice: 650_000 }), {
            condominiumSlug: null,
            now: later(1),
          }),
          firstSeenAt: later(1),
        },
      ]);
    await db()
      .insert(listingPriceChanges)
      .values([
        { listingCode: "OLD1", field: "sale", oldValue: 850_000, newValue: 800_000, changedAt: later(2) },
        { listingCode: "OLD2", field: "sale", oldValue: 600_000, newValue: 700_000, changedAt: later(2) },
        { listingCode: "CASA1", field: "sale", oldValue: 1_600_000, newValue: 1_500_000, changedAt: later(2) },
      ]);
    clearVocabularyCache();
    const vocabulary = await getVocabulary({ db: db() });
    const now = later(24 * 60);
    const result = await runAlertDigest({ db: db(), now, publicUrl: PUBLIC_URL, vocabulary });
    expect(result.mailed).toBe(1);
    const queued = await db().select().from(searchAlertMails).where(eq(searchAlertMails.alertId, alert!.id));
    const digest = queued.find((mail) => mail.kind === "digest")!;
    expect(digest.message.text).toContain("NOVO1");
    expect(digest.message.text).toContain("OLD1");
    expect(digest.message.text).not.toContain("NOVOCASA");
    expect(digest.message.text).not.toContain("CASA1");
    expect(digest.message.text).not.toContain("OLD2");

    const before = smtp.messages.length;
    await deliverDueAlertMails({ db: db(), mailer, now });
    const mail = readable(smtp.messages.slice(before).find((raw) => raw.includes("X-Alert-Mail: digest"))!);
    expect(mail).toMatch(
      /List-Unsubscribe:\s*<https:\/\/www\.exemplo\.com\.br\/alertas\/cancelar\?token=[^>]+>,\s*<mailto:/,
    );
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail).toContain(`${PUBLIC_URL}/imagens?`);
    expect(mail).toContain("Preços reduzidos (1)");
    expect(mail).toContain("Imóveis novos (1)");

    // Nothing new since: no e-mail, the window still moves.
    const quiet = await runAlertDigest({ db: db(), now: later(48 * 60), publicUrl: PUBLIC_URL, vocabulary });
    expect(quiet.mailed).toBe(0);
    expect(quiet.alerts).toBeGreaterThanOrEqual(1);
    const after = await db().select().from(searchAlertMails).where(eq(searchAlertMails.alertId, alert!.id));
    expect(after).toHaveLength(queued.length);
  });

  it("matches a /busca alert with the same text search", async () => {
    const vocabulary = await getVocabulary({ db: db() });
    const created = await createAlert(
      { email: "busca@exemplo.com.br", search: { filters: {}, query: "pinheiros", path: "/busca?q=pinheiros" } },
      { idempotencyKey: "busca-teste", vocabulary, db: db(), publicUrl: PUBLIC_URL },
    );
    if ("tooMany" in created) throw new Error("unexpected");
    const since = new Date(Date.now() - 1000);
    await db()
      .update(searchAlerts)
      .set({ confirmedAt: since, lastDigestAt: since })
      .where(eq(searchAlerts.id, created.alert.id));
    await db()
      .insert(listings)
      .values([
        {
          ...storedRow(makeListing({ code: "PIN9", neighbourhood: "Pinheiros", salePrice: 1 }), {
            condominiumSlug: null,
            now: new Date(),
          }),
          firstSeenAt: new Date(),
        },
        {
          ...storedRow(makeListing({ code: "MOE9", salePrice: 1 }), { condominiumSlug: null, now: new Date() }),
          firstSeenAt: new Date(),
        },
      ]);
    clearVocabularyCache();
    const result = await runAlertDigest({
      db: db(),
      now: new Date(Date.now() + 1000),
      force: true,
      publicUrl: PUBLIC_URL,
    });
    expect(result.mailed).toBeGreaterThanOrEqual(1);
    const [mail] = await db()
      .select()
      .from(searchAlertMails)
      .where(eq(searchAlertMails.alertId, created.alert.id))
      .then((rows) => rows.filter((row) => row.kind === "digest"));
    expect(mail!.message.text).toContain("PIN9");
    expect(mail!.message.text).not.toContain("MOE9");
  });
});

describe("unsubscribe and management", () => {
  it("RFC 8058: a POST of List-Unsubscribe=One-Click cancels at once; a GET only asks", async () => {
    const [alert] = await alertsOf("maria@exemplo.com.br");
    const url = `/alertas/cancelar?token=${signAlertToken("unsubscribe", alert!.id)}`;
    const shown = await answer(() => unsubscribePage.loader(args(siteRequest(url))));
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ cancelled: false });
    expect((await alertsOf("maria@exemplo.com.br"))[0]!.unsubscribedAt).toBeNull();

    const posted = await answer(() =>
      unsubscribePage.action(
        args(
          siteRequest(url, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        ),
      ),
    );
    expect(posted.status).toBe(200);
    expect((await alertsOf("maria@exemplo.com.br"))[0]!.unsubscribedAt).not.toBeNull();
    const digest = await runAlertDigest({
      db: db(),
      force: true,
      now: new Date(Date.now() + 5000),
      publicUrl: PUBLIC_URL,
    });
    const mails = await db().select().from(searchAlertMails).where(eq(searchAlertMails.alertId, alert!.id));
    expect(mails.filter((mail) => mail.status === "pending")).toHaveLength(0);
    expect(digest.mailed).toBeGreaterThanOrEqual(0);

    const forged = await answer(() =>
      unsubscribePage.action(args(siteRequest("/alertas/cancelar?token=x.y", { method: "POST", body: "" }))),
    );
    expect(forged.status).toBe(400);
  });

  it("lists an address's alerts, pauses one and deletes all; another address's id changes nothing", async () => {
    const vocabulary = await getVocabulary({ db: db() });
    for (const key of ["g1", "g2"]) {
      await createAlert(
        {
          email: "gestao@exemplo.com.br",
          search: { filters: { city: "sao-paulo" }, query: null, path: "/todos-os-imoveis/sao-paulo" },
        },
        { idempotencyKey: key, vocabulary, db: db(), publicUrl: PUBLIC_URL },
      );
    }
    const url = `/alertas?token=${signAlertToken("manage", "gestao@exemplo.com.br")}`;
    const page = await answer(() => alertsPage.loader(args(siteRequest(url))));
    expect(page.status).toBe(200);
    const data = (await page.json()) as { alerts: { id: string; status: string }[] };
    expect(data.alerts).toHaveLength(2);
    expect(data.alerts[0]!.status).toBe("pending");

    const post = (fields: Record<string, string>, target = url) =>
      answer(() => alertsPage.action(args(siteRequest(target, { method: "POST", body: new URLSearchParams(fields) }))));
    expect((await post({ intent: "pause", id: data.alerts[0]!.id })).status).toBe(303);
    expect((await alertsOf("gestao@exemplo.com.br")).find((a) => a.id === data.alerts[0]!.id)!.pausedAt).not.toBeNull();

    const [other] = await alertsOf("joao@exemplo.com.br");
    await post({ intent: "delete", id: other!.id });
    expect(await alertsOf("joao@exemplo.com.br")).toHaveLength(1);

    expect((await post({ intent: "delete-all" })).status).toBe(303);
    expect(await alertsOf("gestao@exemplo.com.br")).toHaveLength(0);

    expect((await answer(() => alertsPage.loader(args(siteRequest("/alertas?token=nada"))))).status).toBe(400);
    const expired = `/alertas?token=${signAlertToken("manage", "gestao@exemplo.com.br", { ttlMs: -1000 })}`;
    expect((await answer(() => alertsPage.loader(args(siteRequest(expired))))).status).toBe(410);
  });

  it("deletes unconfirmed alerts after 7 days", async () => {
    const result = await runAlertDigest({
      db: db(),
      now: new Date(Date.now() + 8 * 24 * 3600_000),
      publicUrl: PUBLIC_URL,
    });
    expect(result.expiredUnconfirmed).toBeGreaterThanOrEqual(1);
    expect(await alertsOf("joao@exemplo.com.br")).toHaveLength(0);
  });
});

describe("LGPD", () => {
  it("finds a person's alerts and deletes them with the other records", async () => {
    const vocabulary = await getVocabulary({ db: db() });
    await createAlert(
      { email: "titular@exemplo.com.br", search: { filters: {}, query: null, path: "/todos-os-imoveis" } },
      { idempotencyKey: "lgpd-1", vocabulary, db: db(), publicUrl: PUBLIC_URL },
    );
    const subject = parseSubject("titular@exemplo.com.br")!;
    const found = await findSubjectRecords(db(), subject);
    const group = found.groups.find((g) => g.key === "searchAlerts")!;
    expect(group.records).toHaveLength(1);
    expect(group.records[0]!.fields).toMatchObject({ email: "titular@exemplo.com.br", path: "/todos-os-imoveis" });
    const counts = await deleteSubject(db(), subject, {
      actor: { uid: "admin", email: "admin@exemplo.com.br" },
      reason: "Pedido do titular",
    });
    expect(counts.alerts).toBe(1);
    expect(await alertsOf("titular@exemplo.com.br")).toHaveLength(0);
  });
});
