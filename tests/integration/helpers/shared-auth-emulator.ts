/**
 * An Auth emulator for one test file: a new one from the run's emulator
 * service (`./auth-emulator-service.ts`, started by the global set-up in
 * vitest's process, where firebase-tools loads once per run), or, without that
 * set-up (another config, a script), one started in this process as before.
 * Either way it is the file's own: empty at the start, seen by no other file.
 */
import { inject } from "vitest";
import type { AuthEmulatorServiceAddress } from "./auth-emulator-service";

/** A test file's Auth emulator. */
export interface TestAuthEmulator {
  /**
   * `host:port/<access key>`, the value of `FIREBASE_AUTH_EMULATOR_HOST`
   * (`createIdentityBackend({ emulatorHost })`). Holds the key: never log it.
   */
  hostPort: string;
  /** Stops it (its accounts are gone). */
  stop(): Promise<void>;
}

function serviceAddress(): AuthEmulatorServiceAddress | null {
  try {
    return inject("authEmulatorService") ?? null;
  } catch {
    // Outside a vitest worker: no service.
    return null;
  }
}

async function call(service: AuthEmulatorServiceAddress, method: string, pathname: string): Promise<Response> {
  const response = await fetch(`${service.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${service.token}` },
  });
  if (!response.ok) {
    const body = await response.text();
    throw new Error(`Auth emulator service: ${method} ${pathname} answered ${response.status}: ${body}`);
  }
  return response;
}

/**
 * Starts an Auth emulator for this file (`demo-imobiliaria`, in memory).
 * @throws {Error} when the service (or the in-process emulator) cannot start one.
 */
export async function startTestAuthEmulator(): Promise<TestAuthEmulator> {
  const service = serviceAddress();
  if (!service) {
    const { startAuthEmulator } = await import("../../../server/auth-emulator");
    return startAuthEmulator();
  }
  const { id, hostPort } = (await (await call(service, "POST", "/emulators")).json()) as {
    id: string;
    hostPort: string;
  };
  let stopping: Promise<void> | undefined;
  return {
    hostPort,
    stop() {
      stopping ??= call(service, "DELETE", `/emulators/${encodeURIComponent(id)}`).then(() => undefined);
      return stopping;
    },
  };
}
