/**
 * The identity of the build this process serves (docs/spec.txt §7
 * "Build manifest"). The Express server calls {@link setBuildId} once at start
 * with the Remix build's `assets.version` ("dev" in development); the
 * `/builds/latest.json` route and the root loader read it. Kept on
 * `globalThis` (see `singleton`) because the Express server and the Remix
 * server bundle each load their own copy of this module.
 */
import { singleton } from "./singleton";

/** What `/builds/latest.json` answers. */
export interface BuildInfo {
  /** Build id: the Remix manifest version, or "dev". */
  id: string;
  /** When this process started serving the build, ms since the Unix epoch. */
  timestamp: number;
}

/** Build id used until {@link setBuildId} is called (development, tests). */
export const DEV_BUILD_ID = "dev";

const state = singleton<BuildInfo>("build-info", () => ({ id: DEV_BUILD_ID, timestamp: Date.now() }));

/**
 * Records the build id this process serves.
 * @param id the Remix build's `assets.version`, or "dev"; trimmed.
 * @param timestamp ms since the epoch, default now.
 * @throws {TypeError} when `id` is empty.
 */
export function setBuildId(id: string, timestamp: number = Date.now()): void {
  const trimmed = id.trim();
  if (!trimmed) throw new TypeError("setBuildId: the build id must not be empty");
  state.id = trimmed;
  state.timestamp = timestamp;
}

/** The current build id ("dev" until {@link setBuildId} is called). */
export function getBuildId(): string {
  return state.id;
}

/** A copy of the current build info, as `/builds/latest.json` returns it. */
export function getBuildInfo(): BuildInfo {
  return { id: state.id, timestamp: state.timestamp };
}
