/**
 * The sandbox's public options and controls: the keys and their permissions
 * (docs/vista-api.md §1.2), what the catalogue and replies look like, and the
 * in-process test controls (also served under `/__sandbox/`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Catalogue, SandboxListing } from "./catalogue";
import type { SandboxFaults, SandboxLead, SandboxStats } from "./state";

/** The public sandbox key printed in Vista's guide ("Chave de teste", docs/vista-api.md §1.1). */
export const SANDBOX_KEY = "c9fdd79584fb8d369a6a579af1a8f681";

/**
 * What one API key may do (docs/vista-api.md §1.2: permissions are per method and per field).
 * Method names are Vista's resource paths: "imoveis/listar", "corretores/listar", "lead",
 * "__sandbox/touch"…
 */
export interface SandboxKeyPolicy {
  /** Methods allowed; "*" (default) = every method except those in `deniedMethods`. */
  methods?: readonly string[] | "*";
  /** Methods refused even under "*". Default for the sandbox key: ["corretores/listar", "imoveis/fotos"]. */
  deniedMethods?: readonly string[];
  /** Fields this key may not read: plain names ("ValorVenda"), sub-tables ("proprietarios") or "Table.Field". */
  deniedFields?: readonly string[];
}

/** Options shared by `createVistaSandboxHandler` and `startVistaSandbox`. */
export interface VistaSandboxOptions {
  /** Application data folder; generated photos are cached in `<dataDir>/vista-sandbox/fotos/`. */
  dataDir: string;
  /**
   * Extra keys (or an override of the sandbox key) with their permissions. The
   * sandbox key `c9fdd79584fb8d369a6a579af1a8f681` is always accepted unless
   * overridden here; by default it may call every method except `corretores/listar`
   * (401, as on real website keys) and the photo upload `imoveis/fotos`.
   */
  keys?: Record<string, SandboxKeyPolicy>;
  /**
   * Origin (plus optional path prefix) that photo URLs start with, no trailing
   * slash. Default: `http://<Host header>` of each request (the sandbox itself).
   */
  publicBaseUrl?: string;
  /** Agency name for the `Agencia` rows and broker `Empresa`; default "Horizonte". */
  agencyName?: string;
  /** Reply of `/siteurl` and `Agencia.Site`; default "http://localhost:3000". */
  siteUrl?: string;
  /**
   * Require `Accept: application/json` on Vista routes (docs/vista-api.md §1.3 "sem exceção");
   * default true: anything else gets 406. Photos and `/__sandbox/` never require it.
   */
  requireAcceptJson?: boolean;
  /** Longest request URL (characters) before a 406, like Vista on over-long requests (docs/vista-api.md §4.2); default 8192. */
  maxUrlLength?: number;
  /** Share of listings with `ExibirNoSite = "Nao"`, default 0.02. */
  hiddenShare?: number;
  /** Request log line sink (method, path WITHOUT query string, status, ms); default none. Never receives the key. */
  log?: (line: string) => void;
  /**
   * Serve the catalogue multiplied (1 to 20, default 1): every data set row
   * that many times, copies with new codes and nearby coordinates, for growth
   * measurements (`catalogue/multiply.ts`; `VISTA_SANDBOX_MULTIPLY` in cli.ts).
   */
  multiply?: number;
  /** Catalogue to serve (tests); default the one built from the data set. */
  catalogue?: Catalogue;
}

/** Controls of a sandbox instance, for in-process tests (also under `/__sandbox/` over HTTP). */
export interface VistaSandboxControls {
  /** The sandbox key (`c9fdd79584fb8d369a6a579af1a8f681`). Secret in spirit: don't log it. */
  readonly key: string;
  /** Simulates a CRM edit: `DataAtualizacao` = today, price −2%, a prontuário entry. */
  touch(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Removes listings from the catalogue. */
  remove(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Sets `ExibirNoSite = "Nao"` (and `DataAtualizacao` = today). */
  hide(codes: readonly string[]): { changed: string[]; unknown: string[] };
  /** Overwrites typed fields of listings (e.g. `{ status: "Vendido" }`). */
  patch(
    codes: readonly string[],
    fields: Partial<Omit<SandboxListing, "code" | "index">>,
  ): { changed: string[]; unknown: string[] };
  /** Fault injection (docs/vista-api.md §8.11); null clears it. */
  setFaults(faults: SandboxFaults | null): void;
  /** Leads received on `POST /lead`, oldest first. */
  leads(): SandboxLead[];
  /** Counts of the catalogue as it is now. */
  stats(): SandboxStats;
  /** The listing as served now (typed), or undefined. */
  listing(code: string): SandboxListing | undefined;
  /** Back to the pristine catalogue: no mutations, leads or faults. */
  reset(): void;
}

/** A Node `http` request listener that is a Vista API, plus its controls. */
export type VistaSandboxHandler = ((req: IncomingMessage, res: ServerResponse) => void) & VistaSandboxControls;
