/**
 * The route table (Remix's `v3_routeConfig`, ADR 0079). It mirrors the spec's route table
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
 * A route's id is its file without the extension (the default of `@remix-run/route-config`),
 * except where one file serves two routes; code refers to these ids (`useRouteLoaderData`).
 * Files are relative to `app/`; nothing under `app/routes/` becomes a route by its name alone.
 */
import { index, layout, route, type RouteConfig } from "@remix-run/route-config";

export default [
  // Layout "default": the public site.
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("todos-os-imoveis", "routes/listings.tsx"),
    route("todos-os-imoveis/:filtros", "routes/listings.tsx", { id: "routes/listings-filtered" }),
    route("mapa", "routes/map.tsx"),
    route("busca", "routes/search.tsx"),
    route("corretor/:filtro", "routes/broker.tsx"),
    route("condominios", "routes/condominiums.tsx"),
    route("detalhes/:condominio", "routes/condominium.tsx"),
    route("detalhes/:condominio/:id", "routes/listing.tsx"),
    // Visits booked online (ADR 0088): the booking form and the visitor's manage link.
    route("detalhes/:condominio/:id/agendar", "routes/visit-book.tsx"),
    route("visitas/:token", "routes/visit-manage.tsx"),
    route("visitas/:token/convite.ics", "routes/visit-ics.ts"),
    route("visitas/:token/avaliacao", "routes/visit-feedback.tsx"),
    // The owner's instant estimate and contact (ADR 0089).
    route("anunciar", "routes/valuation.tsx"),
    // Neighbourhood market pages (ADR 0090).
    route("bairros", "routes/neighbourhoods.tsx"),
    route("bairros/:cidade/:bairro", "routes/neighbourhood.tsx"),
    route("lgpd", "routes/lgpd.tsx"),
    route("obrigado", "routes/thank-you.tsx"),
    route("obrigado-whatsapp", "routes/thank-you-whatsapp.tsx"),
    // Saved-search alerts by e-mail (ADR 0034).
    route("alertas", "routes/alerts.tsx"),
    route("alertas/criar", "routes/alerts-create.tsx"),
    route("alertas/confirmar", "routes/alerts-confirm.tsx"),
    route("alertas/cancelar", "routes/alerts-unsubscribe.tsx"),
    // Favourites and comparison, kept in the visitor's browser (ADR 0032).
    route("favoritos", "routes/favourites.tsx"),
    route("comparar", "routes/compare.tsx"),
    // Broker area (agent middleware).
    route("painel", "routes/panel.tsx"),
    route("painel/imovel/:codigo", "routes/panel-listing.tsx"),
    // The broker's workspace (ADRs 0081, 0082): one lead, and "Meus imóveis" paged.
    route("painel/leads/:id", "routes/panel-lead.tsx"),
    route("painel/imoveis", "routes/panel-listings.tsx"),
    route("painel/agenda", "routes/panel-agenda.tsx"),
    // The owner's report behind a private link (ADR 0083).
    route("proprietario/:token", "routes/owner-report.tsx"),
    route("proprietario/:token/cancelar", "routes/owner-report-unsubscribe.tsx"),
    // Any other path: 404 "Page Not Found: {path}" (docs/spec.txt §2).
    route("*", "routes/not-found.tsx"),
  ]),
  // Layout "about": /sobre and /membro/{id} (admin issue).
  layout("layouts/about.tsx", [route("sobre", "routes/about.tsx"), route("membro/:id", "routes/member.tsx")]),
  // Layout "admin": /admin, behind the admin middleware (admin issue).
  layout("layouts/admin.tsx", [
    route("admin", "routes/admin.tsx"),
    route("admin/leads", "routes/admin-leads.tsx"),
    route("admin/redirecionamentos", "routes/admin-redirects.tsx"),
    route("admin/aparencia", "routes/admin-appearance.tsx"),
    route("admin/imobiliaria", "routes/admin-agency.tsx"),
    route("admin/financiamento", "routes/admin-financing.tsx"),
    route("admin/usuarios", "routes/admin-users.tsx"),
    route("admin/papeis", "routes/admin-roles.tsx"),
    route("admin/membros", "routes/admin-members.tsx"),
    route("admin/membros/:id", "routes/admin-member.tsx"),
    route("admin/acessos", "routes/admin-owner-access.tsx"),
    route("admin/estatisticas", "routes/admin-stats.tsx"),
    route("admin/lgpd", "routes/admin-privacy.tsx"),
    // Who gets the leads nobody owns (ADR 0080).
    route("admin/distribuicao", "routes/admin-lead-routing.tsx"),
  ]),
  // Layout "empty": /login-corretores and its password reset (auth issue).
  layout("layouts/empty.tsx", [
    route("login-corretores", "routes/login.tsx"),
    route("login-corretores/reset-de-senha", "routes/password-reset.tsx"),
    route("login-corretores/definir-senha", "routes/password-token.tsx"),
  ]),

  // Resource routes (no layout).
  route("health/server", "routes/health.ts"),
  route("builds/latest.json", "routes/build-latest.ts"),
  route("imagens", "routes/image.ts"),
  route("mapa/pontos", "routes/map-points.ts"),
  route("busca/sugestoes", "routes/suggestions.ts"),
  route("busca/contagem", "routes/listings-count.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("preferencias-de-cookies", "routes/consent.ts"),
  route("favoritos/alternar", "routes/favourite-toggle.ts"),
  route("login-corretores/sair", "routes/logout.ts"),
  route("painel/imovel/:codigo/dados", "routes/panel-listing-data.ts"),
  route("api/auth/token/check", "routes/api-token-check.ts"),
  route("api/roles", "routes/api-roles.ts"),
  // JSON API (ADR 0018); /api/members… are declared with the members part below.
  route("api/auth", "routes/api-auth.ts"),
  route("api/auth/users", "routes/api-auth-users.ts"),
  route("api/auth/user/:id", "routes/api-auth-user.ts"),
  route("api/auth/user/:id/promote", "routes/api-auth-user-promote.ts"),
  route("api/auth/session", "routes/api-auth-session.ts"),
  route("api/auth/reset-password", "routes/api-reset-password.ts"),
  route("api/auth/reset-password/:token", "routes/api-reset-password-token.ts"),
  route("api/email/sell-property", "routes/api-email-sell-property.ts"),
  route("api/email/more-information", "routes/api-email-more-information.ts"),
  route("api/openapi.json", "routes/api-openapi.ts"),
  // First-party analytics beacon (ADR 0030).
  route("api/eventos", "routes/api-events.ts"),
  // Members API (ADR 0019).
  route("api/members", "routes/api-members.ts"),
  route("api/members/:id", "routes/api-member.ts"),
  route("api/members/:id/promote", "routes/api-member-promote.ts"),
  route("api/members/:id/reactivate", "routes/api-member-reactivate.ts"),
  route("api/members/:id/uploads/file", "routes/api-member-upload.ts"),
  route("admin/leads/exportar.csv", "routes/admin-leads-csv.ts"),
  route("admin/estatisticas/exportar.csv", "routes/admin-stats-csv.ts"),
  route("admin/lgpd/exportar", "routes/admin-privacy-export.ts"),
  route("admin/membros/:id/envio", "routes/admin-member-upload.ts"),
  route("arquivos/*", "routes/stored-file.ts"),
] satisfies RouteConfig;
