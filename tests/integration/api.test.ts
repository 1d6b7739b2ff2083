/**
 * The JSON API (docs/spec.txt §7 Auth API; ADR 0018), route modules
 * called with real Requests against the REAL Firebase Auth emulator and
 * PGlite: every endpoint as anonymous, agent and admin (bearer API session
 * tokens), with status and body shape (the zod schemas the OpenAPI document
 * is generated from); bad bodies (400 with fieldErrors, 415), conflicts (409),
 * unknown ids (404), rate limits (429), the set-password token of an
 * invitation, idempotent contact requests; and the OpenAPI document (parses,
 * every served route is in it, every `$ref` resolves).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiIdempotencyKey } from "~/.server/api/lead-endpoint";
import { leadAcceptedSchema, userViewSchema } from "~/.server/api/schemas";
import { signInWithPassword } from "~/.server/auth/identity";
import { findLeadByKey } from "~/.server/leads/store";
import * as apiAuth from "~/routes/api-auth";
import * as apiUser from "~/routes/api-auth-user";
import * as apiPromote from "~/routes/api-auth-user-promote";
import * as apiUsers from "~/routes/api-auth-users";
import * as apiMoreInfo from "~/routes/api-email-more-information";
import * as apiSell from "~/routes/api-email-sell-property";
import * as apiOpenApi from "~/routes/api-openapi";
import * as apiResetToken from "~/routes/api-reset-password-token";
import * as apiReset from "~/routes/api-reset-password";
import * as apiRoles from "~/routes/api-roles";
import * as apiTokenCheck from "~/routes/api-token-check";
import routeConfig from "~/routes";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { INFO_REQUEST, SELL_REQUEST } from "./helpers/fixtures";

const ORIGIN = TEST_ORIGIN;
let adminCookie = "";

const env = useAuthTestEnv("api", { uid: "agent-api", claims: { role: "agent", brokerCode: "7" } });

beforeAll(() => {
  adminCookie = env.admin.cookie;
});

function request(
  who: Who,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Request {
  const all = new Headers(headers);
  if (env.tokens[who]) all.set("Authorization", `Bearer ${env.tokens[who]}`);
  if (body !== undefined && !all.has("Content-Type")) all.set("Content-Type", "application/json");
  return new Request(`${ORIGIN}${pathAndQuery}`, {
    method,
    headers: all,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

let ipCounter = 0;
const args = (req: Request, params: Record<string, string> = {}, clientIp = `10.0.0.${++ipCounter}`) =>
  ({ request: req, params, context: { clientIp } }) as unknown as LoaderFunctionArgs & ActionFunctionArgs;

/** What `handler` (a route's loader or action) answers, returned or thrown, for `args(...rest)`. */
const respond = (handler: (a: LoaderFunctionArgs & ActionFunctionArgs) => unknown, ...rest: Parameters<typeof args>) =>
  answer(() => handler(args(...rest)));

const errorBody = z
  .object({ error: z.string().min(1), fieldErrors: z.record(z.array(z.string())).optional() })
  .strict();

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return errorBody.parse(await response.json());
}

async function invite(email: string, phone = "") {
  const response = await respond(
    apiAuth.action,
    request("admin", "POST", "/api/auth", { email, displayName: "Bruno Corretor", phone, role: "agent" }),
  );
  expect(response.status).toBe(201);
  return z.object({ user: userViewSchema, mailed: z.literal(true) }).parse(await response.json()).user;
}

async function latestInvitationToken(to: string): Promise<string> {
  const outbox = path.join(env.dataDir, "outbox");
  const files = (await fs.readdir(outbox)).sort();
  for (const file of files.reverse()) {
    const eml = (await fs.readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!eml.includes(`To: ${to}`)) continue;
    const match = /definir-senha\?token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(eml);
    if (match) return match[1]!;
  }
  throw new Error(`no invitation for ${to}`);
}

