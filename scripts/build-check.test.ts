import { describe, expect, it } from "vitest";
import type { ExpectedModule } from "../app/lib/framework-internals";
import {
  type AssetsManifest,
  type BuildCheckInput,
  buildFaults,
  expectationFaults,
  type PackageAccess,
} from "./build-check";
import type { BuildFacts } from "./build-facts";

const manifest: AssetsManifest = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/vendor-1.js", "/assets/shell-1.js"], css: [] },
  routes: {
    root: { id: "root", module: "/assets/root-1.js", imports: ["/assets/shell-1.js"], css: ["/assets/shell-1.css"] },
    "routes/home": {
      id: "routes/home",
      parentId: "root",
      module: "/assets/home-1.js",
      imports: ["/assets/shell-1.js", "/assets/cards-1.js"],
      css: ["/assets/home-1.css"],
    },
  },
  url: "/assets/manifest-1.js",
  version: "1",
};

const clientFacts: BuildFacts = {
  build: "client",
  entryMatches: { root: ["/app/root.tsx?route"], home: ["/app/routes/home.tsx?route"] },
  chunks: [
    { name: "vendor", fileName: "assets/vendor-1.js" },
    { name: "shell", fileName: "assets/shell-1.js" },
    { name: "home", fileName: "assets/home-1.js" },
  ],
  leafletStylesheets: ["assets/leaflet-1.css"],
};
const serverFacts: BuildFacts = {
  build: "server",
  entryMatches: {},
  chunks: [],
  leafletStylesheets: ["assets/leaflet-1.css"],
};

/** `<Scripts>` for the home page as Remix writes it, with `preloads`. */
function scriptsHtml(preloads: string[], rel = "modulepreload", type = 'type="module" async=""'): string {
  return (
    preloads.map((href) => `<link rel="${rel}" href="${href}"/>`).join("") +
    `<script nonce="n">window.__remixContext = {};</script><script nonce="n" ${type}>import "/assets/entry.client-1.js";</script>`
  );
}
const homePreloads = [
  "/assets/entry.client-1.js",
  "/assets/vendor-1.js",
  "/assets/shell-1.js",
  "/assets/root-1.js",
  "/assets/home-1.js",
  "/assets/cards-1.js",
];
const INERT_REL = "x-modulepreload-after-paint";
const INERT_TYPE = "text/x-module-after-paint";

/** A build that passes, with `change` applied. */
function build(change: Partial<BuildCheckInput> = {}): BuildCheckInput {
  return {
    clientFacts,
    serverFacts,
    serverManifest: manifest,
    clientManifest: structuredClone(manifest),
    clientFiles: new Set([
      ...homePreloads,
      "/assets/manifest-1.js",
      "/assets/shell-1.css",
      "/assets/home-1.css",
      "/assets/leaflet-1.css",
    ]),
    scripts: {
      routeIds: ["root", "routes/home"],
      raw: scriptsHtml(homePreloads),
      inert: scriptsHtml(homePreloads, INERT_REL, `type="${INERT_TYPE}"`),
      inertPreloadRel: INERT_REL,
      inertModuleType: INERT_TYPE,
    },
    ...change,
  };
}

