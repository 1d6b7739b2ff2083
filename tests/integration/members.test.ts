/**
 * Team members, uploads and the team pages (ADR 0019),
 * against the REAL Firebase Auth emulator with PGlite and local storage:
 * members CRUD, soft delete and reactivation, promote (and its rollback when
 * the database refuses), upload validation by content (wrong type,
 * oversized, content not matching the extension — pt-BR messages), signed
 * upload addresses (expiry, reuse, PUT and multipart POST through the route),
 * `/arquivos`, `/sobre` and `/membro/{id}` (301 from the numeric id, 404 when
 * inactive), the WhatsApp hand-off of a member, and the authorization of every
 * admin members route (anonymous, agent, admin, another origin).
 */
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { onPublicContentChanged } from "~/.server/admin/content-changed";
import { members, memberFiles, users } from "~/.server/db/schema";
import { getSessionSecrets } from "~/.server/flash";
import { whatsAppHandOff } from "~/.server/leads/whatsapp";
import {
  findPublicMember,
  getMember,
  listMembers,
  promoteMember,
  publicMembers,
  reactivateMember,
  saveMember,
  setMemberActive,
  softDeleteMember,
} from "~/.server/members";
import { createLocalStorage, getFileStorage, setFileStorage } from "~/.server/storage";
import { consumeSignedUpload, createSignedUpload, UPLOAD_TICKET_TTL_MS } from "~/.server/storage/signed-upload";
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, validateUpload } from "~/.server/storage/validate";
import { memberFormSchema } from "~/lib/members";
import * as about from "~/routes/about";
import * as adminMember from "~/routes/admin-member";
import * as adminMemberUpload from "~/routes/admin-member-upload";
import * as adminMembers from "~/routes/admin-members";
import * as memberPage from "~/routes/member";
import * as storedFile from "~/routes/stored-file";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";

const ORIGIN = TEST_ORIGIN;
let jpeg: Buffer;
let png: Buffer;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

const env = useAuthTestEnv("members", { uid: "agent-m", claims: { role: "agent", brokerCode: "7" } });

beforeAll(async () => {
  setFileStorage(createLocalStorage(path.join(env.dataDir, "uploads")));
  jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#c0392b" } })
    .jpeg()
    .toBuffer();
  png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#2980b9" } })
    .png()
    .toBuffer();
});

const db = () => env.test.database.db;

function request(
  who: Who,
  pathAndQuery: string,
  init: {
    form?: Record<string, string>;
    method?: string;
    body?: BodyInit;
    headers?: Record<string, string>;
    origin?: string;
  } = {},
): Request {
  const headers = new Headers(init.headers);
  if (env.cookies[who]) headers.set("Cookie", `session=${env.cookies[who]}`);
  if (!init.form && !init.body) return new Request(`${ORIGIN}${pathAndQuery}`, { headers });
  headers.set("Origin", init.origin ?? ORIGIN);
  if (init.form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`${ORIGIN}${pathAndQuery}`, {
    method: init.method ?? "POST",
    headers,
    body: init.form ? new URLSearchParams(init.form) : init.body,
  });
}

