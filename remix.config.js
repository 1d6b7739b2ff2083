/**
 * Remix options, above all the route table. It mirrors the spec's route table
 * (docs/spec.txt §2) line by line; every route module is loaded on demand (Remix splits
 * each route into its own chunk). Layouts: default, about, admin, empty.
 *
 * The team pages /sobre and /membro/{id} (layout about), /admin/membros[/{id}[/envio]],
 * /arquivos/{key} and /api/members… follow ADR 0019. Under /admin (ADR 0017): /admin/leads,
 * /admin/redirecionamentos, /admin/aparencia and the CSV resource
 * /admin/leads/exportar.csv. The privacy page /lgpd and /admin/imobiliaria (the agency
 * profile) follow ADR 0028.
 *
 * Beyond the spec's table: /condominios (the condominium index, ADR 0008),
 * the JSON resource routes /mapa/pontos, /busca/sugestoes and /busca/contagem (ADR 0037), and the broker
 * area of ADR 0016 (/painel, /painel/imovel/{codigo}[/dados], the sign-out post
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
      /** A route whose id is its file without the extension (`children` declares its nested routes). */
      const at = (path, file, children) => route(path, file, { id: file.replace(/\.tsx?$/, "") }, children);
      // Layout "default": the public site.
      at(undefined, "layouts/default.tsx", () => {
        route(undefined, "routes/home.tsx", { index: true, id: "routes/home" });
        at("todos-os-imoveis", "routes/listings.tsx");
        route("todos-os-imoveis/:filtros", "routes/listings.tsx", { id: "routes/listings-filtered" });
        at("mapa", "routes/map.tsx");
        at("busca", "routes/search.tsx");
        at("corretor/:filtro", "routes/broker.tsx");
        at("condominios", "routes/condominiums.tsx");
        at("detalhes/:condominio", "routes/condominium.tsx");
        at("detalhes/:condominio/:id", "routes/listing.tsx");
        at("lgpd", "routes/lgpd.tsx");
        at("obrigado", "routes/thank-you.tsx");
        at("obrigado-whatsapp", "routes/thank-you-whatsapp.tsx");
        // Saved-search alerts by e-mail (ADR 0034).
        at("alertas", "routes/alerts.tsx");
        at("alertas/criar", "routes/alerts-create.tsx");
        at("alertas/confirmar", "routes/alerts-confirm.tsx");
        at("alertas/cancelar", "routes/alerts-unsubscribe.tsx");
        // Favourites and comparison, kept in the visitor's browser (ADR 0032).
        at("favoritos", "routes/favourites.tsx");
        at("comparar", "routes/compare.tsx");
        // Broker area (agent middleware).
        at("painel", "routes/panel.tsx");
        at("painel/imovel/:codigo", "routes/panel-listing.tsx");
        // Any other path: 404 "Page Not Found: {path}" (docs/spec.txt §2).
        at("*", "routes/not-found.tsx");
      });
      // Layout "about": /sobre and /membro/{id} (admin issue).
      at(undefined, "layouts/about.tsx", () => {
        at("sobre", "routes/about.tsx");
        at("membro/:id", "routes/member.tsx");
      });
      // Layout "admin": /admin, behind the admin middleware (admin issue).
      at(undefined, "layouts/admin.tsx", () => {
        at("admin", "routes/admin.tsx");
        at("admin/leads", "routes/admin-leads.tsx");
        at("admin/redirecionamentos", "routes/admin-redirects.tsx");
        at("admin/aparencia", "routes/admin-appearance.tsx");
        at("admin/imobiliaria", "routes/admin-agency.tsx");
        at("admin/financiamento", "routes/admin-financing.tsx");
        at("admin/usuarios", "routes/admin-users.tsx");
        at("admin/papeis", "routes/admin-roles.tsx");
        at("admin/membros", "routes/admin-members.tsx");
        at("admin/membros/:id", "routes/admin-member.tsx");
        at("admin/acessos", "routes/admin-owner-access.tsx");
        at("admin/estatisticas", "routes/admin-stats.tsx");
        at("admin/lgpd", "routes/admin-privacy.tsx");
      });
      // Layout "empty": /login-corretores and its password reset (auth issue).
      at(undefined, "layouts/empty.tsx", () => {
        at("login-corretores", "routes/login.tsx");
        at("login-corretores/reset-de-senha", "routes/password-reset.tsx");
        at("login-corretores/definir-senha", "routes/password-token.tsx");
      });

      // Resource routes (no layout).
      at("health/server", "routes/health.ts");
      at("builds/latest.json", "routes/build-latest.ts");
      at("imagens", "routes/image.ts");
      at("mapa/pontos", "routes/map-points.ts");
      at("busca/sugestoes", "routes/suggestions.ts");
      at("busca/contagem", "routes/listings-count.ts");
      at("sitemap.xml", "routes/sitemap.ts");
      at("robots.txt", "routes/robots.ts");
      at("preferencias-de-cookies", "routes/consent.ts");
      at("favoritos/alternar", "routes/favourite-toggle.ts");
      at("login-corretores/sair", "routes/logout.ts");
      at("painel/imovel/:codigo/dados", "routes/panel-listing-data.ts");
      at("api/auth/token/check", "routes/api-token-check.ts");
      at("api/roles", "routes/api-roles.ts");
      // JSON API (ADR 0018); /api/members… are declared with the members part below.
      at("api/auth", "routes/api-auth.ts");
      at("api/auth/users", "routes/api-auth-users.ts");
      at("api/auth/user/:id", "routes/api-auth-user.ts");
      at("api/auth/user/:id/promote", "routes/api-auth-user-promote.ts");
      at("api/auth/session", "routes/api-auth-session.ts");
      at("api/auth/reset-password", "routes/api-reset-password.ts");
      at("api/auth/reset-password/:token", "routes/api-reset-password-token.ts");
      at("api/email/sell-property", "routes/api-email-sell-property.ts");
      at("api/email/more-information", "routes/api-email-more-information.ts");
      at("api/openapi.json", "routes/api-openapi.ts");
      // First-party analytics beacon (ADR 0030).
      at("api/eventos", "routes/api-events.ts");
      // Members API (ADR 0019).
      at("api/members", "routes/api-members.ts");
      at("api/members/:id", "routes/api-member.ts");
      at("api/members/:id/promote", "routes/api-member-promote.ts");
      at("api/members/:id/reactivate", "routes/api-member-reactivate.ts");
      at("api/members/:id/uploads/file", "routes/api-member-upload.ts");
      at("admin/leads/exportar.csv", "routes/admin-leads-csv.ts");
      at("admin/estatisticas/exportar.csv", "routes/admin-stats-csv.ts");
      at("admin/lgpd/exportar", "routes/admin-privacy-export.ts");
      at("admin/membros/:id/envio", "routes/admin-member-upload.ts");
      at("arquivos/*", "routes/stored-file.ts");
    });
  },
};
