/**
 * The Vista sandbox: a Vista-compatible HTTP server over the demo catalogue
 * built from the real São Paulo listings data set (
 * docs/vista-api.md §8). `npm start` runs it in-process when `VISTA_URL` is unset;
 * `npm run vista-sandbox` runs it alone (cli.ts). See README.md here.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createVistaSandboxHandler, type VistaSandboxControls, type VistaSandboxOptions } from "./handler";

export { SANDBOX_KEY, createVistaSandboxHandler } from "./handler";
export type { SandboxKeyPolicy, VistaSandboxControls, VistaSandboxHandler, VistaSandboxOptions } from "./handler";
export type { MutationResult, SandboxFaults, SandboxLead, SandboxStats } from "./state";
export { REFERENCE_DATE, buildCatalogue, loadCatalogue, listingCode } from "./catalogue";
export type { Catalogue, SandboxListing, SandboxBuilding } from "./catalogue";
export { repairCoordinate, repairCoordinates, SAO_PAULO_BOUNDS } from "./coordinates";

/** Options of {@link startVistaSandbox}. */
export interface StartVistaSandboxOptions extends VistaSandboxOptions {
  /** TCP port; 0 (default) = an ephemeral port. */
  port?: number;
  /** Interface to bind; default "127.0.0.1" (the sandbox is for this machine only). */
  host?: string;
}

/** A running sandbox. */
export interface RunningVistaSandbox extends VistaSandboxControls {
  /** Base URL to use as `VISTA_URL`, e.g. "http://127.0.0.1:8787" (no trailing slash). */
  url: string;
  /** Bound port. */
  port: number;
  /** The Node HTTP server. */
  server: Server;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Builds (or reuses) the catalogue and starts the sandbox HTTP server.
 * Takes well under 1.5 s on a fresh process (catalogue build included).
 * @returns the URL, key and controls (`touch`, `remove`, `hide`, `setFaults`, `leads`, `reset`…).
 * @throws {Error} when the port is taken or the data set is missing.
 */
export async function startVistaSandbox(options: StartVistaSandboxOptions): Promise<RunningVistaSandbox> {
  const handler = await createVistaSandboxHandler(options);
  const server = createServer(handler);
  server.keepAliveTimeout = 10_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    key: handler.key,
    touch: handler.touch,
    remove: handler.remove,
    hide: handler.hide,
    patch: handler.patch,
    setFaults: handler.setFaults,
    leads: handler.leads,
    stats: handler.stats,
    listing: handler.listing,
    reset: handler.reset,
    url,
    port,
    server,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
