/**
 * The site's paths, in one place (routes in `app/routes.ts`; the public
 * ones are those of the specification, `docs/spec.txt` §2). Links, redirects
 * and tests import them from here instead of writing the strings again.
 */

/** The listings page. */
export const LISTINGS_PATH = "/todos-os-imoveis";
/** The map page. */
export const MAP_PATH = "/mapa";
/** The map's JSON points resource. */
export const MAP_POINTS_PATH = "/mapa/pontos";
/** The free-text search page (`?q=…&pagina=…`). */
export const SEARCH_PATH = "/busca";
/** The search-box suggestions resource (JSON). */
export const SUGGESTIONS_PATH = "/busca/sugestoes";
/** The filters sheet's live count resource (JSON `{ count }`, ADR 0037). */
export const LIVE_COUNT_PATH = "/busca/contagem";
/** The condominium index. */
export const CONDOMINIUMS_PATH = "/condominios";
/** The agency page with its team. */
export const ABOUT_PATH = "/sobre";
/** The privacy policy and the data-subject request form (docs/spec.txt §2 `/lgpd`). */
export const LGPD_PATH = "/lgpd";
/** Where the consent banner and the cookie preferences post (docs/decisions/0029-consent-and-google-analytics.md). */
export const CONSENT_PATH = "/preferencias-de-cookies";
/** The cookie preferences section of the privacy page. */
export const COOKIE_PREFERENCES_PATH = "/lgpd#cookies";
/** The WhatsApp hand-off: records the contact, then sends the visitor to WhatsApp. */
export const WHATSAPP_CONTACT_PATH = "/obrigado-whatsapp";

/**
 * The link of a WhatsApp button: `/obrigado-whatsapp?imovel=<code>&origem=<page path>`
 * plus the page's `utm_*` parameters, so the contact is recorded as a lead
 * before the visitor continues to `wa.me`.
 * @param page Path of the page the button is on (starting with "/").
 * @param search The page's query string (only `utm_*` parameters are kept).
 */
export function whatsAppContactPath(options: { page: string; code?: string | null; search?: string }): string {
  const params = new URLSearchParams();
  if (options.code) params.set("imovel", options.code);
  params.set("origem", options.page);
  for (const [name, value] of new URLSearchParams(options.search ?? "")) {
    if (/^utm_[a-z_]{1,30}$/.test(name) && value && value.length <= 200) params.append(name, value);
  }
  return `${WHATSAPP_CONTACT_PATH}?${params}`;
}
/** What the client polls to learn that a new build is live. */
export const BUILD_LATEST_PATH = "/builds/latest.json";

/** The broker sign-in page. */
export const LOGIN_PATH = "/login-corretores";
/** The password reset page (a 6-digit code by e-mail); `?token=…` there redirects to {@link SET_PASSWORD_PATH}. */
export const PASSWORD_RESET_PATH = "/login-corretores/reset-de-senha";
/** The set-password page of an invitation link (`?token=…`, ADR 0018). */
export const SET_PASSWORD_PATH = "/login-corretores/definir-senha";
/** Where the sign-out form posts. */
export const LOGOUT_PATH = "/login-corretores/sair";
/** The broker area's home. */
export const PANEL_PATH = "/painel";
/** The owner's report behind a private link, `/proprietario/{token}` (ADR 0083): never tracked, never indexed. */
export const OWNER_REPORT_PATH = "/proprietario";
/** A visitor's private visit pages, `/visitas/{token}[/avaliacao|/convite.ics]` (ADR 0088): never tracked, never indexed. */
export const VISITS_PATH = "/visitas";

/** The admin home. */
export const ADMIN_PATH = "/admin";
/** The leads inbox. */
export const ADMIN_LEADS_PATH = "/admin/leads";
/** CSV export of the inbox (same filters as the page's query string). */
export const ADMIN_LEADS_CSV_PATH = "/admin/leads/exportar.csv";
/** Lead routing: the fallback rule, who receives leads, the response targets (ADR 0080). */
export const ADMIN_LEAD_ROUTING_PATH = "/admin/distribuicao";
/** Route rules (redirects). */
export const ADMIN_REDIRECTS_PATH = "/admin/redirecionamentos";
/** Team members (ADR 0019). */
export const ADMIN_MEMBERS_PATH = "/admin/membros";

/** Public profile path of a member: `/membro/{slug}` (docs/spec.txt §2 `/membro/{id}`). */
export function memberPath(slug: string): string {
  return `/membro/${slug}`;
}

/** Admin edit page of a member. */
export function adminMemberPath(id: number): string {
  return `${ADMIN_MEMBERS_PATH}/${id}`;
}

/** The agency's data: razão social, CNPJ, address, contacts, encarregado. */
export const ADMIN_AGENCY_PATH = "/admin/imobiliaria";
/** The financing simulator's defaults (ADR 0035). */
export const ADMIN_FINANCING_PATH = "/admin/financiamento";
/** Appearance (colours, logo). */
export const ADMIN_APPEARANCE_PATH = "/admin/aparencia";
/** Users (ADR 0018). */
export const ADMIN_USERS_PATH = "/admin/usuarios";
/** Roles, read-only (ADR 0018). */
export const ADMIN_ROLES_PATH = "/admin/papeis";
/** Log of who read owner data (LGPD art. 37; ADR 0022). */
export const ADMIN_OWNER_ACCESS_PATH = "/admin/acessos";
/** Data-subject requests: a person's records, export, anonymise/delete, LGPD deadlines (ADR 0031). */
export const ADMIN_PRIVACY_PATH = "/admin/lgpd";
/** A person's records as a download (`?q=<e-mail or phone>&formato=json|csv`). */
export const ADMIN_PRIVACY_EXPORT_PATH = "/admin/lgpd/exportar";
/** Visits, searches, listings and leads of a period (first-party analytics, ADR 0030). */
export const ADMIN_STATS_PATH = "/admin/estatisticas";
/** CSV export of the analytics of a period (same `?periodo=`/`de`/`ate` as the page). */
export const ADMIN_STATS_CSV_PATH = "/admin/estatisticas/exportar.csv";
/** Where the browser's analytics beacon posts (`navigator.sendBeacon`, ADR 0030). */
export const ANALYTICS_EVENTS_PATH = "/api/eventos";
