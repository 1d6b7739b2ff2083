/**
 * Portuguese texts the data set lacks, composed from each listing's real facts
 * (shared/datasets/README.md: "a Portuguese title and description from the
 * facts"): `TituloSite`, `DescricaoWeb`, `Descricao`, `TextoAnuncio`,
 * `KeywordsWeb` and the building's `DescricaoEmpreendimento`. Several templates
 * are picked deterministically so the catalogue does not read like one text.
 */
import { MONTHS } from "../../app/lib/format";
import type { Rng } from "./prng";
import { foldAccents } from "./vocabulary";
import { locative } from "./vocabulary-places";
import { FEATURE_PHRASES, INFRA_PHRASES } from "./phrases";

/** "1.250.000": an integer with pt-BR thousands separators (hand-rolled: Intl is too slow for 100k calls at start-up). */
export function groupThousands(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ".";
    out += digits[i];
  }
  return value < 0 ? `-${out}` : out;
}

/** "R$ 1.250.000" (BRL, no cents), the way agencies write prices. */
export function brl(value: number): string {
  return `R$ ${groupThousands(value)}`;
}

/** "1 quarto" / "3 quartos": a count with the right Portuguese plural. */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** "a, b e c": a Portuguese enumeration. */
export function enumerate(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The facts a listing text is composed from (real CSV values plus derived ones). */
export interface ListingFacts {
  /** `Categoria`: "Apartamento", "Cobertura", "Studio", "Apartamento Duplex". */
  category: string;
  purpose: "venda" | "aluguel";
  /** BRL; sale price or monthly rent, 0 when unknown. */
  price: number;
  /** BRL per month, null when unknown. */
  condoFee: number | null;
  /** BRL per year. */
  iptu: number;
  /** m². */
  area: number;
  bedrooms: number;
  suites: number;
  bathrooms: number;
  parking: number;
  neighbourhood: string;
  city: string;
  furnished: boolean;
  launch: boolean;
  /** Delivery date of a launch, ISO, or "". */
  deliveryDate: string;
  acceptsPets: boolean;
  acceptsFinancing: boolean;
  /** `carac` names present, in a stable order. */
  features: readonly string[];
  /** `infra` names present, in a stable order. */
  infra: readonly string[];
  /** Building name, "" outside a condominium. */
  building: string;
  /** Unit floor, 0 when unknown. */
  floor: number;
}

/** Grammatical gender of a category, for adjectives ("mobiliado"/"mobiliada"). */
function isFeminine(category: string): boolean {
  return category === "Cobertura";
}

function adjective(category: string, masculine: string): string {
  return isFeminine(category) ? masculine.replace(/o$/, "a") : masculine;
}

function purposePhrase(purpose: ListingFacts["purpose"]): string {
  return purpose === "venda" ? "à venda" : "para alugar";
}

function rooms(facts: ListingFacts, word: "quarto" | "dormitório"): string {
  return plural(facts.bedrooms, word, word === "quarto" ? "quartos" : "dormitórios");
}

/** "março de 2028" from an ISO date. */
export function monthYear(isoDate: string): string {
  const [year, month] = isoDate.split("-");
  return `${MONTHS[Number(month) - 1]} de ${year}`;
}

/**
 * `TituloSite`: e.g. "Apartamento com 3 quartos à venda em Moema, 120 m²".
 * At most about 90 characters.
 */
export function composeTitle(facts: ListingFacts, rng: Rng): string {
  const { category: cat, neighbourhood } = facts;
  const where = locative(neighbourhood);
  const purpose = purposePhrase(facts.purpose);
  const area = `${facts.area} m²`;
  if (facts.launch && rng.chance(0.6)) {
    return `Lançamento: ${cat} com ${rooms(facts, "quarto")} ${where}, ${area}`;
  }
  if (cat === "Studio") {
    return rng.chance(0.5)
      ? `Studio de ${area} ${purpose} ${where}`
      : `Studio ${facts.furnished ? "mobiliado " : ""}${where}, ${area}, ${purpose}`;
  }
  const variant = rng.int(0, facts.infra.includes("PiscinaColetiva") ? 4 : 3);
  switch (variant) {
    case 0:
      return `${cat} com ${rooms(facts, "quarto")} ${purpose} ${where}, ${area}`;
    case 1:
      return `${cat} de ${area} ${purpose} ${where}`;
    case 2:
      return `${cat}${facts.furnished ? ` ${adjective(cat, "mobiliado")}` : ""} com ${rooms(facts, "dormitório")}${
        facts.suites > 0 ? ` e ${plural(facts.suites, "suíte", "suítes")}` : ""
      } ${where}`;
    case 3:
      return facts.parking > 0
        ? `${cat} ${purpose} ${where}: ${rooms(facts, "quarto")}, ${plural(facts.parking, "vaga", "vagas")}, ${area}`
        : `${cat} ${purpose} ${where}: ${rooms(facts, "quarto")}, ${area}`;
    default:
      return `${cat} ${where} com ${rooms(facts, "quarto")} e piscina no condomínio`;
  }
}

const ALL_PHRASES: Readonly<Record<string, string>> = { ...INFRA_PHRASES, ...FEATURE_PHRASES };

/** Pairs where the first name makes the second redundant in a text ("portaria 24 horas" vs "portaria"). */
const SUPERSEDES: readonly [string, string][] = [
  ["Portaria24Hrs", "Portaria"],
  ["Split", "ArCondicionado"],
  ["SacadaComChurrasqueira", "Sacada"],
  ["SacadaComChurrasqueira", "Churrasqueira"],
  ["PiscinaAquecida", "PiscinaColetiva"],
  ["QuadraPoliEsportiva", "QuadraEsportes"],
  ["ArmarioEmbutido", "DormitorioComArmario"],
];

function isSuperseded(name: string, present: ReadonlySet<string>): boolean {
  for (const [strong, weak] of SUPERSEDES) if (weak === name && present.has(strong)) return true;
  return false;
}

/** Up to `count` amenity phrases, in the listing's order, without redundant pairs. */
function phrases(names: readonly string[], table: Readonly<Record<string, string>>, count: number): string[] {
  const present = new Set(names);
  const out: string[] = [];
  for (const name of names) {
    const phrase = table[name];
    if (!phrase || out.includes(phrase)) continue;
    if (isSuperseded(name, present)) continue;
    out.push(phrase);
    if (out.length === count) break;
  }
  return out;
}

function layoutSentence(facts: ListingFacts): string {
  const parts: string[] = [];
  let bedrooms = rooms(facts, "dormitório");
  if (facts.suites > 0 && facts.suites === facts.bedrooms) {
    bedrooms = facts.bedrooms === 1 ? "1 suíte" : `${bedrooms}, todos suítes`;
  } else if (facts.suites > 0 && facts.suites < facts.bedrooms) {
    bedrooms += ` (sendo ${plural(facts.suites, "suíte", "suítes")})`;
  }
  parts.push(bedrooms);
  if (facts.suites > facts.bedrooms) parts.push(plural(facts.suites, "suíte", "suítes"));
  parts.push(plural(facts.bathrooms, "banheiro", "banheiros"));
  if (facts.parking > 0) parts.push(`${plural(facts.parking, "vaga", "vagas")} de garagem`);
  const sentence = `O imóvel tem ${enumerate(parts)}.`;
  return facts.parking === 0 ? `${sentence} Não possui vaga de garagem.` : sentence;
}

/**
 * `DescricaoWeb`: three to five short paragraphs built from the facts (intro,
 * layout, unit amenities, building and costs, call to action), separated by
 * blank lines.
 */
export function composeWebDescription(facts: ListingFacts, rng: Rng): string {
  const cat = facts.category;
  const lower = cat === "Studio" ? "studio" : cat.toLowerCase();
  const where = locative(facts.neighbourhood);
  const paragraphs: string[] = [];

  const intros: string[] = [
    `${cat} ${purposePhrase(facts.purpose)} ${where}, ${facts.city}, com ${facts.area} m² de área útil.`,
    `${capitalise(adjective(cat, "excelente"))} ${lower} de ${facts.area} m² ${where}, ${
      facts.purpose === "venda" ? `${adjective(cat, "pronto")} para morar` : "disponível para locação"
    }.`,
    `Conheça ${isFeminine(cat) ? "esta" : "este"} ${lower} ${where}: são ${facts.area} m² bem distribuídos${
      facts.floor > 0 ? `, no ${facts.floor}º andar` : ""
    }.`,
  ];
  if (facts.launch) {
    intros.push(
      `Lançamento ${where}: ${lower} de ${facts.area} m²${
        facts.deliveryDate ? ` com entrega prevista para ${monthYear(facts.deliveryDate)}` : ""
      }.`,
    );
  }
  paragraphs.push(rng.pick(intros));

  let layout = layoutSentence(facts);
  if (facts.furnished) layout += ` Entregue ${adjective(cat, "mobiliado")}.`;
  paragraphs.push(layout);

  const unit = phrases(facts.features, FEATURE_PHRASES, rng.int(2, 4));
  if (unit.length > 0) {
    const lead = rng.pick(["Destaques: ", "Conta com ", "Diferenciais: "]);
    paragraphs.push(`${lead}${enumerate(unit)}.${facts.acceptsPets ? " Aceita animais de estimação." : ""}`);
  } else if (facts.acceptsPets) {
    paragraphs.push("Aceita animais de estimação.");
  }

  const building = phrases(facts.infra, INFRA_PHRASES, rng.int(3, 5));
  const costs: string[] = [];
  if (facts.condoFee) costs.push(`condomínio de ${brl(facts.condoFee)} por mês`);
  if (facts.iptu > 0) costs.push(`IPTU de ${brl(facts.iptu)} por ano`);
  const buildingParts: string[] = [];
  if (building.length > 0) {
    buildingParts.push(
      facts.building
        ? `O ${facts.building} oferece ${enumerate(building)}.`
        : `O prédio oferece ${enumerate(building)}.`,
    );
  }
  if (costs.length > 0) buildingParts.push(`${capitalise(enumerate(costs))}.`);
  if (buildingParts.length > 0) paragraphs.push(buildingParts.join(" "));

  const calls =
    facts.purpose === "venda"
      ? [
          "Agende sua visita com a nossa equipe.",
          "Fale com um de nossos corretores e agende uma visita.",
          `${facts.acceptsFinancing ? "Aceita financiamento. " : ""}Venha conhecer!`,
        ]
      : [
          "Agende sua visita com a nossa equipe.",
          "Fale com um de nossos corretores e agende uma visita.",
          "Locação com análise de cadastro rápida. Venha conhecer!",
        ];
  paragraphs.push(rng.pick(calls));
  return paragraphs.join("\n\n");
}

/**
 * `Descricao`: a terse internal summary, e.g.
 * "Apartamento, 3 dormitórios (1 suíte), 2 banheiros, 2 vagas, 120 m². Condomínio R$ 850."
 */
export function composeDescription(facts: ListingFacts): string {
  const parts = [
    facts.category,
    `${rooms(facts, "dormitório")}${facts.suites > 0 ? ` (${plural(facts.suites, "suíte", "suítes")})` : ""}`,
    plural(facts.bathrooms, "banheiro", "banheiros"),
    facts.parking > 0 ? plural(facts.parking, "vaga", "vagas") : "sem vaga",
    `${facts.area} m²`,
  ];
  let text = `${parts.join(", ")}.`;
  if (facts.condoFee) text += ` Condomínio ${brl(facts.condoFee)}.`;
  if (facts.furnished) text += ` ${capitalise(adjective(facts.category, "mobiliado"))}.`;
  return text;
}

/** `TextoAnuncio`: one portal-style sentence. */
export function composeAdText(facts: ListingFacts, rng: Rng): string {
  const price = facts.price > 0 ? brl(facts.price) + (facts.purpose === "aluguel" ? "/mês" : "") : "Valor sob consulta";
  const highlight = phrases([...facts.infra, ...facts.features], ALL_PHRASES, 2);
  const extra = highlight.length > 0 ? ` com ${enumerate(highlight)}` : "";
  return rng.chance(0.5) || facts.price <= 0
    ? `${facts.category} ${locative(facts.neighbourhood)}${extra}. ${capitalise(rooms(facts, "dormitório"))}, ${facts.area} m². ${price}.`
    : `${capitalise(rooms(facts, "quarto"))} ${locative(facts.neighbourhood)}, ${facts.area} m²${extra}, por ${price}.`;
}

/** `KeywordsWeb`: comma-separated search words, lower-case. */
export function composeKeywords(facts: ListingFacts): string {
  return [
    facts.category.toLowerCase(),
    facts.purpose === "venda" ? "venda" : "aluguel",
    facts.neighbourhood.toLowerCase(),
    facts.city.toLowerCase(),
    `${facts.bedrooms} ${facts.bedrooms === 1 ? "quarto" : "quartos"}`,
    slugOf(facts.neighbourhood),
  ].join(", ");
}

const slugs = new Map<string, string>();
function slugOf(name: string): string {
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = foldAccents(name).replace(/\s+/g, "-");
    slugs.set(name, slug);
  }
  return slug;
}