const args = (req: Request, params: Record<string, string> = {}) =>
  ({ request: req, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;

function form(values: Record<string, string>) {
  const parsed = memberFormSchema.safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe("the member form schema", () => {
  it("gives pt-BR messages beside the fields for bad input", () => {
    const result = memberFormSchema.safeParse({
      name: "A",
      slug: "Ana Souza",
      email: "ana@",
      whatsapp: "123",
      sortOrder: "-1",
      creci: "",
    });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.error.flatten().fieldErrors;
    expect(errors.name?.[0]).toBe("Informe o nome (pelo menos 2 letras).");
    expect(errors.slug?.[0]).toMatch(/letras minúsculas sem acento/);
    expect(errors.email?.[0]).toMatch(/e-mail válido/);
    expect(errors.whatsapp?.[0]).toMatch(/com DDD/);
    expect(errors.sortOrder?.[0]).toBe("Use 0 ou mais.");
  });
});

describe("members: create, edit, list, deactivate, soft delete, reactivate", () => {
  it("creates with a slug from the name, de-duplicated; a typed slug that is taken is refused beside the field", async () => {
    const changes: string[] = [];
    const stop = onPublicContentChanged((change) => changes.push(change));
    const first = await saveMember(db(), form({ name: "João Müller", title: "Corretor", active: "on" }));
    const second = await saveMember(db(), form({ name: "João Müller", active: "on" }));
    stop();
    expect(first.slug).toBe("joao-mueller");
    expect(second.slug).toBe("joao-mueller-2");
    expect(changes).toEqual(["members", "members"]);
    await expect(saveMember(db(), form({ name: "Outro", slug: "joao-mueller", active: "on" }))).rejects.toMatchObject({
      name: "AdminError",
      status: 409,
      message: "Este endereço já é de outro membro. Escolha outro.",
      fieldErrors: { slug: ["Este endereço já é de outro membro. Escolha outro."] },
    });
  });

  it("edits, lists with search, filter and order, and moves through inactive, deleted and reactivated", async () => {
    const saved = await saveMember(
      db(),
      form({ name: "Beatriz Lima", email: "Bia@Exemplo.com.br", sortOrder: "5", active: "on", creci: "12345-F" }),
    );
    const id = saved.id;
    expect(saved.email).toBe("bia@exemplo.com.br");
    const edited = await saveMember(
      db(),
      form({ id: String(id), name: "Beatriz Lima Souza", slug: "bia", title: "Gerente", sortOrder: "1", active: "on" }),
    );
    expect([edited.slug, edited.title, edited.sortOrder]).toEqual(["bia", "Gerente", 1]);

    expect((await listMembers(db(), { q: "beatriz" })).map((m) => m.id)).toEqual([id]);
    const ordered = await listMembers(db(), { order: "ordem", status: "ativos" });
    expect(ordered.map((m) => m.sortOrder)).toEqual([...ordered.map((m) => m.sortOrder)].sort((a, b) => a - b));
    expect(ordered.map((m) => m.id)).toContain(id);
    expect((await listMembers(db(), { order: "nome" })).map((m) => m.name)).toEqual(
      [...(await listMembers(db(), { order: "nome" })).map((m) => m.name)].sort((a, b) => a.localeCompare(b)),
    );

    await setMemberActive(db(), id, false);
    expect((await listMembers(db(), { status: "inativos" })).map((m) => m.id)).toContain(id);
    expect(await findPublicMember(db(), "bia")).toBeNull();
    await setMemberActive(db(), id, true);
    expect((await findPublicMember(db(), "bia"))?.id).toBe(id);

    await softDeleteMember(db(), id);
    const deleted = await getMember(db(), id);
    expect(deleted?.deletedAt).toBeInstanceOf(Date);
    expect(deleted?.active).toBe(false);
    await expect(setMemberActive(db(), id, true)).rejects.toMatchObject({
      status: 400,
      message: "Um membro excluído só volta com “Reativar”.",
    });
    await expect(setMemberActive(db(), 999_999, true)).rejects.toMatchObject({ status: 404 });
    await expect(reactivateMember(db(), 999_999)).rejects.toMatchObject({
      status: 404,
      message: "Membro não encontrado.",
    });
    expect((await publicMembers(db())).map((m) => m.id)).not.toContain(id);
    expect((await listMembers(db(), { status: "inativos" })).map((m) => m.id)).toContain(id);

    await reactivateMember(db(), id);
    const back = await getMember(db(), id);
    expect([back?.active, back?.deletedAt]).toEqual([true, null]);
    expect((await publicMembers(db())).map((m) => m.id)).toContain(id);
  });
});

describe("promote: a broker login for a member", () => {
  it("creates the Firebase user, the users row with role agent and the broker code, the claims, and links the member", async () => {
    const saved = await saveMember(
      db(),
      form({ name: "Pedro Alves", email: "pedro@exemplo.com.br", brokerCode: "42", active: "on" }),
    );
    const { uid, created } = await promoteMember(db(), env.backend, saved.id);
    expect(created).toBe(true);
    const record = await env.backend.auth.getUser(uid);
    expect(record.email).toBe("pedro@exemplo.com.br");
    expect(record.customClaims).toMatchObject({ role: "agent", brokerCode: "42" });
    const [row] = await db().select().from(users).where(eq(users.uid, uid));
    expect([row?.role, row?.brokerCode]).toEqual(["agent", "42"]);
    expect((await getMember(db(), saved.id))?.userUid).toBe(uid);
    await expect(promoteMember(db(), env.backend, saved.id)).rejects.toMatchObject({
      status: 409,
      message: "Pedro Alves já tem acesso de corretor.",
    });
  });

  it("refuses without an e-mail, and undoes the Firebase user when the database refuses (no half-created login)", async () => {
    const noMail = await saveMember(db(), form({ name: "Sem Email", active: "on" }));
    await expect(promoteMember(db(), env.backend, noMail.id)).rejects.toMatchObject({
      status: 400,
      message: "Cadastre o e-mail do membro antes de dar acesso de corretor.",
    });

    // A users row holds the e-mail under another uid, but Firebase has no such user: the insert fails.
    await db()
      .insert(users)
      .values({ uid: "orphan-row", email: "lara@exemplo.com.br", displayName: "Órfã", role: "agent" });
    const saved = await saveMember(db(), form({ name: "Lara Dias", email: "lara@exemplo.com.br", active: "on" }));
    await expect(promoteMember(db(), env.backend, saved.id)).rejects.toMatchObject({
      status: 409,
      message: "Já existe um usuário do site com este e-mail. Nada foi alterado.",
    });
    await expect(env.backend.auth.getUserByEmail("lara@exemplo.com.br")).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
    expect((await getMember(db(), saved.id))?.userUid).toBeNull();
  });
});

describe("upload validation by content", () => {
  it("accepts JPEG/PNG/WebP images, resized to at most 1600 px as WebP, and PDFs as they are", async () => {
    const image = await validateUpload(jpeg, { name: "foto.jpg", contentType: "image/jpeg" }, "image");
    expect(image.ok).toBe(true);
    if (image.ok) {
      const meta = await sharp(image.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 800]);
    }
    const file = await validateUpload(pdf, { name: "contrato.PDF", contentType: "application/pdf" }, "image-or-pdf");
    expect(file.ok && file.contentType).toBe("application/pdf");
  });

  it("refuses a wrong type, an oversized file and a file whose content does not match its extension, in Portuguese", async () => {
    expect(await validateUpload(Buffer.from("GIF89a fake"), { name: "x.gif" }, "image")).toEqual({
      ok: false,
      message: "Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP.",
    });
    expect(await validateUpload(pdf, { name: "foto.pdf" }, "image")).toEqual({
      ok: false,
      message: "Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP.",
    });
    expect(
      await validateUpload(Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]), { name: "foto.jpg" }, "image"),
    ).toEqual({
      ok: false,
      message: "O arquivo tem mais de 10 MB. Envie um arquivo menor.",
    });
    expect(
      await validateUpload(Buffer.concat([pdf, Buffer.alloc(MAX_PDF_BYTES)]), { name: "a.pdf" }, "image-or-pdf"),
    ).toEqual({
      ok: false,
      message: "O arquivo tem mais de 20 MB. Envie um arquivo menor.",
    });
    expect(
      await validateUpload(Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]), { name: "a.jpg" }, "image-or-pdf"),
    ).toEqual({
      ok: false,
      message: "A imagem tem mais de 10 MB. Envie uma imagem menor.",
    });
    expect(
      await validateUpload(png, { name: "documento.pdf", contentType: "application/pdf" }, "image-or-pdf"),
    ).toEqual({
      ok: false,
      message: "O conteúdo do arquivo (PNG) não corresponde à extensão .pdf. Envie o arquivo original.",
    });
    expect(await validateUpload(png, { name: "foto.jpg" }, "image")).toEqual({
      ok: false,
      message: "O conteúdo do arquivo (PNG) não corresponde à extensão .jpg. Envie o arquivo original.",
    });
    expect(await validateUpload(png, { contentType: "image/jpeg" }, "image")).toEqual({
      ok: false,
      message: "O conteúdo do arquivo (PNG) não corresponde ao tipo informado. Envie o arquivo original.",
    });
  });
});

