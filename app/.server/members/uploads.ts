/**
 * Receiving member uploads (ADR 0019), for both ways in:
 * the no-JavaScript multipart form of the edit page and the signed address
 * (`PUT` one photo with its content type, `POST` multipart for several files).
 * Bodies are read into memory with a hard cap (20 MB per part, 30 files and a
 * photo per body) by `@remix-run/form-data-parser` (ADR 0079) and validated
 * by content (`../storage/validate`); a refused upload throws
 * {@link AdminError} 400 with the pt-BR reason.
 */
import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { AdminError } from "../admin-error";
import type { Db } from "../db";
import { getFileStorage } from "../storage";
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, validateUpload } from "../storage/validate";
import { addMemberFile, type Member, type MemberFile, setMemberPhoto } from ".";

/** Most files in one multipart upload. */
export const MAX_FILES_PER_UPLOAD = 30;

const TOO_BIG = `O arquivo tem mais de ${MAX_PDF_BYTES / (1024 * 1024)} MB. Envie um arquivo menor.`;
const TOO_MANY = `Envie no máximo ${MAX_FILES_PER_UPLOAD} arquivos de uma vez.`;
const UNREADABLE = "Não foi possível ler o envio. Tente de novo.";

/**
 * File parts one body may hold: the files of one upload plus the photo the
 * members API takes beside them. More is refused while parsing, with the
 * message {@link storeMemberFiles} gives for too many files.
 */
const MAX_FILE_PARTS = MAX_FILES_PER_UPLOAD + 1;

/** True for a `multipart/form-data` body with its boundary, the only body {@link readMultipart} reads. */
function isMultipartBody(request: Request): boolean {
  const [type, boundary] = (request.headers.get("Content-Type") ?? "").split(/\s*;\s*boundary=/);
  return request.body != null && Boolean(boundary) && type === "multipart/form-data";
}

/**
 * Keeps an uploaded file in memory under the last segment of its name: some
 * browsers send the folders too, which RFC 7578 §4.2 says not to keep.
 */
function withBaseName(file: FileUpload): File {
  const name = file.name.split(/[/\\]/).pop() ?? "";
  return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
}

/**
 * Parses a multipart body into its fields and files (at most
 * {@link MAX_FILE_PARTS} file parts, every part, field or file, up to 20 MB;
 * the whole body is bounded by the server's upload guard). An empty file input
 * comes back as an empty file named `""`.
 * @returns the form, or `{ error }` with a pt-BR message when a part is too
 *   big, there are too many files, or the body is not multipart or cannot be
 *   read (for forms that report it their own way).
 */
export async function readMultipart(request: Request): Promise<{ form: FormData } | { error: string }> {
  if (!isMultipartBody(request)) return { error: UNREADABLE };
  try {
    const form = await parseFormData(request, { maxFileSize: MAX_PDF_BYTES, maxFiles: MAX_FILE_PARTS }, withBaseName);
    return { form };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { error: TOO_BIG };
    if (error instanceof MaxFilesExceededError) return { error: TOO_MANY };
    return { error: UNREADABLE };
  }
}

/**
 * The multipart body of a member upload, like {@link readMultipart}.
 * @throws {AdminError} 400 when a part is too big, there are too many files,
 *   or the body cannot be read.
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
  if (real.length > MAX_FILES_PER_UPLOAD) throw new AdminError(TOO_MANY, 400);
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