describe("guards: anonymous → 401, agent → 403 on every admin endpoint", () => {
  const cases: { name: string; run: (who: Who) => unknown }[] = [
    { name: "GET /api/auth/users", run: (who) => apiUsers.loader(args(request(who, "GET", "/api/auth/users"))) },
    {
      name: "POST /api/auth",
      run: (who) =>
        apiAuth.action(
          args(request(who, "POST", "/api/auth", { email: "x@exemplo.com.br", displayName: "X Y", role: "agent" })),
        ),
    },
    {
      name: "GET /api/auth/user/{id}",
      run: (who) => apiUser.loader(args(request(who, "GET", "/api/auth/user/agent-api"), { id: "agent-api" })),
    },
    {
      name: "PUT /api/auth/user/{id}",
      run: (who) =>
        apiUser.action(
          args(request(who, "PUT", "/api/auth/user/agent-api", { displayName: "Outro" }), { id: "agent-api" }),
        ),
    },
    {
      name: "DELETE /api/auth/user/{id}",
      run: (who) => apiUser.action(args(request(who, "DELETE", "/api/auth/user/agent-api"), { id: "agent-api" })),
    },
    {
      name: "PUT /api/auth/user/{id}/promote",
      run: (who) =>
        apiPromote.action(args(request(who, "PUT", "/api/auth/user/agent-api/promote"), { id: "agent-api" })),
    },
    { name: "GET /api/roles", run: (who) => apiRoles.loader(args(request(who, "GET", "/api/roles"))) },
  ];
  it.each(cases)("$name", async ({ run }) => {
    expect((await expectError(await answer(() => run("anonymous")), 401)).error).toBe(
      "Entre com a sua conta de corretor para continuar.",
    );
    expect((await expectError(await answer(() => run("agent")), 403)).error).toBe(
      "Você não tem permissão para acessar este recurso.",
    );
  });

  it("an invalid bearer token counts as anonymous", async () => {
    const response = await respond(
      apiUsers.loader,
      request("anonymous", "GET", "/api/auth/users", undefined, { Authorization: `Bearer ${"x".repeat(40)}` }),
    );
    await expectError(response, 401);
  });

  it("a write with the admin's session cookie from another origin → 403; from this site → allowed", async () => {
    const headers = { Cookie: `session=${adminCookie}`, Origin: "https://evil.example" };
    const refused = await respond(
      apiPromote.action,
      request("anonymous", "PUT", "/api/auth/user/agent-api/promote", undefined, headers),
      { id: "nao-existe" },
    );
    await expectError(refused, 403);
    const allowed = await respond(
      apiPromote.action,
      request("anonymous", "PUT", "/api/auth/user/nao-existe/promote", undefined, { ...headers, Origin: ORIGIN }),
      { id: "nao-existe" },
    );
    await expectError(allowed, 404);
  });
});

