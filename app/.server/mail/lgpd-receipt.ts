/**
 * The receipt of an LGPD request (`/lgpd`), sent to the data subject through
 * the lead outbox (channel `email_holder`): the request was received and will
 * be answered within 15 days (LGPD art. 19, II), who the encarregado is
 * (art. 41) and the reference of the request. Plain text and HTML, every
 * value escaped (`escapeHtml`), values put on one line (`oneLine`).
 */
import { escapeHtml } from "~/lib/html";
import type { LeadRow } from "../leads/store";
import { emailLayout, leadMessageId, multiLine, oneLine } from "./templates";
import type { MailMessage } from "./transport";

/** Days within which the agency answers a request (LGPD art. 19, II). */
export const LGPD_ANSWER_DAYS = 15;

/** Options of {@link renderLgpdReceiptEmail}. */
export interface LgpdReceiptEmailOptions {
  lead: LeadRow;
  /** The data subject's e-mail (the lead's). */
  to: string;
  /** Agency display name, e.g. "Horizonte Imobiliária". */
  agencyTitle: string;
  /** The encarregado's name and e-mail, when set (agency profile). */
  dpo: { name: string | null; email: string | null };
  /** Absolute URL of the privacy policy (`/lgpd`). */
  policyUrl: string;
  /** Host part of the Message-ID. */
  messageIdDomain?: string;
}

/**
 * The receipt: subject "Recebemos sua solicitação LGPD – {agency}", a
 * greeting, the request as sent, the 15-day deadline, the encarregado's
 * contact and the reference; Reply-To the encarregado's e-mail when set.
 */
export function renderLgpdReceiptEmail(options: LgpdReceiptEmailOptions): MailMessage {
  const { lead } = options;
  const agency = oneLine(options.agencyTitle);
  const subject = `Recebemos sua solicitação LGPD – ${agency}`;
  const greeting = lead.name ? `Olá, ${oneLine(lead.name)},` : "Olá,";
  const received = `Recebemos a sua solicitação sobre dados pessoais enviada pelo site ${agency}.`;
  const deadline = `Vamos responder em até ${LGPD_ANSWER_DAYS} dias, pelo e-mail ${oneLine(options.to)} (Lei Geral de Proteção de Dados, art. 19, II). Podemos pedir uma confirmação da sua identidade antes de atender o pedido.`;
  const dpoName = options.dpo.name ? oneLine(options.dpo.name) : null;
  const dpoEmail = options.dpo.email ? oneLine(options.dpo.email) : null;
  const dpo =
    dpoName || dpoEmail
      ? `Encarregado pelo tratamento de dados pessoais: ${[dpoName, dpoEmail].filter(Boolean).join(", ")}.`
      : null;
  const policy = `Política de privacidade: ${options.policyUrl}`;
  const reference = `Referência: ${lead.id}`;
  const ignore = "Se você não fez esta solicitação, responda a este e-mail para nos avisar.";
  const message = lead.message ? multiLine(lead.message) : "";

  const text = [
    greeting,
    "",
    received,
    "",
    ...(message ? ["Sua solicitação:", message, ""] : []),
    deadline,
    "",
    ...(dpo ? [dpo, ""] : []),
    policy,
    reference,
    "",
    ignore,
  ];
  const p = (value: string, style?: string) =>
    `<p${style ? ` style="${style}"` : ""}>${escapeHtml(value).replace(/\n/g, "<br>")}</p>`;
  const html = [
    p(greeting),
    p(received),
    message ? `${p("Sua solicitação:")}\n<blockquote>${p(message)}</blockquote>` : "",
    p(deadline),
    dpo ? p(dpo) : "",
    `<p>Política de privacidade: <a href="${escapeHtml(options.policyUrl)}">${escapeHtml(options.policyUrl)}</a></p>`,
    p(reference, "color:#666"),
    p(ignore, "color:#666"),
  ].filter(Boolean);

  return {
    to: options.to,
    subject,
    text: text.join("\n"),
    html: emailLayout(subject, html.join("\n")),
    messageId: leadMessageId(lead.id, "email_holder", options.messageIdDomain),
    replyTo: dpoEmail ?? undefined,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": lead.kind },
  };
}
