/**
 * The receipt of an LGPD request (`/lgpd`), sent to the data subject through
 * the lead outbox (channel `email_holder`). It goes to whatever address was
 * typed in a public form, so it repeats nothing the requester wrote — no
 * name, no message, no request type, not even the address
 * (docs/decisions/0064-public-forms-mail-only-what-the-agency-wrote.md): a
 * fixed pt-BR text with the protocol number (the lead's id), what happens
 * next (an answer within 15 days, LGPD art. 19, II), the encarregado of the
 * agency profile (art. 41; without one, "reply to this e-mail") and the
 * privacy policy's link. Plain text and
 * HTML, every value escaped.
 */
import { escapeHtml } from "~/lib/html";
import type { LeadRow } from "../leads/store";
import { leadMail, oneLine } from "../mail/templates";
import type { MailMessage } from "../mail/transport";

/** Days within which the agency answers a request (LGPD art. 19, II). */
export const LGPD_ANSWER_DAYS = 15;

/** Options of {@link renderLgpdReceiptEmail}. */
export interface LgpdReceiptEmailOptions {
  /** The request; only its id (the protocol) and kind are used. */
  lead: Pick<LeadRow, "id" | "kind">;
  /** The data subject's e-mail (the delivery's recipient). */
  to: string;
  /** Agency display name, e.g. "Horizonte Imobiliária" (agency-written). */
  agencyTitle: string;
  /** The encarregado's name and e-mail, when set (agency profile). */
  dpo: { name: string | null; email: string | null };
  /** Absolute URL of the privacy policy (`/lgpd`). */
  policyUrl: string;
  /** Host part of the Message-ID. */
  messageIdDomain?: string;
}

/**
 * The receipt: subject "Recebemos sua solicitação LGPD – {agency}", the
 * protocol, the 15-day deadline, the encarregado's contact and the policy;
 * Reply-To the encarregado's e-mail when set.
 */
export function renderLgpdReceiptEmail(options: LgpdReceiptEmailOptions): MailMessage {
  const { lead } = options;
  const agency = oneLine(options.agencyTitle);
  const subject = `Recebemos sua solicitação LGPD – ${agency}`;
  const received = `Recebemos uma solicitação sobre dados pessoais feita no site ${agency} com este endereço de e-mail.`;
  const protocol = `Protocolo: ${oneLine(lead.id)}`;
  const next = `Vamos responder em até ${LGPD_ANSWER_DAYS} dias, por e-mail, para este endereço (Lei Geral de Proteção de Dados, art. 19, II). Antes de atender o pedido, podemos pedir uma confirmação da sua identidade.`;
  const dpoName = options.dpo.name ? oneLine(options.dpo.name) : null;
  const dpoEmail = options.dpo.email ? oneLine(options.dpo.email) : null;
  // Without an encarregado in the agency profile, a reply reaches the agency's own inbox (the sender).
  const dpo =
    dpoName || dpoEmail
      ? `Encarregado pelo tratamento de dados pessoais (LGPD, art. 41): ${[dpoName, dpoEmail].filter(Boolean).join(", ")}.`
      : "Para falar com o encarregado pelo tratamento de dados pessoais (LGPD, art. 41), responda a este e-mail.";
  const policy = `Política de privacidade: ${options.policyUrl}`;
  const ignore =
    "Se você não fez esta solicitação, responda a este e-mail para nos avisar. Informe o protocolo em qualquer contato sobre ela.";

  const text = ["Olá,", "", received, "", protocol, "", next, "", dpo, "", policy, "", ignore];
  const p = (value: string, style?: string) => `<p${style ? ` style="${style}"` : ""}>${escapeHtml(value)}</p>`;
  const html = [
    p("Olá,"),
    p(received),
    `<p><strong>${escapeHtml(protocol)}</strong></p>`,
    p(next),
    p(dpo),
    `<p>Política de privacidade: <a href="${escapeHtml(options.policyUrl)}">${escapeHtml(options.policyUrl)}</a></p>`,
    p(ignore, "color:#666"),
  ];

  return leadMail(lead, { ...options, channel: "email_holder" }, { subject, text, html, replyTo: dpoEmail });
}
