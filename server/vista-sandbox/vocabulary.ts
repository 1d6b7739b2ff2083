/**
 * Fictional people the sandbox catalogue draws from: the agency's brokers and
 * the owners' names (streets, buildings and builders: `vocabulary-places.ts`). Everything here is invented (any resemblance to a
 * real person or company is chance); the real data set has none of it
 * (shared/datasets/README.md). User-visible text, so Brazilian Portuguese.
 */

/** A fictional broker of the agency (Vista `Corretor` row, docs/vista-api.md §6.6). */
export interface SandboxBroker {
  /** Numeric string, as Vista broker codes are (`POST /lead` replies it as a number). */
  code: string;
  /** Short display name (`Nome`). */
  name: string;
  /** Full name (`Nomecompleto`). */
  fullName: string;
  email: string;
  /** Landline (`Fone`), Vista-style formatted. */
  phone: string;
  /** Mobile / WhatsApp (`Celular`). */
  mobile: string;
  /** CRECI registration, "12345-F" style. */
  creci: string;
  sex: "F" | "M";
}

/** Fictional e-mail domain of the agency (RFC 2606 `.example`, so no real mailbox is hit). */
export const AGENCY_EMAIL_DOMAIN = "imobiliaria.example";

const BROKER_NAMES: [code: string, name: string, fullName: string, sex: "F" | "M"][] = [
  ["3", "Ana Paula", "Ana Paula Ribeiro", "F"],
  ["7", "Carlos", "Carlos Eduardo Mendes", "M"],
  ["11", "Fernanda", "Fernanda Oliveira Santos", "F"],
  ["14", "Rafael", "Rafael Costa Lima", "M"],
  ["19", "Juliana", "Juliana Martins Rocha", "F"],
  ["22", "Marcelo", "Marcelo Alves Pereira", "M"],
  ["26", "Patrícia", "Patrícia Gomes Carvalho", "F"],
  ["31", "Thiago", "Thiago Nascimento Barbosa", "M"],
  ["35", "Luciana", "Luciana Ferreira Dias", "F"],
  ["38", "Ricardo", "Ricardo Souza Teixeira", "M"],
  ["42", "Camila", "Camila Rodrigues Moreira", "F"],
  ["47", "Bruno", "Bruno Henrique Cardoso", "M"],
];

/** Strips accents and lower-cases, for e-mail local parts and comparisons. */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The agency's twelve fictional brokers, in a fixed order. */
export const BROKERS: readonly SandboxBroker[] = BROKER_NAMES.map(([code, name, fullName, sex], index) => {
  const parts = foldAccents(fullName).split(" ");
  const n = String(index + 10).padStart(2, "0");
  return {
    code,
    name,
    fullName,
    email: `${parts[0]}.${parts[parts.length - 1]}@${AGENCY_EMAIL_DOMAIN}`,
    phone: `(11) 3000-10${n}`,
    mobile: `(11) 97000-${String(1000 + index * 137).padStart(4, "0")}`,
    creci: `${String(41000 + index * 1733)}-F`,
    sex,
  };
});

/** First names for fictional owners and lead examples. */
export const FIRST_NAMES: readonly string[] = [
  "Antônio",
  "Maria",
  "José",
  "Ana",
  "Francisco",
  "Francisca",
  "João",
  "Antônia",
  "Paulo",
  "Adriana",
  "Pedro",
  "Márcia",
  "Lucas",
  "Aline",
  "Luiz",
  "Sandra",
  "Gabriel",
  "Cláudia",
  "Daniel",
  "Beatriz",
  "Eduardo",
  "Helena",
  "Roberto",
  "Vera",
  "Sérgio",
  "Regina",
  "Fábio",
  "Cristina",
  "Gustavo",
  "Renata",
  "André",
  "Silvia",
  "Felipe",
  "Denise",
  "Rodrigo",
  "Tatiana",
  "Leonardo",
  "Mariana",
  "Vinícius",
  "Larissa",
  "Otávio",
  "Heloísa",
  "Mauro",
  "Rosana",
  "Caio",
  "Letícia",
  "Henrique",
  "Elaine",
];

/** Surnames for fictional owners. */
export const SURNAMES: readonly string[] = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Correia",
  "Cavalcanti",
  "Monteiro",
  "Moura",
  "Campos",
  "Batista",
  "Azevedo",
  "Tavares",
  "Prado",
  "Queiroz",
  "Siqueira",
];
