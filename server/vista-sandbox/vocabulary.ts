/**
 * Fictional names the sandbox catalogue draws from: streets, buildings,
 * brokers, owners, builders. Everything here is invented (any resemblance to a
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

/** Street types with their rough frequency in São Paulo. */
export const STREET_TYPES: readonly string[] = ["Rua", "Rua", "Rua", "Rua", "Rua", "Avenida", "Alameda", "Travessa"];

/** Names for fictional streets (combined with a type from {@link STREET_TYPES}). */
export const STREET_NAMES: readonly string[] = [
  "das Acácias",
  "dos Ipês",
  "das Palmeiras",
  "dos Jacarandás",
  "das Magnólias",
  "das Hortênsias",
  "dos Manacás",
  "das Orquídeas",
  "dos Girassóis",
  "das Camélias",
  "dos Cravos",
  "das Violetas",
  "Doutor Almeida Prado",
  "Professor Carlos Vidal",
  "Engenheiro Paulo Ferraz",
  "Coronel Luís Barreto",
  "Doutora Helena Castro",
  "Professora Maria Augusta",
  "Desembargador Otávio Lins",
  "Maestro Joaquim Neves",
  "Padre Anselmo Dutra",
  "Capitão Jorge Menezes",
  "Comendador Artur Leme",
  "Marechal Bento Siqueira",
  "Barão de Vila Rica",
  "Visconde de Santa Luzia",
  "Conde de Itaboraí",
  "Marquês de Lavradio",
  "Tenente Aurélio Costa",
  "Major Firmino Rosa",
  "Dona Benedita Lemos",
  "Dona Carolina Aguiar",
  "Santa Bárbara do Sul",
  "São Benedito",
  "Santo Antônio da Serra",
  "Nossa Senhora das Graças",
  "Pedra Azul",
  "Serra da Cantareira",
  "Rio das Pedras",
  "Lagoa Dourada",
  "Monte Alegre",
  "Campos Floridos",
  "Vale Verde",
  "Bom Jardim",
  "Três Marias",
  "Boa Esperança",
  "Aurora",
  "Primavera",
  "Sol Nascente",
  "Estrela do Norte",
  "Cruzeiro do Sul",
  "Sete de Setembro",
  "Quinze de Novembro",
  "Treze de Maio",
  "Tupinambás",
  "Guaianás",
  "Tamoios",
  "Carijós",
  "Aimorés",
  "Tabajaras",
  "Bororós",
  "Caetés",
  "Itapicuru",
  "Itaquaquecetuba",
  "Juruá",
  "Tocantins",
  "Araguaia",
  "Xingu",
  "Paraíba",
  "Amazonas",
  "Piauí",
  "Sergipe",
  "Alagoas",
  "Ouro Preto",
  "Diamantina",
  "Mariana",
  "Sabará",
  "Tiradentes",
  "Paraty",
  "Ubatuba",
  "Ilhabela",
  "Olinda",
  "Petrópolis",
  "Campos do Jordão",
  "Poços de Caldas",
  "Holambra",
  "Atibaia",
  "Itu",
  "Jundiaí",
  "Bragança",
  "Lindóia",
  "Serra Negra",
  "Águas de Prata",
  "Cunha",
  "Bananal",
];

/** Noun that opens a building name; each works with "das/dos …" endings. */
export const BUILDING_HEADS: readonly string[] = [
  "Jardim",
  "Parque",
  "Recanto",
  "Bosque",
  "Solar",
  "Portal",
  "Mirante",
  "Alto",
  "Vila",
  "Residencial",
];

/** Endings for {@link BUILDING_HEADS} ("Jardim das Acácias"). */
export const BUILDING_TAILS: readonly string[] = [
  "das Acácias",
  "dos Ipês",
  "das Palmeiras",
  "dos Pássaros",
  "das Flores",
  "das Orquídeas",
  "dos Jacarandás",
  "das Magnólias",
  "dos Manacás",
  "das Hortênsias",
  "das Figueiras",
  "dos Eucaliptos",
  "das Araucárias",
  "dos Sabiás",
  "das Gaivotas",
  "das Águas",
  "das Estrelas",
  "dos Cedros",
  "das Mangueiras",
  "dos Coqueiros",
  "das Tulipas",
  "dos Lírios",
  "das Azaleias",
  "dos Pinheiros",
  "das Cerejeiras",
  "dos Bem-te-vis",
];

