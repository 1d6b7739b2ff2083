/**
 * Outgoing e-mail: nodemailer over SMTP when `SMTP_URL` is
 * set, else the embedded default: every message written as an .eml file into
 * `DATA_DIR/outbox/{timestamp}-{id}.eml` (docs/architecture.md "Embedded defaults").
 *
 * Those files hold what the e-mails hold: invitation links with their token,
 * password reset codes, alert links. They are the owner's only: the folder is
 * mode 700 and each file 600, and a folder or files left readable by an older
 * version are fixed when the mailer is created at start
 * (docs/decisions/0066-logs-exports-and-health-without-secrets.md).
 */
import { randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

/** Mode of the outbox folder: the owner only. */
export const OUTBOX_DIR_MODE = 0o700;
/** Mode of each .eml file: read and write by the owner only. */
export const OUTBOX_FILE_MODE = 0o600;

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
  /** Files sent with the message, e.g. a visit's `.ics` invitation (ADR 0088). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** Options of one {@link Mailer.send}. */
export interface MailSendOptions {
  /**
   * Aborts the send: over SMTP the connection is closed at once (a message
   * cut before its final dot is not delivered) and the send throws an
   * `AbortError` whose `cause` is the signal's reason.
   */
  signal?: AbortSignal;
}

/** Sends e-mails; `close()` ends pooled connections. */
export interface Mailer {
  /** "smtp" or "file" (.eml files in the outbox folder). */
  kind: "smtp" | "file";
  /**
   * Sends one message.
   * @throws when the SMTP server refuses, is unreachable or stays silent past
   * a timeout (nodemailer errors with `code` ECONNECTION, ETIMEDOUT, ESOCKET…),
   * when `options.signal` aborts, or when the file cannot be written.
   */
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
  close(): void;
}

/**
 * Default SMTP timeouts, ms: to open the TCP (or TLS) connection, to receive
 * the server's greeting, and of silence on an open connection. Short, so
 * that a silent server fails one send well inside the outbox lease (ADR 0069).
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 15_000 } as const;

/** Options of {@link createMailer}. */
export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; unset = file transport. */
  smtpUrl?: string;
  /** Folder of the file transport (created on first send). */
  outboxDir: string;
  /** Sender address. */
  from: string;
  /** One SMTP timeout for the connection, the greeting and silence, ms (default {@link SMTP_TIMEOUTS_MS}). */
  timeoutMs?: number;
  /** SMTP timeouts one by one, ms; each overrides `timeoutMs` and the default. */
  timeouts?: { connection?: number; greeting?: number; socket?: number };
}

/** Creates the mailer described by `options`. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const timeout = (name: keyof typeof SMTP_TIMEOUTS_MS) =>
      options.timeouts?.[name] ?? options.timeoutMs ?? SMTP_TIMEOUTS_MS[name];
    // The timeouts are transport options: in the first argument, beside the URL (the second one
    // holds the messages' defaults, where nodemailer would ignore them).
    const transport = nodemailer.createTransport(
      {
        url: options.smtpUrl,
        connectionTimeout: timeout("connection"),
        greetingTimeout: timeout("greeting"),
        socketTimeout: timeout("socket"),
      },
      { from: options.from },
    );
    return {
      kind: "smtp",
      async send(message, sendOptions = {}) {
        await transport.sendMail({ ...message, from: options.from, signal: sendOptions.signal });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let fixed: Promise<void> | undefined;
  // Once per mailer (again at the next message after a failure): what an older version left open.
  const fixModes = () =>
    (fixed ??= protectOutboxDir(options.outboxDir).catch((error: unknown) => {
      fixed = undefined;
      throw error;
    }));
  // At once, not at the first e-mail: the files already there stop being readable by others now.
  fixModes().catch((error: unknown) =>
    console.warn(`[mail] não foi possível proteger a pasta ${options.outboxDir}: ${(error as Error).message}`),
  );
  return {
    kind: "file",
    async send(message, sendOptions = {}) {
      sendOptions.signal?.throwIfAborted();
      const info = await transport.sendMail({ ...message, from: options.from });
      // Created here when missing (also after an operator removed it), with the owner's mode only.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: OUTBOX_DIR_MODE });
      // A mode that cannot be fixed (another owner) was reported at start; the message still goes out, mode 600.
      await fixModes().catch(() => undefined);
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: OUTBOX_FILE_MODE, flag: "wx" });
    },
    close: () => transport.close(),
  };
}

/**
 * Makes an existing outbox folder and the .eml files in it the owner's only
 * ({@link OUTBOX_DIR_MODE}, {@link OUTBOX_FILE_MODE}), whatever modes an
 * older version or the umask gave them. A missing folder (or file, removed
 * meanwhile) is left alone: the mailer creates the folder with its first message.
 * @throws when a mode cannot be changed (e.g. another owner).
 */
export async function protectOutboxDir(dir: string): Promise<void> {
  const ignoreMissing = (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  };
  let entries: Dirent[];
  try {
    await fs.chmod(dir, OUTBOX_DIR_MODE);
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    return ignoreMissing(error as NodeJS.ErrnoException);
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(".eml"))
      await fs.chmod(path.join(dir, entry.name), OUTBOX_FILE_MODE).catch(ignoreMissing);
  }
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
