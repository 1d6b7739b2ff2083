/**
 * Amenity filters of the listings page (`comodidades`): a
 * curated, ordered list of what the big portals offer, limited to what Vista's
 * data can answer, and the mapping from a listing's amenity labels
 * (`features` = `Caracteristicas`, `infrastructure` = `InfraEstrutura`, as
 * pt-BR labels from `app/.server/vista/amenities.ts` AMENITY_LABELS) and flags
 * (`furnished`, `pool`…) to those slugs. The sync stores the slugs in
 * `listings.amenities` (GIN index); the filter is `amenities @> array[…]`.
 *
 * Isomorphic and pure: the codec validates `comodidades` against this list and
 * the filters form shows it.
 */
import type { Listing } from "~/domain/listing";
import { foldText } from "./search-text";

/** One amenity filter: URL slug (value of `comodidades`) and pt-BR label. */
export interface AmenityFilter {
  slug: string;
  label: string;
}

interface AmenityRule extends AmenityFilter {
  /** pt-BR labels (as the adapter writes them) that imply this amenity; compared folded. */
  labels: readonly string[];
  /** A boolean flag of the listing that implies it too. */
  flag?: (listing: Listing) => boolean;
}

/**
 * The rules, in display order (most asked-for first, as on the portals). Every
 * label is a value of AMENITY_LABELS that the Vista sandbox really emits
 * (server/vista-sandbox/catalogue.ts `deriveFeatures` / `deriveInfra`), plus a
 * few spellings other Vista accounts use ("Varanda", "Academia").
 */
const RULES: readonly AmenityRule[] = [
  {
    slug: "piscina",
    label: "Piscina",
    labels: ["Piscina", "Piscina coletiva", "Piscina aquecida", "Piscina infantil"],
    flag: (l) => l.pool,
  },
  { slug: "mobiliado", label: "Mobiliado", labels: ["Mobiliado"], flag: (l) => l.furnished },
  { slug: "aceita-pet", label: "Aceita pet", labels: ["Aceita pet", "Aceita pets", "Aceita animais"] },
  { slug: "elevador", label: "Elevador", labels: ["Elevador", "Elevador de serviço", "Elevadores"] },
  {
    slug: "portaria-24h",
    label: "Portaria 24h",
    labels: ["Portaria 24h", "Portaria 24 horas"],
    flag: (l) => l.concierge24h,
  },
  { slug: "academia", label: "Academia", labels: ["Academia", "Sala fitness", "Fitness"], flag: (l) => l.fitnessRoom },
  {
    slug: "churrasqueira",
    label: "Churrasqueira",
    labels: ["Churrasqueira", "Churrasqueira no condomínio", "Sacada com churrasqueira", "Churrasqueira coletiva"],
  },
  {
    slug: "varanda",
    label: "Varanda",
    labels: ["Varanda", "Varanda gourmet", "Sacada", "Sacada com churrasqueira", "Terraço"],
  },
  {
    slug: "ar-condicionado",
    label: "Ar-condicionado",
    labels: ["Ar-condicionado", "Ar central", "Ar-condicionado split"],
  },
  { slug: "salao-de-festas", label: "Salão de festas", labels: ["Salão de festas"] },
  { slug: "playground", label: "Playground", labels: ["Playground"] },
  {
    slug: "quadra",
    label: "Quadra esportiva",
    labels: ["Quadra de esportes", "Quadra poliesportiva", "Quadra de tênis"],
    flag: (l) => l.sportsCourt,
  },
  { slug: "sauna", label: "Sauna", labels: ["Sauna", "Sauna no condomínio"] },
  { slug: "espaco-gourmet", label: "Espaço gourmet", labels: ["Espaço gourmet", "Varanda gourmet"] },
  { slug: "salao-de-jogos", label: "Salão de jogos", labels: ["Salão de jogos"] },
  { slug: "brinquedoteca", label: "Brinquedoteca", labels: ["Brinquedoteca"] },
  { slug: "bicicletario", label: "Bicicletário", labels: ["Bicicletário"] },
  { slug: "coworking", label: "Coworking", labels: ["Coworking"] },
  { slug: "area-de-servico", label: "Área de serviço", labels: ["Área de serviço"] },
  {
    slug: "armarios-embutidos",
    label: "Armários embutidos",
    labels: ["Armário embutido", "Armários embutidos", "Dormitório com armário"],
  },
  { slug: "cozinha-americana", label: "Cozinha americana", labels: ["Cozinha americana"] },
  { slug: "lavabo", label: "Lavabo", labels: ["Lavabo"] },
  { slug: "hidromassagem", label: "Hidromassagem", labels: ["Hidromassagem"] },
  { slug: "vista-panoramica", label: "Vista panorâmica", labels: ["Vista panorâmica"] },
];

/**
 * The amenity filters in display order: `slug` is the value
 * of the `comodidades` query parameter, `label` the pt-BR checkbox label.
 */
