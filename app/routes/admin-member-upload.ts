/**
 * `/admin/membros/{id}/envio?token=…` (docs/spec.txt §7 "Upload to storage"; issue 6
 * item 2; ADR 0019): the signed, one-use upload address the member page asks
 * for (a form POST here without `token`, `kind=photo|files`, answers
 * `{ url, method, expiresAt }`). `PUT` with the image's content type as the body stores ONE photo;
 * `POST` multipart (`arquivos` parts) stores several files. Besides the token,
 * the admin session and the same-origin check are required (belt and braces:
 * a leaked address alone is not enough). Answers JSON: 200 `{ ok, stored }`,
 * 400 `{ message }` (type, size, content vs. extension), 403 `{ message }`
 * for a bad, expired or used token; never cached.
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { getSessionSecrets } from "~/.server/flash";
import { getMember } from "~/.server/members";
import { readLimitedBody, readMultipart, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";
import { consumeSignedUpload, createSignedUpload, UPLOAD_TOKEN_MESSAGES } from "~/.server/storage/signed-upload";
import { MAX_IMAGE_BYTES } from "~/.server/storage/validate";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** GET is not an upload: 405. */
export async function loader(_args: LoaderFunctionArgs) {
  return json(
    { message: "Use PUT (uma foto) ou POST (vários arquivos)." },
    { status: 405, headers: { ...PRIVATE, Allow: "PUT, POST" } },
  );
}

/** Guard (admin, resource), Origin check, token (one use), then validation and storage. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true, resource: true });
  assertSameOrigin(request);
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const db = getDb().db;
  if (!Number.isFinite(id) || !(await getMember(db, id)))
    return json({ message: "Membro não encontrado." }, { status: 404, headers: PRIVATE });
  const token = new URL(request.url).searchParams.get("token");
  if (
    token === null &&
    request.method === "POST" &&
    (request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")
  ) {
    // Asking for an address: `kind=photo|files` → `{ url, method, expiresAt }`.
    const wanted = new URLSearchParams(await request.text()).get("kind");
    if (wanted !== "photo" && wanted !== "files")
      return json({ message: "Pedido inválido. Recarregue a página." }, { status: 400, headers: PRIVATE });
    return json(await createSignedUpload(db, getSessionSecrets(), id, wanted), { headers: PRIVATE });
  }
  const kind = request.method === "PUT" ? "photo" : request.method === "POST" ? "files" : null;
  if (!kind)
    return json(
      { message: "Use PUT (uma foto) ou POST (vários arquivos)." },
      { status: 405, headers: { ...PRIVATE, Allow: "PUT, POST" } },
    );
  const refused = await consumeSignedUpload(db, getSessionSecrets(), token ?? "", id, kind);
  if (refused) return json({ message: UPLOAD_TOKEN_MESSAGES[refused] }, { status: 403, headers: PRIVATE });

  if (kind === "photo") {
    const body = await readLimitedBody(request, MAX_IMAGE_BYTES);
    if (body === "too-big")
      return json(
        { message: `A imagem tem mais de ${MAX_IMAGE_BYTES / (1024 * 1024)} MB. Envie uma imagem menor.` },
        { status: 400, headers: PRIVATE },
      );
    let name: string;
    try {
      name = decodeURIComponent(request.headers.get("X-File-Name") ?? "");
    } catch {
      name = "";
    }
    const outcome = await storeMemberPhoto(db, id, body, {
      name,
      contentType: request.headers.get("Content-Type") ?? "",
    });
    return outcome.ok
      ? json({ ok: true, stored: 1 }, { headers: PRIVATE })
      : json({ message: outcome.message }, { status: 400, headers: PRIVATE });
  }
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return json({ message: "Envie os arquivos como multipart/form-data." }, { status: 400, headers: PRIVATE });
  }
  const parsed = await readMultipart(request);
  if ("error" in parsed) return json({ message: parsed.error }, { status: 400, headers: PRIVATE });
  const files = parsed.form.getAll("arquivos").filter((value): value is File => value instanceof File);
  const outcome = await storeMemberFiles(db, id, files);
  return outcome.ok
    ? json({ ok: true, stored: outcome.stored }, { headers: PRIVATE })
    : json({ message: outcome.message }, { status: 400, headers: PRIVATE });
}
