/**
 * Paths and navigation of the admin area (spec §2 `/admin`, layout "admin";
 * issue 6). Sections of later parts of issue 6 (Usuários, Membros, Papéis)
 * join {@link ADMIN_SECTIONS} when their pages exist.
 */

/** The admin home. */
export const ADMIN_PATH = "/admin";
/** Leads inbox (issue 6 item 5). */
export const ADMIN_LEADS_PATH = "/admin/leads";
/** CSV export of the inbox (same filters as the page's query string). */
export const ADMIN_LEADS_CSV_PATH = "/admin/leads/exportar.csv";
/** Route rules (issue 6 item 6). */
export const ADMIN_REDIRECTS_PATH = "/admin/redirecionamentos";
/** Team members (issue 6 item 2; ADR 0019). */
export const ADMIN_MEMBERS_PATH = "/admin/membros";
/** Appearance (issue 6 item 7). */
export const ADMIN_APPEARANCE_PATH = "/admin/aparencia";
/** Users (issue 6 item 1; ADR 0018). */
export const ADMIN_USERS_PATH = "/admin/usuarios";
/** Roles, read-only (issue 6 item 4; ADR 0018). */
export const ADMIN_ROLES_PATH = "/admin/papeis";
/** Log of who read owner data (LGPD art. 37; ADR 0022). */
export const ADMIN_OWNER_ACCESS_PATH = "/admin/acessos";

/** One section of the admin navigation. */
export interface AdminSection {
  path: string;
  label: string;
  /** One line shown on the admin home. */
  description: string;
}

/** The admin sections in navigation order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: ADMIN_LEADS_PATH,
    label: "Leads",
    description: "Contatos recebidos: status, responsável, envios e exportação.",
  },
  {
    path: ADMIN_REDIRECTS_PATH,
    label: "Redirecionamentos",
    description: "Caminhos antigos ou campanhas que levam a outra página.",
  },
  {
    path: ADMIN_MEMBERS_PATH,
    label: "Membros",
    description: "A equipe do site: dados, foto, arquivos e acesso de corretor.",
  },
  {
    path: ADMIN_USERS_PATH,
    label: "Usuários",
    description: "Quem entra na área do corretor: convites, papéis e acesso.",
  },
  { path: ADMIN_ROLES_PATH, label: "Papéis", description: "Os papéis e o que cada um pode fazer." },
  {
    path: ADMIN_OWNER_ACCESS_PATH,
    label: "Acessos",
    description: "Quem consultou dados de proprietários, quando e de onde.",
  },
  { path: ADMIN_APPEARANCE_PATH, label: "Aparência", description: "Título, descrição, cores e logotipos do site." },
];
