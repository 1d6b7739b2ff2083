import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { createMailer, leadsEmail, mailFrom, OUTBOX_DIR_MODE, OUTBOX_FILE_MODE, protectOutboxDir } from "./transport";

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

  it("keeps the folder and every .eml file to the owner (700 and 600), also those an older version left open", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-outbox-"));
    dirs.push(dir);
    const outboxDir = path.join(dir, "outbox");
    await fs.mkdir(outboxDir, { mode: 0o755 });
    await fs.chmod(outboxDir, 0o755);
    const old = path.join(outboxDir, "2026-01-01T00-00-00-000Z-old.eml");
    await fs.writeFile(old, "Subject: convite\r\n\r\n?token=segredo", { mode: 0o644 });
    await fs.chmod(old, 0o644);
    const mode = async (file: string) => (await fs.stat(file)).mode & 0o777;

    // Created at start: the folder and the old file are fixed before any e-mail is sent.
    const mailer = createMailer({ outboxDir, from: "site@exemplo.com.br" });
    for (let i = 0; i < 100 && (await mode(old)) !== OUTBOX_FILE_MODE; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await mode(outboxDir)).toBe(0o700);
    expect(await mode(old)).toBe(0o600);

    await mailer.send({ to: "a@exemplo.com.br", subject: "Código", text: "123456", html: "<p>123456</p>" });
    const sent = (await fs.readdir(outboxDir)).filter((file) => !file.endsWith("-old.eml"));
    expect(sent).toHaveLength(1);
    expect(await mode(path.join(outboxDir, sent[0]!))).toBe(OUTBOX_FILE_MODE);

    // A folder removed meanwhile is created again, with the owner's mode only; a missing one is no error.
    await fs.rm(outboxDir, { recursive: true });
    await protectOutboxDir(outboxDir);
    await mailer.send({ to: "a@exemplo.com.br", subject: "Convite", text: "?token=x", html: "<p>x</p>" });
    expect(await mode(outboxDir)).toBe(OUTBOX_DIR_MODE);
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