describe("signed upload addresses", () => {
  let memberId: number;
  beforeAll(async () => {
    memberId = (await saveMember(db(), form({ name: "Rita Envio", active: "on" }))).id;
  });

  it("are single use, expire, and only fit their member and kind", async () => {
    const secrets = getSessionSecrets();
    const now = Date.now();
    const signed = await createSignedUpload(db(), secrets, memberId, "photo", now);
    expect(signed.method).toBe("PUT");
    const token = new URL(signed.url, ORIGIN).searchParams.get("token")!;
    expect(await consumeSignedUpload(db(), secrets, token, memberId, "files", now)).toBe("invalid");
    expect(await consumeSignedUpload(db(), secrets, token, memberId + 1, "photo", now)).toBe("invalid");
    expect(await consumeSignedUpload(db(), ["x".repeat(40)], token, memberId, "photo", now)).toBe("invalid");
    expect(await consumeSignedUpload(db(), secrets, token, memberId, "photo", now + UPLOAD_TICKET_TTL_MS)).toBe(
      "expired",
    );
    expect(await consumeSignedUpload(db(), secrets, token, memberId, "photo", now + 1000)).toBeNull();
    expect(await consumeSignedUpload(db(), secrets, token, memberId, "photo", now + 2000)).toBe("used");
  });

  it("PUT stores one photo (served by /arquivos, public and immutable); the same address again is refused", async () => {
    const ask = await answer(() =>
      adminMemberUpload.action(
        args(request("admin", `/admin/membros/${memberId}/envio`, { form: { kind: "photo" } }), {
          id: String(memberId),
        }),
      ),
    );
    const signed = (await ask.json()) as { url: string; method: string };
    expect(signed.method).toBe("PUT");
    const put = () =>
      request("admin", signed.url, {
        method: "PUT",
        body: new Uint8Array(jpeg),
        headers: { "Content-Type": "image/jpeg", "X-File-Name": "rita.jpg" },
      });
    const stored = await answer(() => adminMemberUpload.action(args(put(), { id: String(memberId) })));
    expect(stored.status).toBe(200);
    const member = await getMember(db(), memberId);
    expect(member?.photoKey).toMatch(/^membros\/\d+\/foto-[0-9a-f]{24}\.webp$/);
    const again = await answer(() => adminMemberUpload.action(args(put(), { id: String(memberId) })));
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      message: "Este endereço de envio já foi usado. Recarregue a página e tente de novo.",
    });

    const served = await answer(() =>
      storedFile.loader(args(request("anonymous", `/arquivos/${member!.photoKey}`), { "*": member!.photoKey! })),
    );
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    expect(
      (await answer(() => storedFile.loader(args(request("anonymous", "/arquivos/../x.webp"), { "*": "../x.webp" }))))
        .status,
    ).toBe(404);
  });

  it("PUT of a non-image through a fresh address answers 400 with the message; multipart POST stores several files, admin-only to read", async () => {
    const ask = async (kind: "photo" | "files") =>
      (await (
        await answer(() =>
          adminMemberUpload.action(
            args(request("admin", `/admin/membros/${memberId}/envio`, { form: { kind } }), { id: String(memberId) }),
          ),
        )
      ).json()) as { url: string };
    const bad = await answer(async () =>
      adminMemberUpload.action(
        args(
          request("admin", (await ask("photo")).url, {
            method: "PUT",
            body: new Uint8Array(pdf),
            headers: { "Content-Type": "application/pdf" },
          }),
          { id: String(memberId) },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP." });

    const body = new FormData();
    body.append("arquivos", new File([new Uint8Array(pdf)], "contrato.pdf", { type: "application/pdf" }));
    body.append("arquivos", new File([new Uint8Array(png)], "planta.png", { type: "image/png" }));
    const posted = await answer(async () =>
      adminMemberUpload.action(args(request("admin", (await ask("files")).url, { body }), { id: String(memberId) })),
    );
    expect(posted.status).toBe(200);
    const files = await db().select().from(memberFiles).where(eq(memberFiles.memberId, memberId));
    expect(files.map((f) => [f.name, f.contentType]).sort()).toEqual([
      ["contrato.pdf", "application/pdf"],
      ["planta.png", "image/webp"],
    ]);
    const pdfKey = files.find((f) => f.name === "contrato.pdf")!.key;
    expect(
      (await answer(() => storedFile.loader(args(request("agent", `/arquivos/${pdfKey}`), { "*": pdfKey })))).status,
    ).toBe(403);
    const asAdmin = await answer(() =>
      storedFile.loader(args(request("admin", `/arquivos/${pdfKey}`), { "*": pdfKey })),
    );
    expect([asAdmin.status, asAdmin.headers.get("Content-Type"), asAdmin.headers.get("Cache-Control")]).toEqual([
      200,
      "application/pdf",
      "private, no-store",
    ]);
    expect(Buffer.from(await asAdmin.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await (await getFileStorage()).get(pdfKey)).not.toBeNull();
  });

  it("without JavaScript, the edit page's multipart form stores the photo; a mismatched file is refused beside the field", async () => {
    /** Posts the edit page's multipart form for `intent` with one PNG's bytes as `field`, named `fileName`. */
    const postForm = (intent: "photo" | "files", field: string, fileName: string, type: string) => {
      const body = new FormData();
      body.append("intent", intent);
      body.append(field, new File([new Uint8Array(png)], fileName, { type }));
      return answer(() =>
        adminMember.action(
          args(request("admin", `/admin/membros/${memberId}?envio=${intent}`, { body }), { id: String(memberId) }),
        ),
      );
    };
    const ok = await postForm("photo", "foto", "rosto.png", "image/png");
    expect([ok.status, ok.headers.get("Location")]).toEqual([302, `/admin/membros/${memberId}`]);
    const refused = await postForm("files", "arquivos", "laudo.pdf", "application/pdf");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      filesError: "O conteúdo do arquivo (PNG) não corresponde à extensão .pdf. Envie o arquivo original.",
    });
  });
});

