/**
 * Remix options, above all the route table. It mirrors the spec's route table
 * (docs/spec.txt §2) line by line; every route module is loaded on demand (Remix splits
 * each route into its own chunk). Layouts: default, about, admin, empty.
 *
 * Routes whose pages belong to later issues join this table with their issue
 * (/lgpd). /sobre and /membro/{id} (layout about), /admin/membros[/{id}[/envio]],
 * /arquivos/{key} and /api/members… arrived with issue 6 (ADR 0019). Under /admin (ADR 0017): /admin/leads,
 * /admin/redirecionamentos, /admin/aparencia and the CSV resource
 * /admin/leads/exportar.csv.
 *
 * Beyond the spec's table: /condominios (the condominium index, ADR 0008),
 * the JSON resource routes /mapa/pontos and /busca/sugestoes, and the broker
 * area of issue 5 (/painel, /painel/imovel/{codigo}[/dados], the sign-out post
 * /login-corretores/sair, and the JSON API /api/auth/token/check, /api/roles).
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
        route("obrigado", "routes/thank-you.tsx", { id: "routes/thank-you" });
        route("obrigado-whatsapp", "routes/thank-you-whatsapp.tsx", { id: "routes/thank-you-whatsapp" });
        // Broker area (agent middleware).
        route("painel", "routes/panel.tsx", { id: "routes/panel" });
        route("painel/imovel/:codigo", "routes/panel-listing.tsx", { id: "routes/panel-listing" });
        // Any other path: 404 "Page Not Found: {path}" (docs/spec.txt §2).
        route("*", "routes/not-found.tsx", { id: "routes/not-found" });
      });
      // Layout "about": /sobre and /membro/{id} (admin issue).
      route(undefined, "layouts/about.tsx", { id: "layouts/about" }, () => {
        route("sobre", "routes/about.tsx", { id: "routes/about" });
        route("membro/:id", "routes/member.tsx", { id: "routes/member" });
      });
      // Layout "admin": /admin, behind the admin middleware (admin issue).
      route(undefined, "layouts/admin.tsx", { id: "layouts/admin" }, () => {
        route("admin", "routes/admin.tsx", { id: "routes/admin" });
        route("admin/leads", "routes/admin-leads.tsx", { id: "routes/admin-leads" });
        route("admin/redirecionamentos", "routes/admin-redirects.tsx", { id: "routes/admin-redirects" });
        route("admin/aparencia", "routes/admin-appearance.tsx", { id: "routes/admin-appearance" });
        route("admin/usuarios", "routes/admin-users.tsx", { id: "routes/admin-users" });
        route("admin/papeis", "routes/admin-roles.tsx", { id: "routes/admin-roles" });
        route("admin/membros", "routes/admin-members.tsx", { id: "routes/admin-members" });
        route("admin/membros/:id", "routes/admin-member.tsx", { id: "routes/admin-member" });
        route("admin/acessos", "routes/admin-owner-access.tsx", { id: "routes/admin-owner-access" });
      });
      // Layout "empty": /login-corretores and its password reset (auth issue).
      route(undefined, "layouts/empty.tsx", { id: "layouts/empty" }, () => {
        route("login-corretores", "routes/login.tsx", { id: "routes/login" });
        route("login-corretores/reset-de-senha", "routes/password-reset.tsx", { id: "routes/password-reset" });
      });

      // Resource routes (no layout).
      route("health/server", "routes/health.ts", { id: "routes/health" });
      route("builds/latest.json", "routes/build-latest.ts", { id: "routes/build-latest" });
      route("imagens", "routes/image.ts", { id: "routes/image" });
      route("mapa/pontos", "routes/map-points.ts", { id: "routes/map-points" });
      route("busca/sugestoes", "routes/suggestions.ts", { id: "routes/suggestions" });
      route("sitemap.xml", "routes/sitemap.ts", { id: "routes/sitemap" });
      route("robots.txt", "routes/robots.ts", { id: "routes/robots" });
      route("login-corretores/sair", "routes/logout.ts", { id: "routes/logout" });
      route("painel/imovel/:codigo/dados", "routes/panel-listing-data.ts", { id: "routes/panel-listing-data" });
      route("api/auth/token/check", "routes/api-token-check.ts", { id: "routes/api-token-check" });
      route("api/roles", "routes/api-roles.ts", { id: "routes/api-roles" });
      // JSON API of issue 6 item 8 (ADR 0018); /api/members… join with the members part.
      route("api/auth", "routes/api-auth.ts", { id: "routes/api-auth" });
      route("api/auth/users", "routes/api-auth-users.ts", { id: "routes/api-auth-users" });
      route("api/auth/user/:id", "routes/api-auth-user.ts", { id: "routes/api-auth-user" });
      route("api/auth/user/:id/promote", "routes/api-auth-user-promote.ts", { id: "routes/api-auth-user-promote" });
      route("api/auth/session", "routes/api-auth-session.ts", { id: "routes/api-auth-session" });
      route("api/auth/reset-password", "routes/api-reset-password.ts", { id: "routes/api-reset-password" });
      route("api/auth/reset-password/:token", "routes/api-reset-password-token.ts", {
        id: "routes/api-reset-password-token",
      });
      route("api/email/sell-property", "routes/api-email-sell-property.ts", { id: "routes/api-email-sell-property" });
      route("api/email/more-information", "routes/api-email-more-information.ts", {
        id: "routes/api-email-more-information",
      });
      route("api/openapi.json", "routes/api-openapi.ts", { id: "routes/api-openapi" });
      // Members API (ADR 0019).
      route("api/members", "routes/api-members.ts", { id: "routes/api-members" });
      route("api/members/:id", "routes/api-member.ts", { id: "routes/api-member" });
      route("api/members/:id/promote", "routes/api-member-promote.ts", { id: "routes/api-member-promote" });
      route("api/members/:id/reactivate", "routes/api-member-reactivate.ts", { id: "routes/api-member-reactivate" });
      route("api/members/:id/uploads/file", "routes/api-member-upload.ts", { id: "routes/api-member-upload" });
      route("admin/leads/exportar.csv", "routes/admin-leads-csv.ts", { id: "routes/admin-leads-csv" });
      route("admin/membros/:id/envio", "routes/admin-member-upload.ts", { id: "routes/admin-member-upload" });
      route("arquivos/*", "routes/stored-file.ts", { id: "routes/stored-file" });
    });
  },
};
