/**
 * Outgoing e-mail: nodemailer over SMTP when `SMTP_URL` is
 * set, else the embedded default: every message written as an .eml file into
 * `DATA_DIR/outbox/{timestamp}-{id}.eml` (docs/architecture.md "Embedded defaults").
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

/** One e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable Message-ID, e.g. `<lead-{id}-email_agency@host>`: mail clients drop duplicates. */
  messageId?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** Sends e-mails; `close()` ends pooled connections. */
export interface Mailer {
  /** "smtp" or "file" (.eml files in the outbox folder). */
  kind: "smtp" | "file";
  /**
   * Sends one message.
   * @throws when the SMTP server refuses or is unreachable, or the file cannot be written.
   */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Options of {@link createMailer}. */
export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; unset = file transport. */
  smtpUrl?: string;
  /** Folder of the file transport (created on first send). */
  outboxDir: string;
  /** Sender address. */
  from: string;
  /** SMTP connection/greeting/socket timeout in ms (default 20000). */
  timeoutMs?: number;
}

/** Creates the mailer described by `options`. */
export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 20_000;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, {
      from: options.from,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[1]);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ ...message, from: options.from });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(message) {
      const info = await transport.sendMail({ ...message, from: options.from });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

/** The agency inbox of leads: `LEADS_EMAIL`, else a local placeholder (only with the file transport). */
export function leadsEmail(config: Pick<Config, "LEADS_EMAIL">): string {
  return config.LEADS_EMAIL ?? "contato@imobiliaria.localhost";
}

/** The sender of lead e-mails: `MAIL_FROM`, else `"{AGENCY_NAME} Imobiliária" <LEADS_EMAIL>`. */
export function mailFrom(config: Pick<Config, "MAIL_FROM" | "LEADS_EMAIL" | "AGENCY_NAME">): string {
  return config.MAIL_FROM ?? `"${config.AGENCY_NAME} Imobiliária" <${leadsEmail(config)}>`;
}

/** The process mailer from the configuration (SMTP_URL / DATA_DIR/outbox). */
export function mailerFromConfig(config: Config): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.dataDir, "outbox"),
    from: mailFrom(config),
  });
}