describe("public team pages", () => {
  let ana: number;
  beforeAll(async () => {
    const saved = await saveMember(
      db(),
      form({
        name: "Ana Equipe",
        slug: "ana-equipe",
        title: "Corretora",
        creci: "99999-F",
        whatsapp: "(11) 91234-5678",
        bio: "Especialista em Moema.",
        sortOrder: "0",
        active: "on",
      }),
    );
    ana = saved.id;
  });

  it("/sobre lists the active members in order and is cacheable; /membro/{slug} shows the profile; the numeric id redirects 301", async () => {
    const page = await answer(() => about.loader(args(request("anonymous", "/sobre"))));
    expect(page.headers.get("Cache-Control")).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
    const data = (await page.json()) as { members: { slug: string }[] };
    expect(data.members.map((m) => m.slug)).toContain("ana-equipe");
    const profile = await answer(() =>
      memberPage.loader(args(request("anonymous", "/membro/ana-equipe"), { id: "ana-equipe" })),
    );
    const profileData = (await profile.json()) as { member: { name: string; creci: string }; whatsappHref: string };
    expect(profileData.member).toMatchObject({ name: "Ana Equipe", creci: "99999-F" });
    expect(profileData.whatsappHref).toBe("/obrigado-whatsapp?origem=%2Fmembro%2Fana-equipe&membro=ana-equipe");
    const numeric = await answer(() =>
      memberPage.loader(args(request("anonymous", `/membro/${ana}`), { id: String(ana) })),
    );
    expect([numeric.status, numeric.headers.get("Location")]).toEqual([301, "/membro/ana-equipe"]);
  });

  it("the WhatsApp hand-off of a member continues to the member's number", async () => {
    const handOff = await whatsAppHandOff(
      new Request(`${ORIGIN}/obrigado-whatsapp?origem=%2Fmembro%2Fana-equipe&membro=ana-equipe`),
      { db: db(), agencyNumber: "5511900000000", clientIp: "10.0.0.9" },
    );
    expect(handOff?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511912345678\?text=Ol%C3%A1%2C%20Ana%20Equipe!/);
  });

  it("an inactive, deleted or unknown member is the 404 screen and leaves /sobre", async () => {
    await setMemberActive(db(), ana, false);
    expect(
      (await answer(() => memberPage.loader(args(request("anonymous", "/membro/ana-equipe"), { id: "ana-equipe" }))))
        .status,
    ).toBe(404);
    const data = (await (await answer(() => about.loader(args(request("anonymous", "/sobre"))))).json()) as {
      members: { slug: string }[];
    };
    expect(data.members.map((m) => m.slug)).not.toContain("ana-equipe");
    await softDeleteMember(db(), ana);
    expect(
      (await answer(() => memberPage.loader(args(request("anonymous", `/membro/${ana}`), { id: String(ana) })))).status,
    ).toBe(404);
    expect(
      (await answer(() => memberPage.loader(args(request("anonymous", "/membro/ninguem"), { id: "ninguem" })))).status,
    ).toBe(404);
    await reactivateMember(db(), ana);
    expect(
      (await answer(() => memberPage.loader(args(request("anonymous", "/membro/ana-equipe"), { id: "ana-equipe" }))))
        .status,
    ).toBe(200);
  });
});

