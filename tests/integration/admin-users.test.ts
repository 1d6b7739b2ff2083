/**
 * The admin pages `/admin/usuarios` and `/admin/papeis` (ADR 0018) against the REAL Firebase Auth emulator and PGlite: guards
 * (anonymous → login redirect, agent → 403, another origin → 403), the list
 * with search/sort/paging, invite with the form (toast, e-mail with the
 * link), bad input beside the fields (400, nothing saved), edit, disable,
 * promote, resend, delete; the set-password page with the invitation token;
 * and the roles page's Portuguese labels and permissions.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInWithEmailPassword } from "~/.server/auth/sign-in";
import { users } from "~/.server/db/schema";
import * as adminRoles from "~/routes/admin-roles";
import * as adminUsers from "~/routes/admin-users";
import * as passwordReset from "~/routes/password-reset";
import * as passwordToken from "~/routes/password-token";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { pageRequest } from "./helpers/page-requests";

const ORIGIN = TEST_ORIGIN;

const env = useAuthTestEnv("admin-users", { uid: "agent-1", claims: { role: "agent" } });

function request(who: Who, pathAndQuery: string, form?: Record<string, string>, origin = ORIGIN): Request {
  return pageRequest(env.cookies[who], pathAndQuery, form, origin);
}

const args = (req: Request) =>
  ({ request: req, params: {}, context: { clientIp: "127.0.0.1" } }) as unknown as LoaderFunctionArgs &
    ActionFunctionArgs;

async function rowByEmail(email: string) {
  const [row] = await env.test.database.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

describe.each([
  { name: "/admin/usuarios", path: "/admin/usuarios?q=carla&ordem=email", loader: adminUsers.loader },
  { name: "/admin/papeis", path: "/admin/papeis", loader: adminRoles.loader },
])("loader of $name", ({ path: pagePath, loader }) => {
  it("anonymous → login; agent → 403; admin → 200 never cached", async () => {
    const anonymous = await answer(() => loader(args(request("anonymous", pagePath))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login-corretores?redirectTo=${encodeURIComponent(pagePath)}`);
    expect((await answer(() => loader(args(request("agent", pagePath))))).status).toBe(403);
    const admin = await answer(() => loader(args(request("admin", pagePath))));
    expect(admin.status).toBe(200);
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("/admin/usuarios actions", () => {
  const invite = {
    intent: "invite",
    email: "bruno@exemplo.com.br",
    displayName: "Bruno Alves",
    phone: "(21) 98765-4321",
    role: "agent",
    brokerCode: "15",
  };
  /** Posts `form` to the page's action, as the admin at /admin/usuarios unless told otherwise. */
  const post = (
    form: Record<string, string>,
    { as = "admin" as Who, path = "/admin/usuarios", origin = ORIGIN } = {},
  ) => answer(() => adminUsers.action(args(request(as, path, form, origin))));

  it("anonymous → login; agent → 403; another origin → 403 (nothing created)", async () => {
    expect((await post(invite, { as: "anonymous" })).status).toBe(302);
    expect((await post(invite, { as: "agent" })).status).toBe(403);
    expect((await post(invite, { origin: "https://evil.example" })).status).toBe(403);
    expect(await rowByEmail("bruno@exemplo.com.br")).toBeNull();
  });

  it("bad input answers 400 with Portuguese messages beside the fields, nothing saved", async () => {
    const response = await post({
      intent: "invite",
      email: "bruno",
      displayName: "B",
      phone: "abc",
      role: "dono",
      brokerCode: "1 2",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { form: string; result: { error: Record<string, string[]> } };
    expect(body.form).toBe("invite");
    expect(body.result.error).toEqual({
      email: ["Informe um e-mail válido."],
      displayName: ["Informe o nome."],
      phone: ["Informe um telefone com DDD, por exemplo (11) 91234-5678."],
      role: ["Escolha um papel válido."],
      brokerCode: ["Use apenas letras, números e hífen."],
    });
    expect(await rowByEmail("bruno")).toBeNull();
  });

  it("invites (toast, e-mail with the link), then the e-mail in use answers 409 beside the field", async () => {
    const response = await post(invite, { path: "/admin/usuarios?q=b" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/usuarios?q=b");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__flash=/);
    expect(await rowByEmail("bruno@exemplo.com.br")).toMatchObject({
      displayName: "Bruno Alves",
      phone: "+5521987654321",
      role: "agent",
      brokerCode: "15",
    });
    const files = await fs.readdir(path.join(env.dataDir, "outbox"));
    const eml = await fs.readFile(path.join(env.dataDir, "outbox", files.at(-1)!), "utf8");
    expect(eml).toContain("To: bruno@exemplo.com.br");
    expect(eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toMatch(
      /http:\/\/localhost:3000\/login-corretores\/definir-senha\?token=[0-9a-f-]{36}\./,
    );

    const again = await post(invite);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: { error: Record<string, string[]> } }).result.error.email).toEqual([
      "Já existe um usuário com este e-mail.",
    ]);
  });

  it("lists with search and shows the edit form for ?editar=", async () => {
    const row = await rowByEmail("bruno@exemplo.com.br");
    const response = await answer(() =>
      adminUsers.loader(args(request("admin", `/admin/usuarios?q=alves&editar=${row!.uid}`))),
    );
    const data = (await response.json()) as {
      page: { users: { email: string }[]; total: number };
      editing: { email: string } | null;
    };
    expect(data.page.users.map((user) => user.email)).toEqual(["bruno@exemplo.com.br"]);
    expect(data.editing?.email).toBe("bruno@exemplo.com.br");
  });

  it("edits, disables, enables, promotes, resends and deletes", async () => {
    const uid = (await rowByEmail("bruno@exemplo.com.br"))!.uid;
    expect(
      (await post({ intent: "edit", uid, displayName: "Bruno Lima", phone: "", role: "agent", brokerCode: "" })).status,
    ).toBe(302);
    expect(await rowByEmail("bruno@exemplo.com.br")).toMatchObject({
      displayName: "Bruno Lima",
      phone: "",
      brokerCode: null,
    });
    const badEdit = await post({ intent: "edit", uid, displayName: "", phone: "", role: "agent" });
    expect(badEdit.status).toBe(400);
    expect(
      ((await badEdit.json()) as { result: { error: Record<string, string[]> } }).result.error.displayName,
    ).toEqual(["Informe o nome."]);

    expect((await post({ intent: "toggle", uid, enabled: "false" })).status).toBe(302);
    expect((await env.backend.auth.getUser(uid)).disabled).toBe(true);
    const resendDisabled = await post({ intent: "resend", uid });
    expect(resendDisabled.status).toBe(400);
    expect(((await resendDisabled.json()) as { error: string }).error).toBe(
      "Ative o usuário antes de reenviar o convite.",
    );
    expect((await post({ intent: "toggle", uid, enabled: "true" })).status).toBe(302);
    expect((await post({ intent: "resend", uid })).status).toBe(302);
    expect((await post({ intent: "promote", uid })).status).toBe(302);
    expect((await rowByEmail("bruno@exemplo.com.br"))?.role).toBe("admin");
    expect((await env.backend.auth.getUser(uid)).customClaims?.role).toBe("admin");
    expect((await post({ intent: "delete", uid })).status).toBe(302);
    expect(await rowByEmail("bruno@exemplo.com.br")).toBeNull();
    const gone = await post({ intent: "delete", uid });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toBe("Usuário não encontrado.");
    expect((await post({ intent: "delete", uid: "demo-admin" })).status).toBe(400);
    expect((await post({ intent: "sumir" })).status).toBe(400);
  });

  it("the invitation link's page sets the password once", async () => {
    await post({ ...invite, email: "dora@exemplo.com.br", phone: "" });
    const files = (await fs.readdir(path.join(env.dataDir, "outbox"))).sort();
    const eml = (await fs.readFile(path.join(env.dataDir, "outbox", files.at(-1)!), "utf8"))
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const token = /\?token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(eml)![1]!;
    const old = await answer(() =>
      passwordReset.loader(args(request("anonymous", `/login-corretores/reset-de-senha?token=${token}`))),
    );
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(`/login-corretores/definir-senha?token=${token}`);
    expect(old.headers.get("Cache-Control")).toBe("private, no-store");
    const page = await answer(() =>
      passwordToken.loader(args(request("anonymous", `/login-corretores/definir-senha?token=${token}`))),
    );
    expect(await page.json()).toMatchObject({ token });
    const noToken = await answer(() =>
      passwordToken.loader(args(request("anonymous", "/login-corretores/definir-senha"))),
    );
    expect(noToken.headers.get("Location")).toBe("/login-corretores/reset-de-senha");
    const setPassword = (form: Record<string, string>) =>
      answer(() => passwordToken.action(args(request("anonymous", "/login-corretores/definir-senha", form))));
    const mismatch = await setPassword({
      intent: "token",
      token,
      newPassword: "senha-da-dora",
      confirmPassword: "outra",
    });
    expect(mismatch.status).toBe(400);
    expect(
      ((await mismatch.json()) as { result: { error: Record<string, string[]> } }).result.error.confirmPassword,
    ).toEqual(["As senhas não conferem."]);
    const ok = await setPassword({
      intent: "token",
      token,
      newPassword: "senha-da-dora",
      confirmPassword: "senha-da-dora",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/login-corretores");
    expect(
      (await signInWithEmailPassword(env.backend, env.test.database.db, "dora@exemplo.com.br", "senha-da-dora")).user
        .role,
    ).toBe("agent");
    const reused = await setPassword({
      intent: "token",
      token,
      newPassword: "senha-nova-2",
      confirmPassword: "senha-nova-2",
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { result: { error: Record<string, string[]> } }).result.error[""]?.[0]).toMatch(
      /^Este link não vale mais/,
    );
  });
});

describe("/admin/papeis", () => {
  it("shows each role with its Portuguese label, permissions and number of users", async () => {
    const response = await answer(() => adminRoles.loader(args(request("admin", "/admin/papeis"))));
    const data = (await response.json()) as {
      roles: { name: string; label: string; users: number; permissions: { key: string; label: string }[] }[];
    };
    const admin = data.roles.find((role) => role.name === "admin")!;
    const agent = data.roles.find((role) => role.name === "agent")!;
    expect(admin.label).toBe("Administrador");
    expect(agent.label).toBe("Corretor");
    expect(agent.permissions.map((p) => p.label)).toEqual([
      "Ver o painel do corretor",
      "Ver proprietário, telefone, observações e prontuário dos imóveis",
      "Ver os próprios imóveis (meus imóveis)",
    ]);
    expect(admin.permissions.map((p) => p.key)).toContain("usuarios.gerenciar");
    expect(admin.users).toBeGreaterThanOrEqual(1);
    expect(agent.users).toBeGreaterThanOrEqual(1);
  });
});
