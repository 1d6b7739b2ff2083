/**
 * Server-side checks of an upload BY CONTENT, never by the name alone
 * (ADR 0019): images are JPEG, PNG or WebP (read by sharp) up to
 * 10 MB, resized to at most 1600 px and stored as WebP; files are PDF
 * (`%PDF-` at the start) up to 20 MB. A name whose extension names another
 * type than the content (a PNG called `foto.pdf`) is refused. Every refusal
 * carries a Portuguese message for the field.
 */
import path from "node:path";
import sharp from "sharp";

/** Largest image accepted, bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest PDF accepted, bytes. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** Longest side of a stored image, px. */
export const MAX_IMAGE_SIDE = 1600;

/** What an upload may be: an image only (the photo) or an image or a PDF (member files). */
export type UploadAccept = "image" | "image-or-pdf";

/** A validated upload, ready to store. */
export interface ValidUpload {
  ok: true;
  body: Buffer;
  contentType: "image/webp" | "application/pdf";
  ext: "webp" | "pdf";
  /** What the content was: "jpeg" | "png" | "webp" | "pdf". */
  detected: "jpeg" | "png" | "webp" | "pdf";
}

/** A refused upload with the message to show beside the field. */
export interface InvalidUpload {
  ok: false;
  message: string;
}

const EXTENSIONS: Record<string, ValidUpload["detected"]> = {
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".jfif": "jpeg",
  ".png": "png",
  ".webp": "webp",
  ".pdf": "pdf",
};
const MIME_TYPES: Record<string, ValidUpload["detected"]> = {
  "image/jpeg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};
const LABELS: Record<ValidUpload["detected"], string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", pdf: "PDF" };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

async function detect(body: Buffer): Promise<ValidUpload["detected"] | null> {
  if (body.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  try {
    const { format } = await sharp(body, { failOn: "error" }).metadata();
    return format === "jpeg" || format === "png" || format === "webp" ? format : null;
  } catch {
    return null;
  }
}

/**
 * Checks and prepares one upload.
 * @param body the bytes as received.
 * @param declared the file name and content type the client sent (either may be empty).
 * @returns the stored form (WebP for images, the PDF as is) or a refusal message.
 */
export async function validateUpload(
  body: Buffer,
  declared: { name?: string; contentType?: string },
  accept: UploadAccept,
): Promise<ValidUpload | InvalidUpload> {
  const wanted = accept === "image" ? "uma imagem JPEG, PNG ou WebP" : "uma imagem JPEG, PNG ou WebP ou um PDF";
  if (body.length === 0) return { ok: false, message: `O arquivo está vazio. Envie ${wanted}.` };
  const limit = accept === "image" ? MAX_IMAGE_BYTES : MAX_PDF_BYTES;
  if (body.length > limit)
    return { ok: false, message: `O arquivo tem mais de ${megabytes(limit)}. Envie um arquivo menor.` };
  const detected = await detect(body);
  if (!detected || (accept === "image" && detected === "pdf")) {
    return { ok: false, message: `Tipo de arquivo não aceito. Envie ${wanted}.` };
  }
  if (detected !== "pdf" && body.length > MAX_IMAGE_BYTES) {
    return { ok: false, message: `A imagem tem mais de ${megabytes(MAX_IMAGE_BYTES)}. Envie uma imagem menor.` };
  }
  const extension = path.extname(declared.name ?? "").toLowerCase();
  const byName = extension ? EXTENSIONS[extension] : undefined;
  if (extension && byName !== detected) {
    return {
      ok: false,
      message: `O conteúdo do arquivo (${LABELS[detected]}) não corresponde à extensão ${extension}. Envie o arquivo original.`,
    };
  }
  const byType = MIME_TYPES[(declared.contentType ?? "").split(";")[0]!.trim().toLowerCase()];
  if (byType && byType !== detected) {
    return {
      ok: false,
      message: `O conteúdo do arquivo (${LABELS[detected]}) não corresponde ao tipo informado. Envie o arquivo original.`,
    };
  }
  if (detected === "pdf") return { ok: true, body, contentType: "application/pdf", ext: "pdf", detected };
  try {
    const resized = await sharp(body, { failOn: "error" })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, body: resized, contentType: "image/webp", ext: "webp", detected };
  } catch {
    return { ok: false, message: "Não foi possível ler a imagem: o arquivo parece corrompido. Envie outro arquivo." };
  }
}
