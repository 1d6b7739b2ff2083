/**
 * Remix options, above all the route table. It mirrors the spec's route table
 * (spec §2) line by line; every route module is loaded on demand (Remix splits
 * each route into its own chunk). Layouts: default, about, admin, empty.
 *
 * Routes whose pages belong to later issues join this table with their issue
 * (/lgpd, /admin, /sobre, /obrigado, /membro/{id}, /login-corretores,
 * /login-corretores/reset-de-senha, /obrigado-whatsapp).
 *
 * Beyond the spec's table: /condominios (the condominium index, ADR 0008) and
 * the JSON resource routes /mapa/pontos and /busca/sugestoes.
 *
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      // Layout "default": the public site.
      route(undefined, "layouts/default.tsx", { id: "layouts/default" }, () => {
        route(undefined, "routes/home.tsx", { index: true, id: "routes/home" });
        route("todos-os-imoveis", "routes/listings.tsx", { id: "routes/listings" });
        route("todos-os-imoveis/:filtros", "routes/listings.tsx", { id: "routes/listings-filtered" });
        route("mapa", "routes/map.tsx", { id: "routes/map" });
        route("busca", "routes/search.tsx", { id: "routes/search" });
        route("corretor/:filtro", "routes/broker.tsx", { id: "routes/broker" });
        route("condominios", "routes/condominiums.tsx", { id: "routes/condominiums" });
        route("detalhes/:condominio", "routes/condominium.tsx", { id: "routes/condominium" });
        route("detalhes/:condominio/:id", "routes/listing.tsx", { id: "routes/listing" });
        // Any other path: 404 "Page Not Found: {path}" (spec §2).
        route("*", "routes/not-found.tsx", { id: "routes/not-found" });
      });
      // Layout "about": /sobre and /membro/{id} (admin issue).
      route(undefined, "layouts/about.tsx", { id: "layouts/about" });
      // Layout "admin": /admin, behind the admin middleware (admin issue).
      route(undefined, "layouts/admin.tsx", { id: "layouts/admin" });
      // Layout "empty": /login-corretores and its password reset (auth issue).
      route(undefined, "layouts/empty.tsx", { id: "layouts/empty" });

      // Resource routes (no layout).
      route("health/server", "routes/health.ts", { id: "routes/health" });
      route("builds/latest.json", "routes/build-latest.ts", { id: "routes/build-latest" });
      route("imagens", "routes/image.ts", { id: "routes/image" });
      route("mapa/pontos", "routes/map-points.ts", { id: "routes/map-points" });
      route("busca/sugestoes", "routes/suggestions.ts", { id: "routes/suggestions" });
      route("sitemap.xml", "routes/sitemap.ts", { id: "routes/sitemap" });
      route("robots.txt", "routes/robots.ts", { id: "routes/robots" });
    });
  },
};
