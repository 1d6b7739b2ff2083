/**
 * Returns one value per process for `name`, created on first use. The Express
 * server (tsx) and the Remix server bundle both import `app/.server` modules;
 * keeping shared resources (the database, the sync job) on `globalThis` makes
 * them one instance, which PGlite requires (one process may open its folder once).
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> };
  store.__singletons ??= new Map();
  if (!store.__singletons.has(name)) store.__singletons.set(name, create());
  return store.__singletons.get(name) as T;
}
