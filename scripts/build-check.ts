/**
 * The build check's decisions (docs/decisions/0078-internals-behind-one-door.md):
 * pure functions from what the build wrote (its facts, its manifests, its
 * files, what `<Scripts>` renders) to the list of what is wrong, each a
 * sentence saying what and where to look. scripts/check-build.ts gathers the
 * inputs and fails `npm run build` when the list is not empty.
 *
 * What it refuses:
 * - no `shell` or `vendor` chunk, or one the first page load does not preload (ADR 0047);
 * - a chunk predicate of vite.config.ts that matches no build entry (ADR 0047, 0051);
 * - a Leaflet stylesheet named differently by the browser and server builds;
 * - a file the server's manifest names that the browser build does not have,
 *   or a browser manifest that differs from the server's;
 * - `<Scripts>`' preloads or module script left live by the server's rewrite
 *   (ADR 0049), or a preload of the first paint missing from it;
 * - a package the internals doors reach into that no longer has what they expect.
 */
import type { BuildFacts } from "./build-facts";
import type { ExpectedModule } from "../app/lib/framework-internals";

/** The chunk of packages and the chunk of the site's modules every page loads (scripts/client-chunks.ts). */
const FIRST_PAINT_CHUNKS = ["vendor", "shell"] as const;

/** One entry of Remix's assets manifest, as far as the check reads it. */
export interface ManifestEntry {
  module: string;
  imports?: string[];
  css?: string[];
}

/** Remix's assets manifest (the server build's `assets`, or the browser's `manifest-<version>.js`). */
export interface AssetsManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id?: string; parentId?: string; path?: string; index?: boolean }>;
  url: string;
  version: string;
}

/** What `<Scripts>` renders for a page, before and after the server's rewrite. */
export interface RenderedScripts {
  /** The route ids of the page rendered, root first. */
  routeIds: string[];
  /** As `<Scripts>` wrote it. */
  raw: string;
  /** After `createInertModuleScriptTransform`. */
  inert: string;
  /** The `rel` the rewrite gives the preloads. */
  inertPreloadRel: string;
  /** The `type` the rewrite gives the module script. */
  inertModuleType: string;
}

/** Everything the check decides on; a missing piece is itself a failure. */
export interface BuildCheckInput {
  clientFacts?: BuildFacts;
  serverFacts?: BuildFacts;
  serverManifest?: AssetsManifest;
  clientManifest?: AssetsManifest;
  /** The files of the browser build, as the site serves them (`/assets/x.js`). */
  clientFiles: ReadonlySet<string>;
  scripts?: RenderedScripts;
}

/**
 * What is wrong with a build.
 * @returns one sentence per fault; empty when the build may ship.
 */
export function buildFaults(input: BuildCheckInput): string[] {
  const { clientFacts, serverFacts, serverManifest } = input;
  const faults: string[] = [];
  if (!clientFacts || !serverFacts)
    faults.push("the build facts (build/check/*.json) are missing: is the buildFacts plugin still in vite.config.ts?");
  if (!serverManifest) faults.push("the server build's manifest (build/server/index.js `assets`) could not be read");
  const stale = clientFacts?.chunks.find((chunk) => !input.clientFiles.has(`/${chunk.fileName}`));
  if (stale)
    faults.push(
      `build/check/client.json does not describe this build (no /${stale.fileName}): is buildFacts still in vite.config.ts?`,
    );
  if (clientFacts) faults.push(...chunkFaults(clientFacts, serverManifest), ...predicateFaults(clientFacts));
  if (clientFacts && serverFacts) faults.push(...leafletFaults(clientFacts, serverFacts, input.clientFiles));
  if (serverManifest) faults.push(...manifestFaults(serverManifest, input.clientManifest, input.clientFiles));
  if (serverManifest) faults.push(...scriptsFaults(serverManifest, input.scripts));
  return faults;
}

/** The `shell` and `vendor` chunks exist and the first page load preloads them (the manifest's browser entry). */
function chunkFaults(client: BuildFacts, manifest: AssetsManifest | undefined): string[] {
  const faults: string[] = [];
  const preloaded = new Set(manifest ? [manifest.entry.module, ...(manifest.entry.imports ?? [])] : []);
  for (const name of FIRST_PAINT_CHUNKS) {
    const chunk = client.chunks.find((candidate) => candidate.name === name);
    if (!chunk) {
      faults.push(
        `the browser build has no "${name}" chunk: manualChunks (scripts/client-chunks.ts) put nothing in it`,
      );
    } else if (manifest && !preloaded.has(`/${chunk.fileName}`)) {
      faults.push(
        `the "${name}" chunk (/${chunk.fileName}) is not among the browser entry's imports in the server manifest`,
      );
    }
  }
  return faults;
}

