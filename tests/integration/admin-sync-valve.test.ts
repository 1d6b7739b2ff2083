/**
 * "Confirmar remoções" on `/admin` (docs/decisions/0073-sync-safety-valve.md):
 * while the sync's safety valve holds removals back, the panel shows the
 * hold and the admin alone (anonymous → login, agent → 403, another origin
 * → 403) confirms it with a toast; a form from another hold is refused with
 * a toast and records nothing; the next run applies the confirmed removals.
 * Against the Firebase Auth emulator with PGlite (helpers/auth-env.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/.server/db/schema";
import { getToast } from "~/.server/flash";
import { readRemovalHold, runSync } from "~/.server/sync";
import * as adminHome from "~/routes/admin";
import { FakeVista } from "~/test-support/fake-vista";
import { answer, TEST_ORIGIN, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { pageRequest } from "./helpers/page-requests";

const env = useAuthTestEnv("admin-sync-valve", { uid: "agent-valve", claims: { role: "agent", brokerCode: "8" } });

const args = (request: Request) => ({ request, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const post = (who: Who, form: Record<string, string>, origin = TEST_ORIGIN) =>
  adminHome.action(args(pageRequest(env.cookies[who], "/admin", form, origin)));

/** The toast a redirect carries in its flash cookie. */
async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toast } = await getToast(new Request(`${TEST_ORIGIN}/admin`, { headers: { Cookie: cookie } }));
  return toast;
}

describe("/admin: Confirmar remoções", () => {
  const vista = new FakeVista();
  const sync = () => runSync({ database: env.test.database, client: vista.client(), log: () => undefined });

  beforeAll(async () => {
    for (let i = 1; i <= 20; i++) vista.add(`L${i}`);
    await sync();
    for (let i = 11; i <= 20; i++) vista.rows.delete(`L${i}`);
    expect((await sync()).counts).toMatchObject({ removed: 0, held: 10, total: 20 });
  });

  it("shows the hold on the panel", async () => {
    const page = await answer(() => adminHome.loader(args(pageRequest(env.cookies.admin, "/admin"))));
    const data = (await page.json()) as { sync: { held: Record<string, unknown> | null } };
    expect(data.sync.held).toMatchObject({ removals: 10, active: 20, limit: 2, runs: 1, confirmedAt: null });
  });

  it("is refused to anyone but the admin, and from another origin", async () => {
    const since = (await readRemovalHold(env.test.database.db))!.since.toISOString();
    const form = { intent: "confirmar-remocoes", since };
    const anonymous = await answer(() => post("anonymous", form));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores\?redirectTo=/);
    expect((await answer(() => post("agent", form))).status).toBe(403);
    expect((await answer(() => post("admin", form, "https://evil.example"))).status).toBe(403);
    expect((await readRemovalHold(env.test.database.db))?.confirmedAt).toBeNull();
  });

  it("refuses a form from another hold, then confirms with a toast; the next run applies the removals", async () => {
    const changed = await answer(() => post("admin", { intent: "confirmar-remocoes", since: "2020-01-01T00:00:00Z" }));
    expect(changed.status).toBe(302);
    expect(await toastOf(changed)).toMatchObject({ type: "warning", title: "As remoções retidas mudaram" });
    expect((await readRemovalHold(env.test.database.db))?.confirmedAt).toBeNull();

    const since = (await readRemovalHold(env.test.database.db))!.since.toISOString();
    const response = await answer(() => post("admin", { intent: "confirmar-remocoes", since }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Remoções confirmadas" });
    expect((await readRemovalHold(env.test.database.db))?.confirmedAt).toBeInstanceOf(Date);

    expect((await sync()).counts).toMatchObject({ removed: 10, held: 0, total: 10 });
    const active = await env.test.database.db.select().from(listings).where(isNull(listings.removedAt));
    expect(active).toHaveLength(10);

    const none = await answer(() => post("admin", { intent: "confirmar-remocoes", since }));
    expect(await toastOf(none)).toMatchObject({ type: "info", title: "Não há remoções retidas" });
  });
});
