/**
 * Filter vocabularies for unit tests, written as compact tables instead of
 * nested objects: `[slug, label, count]` entries, and cities with their
 * neighbourhoods.
 */
import type { FilterVocabulary, VocabularyCity, VocabularyEntry } from "../../app/lib/filters";

/** One vocabulary entry: slug, label (default: the slug) and active listings (default 1). */
export type EntryRow = readonly [slug: string, label?: string, count?: number];

/** A city row: its entry and its neighbourhoods. */
export type CityRow = readonly [city: EntryRow, neighbourhoods: readonly EntryRow[]];

function entryOf([slug, label = slug, count = 1]: EntryRow): VocabularyEntry {
  return { slug, label, count };
}

/** A {@link FilterVocabulary} from tables of categories and cities, in the order given. */
export function vocabularyOf(categories: readonly EntryRow[], cities: readonly CityRow[]): FilterVocabulary {
  return {
    categories: categories.map(entryOf),
    cities: cities.map(([city, neighbourhoods]): VocabularyCity => ({
      ...entryOf(city),
      neighbourhoods: neighbourhoods.map(entryOf),
    })),
  };
}

/**
 * The codec tests' vocabulary: hyphenated slugs, a category whose slug
 * contains another's ("casa-de-condominio"), and a neighbourhood slug
 * ("centro") in two cities. Every count is 1.
 */
export const CODEC_VOCABULARY: FilterVocabulary = vocabularyOf(
  [
    ["apartamento", "Apartamento"],
    ["casa", "Casa"],
    ["casa-de-condominio", "Casa de Condomínio"],
    ["sala-comercial", "Sala comercial"],
  ],
  [
    [
      ["sao-paulo", "São Paulo"],
      [
        ["moema", "Moema"],
        ["pinheiros", "Pinheiros"],
        ["vila-mariana", "Vila Mariana"],
        ["centro", "Centro"],
        ["jardim-paulista", "Jardim Paulista"],
      ],
    ],
    [
      ["santo-andre", "Santo André"],
      [
        ["centro", "Centro"],
        ["vila-assuncao", "Vila Assunção"],
      ],
    ],
  ],
);
