/**
 * The build check, last step of `npm run build`
 * (docs/decisions/0078-internals-behind-one-door.md): reads what the build
 * wrote, renders Remix's `<Scripts>` for the home page with the server build's
 * manifest and puts it through the server's rewrite, checks the packages the
 * internals doors reach into, and exits with status 1, listing every fault,
 * when scripts/build-check.ts finds any. Nothing here decides; it gathers.
 *
 * `tsx scripts/check-build.ts [project root]` (default: the current folder).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { RemixServer, Scripts } from "@remix-run/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler } from "react-router-dom/server";
import {
  createInertModuleScriptTransform,
  INERT_MODULE_TYPE,
  INERT_PRELOAD_REL,
} from "../app/.server/inert-module-script";
import { DOOR_EXPECTATIONS } from "../app/lib/framework-internals";
import { BUILD_FACTS_DIRECTORY, type BuildFacts } from "./build-facts";
import {
  type AssetsManifest,
  buildFaults,
  expectationFaults,
  type PackageAccess,
  type RenderedScripts,
} from "./build-check";
import { BUILD_DOOR_EXPECTATIONS, CLIENT_MANIFEST_PREFIX } from "./framework-internals";

/** The page whose first paint is checked: the home page, the catalogue's front door. */
const FIRST_PAINT_URL = "http://localhost/";

const root = path.resolve(process.argv[2] ?? ".");
const clientDirectory = path.join(root, "build/client");