describe("buildFaults", () => {
  it("passes a build whose chunks, predicates, Leaflet names, manifests and scripts agree", () => {
    expect(buildFaults(build())).toEqual([]);
  });

  it("fails without the shell or vendor chunk", () => {
    const facts = { ...clientFacts, chunks: clientFacts.chunks.filter((chunk) => chunk.name !== "shell") };
    expect(buildFaults(build({ clientFacts: facts }))).toEqual([expect.stringContaining('no "shell" chunk')]);
  });

  it("fails when the first page load does not preload the vendor chunk", () => {
    const serverManifest = { ...manifest, entry: { ...manifest.entry, imports: ["/assets/shell-1.js"] } };
    expect(buildFaults(build({ serverManifest, clientManifest: serverManifest }))).toContainEqual(
      expect.stringContaining('"vendor" chunk (/assets/vendor-1.js) is not among the browser entry\'s imports'),
    );
  });

  it("fails when a page type's chunk predicate matches no module", () => {
    const facts = { ...clientFacts, entryMatches: { ...clientFacts.entryMatches, map: [] } };
    expect(buildFaults(build({ clientFacts: facts }))).toEqual([
      'the chunk predicate "map" in vite.config.ts matches no module of the browser build',
    ]);
  });

  it("fails when the builds name Leaflet's stylesheet differently", () => {
    const server = { ...serverFacts, leafletStylesheets: ["assets/map-2.css"] };
    expect(buildFaults(build({ serverFacts: server }))).toEqual([
      expect.stringContaining(
        "links Leaflet's stylesheet as /assets/map-2.css, the browser build wrote /assets/leaflet-1.css",
      ),
    ]);
    expect(buildFaults(build({ clientFacts: { ...clientFacts, leafletStylesheets: [] } }))).toEqual([
      "the browser build wrote no Leaflet stylesheet",
    ]);
  });

  it("fails when a first-paint file of the server manifest is not in the browser build", () => {
    const clientFiles = new Set([...build().clientFiles].filter((file) => file !== "/assets/shell-1.css"));
    expect(buildFaults(build({ clientFiles }))).toEqual([expect.stringContaining("/assets/shell-1.css")]);
  });

  it("fails when the browser manifest differs from the server's", () => {
    const clientManifest = structuredClone(manifest);
    clientManifest.routes["routes/home"]!.imports = ["/assets/shell-1.js"];
    expect(buildFaults(build({ clientManifest }))).toEqual([
      "the browser and server manifests differ on route routes/home",
    ]);
    expect(buildFaults(build({ clientManifest: undefined }))).toEqual([
      "the browser manifest (/assets/manifest-1.js) could not be read",
    ]);
  });

  it("fails when <Scripts> misses a preload of the page", () => {
    const preloads = homePreloads.filter((file) => file !== "/assets/cards-1.js");
    const scripts = {
      ...build().scripts!,
      raw: scriptsHtml(preloads),
      inert: scriptsHtml(preloads, INERT_REL, `type="${INERT_TYPE}"`),
    };
    expect(buildFaults(build({ scripts }))).toEqual([
      "<Scripts> does not preload /assets/cards-1.js (first paint of routes/home)",
    ]);
  });

  it("fails when the rewrite leaves the preloads or the module script live (Remix's markup changed)", () => {
    const raw = scriptsHtml(homePreloads);
    const faults = buildFaults(build({ scripts: { ...build().scripts!, inert: raw } }));
    expect(faults).toContainEqual(expect.stringContaining("left 6 modulepreload link(s) live"));
    expect(faults).toContainEqual(expect.stringContaining("left its module script live"));
    const halfway = scriptsHtml(homePreloads, INERT_REL);
    expect(buildFaults(build({ scripts: { ...build().scripts!, inert: halfway } }))).toEqual([
      expect.stringContaining("left its module script live"),
    ]);
    // A marker that matched only the start of the attributes leaves a malformed tag.
    const halfMatched = scriptsHtml(homePreloads, INERT_REL, `type="${INERT_TYPE}"=""`);
    expect(buildFaults(build({ scripts: { ...build().scripts!, inert: halfMatched } }))).toEqual([
      expect.stringContaining("left its module script live or malformed"),
    ]);
  });

  it("fails when the facts are an older build's (a chunk they name is not in the browser build)", () => {
    const facts = { ...clientFacts, chunks: [...clientFacts.chunks, { name: "old", fileName: "assets/old-0.js" }] };
    expect(buildFaults(build({ clientFacts: facts }))).toEqual([
      expect.stringContaining("build/check/client.json does not describe this build (no /assets/old-0.js)"),
    ]);
  });

  it("fails loudly when an input is missing", () => {
    const faults = buildFaults(build({ clientFacts: undefined, serverManifest: undefined, scripts: undefined }));
    expect(faults).toEqual([
      expect.stringContaining("build facts (build/check/*.json) are missing"),
      expect.stringContaining("server build's manifest"),
    ]);
    expect(buildFaults(build({ scripts: undefined }))).toEqual([expect.stringContaining("could not be rendered")]);
  });
});