/** Facts of a building used by {@link composeBuildingDescription}. */
export interface BuildingFacts {
  name: string;
  neighbourhood: string;
  floors: number;
  unitsPerFloor: number;
  yearBuilt: number;
  launch: boolean;
  deliveryDate: string;
  builder: string;
  infra: readonly string[];
}

/** `DescricaoEmpreendimento`: two or three sentences about the building. */
export function composeBuildingDescription(facts: BuildingFacts, rng: Rng): string {
  const where = locative(facts.neighbourhood);
  const first = facts.launch
    ? `O ${facts.name} é um lançamento ${where}${facts.builder ? `, da ${facts.builder}` : ""}, com ${plural(
        facts.floors,
        "andar",
        "andares",
      )} e ${plural(facts.unitsPerFloor, "apartamento", "apartamentos")} por andar${
        facts.deliveryDate ? `. Entrega prevista para ${monthYear(facts.deliveryDate)}` : ""
      }.`
    : rng.pick([
        `O ${facts.name} fica ${where} e tem ${plural(facts.floors, "andar", "andares")}, com ${plural(
          facts.unitsPerFloor,
          "apartamento",
          "apartamentos",
        )} por andar.`,
        `Construído em ${facts.yearBuilt}, o ${facts.name} reúne ${plural(
          facts.floors * facts.unitsPerFloor,
          "unidade",
          "unidades",
        )} ${where}.`,
        `Prédio residencial ${where}, o ${facts.name} tem ${plural(facts.floors, "andar", "andares")} e foi entregue em ${facts.yearBuilt}.`,
      ]);
  const amenities = phrases(facts.infra, INFRA_PHRASES, 6);
  const second =
    amenities.length > 0
      ? `Áreas comuns e serviços: ${enumerate(amenities)}.`
      : "Condomínio enxuto, com custos baixos.";
  return `${first} ${second}`;
}
