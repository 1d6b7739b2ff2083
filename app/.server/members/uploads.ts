/**
 * Receiving member uploads (ADR 0019), for both ways in:
 * the no-JavaScript multipart form of the edit page and the signed address
 * (`PUT` one photo with its content type, `POST` multipart for several files).
 * Bodies are read into memory with a hard cap (20 MB per file, 30 files) and
 * validated by content (`../storage/validate`).
 */
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import type { Db } from "../db";
import { getFileStorage } from "../storage";
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, validateUpload } from "../storage/validate";
import { addMemberFile, type MemberFile, setMemberPhoto } from ".";

/** Most files in one multipart upload. */
export const MAX_FILES_PER_UPLOAD = 30;

/** Outcome of an upload: stored count, or a pt-BR message for the field. */
export type UploadOutcome =
  { ok: true; stored: number; files: MemberFile[] } | { ok: false; message: string; stored: number };

const TOO_BIG = `O arquivo tem mais de ${MAX_PDF_BYTES / (1024 * 1024)} MB. Envie um arquivo menor.`;

/**
 * Parses a multipart body into its fields and files (at most
 * {@link MAX_FILES_PER_UPLOAD} files of up to 20 MB each).
 * @returns null with a message when a part is too big.
 */
export async function readMultipart(request: Request): Promise<{ form: FormData } | { error: string }> {
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_PDF_BYTES }),
    );
    return { form };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { error: TOO_BIG };
    return { error: "Não foi possível ler o envio. Tente de novo." };
  }
}

/** Stores one photo (an image up to 10 MB, by content). */
export async function storeMemberPhoto(
  db: Db,
  memberId: number,
  body: Buffer,
  declared: { name?: string; contentType?: string },
): Promise<UploadOutcome> {
  const checked = await validateUpload(body, declared, "image");
  if (!checked.ok) return { ok: false, message: checked.message, stored: 0 };
  const row = await setMemberPhoto(db, await getFileStorage(), memberId, checked);
  return row ? { ok: true, stored: 1, files: [] } : { ok: false, message: "Este membro não existe mais.", stored: 0 };
}

/**
 * Stores the files of a form field (images or PDFs). Every file is checked
 * before any is stored: one bad file refuses the whole upload, naming it.
 */
export async function storeMemberFiles(db: Db, memberId: number, files: File[]): Promise<UploadOutcome> {
  const real = files.filter((file) => file.size > 0 || file.name);
  if (real.length === 0) return { ok: false, message: "Escolha pelo menos um arquivo.", stored: 0 };
  if (real.length > MAX_FILES_PER_UPLOAD)
    return { ok: false, message: `Envie no máximo ${MAX_FILES_PER_UPLOAD} arquivos de uma vez.`, stored: 0 };
  const checked = [];
  for (const file of real) {
    const result = await validateUpload(
      Buffer.from(await file.arrayBuffer()),
      { name: file.name, contentType: file.type },
      "image-or-pdf",
    );
    if (!result.ok)
      return { ok: false, message: real.length > 1 ? `${file.name}: ${result.message}` : result.message, stored: 0 };
    checked.push({ file, result });
  }
  const storage = await getFileStorage();
  const stored: MemberFile[] = [];
  for (const { file, result } of checked) stored.push(await addMemberFile(db, storage, memberId, result, file.name));
  return { ok: true, stored: stored.length, files: stored };
}

/** Reads a PUT body up to `MAX_IMAGE_BYTES` + 1 bytes (so "too big" can be told apart). */
export async function readLimitedBody(request: Request, limit = MAX_IMAGE_BYTES): Promise<Buffer | "too-big"> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return "too-big";
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return "too-big";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