describe("users as admin", () => {
  it("POST /api/auth invites (201), refuses a used e-mail (409), a bad body (400 per field) and a non-JSON body (415)", async () => {
    const user = await invite("bruno@exemplo.com.br", "(11) 91234-5678");
    expect(user).toMatchObject({
      email: "bruno@exemplo.com.br",
      role: "agent",
      phone: "+5511912345678",
      disabled: false,
      lastSignInAt: null,
    });
    const again = await respond(
      apiAuth.action,
      request("admin", "POST", "/api/auth", { email: "BRUNO@exemplo.com.br", displayName: "Bruno", role: "agent" }),
    );
    expect((await expectError(again, 409)).fieldErrors).toEqual({ email: ["Já existe um usuário com este e-mail."] });
    const bad = await respond(
      apiAuth.action,
      request("admin", "POST", "/api/auth", { email: "não é e-mail", displayName: "", phone: "12", role: "dono" }),
    );
    const body = await expectError(bad, 400);
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(["displayName", "email", "phone", "role"]);
    expect(body.fieldErrors?.role).toEqual(["Escolha um papel válido."]);
    const text = await respond(
      apiAuth.action,
      request("admin", "POST", "/api/auth", "email=a", { "Content-Type": "text/plain" }),
    );
    await expectError(text, 415);
    const samePhone = await respond(
      apiAuth.action,
      request("admin", "POST", "/api/auth", {
        email: "outro@exemplo.com.br",
        displayName: "Outro",
        phone: "11 91234 5678",
        role: "agent",
      }),
    );
    expect((await expectError(samePhone, 409)).fieldErrors).toEqual({
      phone: ["Este telefone já está em outra conta."],
    });
    const malformed = await respond(apiAuth.action, request("admin", "POST", "/api/auth", "{nope"));
    expect((await expectError(malformed, 400)).error).toBe("JSON malformado.");
    expect((await answer(() => apiAuth.loader())).status).toBe(405);
  });

  it("GET /api/auth/users lists, searches and pages; a bad query → 400", async () => {
    const response = await respond(apiUsers.loader, request("admin", "GET", "/api/auth/users?q=carla&ordem=email"));
    expect(response.status).toBe(200);
    const page = z
      .object({
        users: z.array(userViewSchema),
        total: z.number(),
        page: z.number(),
        pageSize: z.number(),
        pageCount: z.number(),
      })
      .strict()
      .parse(await response.json());
    expect(page.users.map((user) => user.email)).toEqual(["carla@exemplo.com.br"]);
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20, pageCount: 1 });
    await expectError(await respond(apiUsers.loader, request("admin", "GET", "/api/auth/users?ordem=altura")), 400);
  });

  it("GET/PUT/DELETE /api/auth/user/{id} and promote", async () => {
    const user = await invite("diego@exemplo.com.br");
    const params = { id: user.uid };
    const got = await respond(apiUser.loader, request("admin", "GET", `/api/auth/user/${user.uid}`), params);
    expect(z.object({ user: userViewSchema }).parse(await got.json()).user.email).toBe("diego@exemplo.com.br");

    const put = await respond(
      apiUser.action,
      request("admin", "PUT", `/api/auth/user/${user.uid}`, {
        displayName: "Diego Souza",
        brokerCode: "33",
        disabled: true,
      }),
      params,
    );
    expect(put.status).toBe(200);
    expect(z.object({ user: userViewSchema }).parse(await put.json()).user).toMatchObject({
      displayName: "Diego Souza",
      brokerCode: "33",
      disabled: true,
      role: "agent",
    });
    expect((await env.backend.auth.getUser(user.uid)).disabled).toBe(true);

    await expectError(
      await respond(apiUser.action, request("admin", "PUT", `/api/auth/user/${user.uid}`, {}), params),
      400,
    );
    const unknownField = await respond(
      apiUser.action,
      request("admin", "PUT", `/api/auth/user/${user.uid}`, { email: "x@y.z" }),
      params,
    );
    await expectError(unknownField, 400);
    await expectError(
      await respond(apiUser.action, request("admin", "PUT", "/api/auth/user/nao-existe", { displayName: "Ninguém" }), {
        id: "nao-existe",
      }),
      404,
    );
    await expectError(
      await respond(
        apiUser.action,
        request("admin", "PATCH", `/api/auth/user/${user.uid}`, { displayName: "X" }),
        params,
      ),
      405,
    );

    const promoted = await respond(
      apiPromote.action,
      request("admin", "PUT", `/api/auth/user/${user.uid}/promote`),
      params,
    );
    expect(promoted.status).toBe(200);
    expect(z.object({ user: userViewSchema }).parse(await promoted.json()).user.role).toBe("admin");
    expect((await env.backend.auth.getUser(user.uid)).customClaims?.role).toBe("admin");
    await expectError(
      await respond(apiPromote.action, request("admin", "PUT", "/api/auth/user/nao-existe/promote"), {
        id: "nao-existe",
      }),
      404,
    );

    const deleted = await respond(apiUser.action, request("admin", "DELETE", `/api/auth/user/${user.uid}`), params);
    expect(deleted.status).toBe(204);
    await expectError(
      await respond(apiUser.loader, request("admin", "GET", `/api/auth/user/${user.uid}`), params),
      404,
    );
    await expectError(
      await respond(apiUser.action, request("admin", "DELETE", `/api/auth/user/${user.uid}`), params),
      404,
    );
  });

  it("the admin cannot delete or demote themselves (400)", async () => {
    const self = { id: "demo-admin" };
    expect(
      (
        await expectError(
          await respond(apiUser.action, request("admin", "DELETE", "/api/auth/user/demo-admin"), self),
          400,
        )
      ).error,
    ).toBe("Você não pode excluir a sua própria conta.");
    await expectError(
      await respond(apiUser.action, request("admin", "PUT", "/api/auth/user/demo-admin", { role: "agent" }), self),
      400,
    );
  });

  it("GET /api/roles and GET /api/auth/token/check", async () => {
    const roles = await respond(apiRoles.loader, request("admin", "GET", "/api/roles"));
    expect(
      ((await roles.json()) as { roles: { name: string; label: string }[] }).roles.map((role) => [
        role.name,
        role.label,
      ]),
    ).toEqual([
      ["admin", "Administrador"],
      ["agent", "Corretor"],
    ]);
    await expectError(await respond(apiTokenCheck.loader, request("anonymous", "GET", "/api/auth/token/check")), 401);
    for (const [who, role] of [
      ["agent", "agent"],
      ["admin", "admin"],
    ] as const) {
      const check = await respond(apiTokenCheck.loader, request(who, "GET", "/api/auth/token/check"));
      expect(check.status).toBe(200);
      expect(
        ((await check.json()) as { firebaseAuth: { application: { role: string } } }).firebaseAuth.application.role,
      ).toBe(role);
    }
  });
});