/** Every chunk predicate of vite.config.ts matches a build entry. */
function predicateFaults(client: BuildFacts): string[] {
  const names = Object.keys(client.entryMatches);
  if (!names.length) return ["no chunk predicate was reported by the browser build (vite.config.ts, buildFacts)"];
  return names
    .filter((name) => client.entryMatches[name]!.length === 0)
    .map((name) => `the chunk predicate "${name}" in vite.config.ts matches no module of the browser build`);
}

/** Both builds name Leaflet's stylesheet alike, and the browser build has the file the server links. */
function leafletFaults(client: BuildFacts, server: BuildFacts, clientFiles: ReadonlySet<string>): string[] {
  if (!client.leafletStylesheets.length) return ["the browser build wrote no Leaflet stylesheet"];
  if (!server.leafletStylesheets.length) return ["the server build names no Leaflet stylesheet"];
  return server.leafletStylesheets
    .filter((file) => !client.leafletStylesheets.includes(file) || !clientFiles.has(`/${file}`))
    .map(
      (file) =>
        `the server build links Leaflet's stylesheet as /${file}, the browser build wrote ` +
        `${client.leafletStylesheets.map((name) => `/${name}`).join(", ")} (assetFileNames, scripts/framework-internals.ts)`,
    );
}

/** The files a manifest entry makes the HTML carry. */
function entryFiles(entry: ManifestEntry): string[] {
  return [entry.module, ...(entry.imports ?? []), ...(entry.css ?? [])];
}

/** Every file the server manifest names exists in the browser build, and the browser's manifest is the same. */
function manifestFaults(
  server: AssetsManifest,
  client: AssetsManifest | undefined,
  clientFiles: ReadonlySet<string>,
): string[] {
  const faults: string[] = [];
  const named = new Set([server.url, ...entryFiles(server.entry), ...Object.values(server.routes).flatMap(entryFiles)]);
  const missing = [...named].filter((file) => !clientFiles.has(file));
  if (missing.length)
    faults.push(`the server manifest names files the browser build does not have: ${missing.slice(0, 5).join(", ")}`);
  if (!client) return [...faults, `the browser manifest (${server.url}) could not be read`];
  if (client.version !== server.version)
    faults.push(`the browser manifest is version ${client.version}, the server's ${server.version}`);
  for (const [id, route] of Object.entries({ entry: server.entry, ...server.routes })) {
    const other = id === "entry" ? client.entry : client.routes[id];
    if (!other || entryFiles(other).join() !== entryFiles(route).join())
      faults.push(`the browser and server manifests differ on ${id === "entry" ? "the browser entry" : `route ${id}`}`);
  }
  return faults;
}

/**
 * `<Scripts>` preloads the first paint's modules (the browser entry and the
 * page's routes, with their imports), and the server's rewrite leaves none of
 * its preloads nor its module script live.
 */
function scriptsFaults(manifest: AssetsManifest, scripts: RenderedScripts | undefined): string[] {
  if (!scripts) return ["`<Scripts>` could not be rendered with the server build's manifest"];
  const faults: string[] = [];
  const expected = [manifest.entry, ...scripts.routeIds.map((id) => manifest.routes[id])].flatMap((entry) =>
    entry ? [entry.module, ...(entry.imports ?? [])] : [],
  );
  const preloads = hrefs(scripts.raw, "modulepreload");
  const missing = [...new Set(expected)].filter((file) => !preloads.has(file));
  if (missing.length)
    faults.push(`<Scripts> does not preload ${missing.join(", ")} (first paint of ${scripts.routeIds.at(-1)})`);
  const markers = "the <Scripts> markers in app/lib/framework-internals.ts no longer match what it writes";
  const live = hrefs(scripts.inert, "modulepreload");
  if (live.size)
    faults.push(`the server's rewrite of <Scripts> left ${live.size} modulepreload link(s) live: ${markers}`);
  const inertPreloads = hrefs(scripts.inert, scripts.inertPreloadRel);
  if (preloads.size && inertPreloads.size !== preloads.size)
    faults.push(`the rewrite made ${inertPreloads.size} of ${preloads.size} preloads inert`);
  // The inert type as the script's whole `type`, among well-formed attributes (not a marker that matched half).
  const attribute = String.raw`\s[\w-]+="[^"]*"`;
  const inertScript = new RegExp(
    String.raw`<script\b(?:${attribute})*\s+type="${scripts.inertModuleType}"(?:${attribute})*\s*>`,
  );
  if (/<script\b[^>]*\btype="module"/.test(scripts.inert) || !inertScript.test(scripts.inert))
    faults.push(`the server's rewrite of <Scripts> left its module script live or malformed: ${markers}`);
  return faults;
}

