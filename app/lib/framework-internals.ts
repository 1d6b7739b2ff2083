/**
 * The one door to framework internals at run time (browser, server render and
 * Node server): every use of an API a framework or tool does not document as
 * public goes through this module, and nothing else imports `UNSAFE_*` names
 * or reads `window.__remixContext` (the ESLint rule `no-restricted-imports` /
 * `no-restricted-syntax` in eslint.config.js keeps it so;
 * docs/decisions/0078-internals-behind-one-door.md).
 *
 * Each entry says why no supported API does its job and what breaks, and how,
 * when the internal changes. {@link DOOR_EXPECTATIONS} lists what this module
 * expects of each package it reaches into; `npm run build` checks it against
 * the installed packages (scripts/check-build.ts) and fails when a package no
 * longer has it, so an upgrade breaks the build instead of the site.
 *
 * The build's own internals (the Remix plugin's module ids) have their door in
 * scripts/framework-internals.ts.
 */
import type { LinkDescriptor } from "@remix-run/node";
import { UNSAFE_RemixContext } from "@remix-run/react";
import { type ContextType, createElement, type ReactNode, useContext, useMemo } from "react";
import { UNSAFE_DataRouterStateContext, UNSAFE_RouteContext } from "react-router-dom";

// ---------------------------------------------------------------------------
// 1. The router's contexts, re-provided around an island (app/components/island.tsx).
//
// Why: React holds a transition that changes a context above a Suspense
// boundary still showing server HTML until the boundary hydrates, and React 18
// renders every pending transition together. Every update of the router's
// state is such a transition, even one that changes nothing the island shows
// (Remix adding the routes it discovered), so each would make the page's later
// transitions (the map's markers) wait for the island's code. An island
// re-provides the router's state and route contexts with the values of its
// first render until it has hydrated; navigations and fetchers still wake it
// (island.tsx; docs/decisions/0051). React Router exports no way to provide
// its contexts but the contexts themselves.
// What breaks if they change: renamed or gone, the build or its check fails.
// If React Router adds another context that changes with each navigation, or
// reads these through another one, nothing fails: the page's transitions
// silently wait for the islands' code again.
// ---------------------------------------------------------------------------

/** The router's context values that change with each update of its state. */
export type RouterContextValues = {
  state: ContextType<typeof UNSAFE_DataRouterStateContext>;
  route: ContextType<typeof UNSAFE_RouteContext>;
};

/** The router's state and the current route's context, as the calling component sees them (same object while both are the same). */
export function useRouterContextValues(): RouterContextValues {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const route = useContext(UNSAFE_RouteContext);
  return useMemo(() => ({ state, route }), [state, route]);
}

/**
 * Provides `value` (router state and route context) anew to `children`: a
 * provider of the same context stops React's search for the context's readers
 * below it, so an update above that changes the router's state reaches
 * `children` only through `value`.
 */
export function RouterContextShield({ value, children }: { value: RouterContextValues; children: ReactNode }) {
  return createElement(
    UNSAFE_DataRouterStateContext.Provider,
    { value: value.state },
    createElement(UNSAFE_RouteContext.Provider, { value: value.route }, children),
  );
}

// ---------------------------------------------------------------------------
// 2. What Remix's `<Links>` reads, for the document's links with inline
// stylesheets (app/components/document-links.tsx, docs/decisions/0045).
//
// Why: `<Links>` renders each stylesheet as a `<link>`; writing the first
// load's stylesheets inline needs the same list in the same order, which Remix
// computes from its build manifest and route modules (`UNSAFE_RemixContext`)
// and the router's matches and errors (`UNSAFE_DataRouterStateContext`). The
// supported `useMatches()` gives the matches but neither the errors (where an
// error boundary cuts the list) nor the manifest's CSS or the `links()`.
// What breaks if they change: a context gone fails the build or its check. A field renamed (`manifest.routes[id].css`, `routeModules`,
// `matches`, `errors`) leaves the document without its stylesheets: every
// page unstyled, which the end-to-end tests see.
// ---------------------------------------------------------------------------

