/**
 * How the browser build groups the modules every page loads (ADR 0047).
 *
 * Remix makes the browser entry and each route module an entry of the Rollup
 * build, and Rollup puts every module in a chunk shared by exactly the
 * entries that import it. It does not know that the browser entry and the
 * root route load on every page, so the root's own imports were cut into
 * many small chunks, one per set of other routes that also import them: as
 * many requests more on every first load (ADR 0047 has the count), for code
 * every page runs anyway.
 *
 * `shellChunks` gives Rollup that knowledge: a module the browser entry or the
 * root route reaches through static imports goes to one of two chunks, `vendor`
 * (packages) and `shell` (the site's own code). No page loads a byte it did not
 * load before, since every page loads these modules, and a deploy that changes
 * only the site's code leaves `vendor` cached. Everything else is chunked by
 * Rollup as before, but for two kinds of the site's modules the catalogue's
 * page types share, which go to `shell` too (ADR 0051, ADR 0057): those every
 * page type reaches, and small ones most of them reach. A small file costs
 * each page that loads it about as much again in HTTP headers (ADR 0057), so
 * it costs less inside `shell`, even for the pages that do not
 * run it.
 */
import type { GetManualChunk, ManualChunkMeta } from "rollup";
import { CLIENT_ROUTE_QUERY } from "./framework-internals";

/** Name of the chunk of packages (`node_modules`) every page loads. */
export const VENDOR_CHUNK = "vendor";
/** Name of the chunk of the site's own modules every page loads. */
export const SHELL_CHUNK = "shell";

/**
 * The small shared modules that go to `shell`: the site's modules at least
 * `minPages` of the catalogue page types reach whose code (as Rollup holds
 * it, before minifying) has at most `maxCodeChars` characters, and whose own
 * imports are all in `shell`, `vendor` or this same set (else `shell` would
 * import, and so every page load, another chunk).
 */
export interface SmallSharedModules {
  minPages: number;
  maxCodeChars: number;
}

/**
 * Rollup's `manualChunks` for the browser build.
 *
 * @param isAlwaysLoaded whether a build entry's module id (the browser entry's
 *   file, or a route module's file followed by {@link CLIENT_ROUTE_QUERY}) is
 *   one every page loads: the browser entry and the root route.
 * @param catalogueRoutes one predicate per catalogue page type, each
 *   accepting that page's route entries (ids as for `isAlwaysLoaded`); a site
 *   module every one of them reaches also goes to `shell`.
 * @param smallShared which smaller set of those pages' modules also goes to
 *   `shell` ({@link SmallSharedModules}); none without it.
 * @returns the chunk name (`vendor` or `shell`) of a module those entries reach
 *   through static imports, `undefined` for any other module (Rollup decides).
 *   The entries themselves, and the route module behind a route entry, keep
 *   their own chunks, so Remix's manifest still finds each route's file.
 */
export function shellChunks(
  isAlwaysLoaded: (entryId: string) => boolean,
  catalogueRoutes: readonly ((entryId: string) => boolean)[] = [],
  smallShared?: SmallSharedModules,
): GetManualChunk {
  let alwaysLoaded: Set<string> | undefined;
  let perPage: Set<string>[] | undefined;
  let everyCataloguePage: Set<string> | undefined;
  let small: Set<string> | undefined;
  return (id, meta) => {
    alwaysLoaded ??= staticallyReached(meta, isAlwaysLoaded);
    if (alwaysLoaded.has(id)) return isPackageCode(id) ? VENDOR_CHUNK : SHELL_CHUNK;
    perPage ??= catalogueRoutes.map((isRoute) => staticallyReached(meta, isRoute));
    everyCataloguePage ??= reachedByEach(perPage);
    if (everyCataloguePage.has(id) && !isPackageCode(id)) return SHELL_CHUNK;
    small ??= smallShared
      ? smallSharedModules(meta, perPage, smallShared, new Set([...alwaysLoaded, ...everyCataloguePage]))
      : new Set();
    return small.has(id) ? SHELL_CHUNK : undefined;
  };
}

/**
 * The modules of {@link SmallSharedModules}, from what each catalogue page
 * type reaches (`perPage`); `loaded` holds what is already in `shell` or
 * `vendor`.
 */
function smallSharedModules(
  meta: ManualChunkMeta,
  perPage: readonly Set<string>[],
  { minPages, maxCodeChars }: SmallSharedModules,
  loaded: ReadonlySet<string>,
): Set<string> {
  const pages = new Map<string, number>();
  for (const reached of perPage) {
    for (const id of reached) pages.set(id, (pages.get(id) ?? 0) + 1);
  }
  const chosen = new Set(
    [...pages]
      .filter(([id, count]) => {
        const code = meta.getModuleInfo(id)?.code;
        return (
          count >= minPages && !loaded.has(id) && !isPackageCode(id) && code != null && code.length <= maxCodeChars
        );
      })
      .map(([id]) => id),
  );
  // Drop, until none is left, a module that imports something outside shell and vendor.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of chosen) {
      const imports = meta.getModuleInfo(id)?.importedIds ?? [];
      if (imports.every((imported) => loaded.has(imported) || chosen.has(imported))) continue;
      chosen.delete(id);
      changed = true;
    }
  }
  // A stylesheet goes with a module that imports it, never alone: `shell`'s styles are in every page, in its order.
  for (const id of chosen) {
    if (!/\.css(?:$|\?)/.test(id)) continue;
    const importers = meta.getModuleInfo(id)?.importers ?? [];
    if (!importers.some((importer) => chosen.has(importer))) chosen.delete(id);
  }
  return chosen;
}

/**
 * The modules in every one of `sets` (what each page type reaches through
 * static imports): empty without sets, or when a page type has no entry.
 */
function reachedByEach(sets: readonly Set<string>[]): Set<string> {
  if (!sets.length) return new Set();
  if (sets.some((set) => set.size === 0)) return new Set();
  const [first, ...rest] = sets;
  return new Set([...first!].filter((id) => rest.every((set) => set.has(id))));
}

/**
 * Whether a module is a package's or a build helper's: a file under
 * `node_modules`, or a virtual module (its id starts with NUL, Rollup's
 * convention), such as the CommonJS interop helpers that React's modules
 * import. Were those in `shell`, `vendor` and `shell` would import each other,
 * and React's code could run before the helper it needs.
 */
function isPackageCode(id: string): boolean {
  return id.startsWith("\0") || /[\\/]node_modules[\\/]/.test(id);
}

/**
 * The modules reached through static imports from the entries `isAlwaysLoaded`
 * accepts, without those entries and the route modules behind them.
 */
function staticallyReached(meta: ManualChunkMeta, isAlwaysLoaded: (entryId: string) => boolean): Set<string> {
  const entries = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry && isAlwaysLoaded(id));
  const own = new Set(entries.flatMap((id) => [id, id.replace(CLIENT_ROUTE_QUERY, "")]));
  const reached = new Set<string>();
  const queue = [...entries];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      if (reached.has(imported)) continue;
      reached.add(imported);
      queue.push(imported);
    }
  }
  for (const id of own) reached.delete(id);
  return reached;
}
