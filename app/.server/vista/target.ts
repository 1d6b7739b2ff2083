/**
 * Where the Vista API is: the configured tenant (`VISTA_URL` + `VISTA_KEY`) or,
 * when `VISTA_URL` is unset, the embedded sandbox that `server/index.ts` starts
 * and registers here before anything calls Vista.
 */
import { getConfig } from "../config";
import { singleton } from "../singleton";

/** Base URL (no trailing slash) and API key of the Vista API in use. The key is secret: never log it. */
export interface VistaTarget {
  baseUrl: string;
  key: string;
}

const state = singleton("vista-target", () => ({ target: undefined as VistaTarget | undefined }));

/** Registers the embedded sandbox as the Vista API (server start-up only). */
export function setVistaTarget(target: VistaTarget): void {
  state.target = { ...target, baseUrl: target.baseUrl.replace(/\/+$/, "") };
}

/**
 * The Vista API in use.
 * @throws {Error} when no tenant is configured and no sandbox was registered.
 */
export function getVistaTarget(): VistaTarget {
  if (state.target) return state.target;
  const config = getConfig();
  if (config.VISTA_URL && config.VISTA_KEY) return { baseUrl: config.VISTA_URL, key: config.VISTA_KEY };
  throw new Error("Vista API not configured: set VISTA_URL and VISTA_KEY, or start the embedded sandbox");
}
