/**
 * `/admin/membros/{id}/envio?token=…` (docs/spec.txt §7 "Upload to storage";
 * ADR 0019): the signed, one-use upload address the member page asks for (a
 * form POST here without `token`, `kind=photo|files`, answers
 * `{ url, method, expiresAt }`). `PUT` with the image's content type as the
 * body stores ONE photo; `POST` multipart (`arquivos` parts) stores several
 * files. Besides the token, the admin session and the same-origin check are
 * required (belt and braces: a leaked address alone is not enough). Answers
 * JSON: 200 `{ ok, stored }`, 400 `{ message }` (type, size, content vs.
 * extension), 403 `{ message }` for a bad, expired or used token; never cached.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { isAdminError } from "~/.server/admin-error";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { type Db, getDb } from "~/.server/db";
import { getSessionSecrets } from "~/.server/flash";
import { getMember, MEMBER_NOT_FOUND } from "~/.server/members";
import { memberIdParam } from "~/.server/members/api";
import { readLimitedBody, readMemberUpload, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";
import { consumeSignedUpload, createSignedUpload, UPLOAD_TOKEN_MESSAGES } from "~/.server/storage/signed-upload";
import { MAX_IMAGE_BYTES } from "~/.server/storage/validate";
import { privatePage } from "~/lib/cache-control";

/** A JSON `{ message }` answer with `status`, never cached. */
const refuse = (status: number, message: string, headers?: Record<string, string>) =>
  Response.json({ message }, { status, headers: privatePage(headers) });

/** 405: this address takes PUT (one photo) or POST (several files). */
const wrongMethod = () => refuse(405, "Use PUT (uma foto) ou POST (vários arquivos).", { Allow: "PUT, POST" });

/** GET is not an upload: 405. */
export async function loader() {
  return wrongMethod();
}

/** The file name the page sends in `X-File-Name` (URI-encoded), or "" when it is missing or malformed. */
function declaredName(request: Request): string {
  try {
    return decodeURIComponent(request.headers.get("X-File-Name") ?? "");
  } catch {
    return "";
  }
}

/** Stores the PUT photo or the POSTed files; a refusal of the domain is `{ message }` with its status. */
async function store(request: Request, db: Db, id: number, kind: "photo" | "files") {
  try {
    if (kind === "photo") {
      const body = await readLimitedBody(request, MAX_IMAGE_BYTES);
      if (body === "too-big")
        return refuse(400, `A imagem tem mais de ${MAX_IMAGE_BYTES / (1024 * 1024)} MB. Envie uma imagem menor.`);
      const contentType = request.headers.get("Content-Type") ?? "";
      await storeMemberPhoto(db, id, body, { name: declaredName(request), contentType });
      return Response.json({ ok: true, stored: 1 }, { headers: privatePage() });
    }
    if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
      return refuse(400, "Envie os arquivos como multipart/form-data.");
    const form = await readMemberUpload(request);
    const files = form.getAll("arquivos").filter((value): value is File => value instanceof File);
    const stored = await storeMemberFiles(db, id, files);
    return Response.json({ ok: true, stored: stored.length }, { headers: privatePage() });
  } catch (error) {
    if (isAdminError(error)) return refuse(error.status, error.message);
    throw error;
  }
}

/** Guard (admin, resource), Origin check, token (one use), then validation and storage. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true, resource: true });
  assertSameOrigin(request);
  const id = memberIdParam(params.id);
  const db = getDb().db;
  if (id == null || !(await getMember(db, id))) return refuse(404, MEMBER_NOT_FOUND);
  const token = new URL(request.url).searchParams.get("token");
  if (
    token === null &&
    request.method === "POST" &&
    (request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")
  ) {
    // Asking for an address: `kind=photo|files` → `{ url, method, expiresAt }`.
    const wanted = new URLSearchParams(await request.text()).get("kind");
    if (wanted !== "photo" && wanted !== "files") return refuse(400, "Pedido inválido. Recarregue a página.");
    return Response.json(await createSignedUpload(db, getSessionSecrets(), id, wanted), { headers: privatePage() });
  }
  const kind = request.method === "PUT" ? "photo" : request.method === "POST" ? "files" : null;
  if (!kind) return wrongMethod();
  const refused = await consumeSignedUpload(db, getSessionSecrets(), token ?? "", id, kind);
  if (refused) return refuse(403, UPLOAD_TOKEN_MESSAGES[refused]);
  return store(request, db, id, kind);
}