/** The `href`s of the `<link rel="<rel>">` elements of `html`. */
function hrefs(html: string, rel: string): Set<string> {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!new RegExp(`\\brel="${rel.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`).test(tag)) continue;
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href) found.add(href);
  }
  return found;
}

/** How the check reaches installed packages (Node's resolution in the CLI; fakes in the tests). */
export interface PackageAccess {
  /** The file `module` resolves to from `fromFile` (undefined: the project root); throws when it does not resolve. */
  resolve(module: string, fromFile?: string): string;
  /** The module's exports, as `require` gives them; throws when it cannot load. */
  load(file: string): Record<string, unknown>;
  /** The root folder of the package holding `file`, and its package.json's `version`. */
  packageOf(file: string): { root: string; version: string };
  /** A file's text, or undefined when it does not exist. */
  read(file: string): string | undefined;
}

/**
 * What a door expects of the packages it reaches into and no longer finds.
 * @returns one sentence per missing export, wrong major version, missing
 *   source text, second copy of a package, or module that does not resolve.
 */
export function expectationFaults(expectations: readonly ExpectedModule[], access: PackageAccess): string[] {
  const faults: string[] = [];
  const resolved = new Map<string, string>();
  for (const expected of expectations) {
    const where = `${expected.module} (what ${expected.resolvedFrom ? `${expected.resolvedFrom} loads` : "the door imports"})`;
    let file: string;
    try {
      const from = expected.resolvedFrom ? resolved.get(expected.resolvedFrom) : undefined;
      if (expected.resolvedFrom && !from) throw new Error(`${expected.resolvedFrom} did not resolve`);
      file = access.resolve(expected.module, from);
    } catch (error) {
      faults.push(`${where} does not resolve: ${(error as Error).message}`);
      continue;
    }
    resolved.set(expected.module, file);
    faults.push(...moduleFaults(expected, file, where, access));
  }
  return faults;
}

/** The faults of one resolved module ({@link expectationFaults}). */
function moduleFaults(expected: ExpectedModule, file: string, where: string, access: PackageAccess): string[] {
  const faults: string[] = [];
  if (expected.exports?.length) {
    try {
      const exports = access.load(file);
      const missing = expected.exports.filter((name) => exports[name] === undefined);
      if (missing.length) faults.push(`${where} no longer exports ${missing.join(", ")}`);
    } catch (error) {
      faults.push(`${where} does not load: ${(error as Error).message}`);
    }
  }
  const pkg = access.packageOf(file);
  if (expected.major && Number(pkg.version.split(".")[0]) !== expected.major.version)
    faults.push(
      `${expected.major.packageName} is ${pkg.version}; the door was written for major ${expected.major.version}: ` +
        "review each entry that uses it, then its expectation",
    );
  if (expected.sourceContains) {
    const text = access.read(`${pkg.root}/${expected.sourceContains.file}`);
    if (text === undefined) faults.push(`${where}: ${expected.sourceContains.file} is gone`);
    else if (!text.includes(expected.sourceContains.text))
      faults.push(`${where}: ${expected.sourceContains.file} no longer mentions ${expected.sourceContains.text}`);
  }
  if (expected.sameInstanceAs) {
    const { module, from } = expected.sameInstanceAs;
    try {
      const other = access.resolve(module, access.resolve(from));
      if (other !== file) faults.push(`${where} is a second copy: ${from} loads ${other}, the door ${file}`);
    } catch (error) {
      faults.push(`${module} as ${from} loads it does not resolve: ${(error as Error).message}`);
    }
  }
  return faults;
}