/** Stand-alone building names ("Edifício Aurora"). */
export const BUILDING_SOLO: readonly string[] = [
  "Aurora",
  "Monte Carlo",
  "Veneza",
  "Florença",
  "Toscana",
  "Provence",
  "Ilhabela",
  "Serra Azul",
  "Dona Helena",
  "Dona Clara",
  "São Bento",
  "Santa Mônica",
  "Atlântico",
  "Pacífico",
  "Mediterrâneo",
  "Villa Lobos",
  "Portinari",
  "Di Cavalcanti",
  "Tarsila",
  "Anita Malfatti",
  "Cecília Meireles",
  "Vinícius de Moraes",
  "Tom Jobim",
  "Carlos Gomes",
  "Ouro Verde",
  "Pedra Branca",
  "Costa Rica",
  "Bahamas",
  "Capri",
  "Sorrento",
  "Amalfi",
  "Verona",
  "Lisboa",
  "Coimbra",
  "Sevilha",
  "Granada",
  "Valência",
  "Mônaco",
  "Saint Moritz",
  "Montreux",
  "Lugano",
  "Genebra",
  "Bel Air",
  "Beverly",
  "Manhattan",
  "Central Park",
  "Hyde Park",
  "Belvedere",
  "Bellagio",
  "Camboriú",
  "Itacaré",
  "Trancoso",
  "Fernando de Noronha",
  "Jericoacoara",
  "Maragogi",
  "Arraial",
  "Búzios",
  "Angra",
  "Guarujá",
  "Bertioga",
  "Maresias",
  "Juquehy",
  "Itamambuca",
  "Paraty Mirim",
  "Ibirapuera",
  "Cantareira",
];

/** Prefixes for building names, as São Paulo buildings are named. */
export const BUILDING_PREFIXES: readonly string[] = [
  "Edifício",
  "Edifício",
  "Condomínio",
  "Condomínio Residencial",
  "Residencial",
  "Condomínio Edifício",
];

/** Fictional builders (`Construtora`) and developers (`Incorporadora`). */
export const BUILDERS: readonly string[] = [
  "Construtora Alicerce Paulista",
  "Construtora Horizonte Azul",
  "Pilar Engenharia",
  "Construtora Viga Mestra",
  "Marco Zero Construções",
  "Construtora Planalto Verde",
  "Engenharia Bandeirantes",
  "Construtora Serra do Mar",
];

/** Fictional developers (`Incorporadora`). */
export const DEVELOPERS: readonly string[] = [
  "Incorporadora Terra Nova",
  "Vértice Incorporações",
  "Incorporadora Paulistana",
  "Quadra Urbana Incorporações",
  "Incorporadora Nova Era",
  "Prisma Desenvolvimento Imobiliário",
];

/** Roman numerals for disambiguating building names ("… II"). */
export const ROMAN: readonly string[] = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];

/**
 * Neighbourhoods that take "no"/"na" in Portuguese ("no Brooklin", "na Mooca");
 * any other takes "em" ("em Moema", "em Pinheiros"). Names as spelled in the data set.
 */
const LOCATIVE_NO = new Set([
  "Brooklin",
  "Morumbi",
  "Brás",
  "Itaim Bibi",
  "Alto de Pinheiros",
  "Ipiranga",
  "Tatuapé",
  "Belém",
  "Pari",
  "Cambuci",
  "Jabaquara",
  "Carrão",
  "Campo Belo",
  "Campo Grande",
  "Campo Limpo",
  "Butantã",
  "Bom Retiro",
  "Mandaqui",
  "Limão",
  "Jaguaré",
  "Tucuruvi",
  "Jaçanã",
  "Sacomã",
  "Cangaíba",
  "Cursino",
  "Socorro",
  "Capão Redondo",
  "Tremembé",
  "Iguatemi",
  "Jaraguá",
  "Lajeado",
  "Grajaú",
  "Raposo Tavares",
  "Rio Pequeno",
  "Itaim Paulista",
  "Parque do Carmo",
]);
const LOCATIVE_NA = new Set([
  "Mooca",
  "Bela Vista",
  "Casa Verde",
  "Consolação",
  "Liberdade",
  "Barra Funda",
  "República",
  "Saúde",
  "Penha",
  "Lapa",
  "Sé",
  "Aclimação",
  "Freguesia do Ó",
  "Água Rasa",
  "Ponte Rasa",
  "Cachoeirinha",
  "Brasilândia",
  "Pedreira",
]);

/**
 * The neighbourhood with its Portuguese locative preposition: "em Moema",
 * "na Vila Mariana", "no Jardim Paulista", "na Mooca".
 */
export function locative(neighbourhood: string): string {
  if (LOCATIVE_NO.has(neighbourhood) || /^(Jardim|Parque|Alto)\b/.test(neighbourhood)) return `no ${neighbourhood}`;
  if (LOCATIVE_NA.has(neighbourhood) || /^(Vila|Cidade)\b/.test(neighbourhood)) return `na ${neighbourhood}`;
  return `em ${neighbourhood}`;
}