/** The link sources of the current document: the active route ids, the build manifest's routes and the route modules. */
export interface DocumentLinkSources {
  /** Ids of the matched routes, up to the one whose error boundary shows (as Remix's `<Links>` does). */
  routeIds: string[];
  /** The build manifest's routes (their `css`). */
  manifestRoutes: Record<string, { css?: string[] } | undefined>;
  /** The loaded route modules (their `links()`). */
  routeModules: Record<string, { links?: () => LinkDescriptor[] } | undefined>;
}

/**
 * The sources of the document's links, as Remix's `<Links>` reads them.
 * @throws {Error} outside a Remix app (no Remix or router context).
 */
export function useDocumentLinkSources(): DocumentLinkSources {
  const remix = useContext(UNSAFE_RemixContext);
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  if (!remix || !routerState) throw new Error("DocumentLinks must be rendered inside Remix");
  const { matches, errors } = routerState;
  const routeIds = useMemo(() => {
    const errorIndex = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
    const active = errorIndex >= 0 ? matches.slice(0, errorIndex + 1) : matches;
    return active.map((match) => match.route.id);
  }, [matches, errors]);
  return { routeIds, manifestRoutes: remix.manifest.routes, routeModules: remix.routeModules };
}

// ---------------------------------------------------------------------------
// 3. The bytes of `<Scripts>`' output (app/.server/inert-module-script.ts,
// docs/decisions/0049).
//
// Why: the server makes `<Scripts>`' module preloads and module script inert
// until the first paint. Remix has no option to render them so, and writing
// our own `<Scripts>` would need far more of its internals (the manifest
// patching, the hydration script); so the server's output stream is rewritten
// where `<Scripts>` begins and where its module script's attributes are, as
// React writes them.
// What breaks if they change: nothing fails and nothing shows. The stream
// passes unchanged and the scripts load before the first paint again (the
// blocking time of ADR 0049 comes back). The build check renders `<Scripts>`
// with the built manifest, rewrites it and fails when any preload or the module
// script is left live.
// ---------------------------------------------------------------------------

/** How `<Scripts>`' module preload links begin, as React writes them (before any nonce). */
export const SCRIPTS_MODULE_PRELOAD_START = '<link rel="modulepreload" href="';

/** How React writes the attributes of `<Scripts>`' module script after its `nonce` (`type="module" async`). */
export const SCRIPTS_MODULE_SCRIPT_ATTRIBUTES = ' type="module" async=""';

// ---------------------------------------------------------------------------
// 4. The Firebase Auth emulator's app inside firebase-tools
// (server/auth-emulator.ts, docs/decisions/0016).
//
// Why: the embedded default and the tests run the emulator's own Express app
// in this process: no Java, no `firebase emulators:start`, an ephemeral port.
// firebase-tools publishes only its CLI, so the app factory, its project
// state class and the "single project" mode value are its internal modules.
// Its request validator (exegesis) compiles every JSON schema up front; the
// wrapper below asks it to compile each on first use
// (`lazyCompileValidationSchemas`, a documented exegesis option), which keeps
// the emulator's start short (ADR 0016).
// What breaks if they change: a module moved or an export renamed makes the
// emulator fail to start (the server's start and the tests fail; the build
// check fails first). If exegesis drops the option, the start is slow again,
// silently: the build check looks for the option in exegesis.
// ---------------------------------------------------------------------------

/** The emulator's app factory inside firebase-tools, as a module id. */
export const AUTH_EMULATOR_SERVER_MODULE = "firebase-tools/lib/emulator/auth/server.js";

/** The emulator's project state module, relative to {@link AUTH_EMULATOR_SERVER_MODULE}. */
const AUTH_EMULATOR_STATE_MODULE = "./state.js";

/** `SingleProjectMode.NO_WARNING` of the emulator: requests for other project ids are served silently. */
export const AUTH_EMULATOR_SINGLE_PROJECT_NO_WARNING = 0;

/** What the embedded Auth emulator takes from firebase-tools. `State` is its `AgentProjectState`; `Handler` its request listener. */
export interface AuthEmulatorInternals<State, Handler> {
  createApp: (projectId: string, singleProjectMode: number, projectStateForId: Map<string, State>) => Promise<Handler>;
  AgentProjectState: new (projectId: string) => State;
}

