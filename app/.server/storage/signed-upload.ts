/**
 * Signed upload addresses (docs/spec.txt §7 "Upload to storage: POST to a supplied
 * address with the body, for many images; PUT to a supplied address with the
 * file's content type, for a single image"; ADR 0019).
 *
 * The admin page asks for an address; the server creates a ticket row and
 * answers `/admin/membros/{id}/envio?token=<ticket id>.<expiry ms>.<HMAC>`,
 * the HMAC-SHA-256 of `upload|<ticket>|<member>|<kind>|<expiry>` under the
 * session secret (the first of `SESSION_SECRET`; all verify). A token is good
 * for {@link UPLOAD_TICKET_TTL_MS} and once: consuming marks the row used in
 * one UPDATE, so two requests with the same token cannot both pass.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db";
import { uploadTickets } from "../db/schema";

/** Lifetime of a signed upload address, ms (5 minutes). */
export const UPLOAD_TICKET_TTL_MS = 5 * 60_000;

/** What a ticket allows: "photo" (one image, PUT) or "files" (several, multipart POST). */
export type UploadKind = "photo" | "files";

/** The site path of the upload route of member `memberId`. */
export function memberUploadPath(memberId: number): string {
  return `/admin/membros/${memberId}/envio`;
}

function sign(secret: string, ticketId: string, memberId: number, kind: UploadKind, expires: number): string {
  return createHmac("sha256", secret).update(`upload|${ticketId}|${memberId}|${kind}|${expires}`).digest("base64url");
}

/** A signed upload address and its expiry. */
export interface SignedUpload {
  /** Site path with the token, e.g. `/admin/membros/3/envio?token=…`. */
  url: string;
  /** "PUT" for a photo, "POST" for files. */
  method: "PUT" | "POST";
  expiresAt: string;
}

/**
 * Creates a one-use signed upload address for member `memberId`.
 * @param secrets the session secrets (the first signs).
 * @param now clock, ms (tests).
 */
export async function createSignedUpload(
  db: Db,
  secrets: readonly string[],
  memberId: number,
  kind: UploadKind,
  now = Date.now(),
): Promise<SignedUpload> {
  const expires = now + UPLOAD_TICKET_TTL_MS;
  // Tickets that can no longer be used are dropped on the way.
  await db.delete(uploadTickets).where(lt(uploadTickets.expiresAt, new Date(now - 24 * 3600_000)));
  const [ticket] = await db
    .insert(uploadTickets)
    .values({ memberId, kind, expiresAt: new Date(expires) })
    .returning({ id: uploadTickets.id });
  const token = `${ticket!.id}.${expires}.${sign(secrets[0]!, ticket!.id, memberId, kind, expires)}`;
  return {
    url: `${memberUploadPath(memberId)}?token=${encodeURIComponent(token)}`,
    method: kind === "photo" ? "PUT" : "POST",
    expiresAt: new Date(expires).toISOString(),
  };
}

/** Why a token was refused, in Portuguese for the page. */
export const UPLOAD_TOKEN_MESSAGES = {
  invalid: "Endereço de envio inválido. Recarregue a página e tente de novo.",
  expired: "O endereço de envio expirou. Recarregue a página e tente de novo.",
  used: "Este endereço de envio já foi usado. Recarregue a página e tente de novo.",
} as const;

/**
 * Checks the token (signature, member, kind, expiry) and marks its ticket used.
 * @returns null when the upload may go on, else the reason it may not.
 */
export async function consumeSignedUpload(
  db: Db,
  secrets: readonly string[],
  token: string,
  memberId: number,
  kind: UploadKind,
  now = Date.now(),
): Promise<keyof typeof UPLOAD_TOKEN_MESSAGES | null> {
  const match = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const [, ticketId, expiresText, signature] = match;
  const expires = Number(expiresText);
  const given = Buffer.from(signature!);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(sign(secret, ticketId!, memberId, kind, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return "invalid";
  if (expires <= now) return "expired";
  const used = await db
    .update(uploadTickets)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(uploadTickets.id, ticketId!),
        eq(uploadTickets.memberId, memberId),
        eq(uploadTickets.kind, kind),
        isNull(uploadTickets.usedAt),
        gt(uploadTickets.expiresAt, new Date(now)),
      ),
    )
    .returning({ id: uploadTickets.id });
  return used.length === 1 ? null : "used";
}
