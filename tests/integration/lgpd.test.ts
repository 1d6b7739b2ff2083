/**
 * `/lgpd` through its route module on PGlite (the process database): the
 * page names the controller and the encarregado of the agency profile; the
 * data-subject request form goes through the same action as every contact
 * form (validation with pt-BR messages and the typed data kept, honeypot,
 * minimum fill time, idempotency, no-JS redirect to `/obrigado?assunto=lgpd`,
 * JSON for a hydrated page) and stores a lead of kind `lgpd` whose outbox
 * e-mails the agency and sends the holder a receipt promising an answer
 * within 15 days (LGPD art. 19, II). ADR 0064: the receipt repeats nothing
 * typed but carries the protocol; the form's token expires and is
 * single-use; the receipts of one mailbox (case, `+tag`, Gmail dots) are
 * capped per day, counted in the database, and a request over the cap is
 * still recorded.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveAgencyProfile } from "~/.server/agency";
import { leadDeliveries, leads } from "~/.server/db/schema";
import { EXPIRED_FORM_MESSAGE, leadFormTokens } from "~/.server/leads/form-guard";
import { normaliseEmail, normalisedEmailSql } from "~/.server/privacy/recipient";
import { deliverDue } from "~/.server/leads/worker";
import type { MailMessage } from "~/.server/mail/transport";
import { agencyFormSchema } from "~/lib/agency-form";
import * as lgpd from "~/routes/lgpd";
import * as thankYou from "~/routes/thank-you";
import { answer, clientArgs, expiredForm, passingGuardFields, siteRequest } from "./helpers/loaders";
import { useSitePglite } from "./helpers/site-pglite";

const test = useSitePglite("lgpd");
beforeAll(async () => {
  await saveAgencyProfile(
    agencyFormSchema.parse({
      legalName: "Horizonte Negócios Imobiliários Ltda.",
      tradeName: "Horizonte",
      cnpj: "11.222.333/0001-81",
      street: "Rua Harmonia",
      number: "100",
      city: "São Paulo",
      state: "SP",
      email: "contato@horizonte.com.br",
      dpoName: "Marina Lopes",
      dpoEmail: "dpo@horizonte.com.br",
      leadRetentionMonths: "18",
    }),
    null,
    test.database.db,
  );
}, 60_000);

const args = (request: Request, clientIp = "10.1.0.1") => clientArgs(request, clientIp);

/** A request as the form sends it, rendered long enough ago to pass the minimum fill time. */
function requestForm(fields: Record<string, string> = {}) {
  return {
    kind: "lgpd",
    name: "João Titular",
    email: "Joao@Exemplo.com.br",
    phone: "",
    request: "eliminacao",
    message: "Quero que apaguem meus dados de contato.",
    ...passingGuardFields(),
    ...fields,
  };
}

const post = (fields: Record<string, string>) =>
  siteRequest("/lgpd", { method: "POST", body: new URLSearchParams(fields) });
const leadsOf = (email: string) => test.database.db.select().from(leads).where(eq(leads.email, email));

