/**
 * Auth emulators for the integration test files, run by the global set-up in
 * vitest's own process (docs/decisions/0072-fast-test-feedback.md): firebase-tools'
 * modules are loaded there once per run instead of once per test file, which
 * was the largest fixed cost of a file of protected routes.
 *
 * Each test file still gets an emulator of its own — its own app, project
 * state and port, empty at the start — because the REST sign-in always reaches
 * an emulator's default project and every such file seeds the same admin; the
 * files running at once must not see each other's accounts. A file asks for
 * one over loopback (`./shared-auth-emulator.ts`) and stops it in its
 * `afterAll`; the teardown stops whatever is left.
 *
 * The protocol (JSON, every request with `Authorization: Bearer <token>`, the
 * token made at each start and handed to the files with `provide`/`inject`):
 * - `POST /emulators` → 201 `{ id, hostPort }`: a new emulator (`startAuthEmulator()`);
 *   500 `{ error }` when it cannot start;
 * - `DELETE /emulators/<id>` → 204 once it is stopped; 404 for an unknown id.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startAuthEmulator, type RunningAuthEmulator } from "../../../server/auth-emulator";

/** Where the files reach the service: what the global set-up provides as `authEmulatorService`. */
export interface AuthEmulatorServiceAddress {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** The bearer token every request must carry (the emulators' access keys are behind it). */
  token: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorService: AuthEmulatorServiceAddress | null;
  }
}

/** A running service: its address and how to stop it with every emulator it started. */
export interface AuthEmulatorService extends AuthEmulatorServiceAddress {
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status;
  if (body === undefined) {
    res.end();
    return;
  }
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

/**
 * Starts the service on an ephemeral loopback port. No emulator starts until
 * a file asks for one, so a run without files of protected routes loads
 * nothing of firebase-tools.
 */
export async function startAuthEmulatorService(): Promise<AuthEmulatorService> {
  const token = randomBytes(24).toString("base64url");
  const running = new Map<string, RunningAuthEmulator>();
  let next = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, { error: "unauthorised" });
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/emulators") {
      try {
        const emulator = await startAuthEmulator();
        const id = String(++next);
        running.set(id, emulator);
        return reply(res, 201, { id, hostPort: emulator.hostPort });
      } catch (error) {
        return reply(res, 500, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    }
    const match = /^\/emulators\/([^/]+)$/.exec(url.pathname);
    if (req.method === "DELETE" && match) {
      const emulator = running.get(match[1]);
      if (!emulator) return reply(res, 404, { error: "unknown emulator" });
      running.delete(match[1]);
      await emulator.stop();
      return reply(res, 204);
    }
    reply(res, 404, { error: "not found" });
  }

  const server = createServer((req, res) => {
    // The bodies are empty: drain them so the connection can be reused.
    req.resume();
    handle(req, res).catch((error: unknown) => reply(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      const left = [...running.values()];
      running.clear();
      await Promise.all(left.map((emulator) => emulator.stop()));
    },
  };
}
