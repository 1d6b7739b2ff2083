/**
 * How the condominium page's units sections show their units
 * (docs/decisions/0058): a section with up to {@link UNITS_SHOWN_IN_FULL}
 * units shows them all; a longer one its first {@link UNITS_PREVIEW} and a
 * link to the same page with every unit (`?unidades=todas`).
 */

/**
 * Cards a units section shows before its "ver todas" link: two full rows on
 * the grid's widths of one, two and four columns (docs/decisions/0058).
 */
export const UNITS_PREVIEW = 8;

/** A section with at most this many units shows them all (the link would reveal too few to be worth a step). */
export const UNITS_SHOWN_IN_FULL = 12;

/** Query parameter of the condominium page that, set to {@link ALL_UNITS_VALUE}, shows every unit of both sections. */
export const ALL_UNITS_PARAM = "unidades";

/** Value of {@link ALL_UNITS_PARAM} that shows every unit. */
export const ALL_UNITS_VALUE = "todas";

/** Whether a condominium page's query asks for every unit; any other value of the parameter is ignored. */
export function showsAllUnits(query: URLSearchParams): boolean {
  return query.get(ALL_UNITS_PARAM) === ALL_UNITS_VALUE;
}

/** How many of a section's `total` units it shows: all of them when asked for (`all`) or when few, else {@link UNITS_PREVIEW}. */
export function shownUnitCount(total: number, all: boolean): number {
  return all || total <= UNITS_SHOWN_IN_FULL ? total : UNITS_PREVIEW;
}

/** `query` (the page's own, other parameters kept) asking for every unit, as a search string (`?…`). */
export function allUnitsSearch(query: URLSearchParams): string {
  const next = new URLSearchParams(query);
  next.set(ALL_UNITS_PARAM, ALL_UNITS_VALUE);
  return `?${next}`;
}

/**
 * Whether going from `current` to `next` changes {@link ALL_UNITS_PARAM} and
 * nothing else (the page's data stays the same). The same URL again is not
 * such a change.
 */
export function onlyAllUnitsChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const [currentQuery, nextQuery] = [new URLSearchParams(current.search), new URLSearchParams(next.search)];
  if (currentQuery.get(ALL_UNITS_PARAM) === nextQuery.get(ALL_UNITS_PARAM)) return false;
  for (const query of [currentQuery, nextQuery]) {
    query.delete(ALL_UNITS_PARAM);
    query.sort();
  }
  return `${currentQuery}` === `${nextQuery}`;
}
