/**
 * `GET /arquivos/{key}` (ADR 0019): a stored upload with its
 * content type. Member photos are public and immutable (a new photo gets a
 * new key): `public, max-age=31536000, immutable`. Member files are for the
 * admin only (`private, no-store`; anonymous → login, others → 403). Logos
 * uploaded on `/admin/aparencia` (`logos/…`) are public like photos. Any other
 * key that is not (or no longer) a member's photo or file answers 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { LOGO_KEY_PREFIX } from "~/.server/appearance";
import { requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { storedKeyKind } from "~/.server/members";
import { getFileStorage, isValidStorageKey } from "~/.server/storage";

const notFound = () =>
  new Response("Arquivo não encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The stored object, or 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!isValidStorageKey(key)) return notFound();
  // Uploaded logos (admin appearance) are public like member photos; other keys must belong to a member.
  const kind = key.startsWith(LOGO_KEY_PREFIX) ? "photo" : await storedKeyKind(getDb().db, key);
  if (!kind) return notFound();
  if (kind === "file") await requireRole(request, "admin");
  const object = await (await getFileStorage()).get(key);
  if (!object) return notFound();
  return new Response(new Uint8Array(object.body), {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.body.length),
      "Cache-Control": kind === "photo" ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ...(object.contentType === "application/pdf" ? { "Content-Disposition": "inline" } : {}),
    },
  });
}
