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
/** Appearance (issue 6 item 7). */
export const ADMIN_APPEARANCE_PATH = "/admin/aparencia";

/** One section of the admin navigation. */
export interface AdminSection {
  path: string;
  label: string;
  /** One line shown on the admin home. */
  description: string;
}

/** The admin sections in navigation order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: ADMIN_LEADS_PATH, label: "Leads", description: "Contatos recebidos: status, responsável, envios e exportação." },
  { path: ADMIN_REDIRECTS_PATH, label: "Redirecionamentos", description: "Caminhos antigos ou campanhas que levam a outra página." },
  { path: ADMIN_APPEARANCE_PATH, label: "Aparência", description: "Título, descrição, cores e logotipos do site." },
];
