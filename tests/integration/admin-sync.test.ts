/**
 * "Sincronizar tudo agora" on `/admin` (docs/decisions/0068-sync-faults.md):
 * the action is the admin's alone (anonymous → login, agent → 403, another
 * origin → 403), records the request for a full sync and answers at once
 * with a toast; the page shows the sync panel with the request pending.
 * Against the Firebase Auth emulator with PGlite (helpers/auth-env.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { readSyncOverview } from "~/.server/sync/reconcile";
import * as adminHome from "~/routes/admin";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { pageRequest } from "./helpers/page-requests";

const env = useAuthTestEnv("admin-sync", { uid: "agent-sync", claims: { role: "agent", brokerCode: "8" } });

const args = (request: Request) => ({ request, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const post = (who: Who, form: Record<string, string>, origin = TEST_ORIGIN) =>
  adminHome.action(args(pageRequest(env.cookies[who], "/admin", form, origin)));

describe("/admin: Sincronizar tudo agora", () => {
  const intent = { intent: "sincronizar-tudo" };

  it("is refused to anyone but the admin, and from another origin", async () => {
    const anonymous = await answer(() => post("anonymous", intent));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores\?redirectTo=/);
    expect((await answer(() => post("agent", intent))).status).toBe(403);
    expect((await answer(() => post("admin", intent, "https://evil.example"))).status).toBe(403);
    expect((await readSyncOverview(env.test.database.db)).marks.fullRequestedAt).toBeNull();
  });

  it("records the request and answers at once with a toast; the page shows it pending", async () => {
    const response = await answer(() => post("admin", intent));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__flash=/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await readSyncOverview(env.test.database.db)).marks.fullRequestedAt).toBeInstanceOf(Date);

    const page = await answer(() => adminHome.loader(args(pageRequest(env.cookies.admin, "/admin"))));
    expect(page.status).toBe(200);
    const data = (await page.json()) as { sync: { fullPending: boolean; running: boolean } };
    expect(data.sync).toMatchObject({ fullPending: true, running: false });
  });

  it("answers 400 to an unknown intent", async () => {
    const response = await answer(() => post("admin", { intent: "apagar-tudo" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Ação desconhecida." });
  });
});
