/**
 * Reading member uploads (ADR 0019, ADR 0079): the multipart parser keeps
 * fields and files as sent, an empty file input as an empty nameless file and
 * a file name without its folders; a part over 20 MB, a body that is not
 * multipart and too many files are refused with the pt-BR message; and a PUT
 * body is read up to its limit.
 */
import { describe, expect, it } from "vitest";
import { MAX_PDF_BYTES } from "../storage/validate";
import { MAX_FILES_PER_UPLOAD, readLimitedBody, readMemberUpload, readMultipart } from "./uploads";

const BOUNDARY = "----teste-envio-7f3a";
const UNREADABLE = "Não foi possível ler o envio. Tente de novo.";
const TOO_BIG = "O arquivo tem mais de 20 MB. Envie um arquivo menor.";

/** One part of a hand-written multipart body: a field when `filename` is absent. */
interface Part {
  name: string;
  filename?: string;
  type?: string;
  body: string | Uint8Array;
}

/** A multipart POST with exactly these parts (browsers' framing, CRLF line ends). */
function multipartRequest(parts: Part[]): Request {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition =
      `Content-Disposition: form-data; name="${part.name}"` +
      (part.filename === undefined ? "" : `; filename="${part.filename}"`);
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(encoder.encode(`--${BOUNDARY}\r\n${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.body === "string" ? encoder.encode(part.body) : part.body);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  return new Request("https://example.test/admin/membros/1", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: Buffer.concat(chunks),
  });
}

const file = (name: string, filename: string, body: string | Uint8Array, type = "application/pdf"): Part => ({
  name,
  filename,
  type,
  body,
});

async function parsed(request: Request): Promise<FormData> {
  const result = await readMultipart(request);
  if ("error" in result) throw new Error(`refused: ${result.error}`);
  return result.form;
}

describe("readMultipart", () => {
  it("keeps text fields and files (name, type, bytes) in order", async () => {
    const form = await parsed(
      multipartRequest([
        { name: "intent", body: "files" },
        file("arquivos", "contrato.pdf", "%PDF-1.4 um"),
        file("arquivos", "planta.png", "png bytes", "image/png"),
        { name: "nota", body: "ação çê" },
      ]),
    );
    expect(form.get("intent")).toBe("files");
    expect(form.get("nota")).toBe("ação çê");
    const files = form.getAll("arquivos");
    expect(files.map((value) => (value instanceof File ? [value.name, value.type, value.size] : value))).toEqual([
      ["contrato.pdf", "application/pdf", 11],
      ["planta.png", "image/png", 9],
    ]);
    expect(await (files[0] as File).text()).toBe("%PDF-1.4 um");
  });

  it("reads an empty file input as an empty file without a name", async () => {
    const form = await parsed(
      multipartRequest([{ name: "intent", body: "photo" }, file("foto", "", "", "application/octet-stream")]),
    );
    const photo = form.get("foto");
    expect(photo).toBeInstanceOf(File);
    expect([(photo as File).name, (photo as File).size]).toEqual(["", 0]);
  });

  it("keeps only the last segment of a file name sent with its folders", async () => {
    // Inside the quoted `filename`, a backslash escapes the next character (the parser drops it),
    // so only `/` separates folders here.
    const form = await parsed(
      multipartRequest([file("arquivos", "docs/2024/laudo.pdf", "%PDF"), file("arquivos", "escritura.pdf", "%PDF")]),
    );
    expect(form.getAll("arquivos").map((value) => (value as File).name)).toEqual(["laudo.pdf", "escritura.pdf"]);
  });

  it("accepts a part of exactly 20 MB and refuses one byte more, file or field", async () => {
    const exact = await parsed(multipartRequest([file("arquivos", "grande.pdf", new Uint8Array(MAX_PDF_BYTES))]));
    expect((exact.get("arquivos") as File).size).toBe(MAX_PDF_BYTES);
    expect(
      await readMultipart(multipartRequest([file("arquivos", "grande.pdf", new Uint8Array(MAX_PDF_BYTES + 1))])),
    ).toEqual({
      error: TOO_BIG,
    });
    expect(await readMultipart(multipartRequest([{ name: "nota", body: "a".repeat(MAX_PDF_BYTES + 1) }]))).toEqual({
      error: TOO_BIG,
    });
  });

  it(`takes ${MAX_FILES_PER_UPLOAD} files and a photo in one body, and refuses more files with the upload's own message`, async () => {
    const files = (count: number) => Array.from({ length: count }, (_, i) => file("file", `doc-${i}.pdf`, `%PDF ${i}`));
    const form = await parsed(
      multipartRequest([file("photo", "eu.jpg", "jpg", "image/jpeg"), ...files(MAX_FILES_PER_UPLOAD)]),
    );
    expect(form.getAll("file")).toHaveLength(MAX_FILES_PER_UPLOAD);
    expect(await readMultipart(multipartRequest(files(MAX_FILES_PER_UPLOAD + 2)))).toEqual({
      error: `Envie no máximo ${MAX_FILES_PER_UPLOAD} arquivos de uma vez.`,
    });
  });

  it("refuses a body that is not multipart, or a multipart body without its boundary", async () => {
    const urlencoded = new Request("https://example.test/x", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=photo",
    });
    expect(await readMultipart(urlencoded)).toEqual({ error: UNREADABLE });
    const noBoundary = new Request("https://example.test/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "--x\r\n",
    });
    expect(await readMultipart(noBoundary)).toEqual({ error: UNREADABLE });
    const noBody = new Request("https://example.test/x", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(await readMultipart(noBody)).toEqual({ error: UNREADABLE });
  });

  it("refuses a body cut before its closing boundary", async () => {
    const request = new Request("https://example.test/x", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="foto"; filename="a.jpg"\r\n\r\nmeia foto`,
    });
    expect(await readMultipart(request)).toEqual({ error: UNREADABLE });
  });
});

describe("readMemberUpload", () => {
  it("throws an AdminError 400 with the pt-BR reason", async () => {
    await expect(
      readMemberUpload(multipartRequest([file("arquivos", "g.pdf", new Uint8Array(MAX_PDF_BYTES + 1))])),
    ).rejects.toMatchObject({
      name: "AdminError",
      status: 400,
      message: TOO_BIG,
    });
  });
});

describe("readLimitedBody", () => {
  const put = (body: Uint8Array, length?: number) =>
    new Request("https://example.test/x", {
      method: "PUT",
      headers: length === undefined ? {} : { "Content-Length": String(length) },
      body,
    });

  it("reads a body up to the limit and refuses a longer one, declared or streamed", async () => {
    expect(await readLimitedBody(put(new Uint8Array(10)), 10)).toEqual(Buffer.alloc(10));
    expect(await readLimitedBody(put(new Uint8Array(11)), 10)).toBe("too-big");
    expect(await readLimitedBody(put(new Uint8Array(1), 11), 10)).toBe("too-big");
  });
});
