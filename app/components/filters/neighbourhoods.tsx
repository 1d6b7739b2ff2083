/**
 * The "Bairros" field of the filters form (ADR 0037): the chosen city's
 * neighbourhoods as checkboxes with their counts, a field that narrows the
 * list, and only the first ones drawn until asked for
 * (docs/decisions/0040-fast-on-a-phone-changes.md).
 */
import { useState } from "react";
import { formatCount } from "~/lib/format";
import { MAIN_PARAMS, type FacetCounts, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { foldText } from "~/lib/search-text";
import { useHydrated } from "../use-hydrated";
import { dimmed } from "./controls";
import * as s from "../filters-form.css";

/**
 * How many neighbourhoods the list shows at first: the chosen ones, then the
 * ones with most listings. The rest are drawn only when asked for ("Ver todos
 * os N bairros", or a search in "Procurar bairro"): a big city's checkboxes
 * were a large share of the list page's elements, and every form control is work
 * for the browser while the page loads (docs/decisions/0040-fast-on-a-phone-changes.md).
 */
const FIRST_NEIGHBOURHOODS = 8;

/**
 * The neighbourhoods shown before "Ver todos": every chosen one, then the
 * busiest up to {@link FIRST_NEIGHBOURHOODS}, in the list's order.
 */
function firstNeighbourhoods<T extends { slug: string; count: number }>(all: T[], selected: ReadonlySet<string>): T[] {
  const busiest = all
    .filter((nb) => !selected.has(nb.slug))
    .sort((a, b) => b.count - a.count)
    .slice(0, Math.max(0, FIRST_NEIGHBOURHOODS - selected.size));
  const keep = new Set([...selected, ...busiest.map((nb) => nb.slug)]);
  return all.filter((nb) => keep.has(nb.slug));
}

/**
 * The neighbourhoods of the city the select shows (`citySlug`, which follows
 * the select without a navigation in the sheet; the only city when there is
 * one), the chosen ones first; a hint while no city is chosen.
 */
export function NeighbourhoodsFieldset(props: {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  counts: FacetCounts | null;
  citySlug: string;
}) {
  const { filters, vocabulary, counts, citySlug } = props;
  const [nbQuery, setNbQuery] = useState("");
  const [allNeighbourhoods, setAllNeighbourhoods] = useState(false);
  const hydrated = useHydrated();

  const city =
    vocabulary.cities.find((c) => c.slug === citySlug) ??
    (vocabulary.cities.length === 1 ? vocabulary.cities[0] : undefined);
  const selected = new Set(city?.slug === filters.city ? (filters.neighbourhoods ?? []) : []);
  const neighbourhoods = city
    ? [...city.neighbourhoods].sort((a, b) => Number(selected.has(b.slug)) - Number(selected.has(a.slug)))
    : [];
  const folded = foldText(nbQuery.trim());
  // The chosen and the busiest neighbourhoods first; the rest once asked for (or searched), see FIRST_NEIGHBOURHOODS.
  const listAll = allNeighbourhoods || Boolean(folded) || neighbourhoods.length <= FIRST_NEIGHBOURHOODS + 2;
  const first = listAll ? neighbourhoods : firstNeighbourhoods(neighbourhoods, selected);
  const rest = listAll ? [] : neighbourhoods.filter((nb) => !first.includes(nb));
  // Facet counts are for the applied city; another city falls back to the vocabulary's totals.
  const nbCount = (slug: string, fallback: number) =>
    counts && city?.slug === filters.city ? (counts.neighbourhoods[slug] ?? 0) : fallback;

  return (
    <fieldset className={s.group}>
      <legend className={s.label}>Bairros</legend>
      {city ? (
        <>
          {hydrated && neighbourhoods.length > 8 ? (
            <input
              className={s.control}
              type="search"
              data-local="1"
              aria-label="Procurar bairro"
              placeholder="Procurar bairro"
              value={nbQuery}
              onChange={(event) => setNbQuery(event.currentTarget.value)}
              autoComplete="off"
              maxLength={60}
            />
          ) : null}
          <ul className={s.checkList}>
            {first.map((nb) => {
              const checked = selected.has(nb.slug);
              const n = nbCount(nb.slug, nb.count);
              const hiddenByQuery = !!folded && !checked && !foldText(nb.label).includes(folded);
              return (
                <li key={`${city.slug}/${nb.slug}`} hidden={hiddenByQuery}>
                  <label className={`${s.check} ${dimmed(n, checked)}`}>
                    <input
                      type="checkbox"
                      name={MAIN_PARAMS.neighbourhood}
                      value={city.slug === citySlug ? nb.slug : `${city.slug}/${nb.slug}`}
                      defaultChecked={checked}
                    />
                    {nb.label}
                    <span className={s.optionCount}>{formatCount(n)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          {rest.length ? (
            <>
              {hydrated ? (
                <button
                  type="button"
                  className={s.moreButton}
                  onClick={(event) => {
                    // The first of the added neighbourhoods takes the focus the button had.
                    const list = event.currentTarget.previousElementSibling;
                    const firstAdded = rest[0]?.slug;
                    setAllNeighbourhoods(true);
                    requestAnimationFrame(() =>
                      list
                        ?.querySelector<HTMLInputElement>(
                          `input[value="${firstAdded}"], input[value$="/${firstAdded}"]`,
                        )
                        ?.focus(),
                    );
                  }}
                >
                  Ver todos os {formatCount(neighbourhoods.length)} bairros
                </button>
              ) : null}
              {/* Without JavaScript the whole list; with it, this is inert text, never parsed into the DOM. */}
              <noscript>
                <ul className={s.checkList}>
                  {rest.map((nb) => (
                    <li key={nb.slug}>
                      <label className={s.check}>
                        <input type="checkbox" name={MAIN_PARAMS.neighbourhood} value={nb.slug} />
                        {nb.label}
                        <span className={s.optionCount}>{formatCount(nb.count)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </noscript>
            </>
          ) : null}
        </>
      ) : (
        <p className={s.hint}>Escolha uma cidade para ver os bairros.</p>
      )}
    </fieldset>
  );
}
