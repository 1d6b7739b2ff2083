/**
 * Reading the saved-search alert e-mails that a server on the embedded mail
 * transport (no SMTP_URL) writes as `.eml` files into `DATA_DIR/outbox`
 * (docs/decisions/0034-saved-search-alerts.md).
 */
import fs from "node:fs";
import path from "node:path";

/** Kinds of alert e-mail, from their `X-Alert-Mail` header. */
export type AlertMailKind = "confirm" | "digest";

/** An outbox e-mail with its quoted-printable soft line breaks and escapes undone (UTF-8). */
export function decodedMail(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The alert e-mails of `kind` sent to `email` found in the data folder `dataDir`, decoded; [] when none. */
export function alertMails(dataDir: string, email: string, kind: AlertMailKind): string[] {
  const outboxDir = path.resolve(dataDir, "outbox");
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .map((file) => fs.readFileSync(path.join(outboxDir, file), "utf8"))
    .filter((raw) => raw.includes(`X-Alert-Mail: ${kind}`) && raw.includes(`To: ${email}`))
    .map(decodedMail);
}

/**
 * The path and query (origin removed) of the first signed link to `route`
 * (e.g. "/alertas/confirmar") in a decoded mail.
 * @throws when the mail has no such link.
 */
export function mailLink(mail: string, route: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${route.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_.-]+`).exec(mail);
  if (!match) throw new Error(`no ${route} link`);
  return match[0].replace(/^https?:\/\/[^/]+/, "");
}

/** The path and query of a mail's `List-Unsubscribe` https link (RFC 8058); undefined when absent. */
export function unsubscribeLink(mail: string): string | undefined {
  return /List-Unsubscribe:\s*<([^>]+)>/.exec(mail)?.[1]?.replace(/^https?:\/\/[^/]+/, "");
}
