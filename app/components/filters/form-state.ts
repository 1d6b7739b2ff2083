/**
 * The filters form's fields read and reset in the browser: the query a GET
 * submission would send, the URL reader that turns it into filters (loaded
 * on demand) and "Limpar" of the phone sheet.
 */
import { MAIN_PARAMS } from "~/lib/filters";
import type { parseFilters } from "~/lib/filters/parse";

/** The form's fields as query parameters (empty values left out), as a GET submission sends them. */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim()) params.append(name, value);
  }
  return params;
}

let filtersReader: Promise<typeof parseFilters> | undefined;

/**
 * The URL reader (`~/lib/filters/parse`, which carries the slug library), in a
 * chunk of its own: the summaries need it only once a choice changes, so the
 * page's first load goes without it (docs/decisions/0046-lighter-first-loads.md).
 * Requested when the sheet opens or a field takes focus; a failed load is
 * tried again next time.
 */
export function loadFiltersReader(): Promise<typeof parseFilters> {
  filtersReader ??= import("~/lib/filters/parse").then(
    (module) => module.parseFilters,
    (error: unknown) => {
      filtersReader = undefined;
      throw error;
    },
  );
  return filtersReader;
}

/**
 * "Limpar" in the sheet: every facet back to "any" (the hidden fields and the
 * fields marked `data-local` stay). Then a change event on the city select,
 * as React listens for it, so that the neighbourhood list follows and the
 * form's change handler counts again; returns false when the form has no city
 * select (the caller then updates the summaries and the count itself).
 */
export function clearFields(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      if (element.type === "hidden" || element.dataset.local) continue;
      if (element.type === "checkbox") element.checked = false;
      else if (element.type === "radio") element.checked = element.value === "";
      else element.value = "";
    } else if (element instanceof HTMLSelectElement) {
      element.value = "";
    }
  }
  const city = form.elements.namedItem(MAIN_PARAMS.city);
  if (!(city instanceof HTMLSelectElement)) return false;
  city.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
}