describe("/lgpd page", () => {
  it("names the controller, its CNPJ, the encarregado and the retention, with the form's own tokens (never cached)", async () => {
    const response = await answer(() => lgpd.loader(args(siteRequest("/lgpd"))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as {
      agency: {
        legalName: string;
        cnpj: string;
        address: string[];
        dpoName: string;
        dpoEmail: string;
        leadRetentionMonths: number;
      };
      leadForm: { startedAt: string; idempotencyKey: string };
    };
    expect(data.agency).toMatchObject({
      legalName: "Horizonte Negócios Imobiliários Ltda.",
      cnpj: "11.222.333/0001-81",
      dpoName: "Marina Lopes",
      dpoEmail: "dpo@horizonte.com.br",
      leadRetentionMonths: 18,
    });
    expect(data.agency.address).toEqual(["Rua Harmonia, 100", "São Paulo – SP"]);
    expect(data.leadForm.startedAt).toMatch(/^\d+\.[0-9a-f]{64}$/);
  });
});

describe("the LGPD request form", () => {
  it("stores a lead of kind lgpd, sends a visitor without JavaScript to /obrigado?assunto=lgpd, and ignores a resubmission", async () => {
    const fields = requestForm();
    const response = await answer(() => lgpd.action(args(post(fields))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/obrigado?assunto=lgpd");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");

    const again = await answer(() => lgpd.action(args(post(fields))));
    expect(again.status).toBe(303);

    const stored = await leadsOf("joao@exemplo.com.br");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: "lgpd",
      name: "João Titular",
      phone: null,
      message: "Solicitação: Eliminação (exclusão) de dados\n\nQuero que apaguem meus dados de contato.",
    });
    const deliveries = await test.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, stored[0]!.id));
    expect(deliveries.map((d) => [d.channel, d.recipient]).sort()).toEqual([
      ["email_agency", "contato@imobiliaria.localhost"],
      ["email_holder", "joao@exemplo.com.br"],
    ]);

    const thanks = (await (
      await answer(() => thankYou.loader(args(siteRequest("/obrigado?assunto=lgpd"))))
    ).json()) as { subject: string };
    expect(thanks.subject).toBe("lgpd");
  });

  it("delivers the agency e-mail and the holder's receipt (15 days, the encarregado) through the outbox", async () => {
    const sent: MailMessage[] = [];
    const mailer = { kind: "file" as const, send: async (message: MailMessage) => void sent.push(message), close() {} };
    const vista = { createLead: async () => ({}) as never };
    const result = await deliverDue({
      db: test.database.db,
      mailer,
      vista,
      publicUrl: "https://www.horizonte.com.br",
      agencyTitle: "Horizonte Imobiliária",
      now: new Date(Date.now() + 1000),
    });
    expect(result).toEqual({ sent: 2, failed: 0 });
    const agency = sent.find((message) => message.to === "contato@imobiliaria.localhost");
    const receipt = sent.find((message) => message.to === "joao@exemplo.com.br");
    expect(agency?.subject).toBe("Novo contato: Solicitação LGPD – João Titular");
    expect(agency?.text).toContain("Solicitação: Eliminação (exclusão) de dados");
    expect(receipt?.subject).toBe("Recebemos sua solicitação LGPD – Horizonte Imobiliária");
    expect(receipt?.text).toContain("Vamos responder em até 15 dias");
    expect(receipt?.text).toContain("art. 19, II");
    expect(receipt?.text).toContain("Marina Lopes, dpo@horizonte.com.br");
    expect(receipt?.text).toContain("https://www.horizonte.com.br/lgpd");
    expect(receipt?.replyTo).toBe("dpo@horizonte.com.br");
    // Only the protocol comes from the request: no name, no message, no request type.
    const [lead] = await leadsOf("joao@exemplo.com.br");
    expect(receipt?.text).toContain(`Protocolo: ${lead!.id}`);
    for (const part of [receipt!.subject, receipt!.text, receipt!.html]) {
      expect(part).not.toContain("João");
      expect(part).not.toContain("Quero que apaguem");
      expect(part).not.toContain("Eliminação");
    }
  });

  it("answers 400 with pt-BR messages beside the fields and keeps what was typed", async () => {
    const fields = requestForm({ email: "joao@", request: "", name: "Maria Teste" });
    const response = await answer(() => lgpd.action(args(post(fields), "10.1.0.2")));
    expect(response.status).toBe(400);
    const data = (await response.json()) as {
      form: string;
      sent: boolean;
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(data.form).toBe("lgpd");
    expect(data.sent).toBe(false);
    expect(data.result.error.request).toEqual(["Escolha o tipo de solicitação."]);
    expect(data.result.error.email).toEqual(["Informe um e-mail válido, por exemplo nome@exemplo.com.br."]);
    expect(data.result.initialValue).toMatchObject({ name: "Maria Teste", message: fields.message });
    expect(await test.database.db.select().from(leads).where(eq(leads.name, "Maria Teste"))).toHaveLength(0);
  });

  it("answers a hydrated page with JSON, and a filled honeypot with success without storing anything", async () => {
    const enhanced = await answer(() =>
      lgpd.action(args(post(requestForm({ email: "ana@exemplo.com.br", request: "acesso", js: "1" })), "10.1.0.3")),
    );
    expect(enhanced.status).toBe(200);
    expect(((await enhanced.json()) as { sent: boolean }).sent).toBe(true);
    expect(await leadsOf("ana@exemplo.com.br")).toHaveLength(1);

    const bot = await answer(() =>
      lgpd.action(args(post(requestForm({ email: "bot@exemplo.com.br", website: "http://spam" })), "10.1.0.4")),
    );
    expect(bot.status).toBe(303);
    expect(await leadsOf("bot@exemplo.com.br")).toHaveLength(0);
  });

  it("refuses a form sent faster than a person can fill it", async () => {
    const tokens = leadFormTokens();
    const response = await answer(() =>
      lgpd.action(
        args(
          post(
            requestForm({
              email: "rapido@exemplo.com.br",
              startedAt: tokens.startedAt,
              idempotencyKey: tokens.idempotencyKey,
            }),
          ),
          "10.1.0.5",
        ),
      ),
    );
    expect(response.status).toBe(400);
    expect(await leadsOf("rapido@exemplo.com.br")).toHaveLength(0);
  });
});