describe("the edit page shows the domain's refusals", () => {
  const post = (id: string, values: Record<string, string>) =>
    answer(() => adminMember.action(args(request("admin", `/admin/membros/${id}`, { form: values }), { id })));

  it("a taken slug beside the field (409); promote without e-mail and activate of a deleted member as the alert", async () => {
    await saveMember(db(), form({ name: "Slug Ocupado", slug: "slug-ocupado", active: "on" }));
    const taken = await post("novo", { intent: "save", name: "Outra Pessoa", slug: "slug-ocupado", sortOrder: "0" });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      slug: ["Este endereço já é de outro membro. Escolha outro."],
    });

    const id = String((await saveMember(db(), form({ name: "Sem Acesso", active: "on" }))).id);
    const promote = await post(id, { intent: "promote" });
    expect([promote.status, await promote.json()]).toEqual([
      400,
      { result: null, error: "Cadastre o e-mail do membro antes de dar acesso de corretor." },
    ]);
    await softDeleteMember(db(), Number(id));
    const activate = await post(id, { intent: "activate" });
    expect([activate.status, await activate.json()]).toEqual([
      400,
      { result: null, error: "Um membro excluído só volta com “Reativar”." },
    ]);
    expect((await post("999999", { intent: "activate" })).status).toBe(404);
  });
});