export const AMENITY_FILTERS: readonly AmenityFilter[] = RULES.map(({ slug, label }) => ({ slug, label }));

/** The set of valid amenity slugs (codec validation). */
export const AMENITY_SLUGS: ReadonlySet<string> = new Set(AMENITY_FILTERS.map((a) => a.slug));

/** pt-BR label of an amenity slug, or the slug itself when unknown. */
export function amenityLabel(slug: string): string {
  return AMENITY_FILTERS.find((a) => a.slug === slug)?.label ?? slug;
}

/** Folded label → slugs it implies. */
const BY_LABEL: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const rule of RULES) {
    for (const label of rule.labels) {
      const key = foldText(label);
      const list = map.get(key) ?? [];
      if (!list.includes(rule.slug)) list.push(rule.slug);
      map.set(key, list);
    }
  }
  return map;
})();

/**
 * The amenity filter slugs a listing has (read model `listings.amenities`),
 * in {@link AMENITY_FILTERS} order, unique: from its `features` and
 * `infrastructure` labels (compared case- and accent-insensitively) and its
 * flags (`pool`, `furnished`, `concierge24h`, `fitnessRoom`, `sportsCourt`).
 */
export function amenitySlugsOf(
  listing: Pick<Listing, "features" | "infrastructure"> &
    Partial<Pick<Listing, "pool" | "furnished" | "concierge24h" | "fitnessRoom" | "sportsCourt">>,
): string[] {
  const found = new Set<string>();
  for (const label of [...(listing.features ?? []), ...(listing.infrastructure ?? [])]) {
    for (const slug of BY_LABEL.get(foldText(label)) ?? []) found.add(slug);
  }
  for (const rule of RULES) {
    if (rule.flag && rule.flag(listing as Listing)) found.add(rule.slug);
  }
  return AMENITY_FILTERS.map((a) => a.slug).filter((slug) => found.has(slug));
}

/**
 * Specific label (folded) → the generic labels it makes redundant: with
 * "Ar-condicionado split" the page need not also say "Ar-condicionado"
 * (Vista sends both flags, `Split` and `ArCondicionado`; docs/vista-api.md §6.3, §6.4).
 */
const SUBSUMES: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      ["Ar-condicionado split", ["Ar-condicionado"]],
      ["Ar central", ["Ar-condicionado"]],
      ["Portaria 24h", ["Portaria"]],
      ["Portaria 24 horas", ["Portaria"]],
      ["Portaria blindada", ["Portaria"]],
      ["Piscina aquecida", ["Piscina"]],
      ["Piscina coletiva", ["Piscina"]],
      ["Piscina infantil", ["Piscina"]],
      ["Garagem coberta", ["Garagem"]],
      ["Sacada com churrasqueira", ["Sacada"]],
      ["Elevadores", ["Elevador"]],
      ["Armários embutidos", ["Armário embutido"]],
      ["Cozinha americana", ["Cozinha"]],
      ["Cozinha planejada", ["Cozinha"]],
      ["Cozinha montada", ["Cozinha"]],
      ["Cozinha com armários", ["Cozinha"]],
      ["Sala de estar", ["Sala"]],
      ["Sala de jantar", ["Sala"]],
      ["Vigilância 24h", ["Vigia interno", "Vigia externo"]],
    ] as const
  ).map(([specific, generics]) => [amenityKey(specific), generics.map(amenityKey)]),
);

/** Folded compare key of an amenity label: case, accents, hyphens and spacing ignored. */
export function amenityKey(label: string): string {
  return foldText(label)
    .replace(/[-‐–—_/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The amenity lists of a page without repeats, as the portals show them: a
 * label whose {@link amenityKey} was already shown (in the same list or an
 * earlier one) is dropped; a generic label is dropped when a more specific one
 * is present anywhere ("Ar-condicionado" beside "Ar-condicionado split",
 * "Portaria" beside "Portaria 24h"); "Face leste" is dropped when the details
 * already say "Orientação: Leste" (`orientation`). Order is kept.
 * @param lists e.g. `[features, infrastructure]`, pt-BR labels.
 * @param options.orientation the listing's `Orientacao` ("Leste", "Norte"…), if any.
 * @returns the lists in the same order, each without repeats or blanks.
 */
export function dedupeAmenities(
  lists: readonly (readonly string[])[],
  options: { orientation?: string | null } = {},
): string[][] {
  const present = new Set(lists.flat().map(amenityKey));
  const redundant = new Set<string>();
  for (const key of present) for (const generic of SUBSUMES.get(key) ?? []) redundant.add(generic);
  // "Norte/Leste" → both faces are already said by the "Orientação" row.
  for (const side of amenityKey(options.orientation ?? "").split(" ")) if (side) redundant.add(`face ${side}`);
  const seen = new Set<string>();
  return lists.map((list) =>
    list
      .map((label) => label.trim())
      .filter((label) => {
        const key = amenityKey(label);
        if (!key || seen.has(key) || redundant.has(key)) return false;
        seen.add(key);
        return true;
      }),
  );
}
