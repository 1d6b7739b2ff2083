/**
 * The e-mail that tells the admins the sync held removals back
 * (docs/decisions/0073-sync-safety-valve.md): once per hold, to every active
 * user with the admin role (the agency's lead inbox when there is none), in
 * pt-BR, plain text and HTML, with the figures, a few of the codes, what
 * happens next and the link to `/admin` where they can confirm. It goes out
 * through the site's mailer (SMTP, or the .eml files of the embedded
 * default); a failed send is retried by the next run that still holds.
 */
import { and, eq } from "drizzle-orm";
import { escapeHtml } from "~/lib/html";
import { ADMIN_PATH } from "~/lib/paths";
import { defaultTitle, getConfig } from "../config";
import type { Db } from "../db";
import { users } from "../db/schema";
import { emailLayout, oneLine } from "../mail/templates";
import { leadsEmail, mailerFromConfig, type Mailer, type MailMessage } from "../mail/transport";
import { singleton } from "../singleton";
import { formatCount } from "./progress";
import { percent, type RemovalHold, type RemovalNotifier } from "./removal-valve";

/** Codes listed in the e-mail at most (the rest are counted). */
export const SAMPLE_CODES = 10;

/** The addresses of the active admins, lower-cased and sorted; `fallback` when there is none. */
export async function adminRecipients(db: Db, fallback: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.disabled, false)));
  const emails = [...new Set(rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean))].sort();
  return emails.length ? emails : [fallback];
}

/** Options of {@link renderRemovalHoldEmail}. */
export interface RemovalHoldEmailOptions {
  hold: RemovalHold;
  /** Recipients, comma-separated. */
  to: string;
  /** Consecutive agreeing runs that apply the removals without a confirmation. */
  confirmRuns: number;
  /** Absolute URL of `/admin`. */
  adminUrl: string;
  /** Agency display name, e.g. "Horizonte Imobiliária". */
  agencyTitle: string;
  /** Host part of the Message-ID. */
  messageIdDomain?: string;
}

/**
 * The message: subject "Sincronização com o Vista: remoções retidas –
 * {agency}", how many listings the last answer left out of how many (and
 * the limit), that the catalogue was kept, up to {@link SAMPLE_CODES}
 * codes, and the two ways the removals apply. The Message-ID derives from
 * the hold's start, so a send repeated after an unrecorded success is one
 * message for mail clients.
 */
export function renderRemovalHoldEmail(options: RemovalHoldEmailOptions): MailMessage {
  const { hold } = options;
  const agency = oneLine(options.agencyTitle);
  const subject = `Sincronização com o Vista: remoções retidas – ${agency}`;
  const removals = hold.removals;
  const summary =
    `A última resposta do Vista deixou de listar ${formatCount(removals)} dos ${formatCount(hold.active)} imóveis ` +
    `ativos do site (${percent(removals, hold.active)}), acima do limite de ${formatCount(hold.limit)} por rodada.`;
  const kept =
    "Por segurança, nenhum deles foi retirado do site: o catálogo continua como estava. Uma resposta incompleta do Vista (campos desativados na conta, falha de paginação) tem exatamente essa aparência.";
  const sample = hold.codes.slice(0, SAMPLE_CODES).map(oneLine);
  const codes =
    `Códigos: ${sample.join(", ")}` +
    (removals > sample.length ? ` e mais ${formatCount(removals - sample.length)}.` : ".");
  const next =
    `Se a redução for real, ela será aplicada quando ${options.confirmRuns} sincronizações seguidas a confirmarem, ` +
    "ou já na próxima se você confirmar no painel de administração. Se não for, verifique a integração com o Vista; quando ele voltar a listar os imóveis, o aviso se encerra sozinho.";
  const panel = `Painel: ${options.adminUrl}`;
  const text = ["Olá,", "", summary, "", kept, "", codes, "", next, "", panel];
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    p("Olá,"),
    p(summary),
    p(kept),
    p(codes),
    p(next),
    `<p><a href="${escapeHtml(options.adminUrl)}">Abrir o painel de administração</a></p>`,
  ];
  return {
    to: options.to,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html.join("\n")),
    messageId: `<sync-hold-${hold.since.getTime()}@${options.messageIdDomain ?? "imobiliaria.localhost"}>`,
    headers: { "X-Sync-Hold": hold.since.toISOString() },
  };
}

/** Options of {@link adminMailNotifier}; each defaults from the process configuration. */
export interface AdminMailNotifierOptions {
  db: Db;
  mailer?: Mailer;
  /** Site origin for the link (default `PUBLIC_URL`, else http://localhost:{PORT}). */
  publicUrl?: string;
  agencyTitle?: string;
  /** Recipient when no admin exists (default the lead inbox, `LEADS_EMAIL`). */
  fallback?: string;
  /** See {@link RemovalHoldEmailOptions.confirmRuns} (default `SYNC_REMOVAL_CONFIRM_RUNS`). */
  confirmRuns?: number;
}

/**
 * A {@link RemovalNotifier} that e-mails the admins one message (all of them
 * as recipients). The default mailer is created on first use and kept for the process.
 * @throws when the mailer throws (refused, unreachable, aborted).
 */
export function adminMailNotifier(options: AdminMailNotifierOptions): RemovalNotifier {
  return async (hold, signal) => {
    const config = () => getConfig();
    const publicUrl = (options.publicUrl ?? config().PUBLIC_URL ?? `http://localhost:${config().PORT}`).replace(
      /\/+$/,
      "",
    );
    const recipients = await adminRecipients(options.db, options.fallback ?? leadsEmail(config()));
    const message = renderRemovalHoldEmail({
      hold,
      to: recipients.join(", "),
      confirmRuns: options.confirmRuns ?? config().SYNC_REMOVAL_CONFIRM_RUNS,
      adminUrl: `${publicUrl}${ADMIN_PATH}`,
      agencyTitle: options.agencyTitle ?? defaultTitle(config()),
      messageIdDomain: new URL(publicUrl).hostname,
    });
    const mailer = options.mailer ?? singleton("sync-mailer", () => mailerFromConfig(getConfig()));
    await mailer.send(message, { signal });
  };
}
