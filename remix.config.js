/**
 * Remix options: the future flags on the way to React Router 7 (ADR 0079). The route
 * table is `app/routes.ts` (`v3_routeConfig`): no file under `app/routes/` is a route
 * by its name alone.
 *
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
    // Client data requests are `GET /path.data` (turbo-stream); see ADR 0079.
    v3_singleFetch: true,
  },
};
