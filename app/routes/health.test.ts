import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The route uses the process database: PGlite in a temporary DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-health-"));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;

const { getDb, migrate } = await import("~/.server/db");
const { loader } = await import("./health");

describe("GET /health/server", () => {
  beforeAll(async () => {
    await migrate(getDb());
  });
  afterAll(async () => {
    await getDb().close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers JSON, never cached, degraded before the first sync", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "degraded",
      database: { ok: true, kind: "pglite" },
      sync: { running: false, lastSuccessAt: null, activeListings: 0, stale: true },
    });
    expect(typeof body.uptimeSeconds).toBe("number");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
  });
});
