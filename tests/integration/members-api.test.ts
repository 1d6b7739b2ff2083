/**
 * The members JSON API (ADR 0018, ADR 0019): every endpoint as anonymous,
 * agent and admin, with Firebase ID tokens from the REAL Auth emulator as
 * bearer and PGlite: every endpoint answers 401 anonymous and 403 to an
 * agent; as admin, list, create (400 with field errors, a taken slug too),
 * update, soft delete, reactivate, promote (400 with the reason when refused)
 * and the multipart upload (a wrong type refused in Portuguese); the OpenAPI
 * document lists every members path.
 */
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "~/.server/api/openapi";
import { createLocalStorage, setFileStorage } from "~/.server/storage";
import * as apiMember from "~/routes/api-member";
import * as apiPromote from "~/routes/api-member-promote";
import * as apiReactivate from "~/routes/api-member-reactivate";
import * as apiUpload from "~/routes/api-member-upload";
import * as apiMembers from "~/routes/api-members";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";

const ORIGIN = TEST_ORIGIN;

const env = useAuthTestEnv("members-api", { uid: "agent-mapi", claims: { role: "agent", brokerCode: "7" } });

beforeAll(() => {
  setFileStorage(createLocalStorage(path.join(env.dataDir, "uploads")));
});

function request(who: Who, method: string, pathAndQuery: string, body?: unknown): Request {
  const headers = new Headers();
  if (env.tokens[who]) headers.set("Authorization", `Bearer ${env.tokens[who]}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  return new Request(`${ORIGIN}${pathAndQuery}`, { method, headers, body: payload });
}

const args = (req: Request, params: Record<string, string> = {}) =>
  ({ request: req, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;

/** What `handler` (a route's loader or action) answers, returned or thrown, for `args(...rest)`. */
const respond = (handler: (a: LoaderFunctionArgs & ActionFunctionArgs) => unknown, ...rest: Parameters<typeof args>) =>
  answer(() => handler(args(...rest)));

type Call = { name: string; run: (who: Who) => Promise<Response> };

describe("members API as admin", () => {
  let id = 0;

  it("creates (201), refuses bad bodies with field errors (400), lists, updates, deletes softly and reactivates", async () => {
    const bad = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", { name: "", email: "x@", whatsapp: "1" }),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(badBody.fieldErrors).sort()).toEqual(["email", "name", "whatsapp"]);

    const created = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", {
        name: "Júlia Prado",
        title: "Corretora",
        email: "julia@exemplo.com.br",
        brokerCode: "15",
        sortOrder: 2,
      }),
    );
    expect(created.status).toBe(201);
    const member = ((await created.json()) as { member: { id: number; slug: string; active: boolean } }).member;
    id = member.id;
    expect([member.slug, member.active]).toEqual(["julia-prado", true]);

    const taken = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", { name: "Outra", slug: "julia-prado" }),
    );
    expect([taken.status, ((await taken.json()) as { fieldErrors: unknown }).fieldErrors]).toEqual([
      400,
      { slug: ["Este endereço já é de outro membro. Escolha outro."] },
    ]);

    const list = (await (await respond(apiMembers.loader, request("admin", "GET", "/api/members?q=julia"))).json()) as {
      members: { id: number }[];
    };
    expect(list.members.map((m) => m.id)).toEqual([id]);

    const updated = await respond(
      apiMember.action,
      request("admin", "PUT", `/api/members/${id}`, {
        name: "Júlia Prado Lima",
        slug: "julia",
        email: "julia@exemplo.com.br",
        brokerCode: "15",
        active: true,
      }),
      { id: String(id) },
    );
    expect(((await updated.json()) as { member: { slug: string; name: string } }).member).toMatchObject({
      slug: "julia",
      name: "Júlia Prado Lima",
    });

    const deleted = await respond(apiMember.action, request("admin", "DELETE", `/api/members/${id}`), {
      id: String(id),
    });
    expect(((await deleted.json()) as { member: { deleted: boolean; active: boolean } }).member).toMatchObject({
      deleted: true,
      active: false,
    });
    const back = await respond(apiReactivate.action, request("admin", "PUT", `/api/members/${id}/reactivate`), {
      id: String(id),
    });
    expect(((await back.json()) as { member: { deleted: boolean; active: boolean } }).member).toMatchObject({
      deleted: false,
      active: true,
    });
    const unknown = await respond(
      apiMember.action,
      request("admin", "PUT", "/api/members/999999", { name: "Ninguém" }),
      { id: "999999" },
    );
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "Membro não encontrado." }]);
    const unknownReactivate = await respond(
      apiReactivate.action,
      request("admin", "PUT", "/api/members/999999/reactivate"),
      { id: "999999" },
    );
    expect([unknownReactivate.status, await unknownReactivate.json()]).toEqual([
      404,
      { error: "Membro não encontrado." },
    ]);
  });

  it("promotes (a Firebase user with role agent) and uploads by content through multipart", async () => {
    const promoted = await respond(apiPromote.action, request("admin", "PUT", `/api/members/${id}/promote`), {
      id: String(id),
    });
    const promotedBody = (await promoted.json()) as { member: { userUid: string } };
    expect([promoted.status, promotedBody]).toMatchObject([200, { member: {} }]);
    const member = promotedBody.member;
    expect((await env.backend.auth.getUser(member.userUid)).customClaims).toMatchObject({
      role: "agent",
      brokerCode: "15",
    });

    const noMail = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", { name: "Sem Email Api" }),
    );
    const noMailId = String(((await noMail.json()) as { member: { id: number } }).member.id);
    const refusedPromotion = await respond(
      apiPromote.action,
      request("admin", "PUT", `/api/members/${noMailId}/promote`),
      { id: noMailId },
    );
    expect([refusedPromotion.status, await refusedPromotion.json()]).toEqual([
      400,
      { error: "Cadastre o e-mail do membro antes de dar acesso de corretor." },
    ]);
    const again = await respond(apiPromote.action, request("admin", "PUT", `/api/members/${id}/promote`), {
      id: String(id),
    });
    expect([again.status, await again.json()]).toEqual([400, { error: "Júlia Prado Lima já tem acesso de corretor." }]);

    const wrong = new FormData();
    wrong.append("photo", new File([new Uint8Array(Buffer.from("%PDF-1.4"))], "foto.jpg", { type: "image/jpeg" }));
    const refused = await respond(
      apiUpload.action,
      request("admin", "POST", `/api/members/${id}/uploads/file`, wrong),
      { id: String(id) },
    );
    expect([refused.status, await refused.json()]).toEqual([
      400,
      {
        error: "Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP.",
        fieldErrors: { photo: ["Tipo de arquivo não aceito. Envie uma imagem JPEG, PNG ou WebP."] },
      },
    ]);

    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#444" } })
      .png()
      .toBuffer();
    const good = new FormData();
    good.append("photo", new File([new Uint8Array(image)], "julia.png", { type: "image/png" }));
    good.append(
      "file",
      new File([new Uint8Array(Buffer.from("%PDF-1.7\n%%EOF"))], "ficha.pdf", { type: "application/pdf" }),
    );
    const stored = await respond(apiUpload.action, request("admin", "POST", `/api/members/${id}/uploads/file`, good), {
      id: String(id),
    });
    expect(stored.status).toBe(201);
    const body = (await stored.json()) as {
      member: { photoUrl: string };
      files: { name: string; contentType: string }[];
    };
    expect(body.member.photoUrl).toMatch(/^\/arquivos\/membros\/\d+\/foto-[0-9a-f]+\.webp$/);
    expect(body.files.map((f) => [f.name, f.contentType])).toEqual([["ficha.pdf", "application/pdf"]]);
    const json = await respond(
      apiUpload.action,
      request("admin", "POST", `/api/members/${id}/uploads/file`, { photo: "x" }),
      { id: String(id) },
    );
    expect(json.status).toBe(415);
  });

  it("the OpenAPI document lists every members path and method", () => {
    const document = buildOpenApiDocument(ORIGIN) as unknown as { paths: Record<string, Record<string, unknown>> };
    const methods = (p: string) => Object.keys(document.paths[p] ?? {}).sort();
    expect(methods("/api/members")).toEqual(["get", "post"]);
    expect(methods("/api/members/{id}")).toEqual(["delete", "put"]);
    expect(methods("/api/members/{id}/promote")).toEqual(["put"]);
    expect(methods("/api/members/{id}/reactivate")).toEqual(["put"]);
    expect(methods("/api/members/{id}/uploads/file")).toEqual(["post"]);
  });
});

describe("members API: control characters in the JSON body", () => {
  const member = {
    name: "Bruno Texto",
    title: "Corretor",
    email: "bruno@exemplo.com.br",
    phone: "(11) 91234-5678",
    bio: "Olá",
    brokerCode: "21",
  };
  // JSON.stringify writes a NUL as \u0000, as an attacker's client sends it; PostgreSQL refuses NUL in text.
  const withNul = (field: keyof typeof member) => ({
    ...member,
    [field]: `${member[field].slice(0, 2)}\u0000${member[field].slice(2)}`,
  });

  it.each(Object.keys(member) as (keyof typeof member)[])(
    "POST and PUT with a NUL inside %s → 400 beside the field, not 500",
    async (field) => {
      const created = await respond(apiMembers.action, request("admin", "POST", "/api/members", withNul(field)));
      expect(created.status).toBe(400);
      expect(Object.keys(((await created.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual([
        field,
      ]);

      const base = await respond(
        apiMembers.action,
        request("admin", "POST", "/api/members", {
          ...member,
          name: `Bruno ${field}`,
          slug: `bruno-${field.toLowerCase()}`,
          // One active member per Vista broker code (ADR 0085).
          brokerCode: `21-${field.toLowerCase()}`,
        }),
      );
      expect(base.status).toBe(201);
      const id = String(((await base.json()) as { member: { id: number } }).member.id);
      const updated = await respond(apiMember.action, request("admin", "PUT", `/api/members/${id}`, withNul(field)), {
        id,
      });
      expect(updated.status).toBe(400);
      expect(Object.keys(((await updated.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors)).toEqual([
        field,
      ]);
    },
  );

  it("a line break in the name is refused; paragraphs in the bio are kept", async () => {
    const refused = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", { ...member, name: "Bruno\r\nX" }),
    );
    expect([refused.status, ((await refused.json()) as { fieldErrors: unknown }).fieldErrors]).toEqual([
      400,
      { name: ["Use apenas uma linha, sem caracteres de controle."] },
    ]);
    const kept = await respond(
      apiMembers.action,
      request("admin", "POST", "/api/members", {
        ...member,
        name: "Bruno Bio",
        bio: "Um.\r\n\r\nDois.",
        brokerCode: "21-bio-kept",
      }),
    );
    expect(((await kept.json()) as { member: { bio: string } }).member.bio).toBe("Um.\n\nDois.");
  });
});

describe("members API authorization", () => {
  const calls: Call[] = [
    {
      name: "GET /api/members",
      run: (who) => respond(apiMembers.loader, request(who, "GET", "/api/members")),
    },
    {
      name: "POST /api/members",
      run: (who) => respond(apiMembers.action, request(who, "POST", "/api/members", { name: "Teste Acesso" })),
    },
    {
      name: "PUT /api/members/1",
      run: (who) =>
        respond(apiMember.action, request(who, "PUT", "/api/members/1", { name: "Teste Acesso" }), { id: "1" }),
    },
    {
      name: "DELETE /api/members/1",
      run: (who) => respond(apiMember.action, request(who, "DELETE", "/api/members/1"), { id: "1" }),
    },
    {
      name: "PUT /api/members/1/promote",
      run: (who) => respond(apiPromote.action, request(who, "PUT", "/api/members/1/promote"), { id: "1" }),
    },
    {
      name: "PUT /api/members/1/reactivate",
      run: (who) => respond(apiReactivate.action, request(who, "PUT", "/api/members/1/reactivate"), { id: "1" }),
    },
    {
      name: "POST /api/members/1/uploads/file",
      run: (who) =>
        respond(apiUpload.action, request(who, "POST", "/api/members/1/uploads/file", new FormData()), { id: "1" }),
    },
  ];

  it.each(calls)("$name: anonymous → 401, agent → 403 (JSON errors, never cached)", async ({ run }) => {
    const anonymous = await run("anonymous");
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBeTruthy();
    const agent = await run("agent");
    expect(agent.status).toBe(403);
    expect(agent.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a method a path does not serve answers 405 with Allow", async () => {
    const response = await answer(async () => apiMember.loader());
    expect([response.status, response.headers.get("Allow")]).toEqual([405, "PUT, DELETE"]);
  });
});
