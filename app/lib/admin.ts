/**
 * Navigation of the admin area (docs/spec.txt §2 `/admin`, layout "admin";
 * docs/product.md "Admin area"): its sections, in the order of the navigation
 * bar and the cards of the admin home. The paths live in `~/lib/paths`.
 */
import {
  ADMIN_AGENCY_PATH,
  ADMIN_APPEARANCE_PATH,
  ADMIN_FINANCING_PATH,
  ADMIN_LEAD_ROUTING_PATH,
  ADMIN_LEADS_PATH,
  ADMIN_MEMBERS_PATH,
  ADMIN_OWNER_ACCESS_PATH,
  ADMIN_PRIVACY_PATH,
  ADMIN_REDIRECTS_PATH,
  ADMIN_ROLES_PATH,
  ADMIN_STATS_PATH,
  ADMIN_USERS_PATH,
} from "~/lib/paths";

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
    path: ADMIN_LEAD_ROUTING_PATH,
    label: "Distribuição",
    description: "Quem recebe os leads sem corretor e os prazos de resposta.",
  },
  {
    path: ADMIN_STATS_PATH,
    label: "Estatísticas",
    description: "Visitas, buscas, imóveis mais vistos e conversão em leads, sem cookies.",
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
  {
    path: ADMIN_PRIVACY_PATH,
    label: "LGPD",
    description: "Pedidos dos titulares e prazos, busca, exportação e anonimização dos dados de uma pessoa.",
  },
  { path: ADMIN_APPEARANCE_PATH, label: "Aparência", description: "Título, descrição, cores e logotipos do site." },
  {
    path: ADMIN_AGENCY_PATH,
    label: "Imobiliária",
    description: "Razão social, CNPJ, endereço, contatos, horários, redes sociais e encarregado (LGPD).",
  },
  {
    path: ADMIN_FINANCING_PATH,
    label: "Financiamento",
    description: "Juros e prazo padrão do simulador de financiamento e taxas de bancos.",
  },
];
