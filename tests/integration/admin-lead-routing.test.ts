/**
 * `/admin/distribuicao` (ADR 0080) through its loader and action, with real
 * sessions: the guard (page and post, Origin checked), the page's data, a
 * bad rule refused with a pt-BR message, and a save of the rule and of a
 * broker's "Recebe leads".
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteSettings, users } from "~/.server/db/schema";
import { getLeadRoutingSettings } from "~/.server/leads/routing";
import * as page from "~/routes/admin-lead-routing";
import { expectAdminOnlyPage } from "./helpers/admin-pages";
import { answer, useAuthTestEnv, type Who } from "./helpers/auth-env";
import { pageRequest } from "./helpers/page-requests";

const AGENT = "agent-routing";
const env = useAuthTestEnv("lead-routing-page", { uid: AGENT, claims: { role: "agent" } });
const PATH = "/admin/distribuicao";

const args = (request: Request) => ({ request, params: {}, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs;
const request = (who: Who, form?: Record<string, string>, origin?: string) =>
  pageRequest(env.cookies[who], PATH, form, origin);

describe("/admin/distribuicao", () => {
  it("sends an anonymous visitor to sign in and refuses an agent and another origin, page and post", async () => {
    const form = { fallback: "round_robin", corretor: AGENT };
    await expectAdminOnlyPage((who) => answer(() => page.loader(args(request(who)))));
    expect((await answer(() => page.action(args(request("agent", form))))).status).toBe(403);
    expect([302, 303]).toContain((await answer(() => page.action(args(request("anonymous", form))))).status);
    expect((await answer(() => page.action(args(request("admin", form, "https://evil.example"))))).status).toBe(403);
    expect(await env.test.database.db.select().from(siteSettings).where(eq(siteSettings.key, "lead_routing"))).toEqual(
      [],
    );
  });

  it("shows the rule, the active brokers and the targets in force (private page)", async () => {
    const response = await answer(() => page.loader(args(request("admin"))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = (await response.json()) as {
      settings: { fallback: string };
      brokers: { uid: string; receivesLeads: boolean }[];
      sla: { brokerMinutes: number; adminMinutes: number; hours: string[] };
    };
    expect(data.settings).toEqual({ fallback: "off" });
    expect(data.brokers.map((broker) => [broker.uid, broker.receivesLeads])).toEqual([[AGENT, true]]);
    expect(data.sla).toMatchObject({ brokerMinutes: 15, adminMinutes: 60 });
  });

  it("refuses an unknown rule with a pt-BR message beside the field", async () => {
    const response = await answer(() => page.action(args(request("admin", { fallback: "todos", corretor: AGENT }))));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: { fallback: "Escolha se os leads sem corretor ficam sem responsável ou entram no rodízio." },
    });
  });

  it("saves the rule and takes an unchecked broker out of the rotation", async () => {
    const db = env.test.database.db;
    const response = await answer(() =>
      page.action(args(request("admin", { fallback: "round_robin", corretor: AGENT }))),
    );
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("Location")).toBe(PATH);
    expect(await getLeadRoutingSettings(db)).toEqual({ fallback: "round_robin" });
    const [agent] = await db.select().from(users).where(eq(users.uid, AGENT));
    expect(agent!.receivesLeads).toBe(false);

    await answer(() => page.action(args(request("admin", { fallback: "off", corretor: AGENT, recebe: AGENT }))));
    expect(await getLeadRoutingSettings(db)).toEqual({ fallback: "off" });
    const [again] = await db.select().from(users).where(eq(users.uid, AGENT));
    expect(again!.receivesLeads).toBe(true);
  });
});