/** A JSON file's content, or undefined when it is missing or not JSON. */
function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Every file under `directory`, as the site serves it (`/assets/x.js`). */
function servedFiles(directory: string): Set<string> {
  if (!fs.existsSync(directory)) return new Set();
  return new Set(
    (fs.readdirSync(directory, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
}

/** The browser manifest named by the server's (`window.__remixManifest={...};`), or undefined. */
function readClientManifest(url: string): AssetsManifest | undefined {
  try {
    const text = fs.readFileSync(path.join(clientDirectory, url), "utf8").trim();
    if (!text.startsWith(CLIENT_MANIFEST_PREFIX)) return undefined;
    return JSON.parse(text.slice(CLIENT_MANIFEST_PREFIX.length).replace(/;$/, "")) as AssetsManifest;
  } catch {
    return undefined;
  }
}

/** `<Scripts>` for `url`, rendered with the server build's manifest and future flags, then rewritten as the server does. */
async function renderScripts(build: {
  assets: AssetsManifest;
  future: Record<string, unknown>;
}): Promise<RenderedScripts> {
  const routes = Object.entries(build.assets.routes).map(([id, entry]) => ({
    id,
    path: entry.path,
    index: entry.index || undefined,
    parentId: entry.parentId,
  }));
  const handler = createStaticHandler(
    nest(routes) as never,
    { future: { v7_relativeSplatPath: Boolean(build.future.v3_relativeSplatPath) } } as never,
  );
  const staticHandlerContext = await handler.query(new Request(FIRST_PAINT_URL));
  if (staticHandlerContext instanceof Response) throw new Error(`${FIRST_PAINT_URL} redirects`);
  const routeIds = staticHandlerContext.matches.map((match) => match.route.id);
  const Empty = () => null;
  // With a nonce, as the root layout renders it.
  const Root = () => createElement(Scripts, { nonce: "build-check" });
  const routeModules = Object.fromEntries(
    Object.keys(build.assets.routes).map((id) => [id, { default: id === "root" ? Root : Empty }]),
  );
  const context = {
    manifest: build.assets,
    routeModules,
    staticHandlerContext,
    serverHandoffString: "{}",
    future: build.future,
    isSpaMode: false,
  };
  const raw = renderToString(createElement(RemixServer, { context: context as never, url: FIRST_PAINT_URL }));
  const chunks: Buffer[] = [];
  const output = Readable.from([Buffer.from(raw)])
    .pipe(createInertModuleScriptTransform())
    .pipe(new PassThrough());
  for await (const chunk of output) chunks.push(chunk as Buffer);
  return {
    routeIds,
    raw,
    inert: Buffer.concat(chunks).toString("utf8"),
    inertPreloadRel: INERT_PRELOAD_REL,
    inertModuleType: INERT_MODULE_TYPE,
  };
}

/** Data routes for the static handler, nested by `parentId`; every loader answers null. */
function nest(routes: { id: string; path?: string; index?: boolean; parentId?: string }[]): unknown[] {
  type Route = { id: string; path?: string; index?: boolean; children?: Route[]; loader: () => null };
  const byId = new Map(
    routes.map(({ id, path: p, index }) => [id, { id, path: p, index, loader: () => null } as Route]),
  );
  const roots: Route[] = [];
  for (const { id, parentId } of routes) {
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parent) (parent.children ??= []).push(byId.get(id)!);
    else roots.push(byId.get(id)!);
  }
  return roots;
}

/** Node's module resolution from the project root, for {@link expectationFaults}. */
function nodeAccess(): PackageAccess {
  const fromRoot = createRequire(path.join(root, "package.json"));
  return {
    resolve: (module, fromFile) => (fromFile ? createRequire(fromFile) : fromRoot).resolve(module),
    load: (file) => fromRoot(file) as Record<string, unknown>,
    packageOf(file) {
      // The folder right under the last node_modules (two levels for a scoped package).
      const parts = file.split(path.sep);
      const at = parts.lastIndexOf("node_modules");
      if (at < 0) throw new Error(`${file} is not in a package`);
      const packageRoot = parts.slice(0, at + (parts[at + 1]?.startsWith("@") ? 3 : 2)).join(path.sep);
      const version = readJson<{ version?: string }>(path.join(packageRoot, "package.json"))?.version;
      if (!version) throw new Error(`no version in ${packageRoot}/package.json`);
      return { root: packageRoot, version };
    },
    read: (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined),
  };
}

const started = performance.now();
const facts = (build: string) => readJson<BuildFacts>(path.join(root, BUILD_FACTS_DIRECTORY, `${build}.json`));
let serverBuild: { assets: AssetsManifest; future: Record<string, unknown> } | undefined;
let scripts: RenderedScripts | undefined;
const faults: string[] = [];
try {
  serverBuild = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as typeof serverBuild;
} catch (error) {
  faults.push(`the server build (build/server/index.js) does not load: ${(error as Error).message}`);
}
if (serverBuild) {
  try {
    scripts = await renderScripts(serverBuild);
  } catch (error) {
    faults.push(`<Scripts> does not render with the server build's manifest: ${(error as Error).message}`);
  }
}
faults.push(
  ...buildFaults({
    clientFacts: facts("client"),
    serverFacts: facts("server"),
    serverManifest: serverBuild?.assets,
    clientManifest: serverBuild ? readClientManifest(serverBuild.assets.url) : undefined,
    clientFiles: servedFiles(clientDirectory),
    scripts,
  }),
  ...expectationFaults([...DOOR_EXPECTATIONS, ...BUILD_DOOR_EXPECTATIONS], nodeAccess()),
);

if (faults.length) {
  console.error(
    `\n[build] check FAILED, ${faults.length} fault(s) (docs/decisions/0078-internals-behind-one-door.md):`,
  );
  for (const fault of faults) console.error(`  ✗ ${fault}`);
  process.exit(1);
}
const preloads = scripts ? scripts.raw.match(/rel="modulepreload"/g)?.length : 0;
console.info(
  `[build] check passed: shell and vendor preloaded, ${Object.keys(facts("client")?.entryMatches ?? {}).length} ` +
    `chunk predicates matched, Leaflet as ${facts("server")?.leafletStylesheets.join(", ")} in both builds, ` +
    `${preloads} <Scripts> preloads of ${scripts?.routeIds.at(-1)} made inert, ` +
    `${DOOR_EXPECTATIONS.length + BUILD_DOOR_EXPECTATIONS.length} door expectations met ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
