import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { createMailer, leadsEmail, mailFrom } from "./transport";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe("createMailer without SMTP_URL", () => {
  it("writes each message as an .eml file into the outbox folder", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-outbox-"));
    dirs.push(dir);
    const outboxDir = path.join(dir, "outbox");
    const mailer = createMailer({ outboxDir, from: "site@exemplo.com.br" });
    expect(mailer.kind).toBe("file");
    await mailer.send({
      to: "contato@exemplo.com.br",
      subject: "Novo contato",
      text: "Texto",
      html: "<p>Texto</p>",
      messageId: "<lead-1-email_agency@exemplo.com.br>",
    });
    await mailer.send({ to: "contato@exemplo.com.br", subject: "Outro", text: "Texto 2", html: "<p>2</p>" });
    const files = (await fs.readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/.test(file))).toBe(true);
    const contents = await Promise.all(files.map((file) => fs.readFile(path.join(outboxDir, file), "utf8")));
    const first = contents.find((text) => text.includes("Subject: Novo contato"))!;
    expect(first).toContain("Message-ID: <lead-1-email_agency@exemplo.com.br>");
    expect(first).toContain("From: site@exemplo.com.br");
    expect(first).toContain("To: contato@exemplo.com.br");
    mailer.close();
  });

  it("uses an SMTP transport when SMTP_URL is set", () => {
    const mailer = createMailer({
      smtpUrl: "smtp://127.0.0.1:2525",
      outboxDir: "/nonexistent",
      from: "site@exemplo.com.br",
    });
    expect(mailer.kind).toBe("smtp");
    mailer.close();
  });
});

describe("leadsEmail / mailFrom", () => {
  it("default the sender to the agency inbox with the agency's title", () => {
    const config = parseConfig({ LEADS_EMAIL: "contato@exemplo.com.br", AGENCY_NAME: "Sol" });
    expect(leadsEmail(config)).toBe("contato@exemplo.com.br");
    expect(mailFrom(config)).toBe('"Sol Imobiliária" <contato@exemplo.com.br>');
    expect(mailFrom(parseConfig({ MAIL_FROM: "site@exemplo.com.br" }))).toBe("site@exemplo.com.br");
  });
});