describe("expectationFaults", () => {
  /** A fake node_modules: module id → file, file → exports, package roots and files. */
  function access(
    overrides: Record<string, Record<string, unknown>> = {},
    files: Record<string, string> = {},
    resolutions: Record<string, string> = {},
  ) {
    const resolved: Record<string, string> = {
      router: "/nm/router/main.js",
      remix: "/nm/remix/index.js",
      "remix>router": "/nm/router/main.js",
      "server>./state.js": "/nm/tools/lib/state.js",
      server: "/nm/tools/lib/server.js",
      ...resolutions,
    };
    const exports: Record<string, Record<string, unknown>> = {
      "/nm/router/main.js": { UNSAFE_RouteContext: {} },
      "/nm/tools/lib/state.js": { AgentProjectState: class {} },
      ...overrides,
    };
    const fake: PackageAccess = {
      resolve(module, fromFile) {
        const from = Object.entries(resolved).find(([, file]) => file === fromFile)?.[0];
        const file = resolved[from ? `${from}>${module}` : module];
        if (!file) throw new Error(`Cannot find module '${module}'`);
        return file;
      },
      load: (file) => exports[file] ?? {},
      packageOf: (file) => ({
        root: file.split("/").slice(0, 3).join("/"),
        version: file.includes("router") ? "6.30.6" : "2.17.5",
      }),
      read: (file) => files[file],
    };
    return fake;
  }
  const router: ExpectedModule = {
    module: "router",
    exports: ["UNSAFE_RouteContext"],
    major: { packageName: "router", version: 6 },
    sameInstanceAs: { module: "router", from: "remix" },
  };

  it("passes when every export, version, text and instance is as expected", () => {
    const expectations: ExpectedModule[] = [
      router,
      { module: "server", sourceContains: { file: "lib/options.js", text: "lazy" } },
      { module: "./state.js", resolvedFrom: "server", exports: ["AgentProjectState"] },
    ];
    expect(expectationFaults(expectations, access({}, { "/nm/tools/lib/options.js": "lazyCompile" }))).toEqual([]);
  });

  it("fails when a module no longer exports what the door expects", () => {
    expect(expectationFaults([router], access({ "/nm/router/main.js": { RouteContext: {} } }))).toEqual([
      "router (what the door imports) no longer exports UNSAFE_RouteContext",
    ]);
  });

  it("fails on another major version, a missing text, a second copy or a module that does not resolve", () => {
    expect(expectationFaults([{ ...router, major: { packageName: "router", version: 7 } }], access())).toEqual([
      expect.stringContaining("router is 6.30.6; the door was written for major 7"),
    ]);
    expect(
      expectationFaults([{ module: "server", sourceContains: { file: "lib/options.js", text: "lazy" } }], access()),
    ).toEqual([expect.stringContaining("lib/options.js is gone")]);
    expect(expectationFaults([router], access({}, {}, { "remix>router": "/nm/remix/nm/router/main.js" }))).toEqual([
      expect.stringContaining("is a second copy: remix loads /nm/remix/nm/router/main.js"),
    ]);
    expect(expectationFaults([{ ...router, sameInstanceAs: { module: "router", from: "server" } }], access())).toEqual([
      expect.stringContaining("router as server loads it does not resolve"),
    ]);
    expect(expectationFaults([{ module: "./state.js", resolvedFrom: "server" }], access())).toEqual([
      expect.stringContaining("does not resolve: server did not resolve"),
    ]);
    expect(expectationFaults([{ module: "gone", exports: ["x"] }], access())).toEqual([
      "gone (what the door imports) does not resolve: Cannot find module 'gone'",
    ]);
  });
});