describe("ADR 0064: a form that mails the address it is given", () => {
  const json = async (response: Response) =>
    (await response.json()) as {
      sent: boolean;
      startedAt?: string;
      result: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
    };

  it("answers a form left open too long with a fresh token and a message to send again, keeping the data", async () => {
    const oldStartedAt = expiredForm.startedAt();
    const fields = requestForm({ email: "demorado@exemplo.com.br", startedAt: oldStartedAt, js: "1" });
    const response = await answer(() => lgpd.action(args(post(fields), "10.1.1.1")));
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.result.error?.[""]).toEqual([EXPIRED_FORM_MESSAGE]);
    expect(body.result.initialValue).toMatchObject({ name: "João Titular", message: fields.message });
    expect(body.startedAt).not.toBe(oldStartedAt);
    expect(expiredForm.checkAfterFill(body.startedAt)).toBe("ok");
    expect(await leadsOf("demorado@exemplo.com.br")).toHaveLength(0);
  });

  it("uses a token once: the same form again is the first result, other data with it is refused with a fresh token", async () => {
    const fields = requestForm({ email: "unico@exemplo.com.br", js: "1" });
    const first = await json(await answer(() => lgpd.action(args(post(fields), "10.1.2.1"))));
    expect(first.sent).toBe(true);
    expect(first.startedAt).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect((await json(await answer(() => lgpd.action(args(post(fields), "10.1.2.1"))))).sent).toBe(true);

    const reused = await answer(() =>
      lgpd.action(args(post({ ...fields, email: "outro-alvo@exemplo.com.br" }), "10.1.2.2")),
    );
    expect(reused.status).toBe(409);
    const body = await json(reused);
    expect(body.result.error?.[""]?.[0]).toMatch(/^Este formulário já foi enviado\./);
    expect(body.startedAt).not.toBe(fields.startedAt);
    expect(await leadsOf("unico@exemplo.com.br")).toHaveLength(1);
    expect(await leadsOf("outro-alvo@exemplo.com.br")).toHaveLength(0);
  });

  it("sends at most 3 receipts a day to one mailbox, whatever its case, +tag or Gmail dots, and still records every request", async () => {
    const addresses = ["Ana.Lima@gmail.com", "analima+1@gmail.com", "a.n.a.l.i.m.a+2@GoogleMail.com"];
    addresses.push("ANALIMA+3@gmail.com");
    for (const [i, email] of addresses.entries()) {
      const response = await answer(() => lgpd.action(args(post(requestForm({ email })), `10.1.3.${i}`)));
      expect(response.status).toBe(303);
    }
    const rows = await test.database.db
      .select({ email: leads.email, channel: leadDeliveries.channel })
      .from(leads)
      .innerJoin(leadDeliveries, eq(leadDeliveries.leadId, leads.id))
      .where(eq(normalisedEmailSql(leads.email), "analima@gmail.com"));
    const requests = new Set(rows.map((row) => row.email));
    expect(requests.size).toBe(4);
    expect(rows.filter((row) => row.channel === "email_agency")).toHaveLength(4);
    expect(rows.filter((row) => row.channel === "email_holder")).toHaveLength(3);
    // Another mailbox still gets its receipt.
    await answer(() => lgpd.action(args(post(requestForm({ email: "bia@gmail.com" })), "10.1.3.9")));
    const [bia] = await leadsOf("bia@gmail.com");
    const biaChannels = await test.database.db
      .select({ channel: leadDeliveries.channel })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, bia!.id));
    expect(biaChannels.map((row) => row.channel).sort()).toEqual(["email_agency", "email_holder"]);
  });

  it("normalises addresses in SQL exactly as in TypeScript", async () => {
    const samples = [" Ana.Souza+Alerta1@Exemplo.COM.br ", "J.O.A.O+x@Gmail.com", "joao@googlemail.com", "a+b+c@x.org"];
    for (const sample of samples) {
      const result = await test.database.db.execute(sql`select ${normalisedEmailSql(sql`${sample}::text`)} as n`);
      const rows = (result as unknown as { rows: { n: string }[] }).rows;
      expect(rows[0]!.n).toBe(normaliseEmail(sample));
    }
  });
});
