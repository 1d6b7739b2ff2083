/**
 * The real Vista sandbox (`server/vista-sandbox`) on a free port, in the test
 * process (as in `npm start`), with a Vista client that counts its requests
 * per endpoint (e.g. to assert that a delta sync did not re-read everything).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createVistaClient, type VistaClient } from "~/.server/vista";
import { startVistaSandbox } from "../../../server/vista-sandbox";

/** What {@link startTestSandbox} returns. */
export interface TestSandbox {
  sandbox: Awaited<ReturnType<typeof startVistaSandbox>>;
  /** Base URL (no key). */
  url: string;
  /** A client for the sandbox whose requests are counted in {@link requests}. */
  client: VistaClient;
  /** Requests per endpoint path ("imoveis/listar", "imoveis/detalhes", …) since the last {@link resetCounts}. */
  requests: Map<string, number>;
  resetCounts(): void;
  /** Stops the sandbox and deletes its data folder. */
  close(): Promise<void>;
}

/** Starts the sandbox over the full demo catalogue. */
export async function startTestSandbox(): Promise<TestSandbox> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-sandbox-"));
  const sandbox = await startVistaSandbox({ port: 0, dataDir });
  const requests = new Map<string, number>();
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const endpoint = url.pathname.replace(/^\/+/, "");
    requests.set(endpoint, (requests.get(endpoint) ?? 0) + 1);
    return fetch(input, init);
  };
  const client = createVistaClient({ baseUrl: sandbox.url, key: sandbox.key, fetch: counting, retries: 2 });
  return {
    sandbox,
    url: sandbox.url,
    client,
    requests,
    resetCounts: () => requests.clear(),
    async close() {
      await sandbox.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
