/**
 * The Vista sandbox: a Vista-compatible HTTP server over the demo catalogue
 * built from the real São Paulo listings data set (
 * docs/vista-api.md §8). `npm start` runs it in-process when `VISTA_URL` is unset;
 * `npm run vista-sandbox` runs it alone (cli.ts). See README.md here.
 */
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { deferredListener, readyOrClosed } from "../deferred-listener";
import { SANDBOX_KEY, createVistaSandboxHandler, type VistaSandboxControls, type VistaSandboxOptions } from "./handler";

export { SANDBOX_KEY, createVistaSandboxHandler } from "./handler";
export type { SandboxKeyPolicy, VistaSandboxControls, VistaSandboxHandler, VistaSandboxOptions } from "./handler";
export type { MutationResult, SandboxFaults, SandboxLead, SandboxStats } from "./state";
export { REFERENCE_DATE, buildCatalogue, loadCatalogue, listingCode } from "./catalogue";
export type { Catalogue, SandboxListing, SandboxBuilding } from "./catalogue";
export { repairCoordinate, repairCoordinates, SAO_PAULO_BOUNDS } from "./coordinates";

/** Options of {@link startVistaSandbox}. */
export interface StartVistaSandboxOptions extends VistaSandboxOptions {
  /**
   * TCP port; 0 (default) = the port of the previous start on this `dataDir`
   * (kept in `<dataDir>/vista-sandbox/port`) when it is free, else an
   * ephemeral one, which is then kept for the next start.
   */
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
  /**
   * With port 0: the URL of the previous start when its port was taken and a
   * new one had to be chosen (the origin of stored photo URLs changed; the
   * next sync is full because the Vista source changed), else undefined.
   */
  previousUrl?: string;
  /** The Node HTTP server. */
  server: Server;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** File, inside `<dataDir>/vista-sandbox/`, holding the port chosen when started with port 0. */
export const SANDBOX_PORT_FILE = "port";

/** The kept port of `dataDir`, or undefined (no file, or not a port number 1024–65535). */
function readKeptPort(file: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
  if (!/^\d{4,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1024 && port <= 65535 ? port : undefined;
}

/** Listens on `port`; resolves false instead of failing when the port is taken. */
function listen(server: Server, port: number, host: string, tolerateInUse: boolean): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (tolerateInUse && (error.code === "EADDRINUSE" || error.code === "EACCES")) resolve(false);
      else reject(error);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(true);
    });
  });
}

/** `http://host:port` as clients reach it (a wildcard interface shown as 127.0.0.1). */
function sandboxUrl(host: string, port: number): string {
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/**
 * Builds (or reuses) the catalogue and starts the sandbox HTTP server; on a
 * fresh process that includes the catalogue build (ADR 0041 has its time).
 *
 * Port 0 keeps the sandbox's origin stable across restarts of one data
 * folder, because the photo URLs the sync stores are absolute URLs on it and
 * the image route allows only the current origin
 * (docs/decisions/0024-embedded-defaults-that-last.md): the first start takes an
 * ephemeral port and writes it to `<dataDir>/vista-sandbox/port`; later
 * starts reuse it, or, when it is taken, take a new one, keep that, and
 * report the old URL in `previousUrl`.
 * @returns the URL, key and controls (`touch`, `remove`, `hide`, `setFaults`, `leads`, `reset`…).
 * @throws {Error} when a fixed port is taken or the data set is missing.
 */
export async function startVistaSandbox(options: StartVistaSandboxOptions): Promise<RunningVistaSandbox> {
  const bound = await bindVistaSandbox(options);
  return readyOrClosed(bound.ready, () => bound.close());
}

/** A sandbox whose port is bound and whose catalogue may still be loading (see {@link bindVistaSandbox}). */
export interface BoundVistaSandbox {
  /** Base URL to use as `VISTA_URL` (no trailing slash). */
  url: string;
  port: number;
  /** The sandbox key: requests made with it before the catalogue is loaded wait for it. */
  key: string;
  /** As in {@link RunningVistaSandbox.previousUrl}. */
  previousUrl?: string;
  /**
   * Resolves once the catalogue is loaded and the sandbox answers; rejects when
   * it cannot load. Requests that arrive before wait for it; after a failure
   * they get 503.
   */
  ready: Promise<RunningVistaSandbox>;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Binds the sandbox's port at once (same port rules as {@link startVistaSandbox})
 * and builds its catalogue only when `loadAfter` settles, so a server can
 * answer its first pages before paying for it (ADR 0041 has the cost).
 * Its URL and key are known from the start; requests wait for the catalogue.
 * @throws {Error} when a fixed port is taken.
 */
export async function bindVistaSandbox(
  options: StartVistaSandboxOptions & { loadAfter?: Promise<unknown> },
): Promise<BoundVistaSandbox> {
  const handler = (async () => {
    await options.loadAfter?.catch(() => undefined);
    return createVistaSandboxHandler(options);
  })();
  const server = createServer(
    deferredListener(handler, (res) => {
      res.statusCode = 503;
      res.end();
    }),
  );
  server.keepAliveTimeout = 10_000;
  const host = options.host ?? "127.0.0.1";
  const requested = options.port ?? 0;
  let previousUrl: string | undefined;
  if (requested !== 0) {
    await listen(server, requested, host, false);
  } else {
    const folder = path.join(options.dataDir, "vista-sandbox");
    const portFile = path.join(folder, SANDBOX_PORT_FILE);
    const kept = readKeptPort(portFile);
    if (kept === undefined || !(await listen(server, kept, host, true))) {
      await listen(server, 0, host, false);
      if (kept !== undefined) previousUrl = sandboxUrl(host, kept);
      const { port } = server.address() as AddressInfo;
      fs.mkdirSync(folder, { recursive: true });
      const temporary = `${portFile}.tmp`;
      fs.writeFileSync(temporary, `${port}\n`);
      fs.renameSync(temporary, portFile);
    }
  }
  const { port } = server.address() as AddressInfo;
  const url = sandboxUrl(host, port);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
    return closing;
  };
  return {
    url,
    port,
    key: SANDBOX_KEY,
    previousUrl,
    close,
    ready: handler.then((loaded) => ({
      key: loaded.key,
      touch: loaded.touch,
      remove: loaded.remove,
      hide: loaded.hide,
      patch: loaded.patch,
      setFaults: loaded.setFaults,
      leads: loaded.leads,
      stats: loaded.stats,
      listing: loaded.listing,
      reset: loaded.reset,
      url,
      port,
      previousUrl,
      server,
      close,
    })),
  };
}
