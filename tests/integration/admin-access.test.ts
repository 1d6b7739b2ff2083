/**
 * Authorization of every admin route (docs/spec.txt §2 "/admin, guarded by
 * an admin middleware"; ADR 0016 guards): each loader and action of the admin
 * area called as anonymous (→ redirect to /login-corretores), as an agent
 * (→ 403) and as the admin (→ 200 for a page or the CSV, the action's
 * success redirect for a post), against the REAL Firebase Auth emulator with
 * PGlite. Also: a post from another origin is refused (403) even for the admin.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { recordLead } from "~/.server/leads/store";
import * as adminHome from "~/routes/admin";
import * as adminAppearance from "~/routes/admin-appearance";
import * as adminLeads from "~/routes/admin-leads";
import * as adminLeadsCsv from "~/routes/admin-leads-csv";
import * as adminRedirects from "~/routes/admin-redirects";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { pageRequest } from "./helpers/page-requests";

const ORIGIN = TEST_ORIGIN;
let leadId = "";

const env = useAuthTestEnv("admin-access", { uid: "agent-1", claims: { role: "agent", brokerCode: "7" } });

beforeAll(async () => {
  leadId = (
    await recordLead(
      { kind: "sell", name: "Ana Souza", phone: "(11) 91234-5678", location: "Moema" },
      { idempotencyKey: "acesso-1", db: env.test.database.db, agencyEmail: "contato@imobiliaria.localhost" },
    )
  ).lead.id;
});

function request(who: Who, pathAndQuery: string, form?: Record<string, string>, origin = ORIGIN): Request {
  return pageRequest(env.cookies[who], pathAndQuery, form, origin);
}

const args = (req: Request) => ({ request: req, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;

/** Posts the admin's `form` to `action` at `path`, expects a 400 and returns its messages per field. */
async function refusedFields(
  action: (a: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  form: Record<string, string>,
): Promise<Record<string, string[]>> {
  const response = await answer(() => action(args(request("admin", path, form))));
  expect(response.status).toBe(400);
  const body = (await response.json()) as { result: { error: Record<string, string[]> } };
  return body.result.error;
}

const pages: { name: string; path: string; loader: (a: LoaderFunctionArgs) => Promise<unknown> }[] = [
  { name: "/admin", path: "/admin", loader: adminHome.loader },
  { name: "/admin/leads", path: "/admin/leads?status=novo", loader: adminLeads.loader },
  { name: "/admin/leads/exportar.csv", path: "/admin/leads/exportar.csv", loader: adminLeadsCsv.loader },
  { name: "/admin/redirecionamentos", path: "/admin/redirecionamentos", loader: adminRedirects.loader },
  { name: "/admin/aparencia", path: "/admin/aparencia", loader: adminAppearance.loader },
];

const posts: {
  name: string;
  path: string;
  action: (a: ActionFunctionArgs) => Promise<unknown>;
  form: () => Record<string, string>;
  success: string;
}[] = [
  {
    name: "lead status",
    path: "/admin/leads",
    action: adminLeads.action,
    form: () => ({ intent: "status", leadId, status: "em_atendimento" }),
    success: "/admin/leads",
  },
  {
    name: "redirect save",
    path: "/admin/redirecionamentos",
    action: adminRedirects.action,
    form: () => ({ intent: "save", fromPath: "/acesso-teste", target: "/mapa", statusCode: "301", active: "on" }),
    success: "/admin/redirecionamentos",
  },
  {
    name: "appearance save",
    path: "/admin/aparencia",
    action: adminAppearance.action,
    form: () => ({
      intent: "save",
      title: "Horizonte Imobiliária",
      description: "Imóveis à venda e para alugar.",
      primary: "#000000",
      secondary: "#e11d48",
      light: "#f1f1f3",
      logoSquare: "",
      logoHorizontal: "",
    }),
    success: "/admin/aparencia",
  },
];

describe.each(pages)("loader of $name", ({ path: pagePath, loader }) => {
  it("anonymous → redirect to the login with redirectTo", async () => {
    const response = await answer(() => loader(args(request("anonymous", pagePath))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login-corretores?redirectTo=${encodeURIComponent(pagePath)}`);
  });

  it("agent → 403", async () => {
    expect((await answer(() => loader(args(request("agent", pagePath))))).status).toBe(403);
  });

  it("admin → 200, never cached", async () => {
    const response = await answer(() => loader(args(request("admin", pagePath))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe.each(posts)("action: $name", ({ path: postPath, action, form, success }) => {
  it("anonymous → redirect to the login; agent → 403; another origin → 403", async () => {
    const anonymous = await answer(() => action(args(request("anonymous", postPath, form()))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores\?redirectTo=/);
    expect((await answer(() => action(args(request("agent", postPath, form()))))).status).toBe(403);
    expect((await answer(() => action(args(request("admin", postPath, form(), "https://evil.example"))))).status).toBe(
      403,
    );
  });

  it("admin → the success redirect back to the page with a toast", async () => {
    const response = await answer(() => action(args(request("admin", postPath, form()))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(success);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__flash=/);
  });
});

describe("bad input from the admin", () => {
  it("an invalid redirect answers 400 with Portuguese messages per field, nothing saved", async () => {
    const errors = await refusedFields(adminRedirects.action, "/admin/redirecionamentos", {
      intent: "save",
      fromPath: "sem-barra",
      target: "",
      statusCode: "301",
    });
    expect(errors.fromPath).toEqual([
      "Informe um caminho do site começando com /, sem espaços, ? ou #, por exemplo /promocao.",
    ]);
    expect(errors.target).toEqual(["Informe o destino."]);
  });

  it("an invalid colour answers 400 beside the field", async () => {
    const errors = await refusedFields(adminAppearance.action, "/admin/aparencia", {
      intent: "save",
      title: "Horizonte",
      description: "Imóveis à venda e para alugar.",
      primary: "preto",
      secondary: "#e11d48",
      light: "#f1f1f3",
    });
    expect(errors.primary).toEqual(["Use o formato hexadecimal #rrggbb, por exemplo #e11d48."]);
  });

  it("an unknown lead status answers 400 with a message", async () => {
    const response = await answer(() =>
      adminLeads.action(args(request("admin", "/admin/leads", { intent: "status", leadId, status: "arquivado" }))),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Escolha um status válido.", target: leadId });
    // "Perdido" needs its reason, asked on the lead page (ADR 0081).
    const lost = await answer(() =>
      adminLeads.action(args(request("admin", "/admin/leads", { intent: "status", leadId, status: "perdido" }))),
    );
    expect(lost.status).toBe(400);
    expect(await lost.json()).toEqual({
      error: "Informe o motivo da perda na página do contato (Abrir).",
      target: leadId,
    });
  });

  it.each(["javascript:alert(1)", "//evil.example", "/\\evil.example", "/a\r\nSet-Cookie: x", "http://x.example"])(
    "the redirect target %j answers 400 with a pt-BR message beside the field (never 500), nothing saved",
    async (target) => {
      const errors = await refusedFields(adminRedirects.action, "/admin/redirecionamentos", {
        intent: "save",
        fromPath: "/alvo-invalido",
        target,
        statusCode: "301",
        active: "on",
      });
      expect(errors.target?.[0]).toMatch(/^(Informe um caminho do site|Use um endereço seguro)/);
      expect(errors.fromPath).toBeUndefined();
    },
  );

  it.each(["/ok", "https://ok.example/x"])("the redirect target %j is saved", async (target) => {
    const fromPath = `/alvo-valido-${target.length}`;
    const response = await answer(() =>
      adminRedirects.action(
        args(
          request("admin", "/admin/redirecionamentos", {
            intent: "save",
            fromPath,
            target,
            statusCode: "302",
            active: "on",
          }),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/redirecionamentos");
  });

  it("a 100,000-character from-path comes back cut to the field's maximum", async () => {
    const response = await answer(() =>
      adminRedirects.action(
        args(
          request("admin", "/admin/redirecionamentos", {
            intent: "save",
            fromPath: `/${"a".repeat(100_000)}`,
            target: "/ok",
            statusCode: "301",
          }),
        ),
      ),
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(3_000);
    const body = JSON.parse(text) as {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(body.result.initialValue.fromPath).toHaveLength(500);
    expect(body.result.error.fromPath).toEqual(["Use no máximo 500 caracteres."]);
  });
});
