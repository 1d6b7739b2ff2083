/**
 * What the alert pages answer for a refused link (ADR 0034): the error screen
 * with a pt-BR detail line — 400 for a malformed or forged token, 410 for an
 * expired token or an alert that no longer exists. Never cached.
 */
import type { AlertTokenError } from "./tokens";

const DETAILS = {
  invalid: "Este link de alerta é inválido. Confira se ele foi copiado inteiro do e-mail.",
  expired: "Este link de alerta expirou. Crie o alerta de novo na página de busca.",
  gone: "Este alerta não existe mais: ele foi cancelado ou não foi confirmado a tempo.",
} as const;

/** The Response to throw for a refused token ("invalid" 400, "expired" 410) or a missing alert ("gone" 410). */
export function alertFailure(reason: AlertTokenError | "gone"): Response {
  return new Response(JSON.stringify({ detail: DETAILS[reason] }), {
    status: reason === "invalid" ? 400 : 410,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