describe("password reset (no auth)", () => {
  it("POST /api/auth/reset-password answers 202 the same for any e-mail, 400 for a bad one, 429 after 3 per e-mail", async () => {
    for (const who of ["anonymous", "agent", "admin"] as const) {
      const response = await respond(
        apiReset.action,
        request(who, "POST", "/api/auth/reset-password", { email: `ninguem-${who}@exemplo.com.br` }),
      );
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({
        message: expect.stringContaining("Se houver uma conta com este e-mail"),
      });
    }
    const bad = await respond(
      apiReset.action,
      request("anonymous", "POST", "/api/auth/reset-password", { email: "x" }),
    );
    expect((await expectError(bad, 400)).fieldErrors).toEqual({ email: ["Informe um e-mail válido."] });
    let last: Response | null = null;
    for (let i = 0; i < 4; i += 1)
      last = await respond(
        apiReset.action,
        request("anonymous", "POST", "/api/auth/reset-password", { email: "limite@exemplo.com.br" }),
      );
    await expectError(last!, 429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("PUT /api/auth/reset-password/{token} sets the password of an invited user once; codes need the e-mail", async () => {
    await invite("elisa@exemplo.com.br");
    const token = await latestInvitationToken("elisa@exemplo.com.br");
    const weak = await respond(
      apiResetToken.action,
      request("anonymous", "PUT", `/api/auth/reset-password/${token}`, { newPassword: "123" }),
      { token },
    );
    expect((await expectError(weak, 400)).fieldErrors?.newPassword).toEqual([
      "A senha deve ter pelo menos 6 caracteres.",
    ]);
    const ok = await respond(
      apiResetToken.action,
      request("anonymous", "PUT", `/api/auth/reset-password/${token}`, { newPassword: "senha-da-elisa" }),
      {
        token,
      },
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Senha alterada. Entre com a nova senha." });
    expect((await signInWithPassword(env.backend, "elisa@exemplo.com.br", "senha-da-elisa")).idToken).toBeTruthy();
    const reused = await respond(
      apiResetToken.action,
      request("anonymous", "PUT", `/api/auth/reset-password/${token}`, { newPassword: "outra-senha" }),
      {
        token,
      },
    );
    await expectError(reused, 400);
    await expectError(
      await respond(
        apiResetToken.action,
        request("anonymous", "PUT", "/api/auth/reset-password/abc", { newPassword: "senha-boa" }),
        {
          token: "abc",
        },
      ),
      400,
    );
    const codeWithoutEmail = await respond(
      apiResetToken.action,
      request("anonymous", "PUT", "/api/auth/reset-password/123456", { newPassword: "senha-boa" }),
      {
        token: "123456",
      },
    );
    expect((await expectError(codeWithoutEmail, 400)).fieldErrors).toEqual({
      email: ["Informe o e-mail junto com o código."],
    });
    const wrongCode = await respond(
      apiResetToken.action,
      request("anonymous", "PUT", "/api/auth/reset-password/123456", {
        newPassword: "senha-boa",
        email: "elisa@exemplo.com.br",
      }),
      { token: "123456" },
    );
    await expectError(wrongCode, 400);
  });
});

describe("contact requests (no auth)", () => {
  const sell = SELL_REQUEST;
  const info = INFO_REQUEST;

  it.each(["anonymous", "agent", "admin"] as const)(
    "POST /api/email/sell-property as %s → 201, same Idempotency-Key → 200",
    async (who) => {
      const key = `chave-${who}`;
      const first = await respond(
        apiSell.action,
        request(who, "POST", "/api/email/sell-property", sell, { "Idempotency-Key": key }),
      );
      expect(first.status).toBe(201);
      const created = leadAcceptedSchema.parse(await first.json());
      expect(created.created).toBe(true);
      const again = await respond(
        apiSell.action,
        request(who, "POST", "/api/email/sell-property", sell, { "Idempotency-Key": key }),
      );
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ id: created.id, created: false });
      expect((await findLeadByKey(`api:${key}`))?.kind).toBe("sell");
    },
  );

  it("POST /api/email/more-information → 201; without a key, the key is the body's hash within one minute", async () => {
    const first = await respond(apiMoreInfo.action, request("anonymous", "POST", "/api/email/more-information", info));
    expect(first.status).toBe(201);
    expect(leadAcceptedSchema.parse(await first.json()).created).toBe(true);
    const at = new Date("2026-03-02T12:00:10Z");
    const key = apiIdempotencyKey("info", null, info, at);
    expect(apiIdempotencyKey("info", null, info, new Date("2026-03-02T12:00:50Z"))).toBe(key);
    expect(apiIdempotencyKey("info", null, info, new Date("2026-03-02T12:01:00Z"))).not.toBe(key);
    expect(apiIdempotencyKey("info", null, { ...info, message: "Outra." }, at)).not.toBe(key);
    expect(apiIdempotencyKey("info", "  abc ", info, at)).toBe("api:abc");
  });

  it("bad bodies → 400 with Portuguese messages per field; non-JSON → 415; GET → 405", async () => {
    const bad = await respond(
      apiMoreInfo.action,
      request("anonymous", "POST", "/api/email/more-information", { ...info, phone: "12", email: "x" }),
    );
    const body = await expectError(bad, 400);
    expect(body.fieldErrors?.phone).toEqual(["Informe um telefone válido com DDD, por exemplo (11) 91234-5678."]);
    expect(body.fieldErrors?.email).toEqual(["Informe um e-mail válido, por exemplo nome@exemplo.com.br."]);
    await expectError(
      await respond(
        apiSell.action,
        request("anonymous", "POST", "/api/email/sell-property", "name=a", {
          "Content-Type": "application/x-www-form-urlencoded",
        }),
      ),
      415,
    );
    expect((await answer(() => apiSell.loader())).status).toBe(405);
  });

  it("the per-IP limit of the forms applies (429 with Retry-After)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await respond(
        apiSell.action,
        request("anonymous", "POST", "/api/email/sell-property", { ...sell, location: `Bairro ${i}` }),
        {},
        "10.9.9.9",
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3 document with every served /api route and method, and every $ref resolves", async () => {
    const response = await respond(apiOpenApi.loader, request("anonymous", "GET", "/api/openapi.json"));
    expect(response.status).toBe(200);
    const document = JSON.parse(await response.text()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toMatch(/^3\.0\./);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });

    // Every /api route in the route table is documented (member routes belong to another module).
    const served: string[] = [];
    const walk = (entries: RouteConfigEntry[]) => {
      for (const { path: p, children } of entries) {
        if (p?.startsWith("api/")) served.push(`/${p.replace(/:([A-Za-z]+)/g, "{$1}")}`);
        walk(children ?? []);
      }
    };
    walk(routeConfig);
    const mine = served.filter((p) => !p.startsWith("/api/members") && p !== "/api/openapi.json");
    expect(mine.length).toBeGreaterThanOrEqual(9);
    for (const p of mine) expect(Object.keys(document.paths)).toContain(p);

    const expected: [string, string][] = [
      ["/api/auth/users", "get"],
      ["/api/auth", "post"],
      ["/api/auth/user/{id}", "get"],
      ["/api/auth/user/{id}", "put"],
      ["/api/auth/user/{id}", "delete"],
      ["/api/auth/user/{id}/promote", "put"],
      ["/api/roles", "get"],
      ["/api/auth/token/check", "get"],
      ["/api/auth/reset-password", "post"],
      ["/api/auth/reset-password/{token}", "put"],
      ["/api/email/sell-property", "post"],
      ["/api/email/more-information", "post"],
    ];
    for (const [p, method] of expected) {
      const operation = document.paths[p]?.[method];
      expect(operation, `${method} ${p}`).toBeDefined();
      expect(Object.keys(operation!.responses).length).toBeGreaterThan(1);
    }
    expect(document.paths["/api/auth/reset-password"]!.post!.security).toBeUndefined();
    expect(document.paths["/api/auth/users"]!.get!.security).toEqual([{ bearerAuth: [] }]);

    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(document.components.schemas[ref], ref).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["ApiError", "User", "LeadAccepted"]),
    );
  });
});