/** The part of exegesis-express this module changes. */
type ExegesisExpress = {
  middleware: (spec: unknown, options: Record<string, unknown>) => Promise<unknown>;
  __lazyPatched?: boolean;
};

/**
 * Loads the emulator's app factory and project state class, with its request
 * validator compiling schemas on first use (the emulator's own instance of
 * exegesis-express is wrapped, once per process).
 * @param createRequire Node's `module.createRequire` (passed in: this module is also bundled for the browser).
 * @param from the caller's `import.meta.url`, where firebase-tools is resolved from.
 * @throws {Error} code MODULE_NOT_FOUND when firebase-tools is not installed.
 */
export function loadAuthEmulatorInternals<State, Handler>(
  createRequire: (from: string) => NodeJS.Require,
  from: string,
): AuthEmulatorInternals<State, Handler> {
  const serverPath = createRequire(from).resolve(AUTH_EMULATOR_SERVER_MODULE);
  const fromEmulator = createRequire(serverPath);
  // Same module instance as the emulator's own `require("exegesis-express")`.
  const exegesisExpress = fromEmulator("exegesis-express") as ExegesisExpress;
  if (!exegesisExpress.__lazyPatched) {
    const original = exegesisExpress.middleware;
    exegesisExpress.middleware = (spec, options) => original(spec, { ...options, lazyCompileValidationSchemas: true });
    exegesisExpress.__lazyPatched = true;
  }
  const server = fromEmulator(serverPath) as Pick<AuthEmulatorInternals<State, Handler>, "createApp">;
  const state = fromEmulator(AUTH_EMULATOR_STATE_MODULE) as Pick<
    AuthEmulatorInternals<State, Handler>,
    "AgentProjectState"
  >;
  return { createApp: server.createApp, AgentProjectState: state.AgentProjectState };
}

// ---------------------------------------------------------------------------
// What the build check verifies of the packages above.
// ---------------------------------------------------------------------------

/** One package module this door reaches into, and what it expects of it. */
export interface ExpectedModule {
  /** Module id, resolved from the project root, or from {@link ExpectedModule.resolvedFrom}'s file. */
  module: string;
  /** Another expected module's id whose file resolves this one (a dependency of a dependency). */
  resolvedFrom?: string;
  /** Names the module must export (as `require` sees them), with a value that is not undefined. */
  exports?: string[];
  /** The package's major version this door was written against (`<package>/package.json`). */
  major?: { packageName: string; version: number };
  /** Text some file of the package must contain: a package-relative path and the text (an option's name). */
  sourceContains?: { file: string; text: string };
  /** Another module id that must resolve to the same file (one instance, so one set of contexts). */
  sameInstanceAs?: { module: string; from: string };
}

/** What this door expects of each package it reaches into (checked by `npm run build`). */
export const DOOR_EXPECTATIONS: readonly ExpectedModule[] = [
  {
    module: "react-router-dom",
    exports: ["UNSAFE_DataRouterStateContext", "UNSAFE_RouteContext"],
    major: { packageName: "react-router-dom", version: 6 },
    // The contexts must be the ones Remix's router provides: one copy of react-router-dom.
    sameInstanceAs: { module: "react-router-dom", from: "@remix-run/react" },
  },
  {
    module: "@remix-run/react",
    exports: ["UNSAFE_RemixContext", "Scripts", "RemixServer"],
    major: { packageName: "@remix-run/react", version: 2 },
  },
  { module: AUTH_EMULATOR_SERVER_MODULE, exports: ["createApp"] },
  {
    module: AUTH_EMULATOR_STATE_MODULE,
    resolvedFrom: AUTH_EMULATOR_SERVER_MODULE,
    exports: ["AgentProjectState"],
  },
  { module: "exegesis-express", resolvedFrom: AUTH_EMULATOR_SERVER_MODULE, exports: ["middleware"] },
  {
    module: "exegesis",
    resolvedFrom: "exegesis-express",
    sourceContains: { file: "lib/options.js", text: "lazyCompileValidationSchemas" },
  },
];
