/**
 * A Vite plugin that writes down, for the build check (scripts/check-build.ts,
 * docs/decisions/0078-internals-behind-one-door.md), what only the bundler
 * knows: which build entries each of vite.config.ts' chunk predicates matched,
 * which chunks the build wrote, and the file name it gave Leaflet's stylesheet.
 * One JSON file per build (`client` and `server`) under {@link BUILD_FACTS_DIRECTORY}.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { LEAFLET_STYLESHEET } from "./framework-internals";

/** Where the facts are written, from the project root: beside the builds, not among the files the server serves. */
export const BUILD_FACTS_DIRECTORY = "build/check";

/** What one build wrote down (`<BUILD_FACTS_DIRECTORY>/<build>.json`). */
export interface BuildFacts {
  /** Which build: the browser's or the server's. */
  build: "client" | "server";
  /** For each named predicate of vite.config.ts, the ids of the build entries it accepts (none: it matches nothing). */
  entryMatches: Record<string, string[]>;
  /** The chunks written: name (`vendor`, `shell`, a route's…) and file (`assets/…`). */
  chunks: { name: string; fileName: string }[];
  /** The files (`assets/…`) written for Leaflet's stylesheet. */
  leafletStylesheets: string[];
}

/**
 * The plugin.
 * @param build which build this configuration makes.
 * @param predicates the entry predicates to report on, by name (vite.config.ts' page types).
 */
export function buildFacts(
  build: BuildFacts["build"],
  predicates: Record<string, (entryId: string) => boolean>,
): Plugin {
  let root = process.cwd();
  return {
    name: "imobiliaria:build-facts",
    apply: "build",
    // After Vite's own plugins have dropped the chunks that held only CSS: the bundle as written.
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    writeBundle(_options, bundle) {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const facts: BuildFacts = {
        build,
        entryMatches: Object.fromEntries(
          Object.entries(predicates).map(([name, accepts]) => [name, entries.filter((id) => accepts(id))]),
        ),
        chunks: Object.values(bundle).flatMap((output) =>
          output.type === "chunk" ? [{ name: output.name, fileName: output.fileName }] : [],
        ),
        leafletStylesheets: Object.values(bundle).flatMap((output) =>
          output.type === "asset" && isLeafletStylesheet(output) ? [output.fileName] : [],
        ),
      };
      const directory = path.resolve(root, BUILD_FACTS_DIRECTORY);
      fs.mkdirSync(directory, { recursive: true });
      fs.writeFileSync(path.join(directory, `${build}.json`), `${JSON.stringify(facts, null, 2)}\n`);
    },
  };
}

/** Whether an emitted asset is Leaflet's stylesheet: by its source file, whatever name the build gave it. */
function isLeafletStylesheet(asset: { names: readonly string[]; originalFileNames: readonly string[] }): boolean {
  return (
    asset.names.includes(LEAFLET_STYLESHEET) ||
    asset.originalFileNames.some((file) => file.endsWith(`leaflet/dist/${LEAFLET_STYLESHEET}`))
  );
}
