/**
 * Several server processes on one database (docs/decisions/0026-several-servers.md):
 * cross-process events (NOTIFY → reload) on PGlite and on PostgreSQL, and
 * rate limits counted once for every process on PostgreSQL. On PostgreSQL
 * each "process" is its own `Database` (own pool, own LISTEN connection) on
 * the same server database. The PostgreSQL suite is skipped locally without
 * `TEST_DATABASE_URL` (CI sets it and fails without it, see helpers/database).
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { onPublicContentChanged, publicContentChanged, type ContentChange } from "~/.server/admin/content-changed";
import { createAuthRateLimiters } from "~/.server/auth/protection";
import { CLUSTER_CHANNEL, startClusterEvents, type ClusterEvents } from "~/.server/cluster-events";
import { openDatabase, type Database } from "~/.server/db";
import { redirects } from "~/.server/db/schema";
import { createLeadRateLimiters } from "~/.server/leads/form-guard";
import { RATE_LIMIT_TABLE } from "~/.server/rate-limit";
import { loadRedirects, lookupRedirect } from "~/.server/redirects";
import { createTestPglite, createTestPostgres, postgresTestUrl, type TestDatabase } from "./helpers/database";

/** Resolves with the elapsed ms once `check()` is true; rejects after `timeoutMs`. */
async function waitFor(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

/** Inserts a rule straight into the table, as another process's save would, without telling this process. */
async function insertRuleBehindTheCache(database: Database, fromPath: string, target: string): Promise<void> {
  await database.db.insert(redirects).values({ fromPath, target, statusCode: 301, active: true });
}

describe("cluster events on PGlite (one process)", () => {
  let test: TestDatabase;
  let events: ClusterEvents | undefined;
  beforeAll(async () => {
    test = await createTestPglite();
    await loadRedirects(test.database.db);
  });
  afterEach(async () => {
    await events?.stop();
    events = undefined;
  });
  afterAll(async () => test?.cleanup());

  it("reloads the rules and runs the local listeners on another origin's notification", async () => {
    const applied: ContentChange[] = [];
    const local: ContentChange[] = [];
    const stopLocal = onPublicContentChanged((change) => local.push(change));
    events = await startClusterEvents({ database: test.database, onApplied: (change) => applied.push(change) });
    await insertRuleBehindTheCache(test.database, "/antiga-pglite", "/imoveis");
    expect(lookupRedirect("/antiga-pglite")).toBeNull();

    await test.database.notify(CLUSTER_CHANNEL, JSON.stringify({ change: "redirects", origin: "outro-processo" }));
    const ms = await waitFor(() => applied.includes("redirects"), 1000);
    console.log(`[several-servers] PGlite: notificação aplicada em ${ms.toFixed(0)} ms`);
    expect(lookupRedirect("/antiga-pglite")?.location).toBe("/imoveis");
    expect(local).toEqual(["redirects"]);
    stopLocal();
  });

  it("sends this process's changes with its origin, ignores them on receipt, and ignores malformed payloads", async () => {
    const applied: ContentChange[] = [];
    events = await startClusterEvents({ database: test.database, onApplied: (change) => applied.push(change) });
    const received: string[] = [];
    const spy = await test.database.listen(CLUSTER_CHANNEL, (payload) => received.push(payload));
    publicContentChanged("appearance");
    await test.database.notify(CLUSTER_CHANNEL, "não é json");
    await test.database.notify(CLUSTER_CHANNEL, JSON.stringify({ change: "tudo", origin: "x" }));
    await waitFor(() => received.length === 3, 1000);
    expect(JSON.parse(received[0])).toEqual({ change: "appearance", origin: events.origin });
    // A later valid notification is applied, so the three above were seen and ignored.
    await test.database.notify(CLUSTER_CHANNEL, JSON.stringify({ change: "members", origin: "x" }));
    await waitFor(() => applied.length > 0, 1000);
    expect(applied).toEqual(["members"]);
    await spy.close();
  });

  it("stops publishing after stop()", async () => {
    events = await startClusterEvents({ database: test.database });
    await events.stop();
    const received: string[] = [];
    const spy = await test.database.listen(CLUSTER_CHANNEL, (payload) => received.push(payload));
    publicContentChanged("members");
    await test.database.notify(CLUSTER_CHANNEL, "marcador");
    await waitFor(() => received.includes("marcador"), 1000);
    expect(received).toEqual(["marcador"]);
    await spy.close();
  });
});

const adminUrl = postgresTestUrl();

// Skipped only when no PostgreSQL is configured (local runs); CI sets TEST_DATABASE_URL.
(adminUrl ? describe : describe.skip)("several processes on PostgreSQL", () => {
  let test: TestDatabase;
  let other: Database;
  const started: ClusterEvents[] = [];
  beforeAll(async () => {
    test = await createTestPostgres(adminUrl!);
    other = await openDatabase({ url: test.url!, poolSize: 3 });
    await loadRedirects(test.database.db);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((events) => events.stop()));
  });
  afterAll(async () => {
    await other?.close();
    await test?.cleanup();
  });

  it("applies a change saved through one process on the other within 1 s", async () => {
    const appliedOnB: ContentChange[] = [];
    const a = await startClusterEvents({ database: test.database, origin: "A" });
    const b = await startClusterEvents({ database: other, origin: "B", onApplied: (c) => appliedOnB.push(c) });
    started.push(a, b);
    await insertRuleBehindTheCache(test.database, "/antiga-pg", "/imoveis/venda");
    expect(lookupRedirect("/antiga-pg")).toBeNull();

    await a.publish("redirects");
    const ms = await waitFor(() => lookupRedirect("/antiga-pg") !== null, 1000);
    console.log(`[several-servers] PostgreSQL: regra salva em A aplicada em B em ${ms.toFixed(0)} ms`);
    expect(lookupRedirect("/antiga-pg")?.location).toBe("/imoveis/venda");
    expect(appliedOnB).toEqual(["redirects"]);
  });

  it("listens again after its connection is killed, and reloads what it may have missed", async () => {
    const appliedOnB: ContentChange[] = [];
    const a = await startClusterEvents({ database: test.database, origin: "A" });
    const b = await startClusterEvents({ database: other, origin: "B", onApplied: (c) => appliedOnB.push(c) });
    started.push(a, b);
    const { rows } = await test.database.db.execute<{ n: number }>(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'imobiliaria-site-listen'`,
    );
    expect(rows[0].n).toBe(2);
    // Missed while disconnected: a rule inserted behind the caches is picked up by the reload on reconnect.
    await insertRuleBehindTheCache(test.database, "/perdida", "/contato");
    await waitFor(() => appliedOnB.includes("redirects") && appliedOnB.includes("appearance"), 5000);
    expect(lookupRedirect("/perdida")?.location).toBe("/contato");
    appliedOnB.length = 0;
    await a.publish("members");
    await waitFor(() => appliedOnB.includes("members"), 1000);
  });

  it("counts failed sign-ins per IP once for all processes (30 in total, not per process)", async () => {
    const onA = createAuthRateLimiters({}, test.database);
    const onB = createAuthRateLimiters({}, other);
    const ip = "203.0.113.7";
    for (let i = 0; i < 30; i++) {
      // A different e-mail each time: only the per-IP rule can refuse.
      const limiters = i % 2 ? onB : onA;
      expect(await limiters.consumeLogin(ip, `pessoa${i}@exemplo.com`)).toBeNull();
      await limiters.settleLogin(ip, `pessoa${i}@exemplo.com`, "failure");
    }
    const refused = await onB.consumeLogin(ip, "mais-uma@exemplo.com");
    expect(refused?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await onA.consumeLogin(ip, "e-outra@exemplo.com")).not.toBeNull();
    const { rows } = await test.database.pool!.query(`select points from "${RATE_LIMIT_TABLE}" where key = $1`, [
      `login-ip:${ip}`,
    ]);
    expect(rows[0].points).toBe(32);
  });

  it("shares the (e-mail, IP) failures and forgets them after a success on any process; the owner's other IP is never refused", async () => {
    const rules = { loginPair: { points: 2, durationSeconds: 60 } };
    const onA = createAuthRateLimiters(rules, test.database);
    const onB = createAuthRateLimiters(rules, other);
    const ip = "198.51.100.3";
    const attempt = async (limiters: typeof onA, outcome: "success" | "failure", from = ip) => {
      const limited = await limiters.consumeLogin(from, "Fulano@Exemplo.com");
      if (!limited) await limiters.settleLogin(from, "fulano@exemplo.com", outcome);
      return limited;
    };
    expect(await attempt(onA, "failure")).toBeNull();
    expect(await attempt(onB, "success")).toBeNull();
    expect(await attempt(onA, "failure")).toBeNull();
    expect(await attempt(onB, "failure")).toBeNull();
    expect(await attempt(onA, "success")).not.toBeNull();
    expect(await attempt(onB, "success", "198.51.100.4")).toBeNull();
  });

  it("shares the e-mail's ceiling and its back-off: past it a failed pair is refused on every process, a clean one answered", async () => {
    const rules = { loginEmail: { points: 2, durationSeconds: 3600 } };
    const onA = createAuthRateLimiters(rules, test.database);
    const onB = createAuthRateLimiters(rules, other);
    const email = "alvo@exemplo.com";
    for (const [limiters, ip] of [
      [onA, "192.0.2.71"],
      [onB, "192.0.2.72"],
    ] as const) {
      expect(await limiters.consumeLogin(ip, email)).toBeNull();
      await limiters.settleLogin(ip, email, "failure");
    }
    const { rows } = await test.database.pool!.query(`select expire from "${RATE_LIMIT_TABLE}" where key = $1`, [
      `login-email:${email}`,
    ]);
    // The first back-off: an hour from now (the block replaced the window).
    expect(Number(rows[0].expire) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await onB.consumeLogin("192.0.2.71", email)).not.toBeNull();
    expect(await onA.consumeLogin("192.0.2.73", email)).toBeNull();
    await onA.settleLogin("192.0.2.73", email, "success");
  });

  it("shares the contact-form limit and hashes keys too long for the table", async () => {
    const onA = createLeadRateLimiters({ points: 2, durationSeconds: 600 }, undefined, test.database);
    const onB = createLeadRateLimiters({ points: 2, durationSeconds: 600 }, undefined, other);
    const ip = `2001:db8::${"a".repeat(300)}`;
    expect(await onA.consumeForm(ip)).toBeNull();
    expect(await onB.consumeForm(ip)).toBeNull();
    expect(await onA.consumeForm(ip)).not.toBeNull();
  });

  it("falls back to memory when the database is unreachable (sign-ins are not blocked, still limited)", async () => {
    const broken = await openDatabase({ url: test.url!, poolSize: 1 });
    await broken.close();
    const limiters = createAuthRateLimiters({ loginIp: { points: 2, durationSeconds: 60 } }, broken);
    expect(await limiters.consumeLogin("192.0.2.1", "a@exemplo.com")).toBeNull();
    expect(await limiters.consumeLogin("192.0.2.1", "b@exemplo.com")).toBeNull();
    expect(await limiters.consumeLogin("192.0.2.1", "c@exemplo.com")).not.toBeNull();
  });
});
