/**
 * One value per process for a name, created on first use. The Express server
 * (tsx) and the Remix server bundle both import `app/.server` modules; keeping
 * shared resources (the database, the sync job, the caches) in one store on
 * `globalThis` makes them one instance, which PGlite requires (one process may
 * open its folder once).
 *
 * Tests replace or forget values with {@link setSingleton} and
 * {@link resetSingletons}; nothing else touches the store.
 */

/** The process-wide store, shared by every copy of this module. */
function store(): Map<string, unknown> {
  const global = globalThis as unknown as { __singletons?: Map<string, unknown> };
  global.__singletons ??= new Map();
  return global.__singletons;
}

/** The value for `name`, created with `create()` on first use and kept for the process. */
export function singleton<T>(name: string, create: () => T): T {
  const values = store();
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/**
 * Sets the value for `name` (tests: a stub or a fresh instance); the next
 * `singleton(name, …)` returns it instead of creating one.
 */
export function setSingleton<T>(name: string, value: T): void {
  store().set(name, value);
}

/**
 * Forgets the values for `names` (all of them when omitted), so the next
 * `singleton()` call creates them again (tests). Nothing is closed or
 * stopped: callers release resources first.
 */
export function resetSingletons(names?: readonly string[]): void {
  const values = store();
  if (!names) values.clear();
  else for (const name of names) values.delete(name);
}
