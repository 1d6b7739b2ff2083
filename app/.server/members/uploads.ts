/**
 * Receiving member uploads (ADR 0019), for both ways in:
 * the no-JavaScript multipart form of the edit page and the signed address
 * (`PUT` one photo with its content type, `POST` multipart for several files).
 * Bodies are read into memory with a hard cap (20 MB per file, 30 files) and
 * validated by content (`../storage/validate`); a refused upload throws
 * {@link AdminError} 400 with the pt-BR reason.
 */
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { AdminError } from "../admin-error";
import type { Db } from "../db";
import { getFileStorage } from "../storage";
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, validateUpload } from "../storage/validate";
import { addMemberFile, type Member, type MemberFile, setMemberPhoto } from ".";

/** Most files in one multipart upload. */
export const MAX_FILES_PER_UPLOAD = 30;

const TOO_BIG = `O arquivo tem mais de ${MAX_PDF_BYTES / (1024 * 1024)} MB. Envie um arquivo menor.`;

/**
 * Parses a multipart body into its fields and files (at most
 * {@link MAX_FILES_PER_UPLOAD} files of up to 20 MB each).
 * @returns the form, or `{ error }` with a pt-BR message when a part is too
 *   big or the body cannot be read (for forms that report it their own way).
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

/**
 * The multipart body of a member upload, like {@link readMultipart}.
 * @throws {AdminError} 400 when a part is too big or the body cannot be read.
 */
export async function readMemberUpload(request: Request): Promise<FormData> {
  const parsed = await readMultipart(request);
  if ("error" in parsed) throw new AdminError(parsed.error, 400);
  return parsed.form;
}

/**
 * Stores one photo (an image up to 10 MB, by content) and returns the member.
 * @throws {AdminError} 400 with the pt-BR reason (type, size, content vs.
 *   extension); 404 for an unknown member.
 */
export async function storeMemberPhoto(
  db: Db,
  memberId: number,
  body: Buffer,
  declared: { name?: string; contentType?: string },
): Promise<Member> {
  const checked = await validateUpload(body, declared, "image");
  if (!checked.ok) throw new AdminError(checked.message, 400);
  return setMemberPhoto(db, await getFileStorage(), memberId, checked);
}

/**
 * Stores the files of a form field (images or PDFs) and returns their rows.
 * Every file is checked before any is stored: one bad file refuses the whole
 * upload, naming it when several were sent.
 * @throws {AdminError} 400 for no file, too many files, or a file refused by content.
 */
export async function storeMemberFiles(db: Db, memberId: number, files: File[]): Promise<MemberFile[]> {
  const real = files.filter((file) => file.size > 0 || file.name);
  if (real.length === 0) throw new AdminError("Escolha pelo menos um arquivo.", 400);
  if (real.length > MAX_FILES_PER_UPLOAD)
    throw new AdminError(`Envie no máximo ${MAX_FILES_PER_UPLOAD} arquivos de uma vez.`, 400);
  const checked = [];
  for (const file of real) {
    const result = await validateUpload(
      Buffer.from(await file.arrayBuffer()),
      { name: file.name, contentType: file.type },
      "image-or-pdf",
    );
    if (!result.ok) throw new AdminError(real.length > 1 ? `${file.name}: ${result.message}` : result.message, 400);
    checked.push({ file, result });
  }
  const storage = await getFileStorage();
  const stored: MemberFile[] = [];
  for (const { file, result } of checked) stored.push(await addMemberFile(db, storage, memberId, result, file.name));
  return stored;
}

/** Reads a PUT body of at most `limit` bytes (default `MAX_IMAGE_BYTES`); `"too-big"` when it is longer. */
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