describe("authorization of the admin members routes", () => {
  let id: number;
  beforeAll(async () => {
    const saved = await saveMember(db(), form({ name: "Acesso Teste", email: "acesso@exemplo.com.br", active: "on" }));
    id = saved.id;
  });

  const pages = () => [
    { path: "/admin/membros?status=ativos", run: (r: Request) => adminMembers.loader(args(r)) },
    { path: `/admin/membros/${id}`, run: (r: Request) => adminMember.loader(args(r, { id: String(id) })) },
    { path: "/admin/membros/novo", run: (r: Request) => adminMember.loader(args(r, { id: "novo" })) },
  ];

  it("loaders: anonymous → login, agent → 403, admin → 200 private", async () => {
    for (const page of pages()) {
      const anonymous = await answer(() => page.run(request("anonymous", page.path)));
      expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([
        302,
        `/login-corretores?redirectTo=${encodeURIComponent(page.path)}`,
      ]);
      expect((await answer(() => page.run(request("agent", page.path)))).status).toBe(403);
      const admin = await answer(() => page.run(request("admin", page.path)));
      expect([admin.status, admin.headers.get("Cache-Control")]).toEqual([200, "private, no-store"]);
    }
  });

  const posts = (): { name: string; params: { id: string }; form: Record<string, string>; success: RegExp }[] => [
    {
      name: "save",
      params: { id: "novo" },
      form: { intent: "save", name: "Criado Aqui", sortOrder: "3", active: "on" },
      success: /^\/admin\/membros\/\d+$/,
    },
    ...["deactivate", "activate", "delete", "reactivate", "promote", "remove-photo"].map((intent) => ({
      name: intent,
      params: { id: String(id) },
      form: { intent },
      success: new RegExp(`^/admin/membros/${id}$`),
    })),
  ];

  it("actions: anonymous → login, agent → 403, another origin → 403, admin → redirect with a toast", async () => {
    for (const post of posts()) {
      const path = `/admin/membros/${post.params.id}`;
      const anonymous = await answer(() =>
        adminMember.action(args(request("anonymous", path, { form: post.form }), post.params)),
      );
      expect([post.name, anonymous.status]).toEqual([post.name, 302]);
      expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores\?redirectTo=/);
      expect([
        post.name,
        (await answer(() => adminMember.action(args(request("agent", path, { form: post.form }), post.params)))).status,
      ]).toEqual([post.name, 403]);
      expect([
        post.name,
        (
          await answer(() =>
            adminMember.action(
              args(request("admin", path, { form: post.form, origin: "https://evil.example" }), post.params),
            ),
          )
        ).status,
      ]).toEqual([post.name, 403]);
      const admin = await answer(() =>
        adminMember.action(args(request("admin", path, { form: post.form }), post.params)),
      );
      expect([post.name, admin.status]).toEqual([post.name, 302]);
      expect(admin.headers.get("Location")).toMatch(post.success);
    }
    expect((await getMember(db(), id))?.userUid).not.toBeNull();
  });

  it("the signed upload route: anonymous → 401 JSON, agent → 403, another origin → 403; a bad save → 400 with field errors", async () => {
    const path = `/admin/membros/${id}/envio?token=x`;
    const put = (who: Who, origin?: string) =>
      request(who, path, {
        method: "PUT",
        body: new Uint8Array(jpeg),
        headers: { "Content-Type": "image/jpeg" },
        origin,
      });
    const ask = (who: Who, origin?: string) =>
      request(who, `/admin/membros/${id}/envio`, { form: { kind: "photo" }, origin });
    const upload = (req: Request) => answer(() => adminMemberUpload.action(args(req, { id: String(id) })));
    // The same guards on the upload itself (PUT) and on asking for its signed address.
    for (const build of [put, ask]) {
      expect((await upload(build("anonymous"))).status, build.name).toBe(401);
      expect((await upload(build("agent"))).status, build.name).toBe(403);
      expect((await upload(build("admin", "https://evil.example"))).status, build.name).toBe(403);
    }
    expect((await upload(ask("admin"))).status).toBe(200);
    const badToken = await upload(put("admin"));
    expect([badToken.status, await badToken.json()]).toEqual([
      403,
      { message: "Endereço de envio inválido. Recarregue a página e tente de novo." },
    ]);

    const bad = await answer(() =>
      adminMember.action(
        args(request("admin", "/admin/membros/novo", { form: { intent: "save", name: "", email: "x@" } }), {
          id: "novo",
        }),
      ),
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.name?.[0]).toMatch(/Informe o nome/);
    expect(body.result.error.email?.[0]).toMatch(/e-mail válido/);
    const count = (await db().select().from(members)).length;
    expect(count).toBeGreaterThan(0);
  });
});
