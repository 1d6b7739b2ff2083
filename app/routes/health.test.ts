import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HealthReport } from "~/.server/health";

// The route uses the process database: PGlite in a temporary DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-health-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;

// The admin guard, reduced to one bearer value that passes (its own tests cover sessions).
vi.mock("~/.server/auth", () => ({
  requireRole: vi.fn(async (request: Request, role: string) => {
    if (role === "admin" && request.headers.get("Authorization") === "Bearer token-de-admin") return { role: "admin" };
    throw new Response(null, { status: request.headers.has("Authorization") ? 403 : 401 });
  }),
}));

const { requireRole } = await import("~/.server/auth");
const { getDb, migrate } = await import("~/.server/db");
const { loader } = await import("./health");

/** The loader's arguments for a GET from `peerAddress` with `headers`. */
function args(peerAddress: string | undefined, headers: Record<string, string> = {}): LoaderFunctionArgs {
  return {
    request: new Request("http://localhost:3000/health/server", { headers }),
    params: {},
    context: { clientIp: headers["X-Forwarded-For"] ?? peerAddress, peerAddress },
  };
}

describe("GET /health/server", () => {
  beforeAll(async () => {
    await migrate(getDb());
  });
  afterAll(async () => {
    await getDb().close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers JSON, never cached, degraded before the first sync, with details on this host", async () => {
    const response = await loader(args("127.0.0.1"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await response.json()) as HealthReport;
    expect(body).toMatchObject({
      status: "degraded",
      database: { ok: true, kind: "pglite" },
      sync: { running: false, lastSuccessAt: null, activeListings: 0, stale: true },
    });
    expect(typeof body.uptimeSeconds).toBe("number");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
    expect(Object.keys(await (await loader(args("::1"))).json())).toContain("sync");
    expect(Object.keys(await (await loader(args("::ffff:127.0.0.1"))).json())).toContain("database");
  });

  it("tells anyone else the status only, with the same HTTP status", async () => {
    for (const request of [
      args("203.0.113.7"),
      args("172.18.0.5"),
      // A client cannot claim loopback with a header…
      args("203.0.113.7", { "X-Forwarded-For": "127.0.0.1" }),
      // …and a proxy on the same host (every visitor from 127.0.0.1) adds one.
      args("127.0.0.1", { "X-Forwarded-For": "203.0.113.7" }),
      args("127.0.0.1", { Forwarded: "for=203.0.113.7" }),
      args(undefined),
      // A signed-in user who is not an admin.
      args("203.0.113.7", { Authorization: "Bearer token-de-corretor" }),
      args("203.0.113.7", { Cookie: "session=x" }),
    ]) {
      const response = await loader(request);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "degraded" });
    }
  });

  it("never asks the admin guard for a request with unrelated cookies only", async () => {
    vi.mocked(requireRole).mockClear();
    for (const cookie of ["__session=x", "consent=all", "favoritos=AP1; tema=escuro"]) {
      const response = await loader(args("203.0.113.7", { Cookie: cookie }));
      expect(await response.json()).toEqual({ status: "degraded" });
    }
    expect(requireRole).not.toHaveBeenCalled();
    await loader(args("203.0.113.7", { Cookie: "consent=all; __Host-session=x" }));
    expect(requireRole).toHaveBeenCalledTimes(1);
  });

  it("gives an admin the details from anywhere", async () => {
    const response = await loader(args("203.0.113.7", { Authorization: "Bearer token-de-admin" }));
    expect(await response.json()).toMatchObject({ status: "degraded", database: { kind: "pglite" } });
  });
});
