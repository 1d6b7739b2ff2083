/**
 * The words of a free-text query that name a filter (`/busca`, ADR 0010, ADR
 * 0087), folded (lower case, no accents): purposes, launches, abbreviations
 * of types, common types, and the amenity filters of `~/lib/amenities` with
 * the ways people say them ("pet", "aceita animais", "sacada", "mobiliada",
 * "portaria 24 horas"). A word that names something without a filter is not
 * here, so the page can say it did not understand it. Pure data, used by
 * `./text-query`.
 */
import type { Purpose } from "~/domain/listing";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { foldText } from "~/lib/search-text";
import { queryWords } from "./text-words";

/** Purpose words, folded → purpose. */
export const PURPOSE_WORDS: Readonly<Record<string, Purpose>> = {
  comprar: "venda",
  compra: "venda",
  compro: "venda",
  venda: "venda",
  vendas: "venda",
  vender: "venda",
  vende: "venda",
  vendo: "venda",
  aluguel: "aluguel",
  alugar: "aluguel",
  aluga: "aluguel",
  alugo: "aluguel",
  locacao: "aluguel",
  locar: "aluguel",
  alugueis: "aluguel",
};

/** Words meaning "launches only" (`lancamento=sim`), as folded word runs. */
export const LAUNCH_TERMS: readonly string[][] = [["lancamento"], ["lancamentos"], ["na", "planta"]];

/** Common abbreviations of category words, folded → the folded category label they mean. */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  ap: "apartamento",
  apto: "apartamento",
  ape: "apartamento",
  aptos: "apartamento",
  apartamentos: "apartamento",
  estudio: "studio",
  coberturas: "cobertura",
};

/**
 * Property type words portals' visitors type (folded, singular and plural) →
 * pt-BR plural, recognised when the vocabulary has no such category.
 */
export const TYPE_WORDS: Readonly<Record<string, string>> = {
  casa: "casas",
  casas: "casas",
  sobrado: "sobrados",
  sobrados: "sobrados",
  terreno: "terrenos",
  terrenos: "terrenos",
  lote: "lotes",
  lotes: "lotes",
  kitnet: "kitnets",
  kitnets: "kitnets",
  loja: "lojas",
  lojas: "lojas",
  galpao: "galpões",
  galpoes: "galpões",
  chacara: "chácaras",
  chacaras: "chácaras",
  sitio: "sítios",
  sitios: "sítios",
  fazenda: "fazendas",
  fazendas: "fazendas",
  flat: "flats",
  flats: "flats",
  loft: "lofts",
  lofts: "lofts",
};

/**
 * Extra ways to say an amenity filter (besides its label), by slug. Each
 * phrase is folded by {@link AMENITY_TERMS}. "varanda gourmet" means the
 * balcony (the page's "Varanda" filter), as most visitors mean it.
 */
const AMENITY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  piscina: ["piscinas", "piscina aquecida"],
  mobiliado: ["mobiliada", "mobiliados", "mobiliadas", "com moveis", "mobilia"],
  "aceita-pet": [
    "pet",
    "pets",
    "aceita pet",
    "aceita pets",
    "aceita animais",
    "aceita animal",
    "aceita cachorro",
    "animais",
    "animal",
    "pet friendly",
    "cachorro",
    "gato",
  ],
  elevador: ["elevadores"],
  "portaria-24h": ["portaria 24 horas", "portaria 24hs", "portaria 24 hs", "portaria 24 hrs", "portaria", "porteiro"],
  academia: ["sala fitness", "fitness", "sala de ginastica", "ginastica"],
  churrasqueira: ["churrasqueiras"],
  varanda: ["varandas", "sacada", "sacadas", "varanda gourmet", "terraco"],
  "ar-condicionado": ["ar condicionado", "ar central", "split"],
  "salao-de-festas": ["salao de festa", "espaco de festas"],
  playground: ["parquinho"],
  quadra: ["quadra", "quadra poliesportiva", "quadra de esportes", "quadra de tenis"],
  "espaco-gourmet": ["area gourmet"],
  "salao-de-jogos": ["sala de jogos"],
  "area-de-servico": ["lavanderia"],
  "armarios-embutidos": ["armario embutido", "armarios"],
  hidromassagem: ["jacuzzi", "banheira"],
  "vista-panoramica": ["vista livre"],
};

/** Amenity filters as folded word runs (labels and synonyms), longest first ("varanda gourmet" before "varanda"). */
export const AMENITY_TERMS: readonly { slug: string; words: string[] }[] = AMENITY_FILTERS.flatMap((a) =>
  [a.label, ...(AMENITY_SYNONYMS[a.slug] ?? [])].map((phrase) => ({
    slug: a.slug,
    words: queryWords(foldText(phrase)),
  })),
)
  .filter((a) => a.words.length)
  .sort((a, b) => b.words.length - a.words.length);

/** Words that negate the amenity after them ("sem mobília", "não aceita pet"): that amenity is not read. */
export const NEGATIONS: ReadonlySet<string> = new Set(["sem", "nao"]);
