/**
 * The list pages' filters (docs/product.md "Public site"; ADR 0037): purpose,
 * type, city, neighbourhoods (several), price range, minimum bedrooms / suites
 * / parking spaces / bathrooms, area range, maximum condo fee, amenities,
 * lançamento, exclusivo and the listing code, each option with the number of
 * listings choosing it would give (facet counts, ADR 0011) when the page has
 * them. Options that would give nothing are dimmed, never disabled, so the
 * form still works without JavaScript.
 *
 * A GET form to `/todos-os-imoveis` (or `action`: `/mapa`, `/busca`) that
 * works without JavaScript; the loader turns its parameters into the
 * canonical `{filtros}` URL (301).
 *
 * The facets are collapsible sections (`<details>`, native without
 * JavaScript): the most used open (finalidade e tipo, localização, preço,
 * quartos), the others closed with a summary of what is set ("Vagas de
 * garagem 2+"). Only the neighbourhood list scrolls inside the form, with a
 * field that narrows it.
 *
 * Wide screens (≥ 960 px): an open sidebar; with JavaScript every choice
 * applies at once through a Remix navigation (no full reload, scroll kept):
 * selects, radios and checkboxes on change, the text fields when they are
 * left with a new value or on Enter.
 *
 * Phones: a "Filtros" button with the number of filters set. Without
 * JavaScript it unfolds the same form in the page. With it, it opens a
 * full-screen sheet (a modal dialog: focus kept inside, Esc or "Fechar"
 * close it, the page behind does not scroll) where choices do not reload
 * anything: a sticky footer shows "Ver N imóveis", N counted live by
 * `/busca/contagem` (debounced), and "Limpar"; "Ver N imóveis" applies the
 * whole form in one navigation.
 */
import { Form, useSubmit } from "@remix-run/react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type MouseEvent,
} from "react";
import type { FacetCounts, FilterVocabulary, ListingFilters } from "~/lib/filters";
import { LISTINGS_PATH, SEARCH_PATH } from "~/lib/paths";
import { FilterFields } from "./filters/fields";
import { clearFields, formParams, loadFiltersReader } from "./filters/form-state";
import {
  FiltersSummary,
  keepTabInside,
  SheetActions,
  SheetHeader,
  useLiveCount,
  useSheetDialog,
  WIDE_QUERY,
} from "./filters/sheet";
import { activeFilterCount, sectionSummaries } from "./filters/summaries";
import * as s from "./filters-form.css";

/** Props of {@link FiltersForm}. */
export interface FiltersFormProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  /** GET target of the form and of "Limpar filtros"; default `/todos-os-imoveis` (`/mapa`, `/busca` pass theirs). */
  action?: string;
  /** Facet counts of `filters` (`facetCounts()` on the server); without them the vocabulary's totals are shown. */
  counts?: FacetCounts | null;
  /** Listings the page shows for `filters`: the sheet's first "Ver N imóveis" (else counted when it opens). */
  total?: number;
  /** Extra fields the form keeps, as [name, value] pairs (e.g. `q` on `/busca`). */
  hidden?: readonly [string, string][];
  /** The live count's resource when not `/busca/contagem` (`/mapa`'s counts located listings only). */
  countPath?: string;
  /** Phones: open the sheet at once (the map's own "Filtros" button renders the form on demand). */
  startOpen?: boolean;
  /** Called when the sheet closes or applies. */
  onSheetClose?: () => void;
}

/** Sections open at first (the most used facets); the others start closed with a summary. */
const OPEN_SECTIONS: Readonly<Record<string, boolean>> = {
  tipo: true,
  local: true,
  preco: true,
  bedroomsMin: true,
};

/** Pages whose list the live count reproduces (`/mapa` lists only listings with coordinates). */
const LIVE_COUNT_ACTIONS = new Set([LISTINGS_PATH, SEARCH_PATH]);

/** The filters form, its phone sheet and its sections (see the module comment). */
export function FiltersForm({
  filters,
  vocabulary,
  action = LISTINGS_PATH,
  counts = null,
  total,
  hidden = [],
  countPath,
  startOpen = false,
  onSheetClose,
}: FiltersFormProps) {
  const submit = useSubmit();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [sheet, setSheet] = useState(false);
  const [openSections, setOpenSections] = useState<Record<string, boolean>>(OPEN_SECTIONS);
  const live = countPath != null || LIVE_COUNT_ACTIONS.has(action);
  const [liveCount, setLiveCount, count, cancelCount] = useLiveCount(live, total, countPath);
  // What the form shows now (changes in the sheet are not applied yet): the sections' summaries.
  const [current, setCurrent] = useState<ListingFilters>(filters);
  // The form is keyed by the filters so that its uncontrolled inputs reset after each navigation.
  const key = JSON.stringify([filters, hidden]);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setCurrent(filters);
    setLiveCount(total ?? null);
  }

  useEffect(() => {
    // Open the sidebar on wide screens (the CSS already shows it where supported).
    const details = detailsRef.current;
    if (details && window.matchMedia(WIDE_QUERY).matches) details.open = true;
  }, []);

  const readForm = (form: HTMLFormElement) => {
    const params = formParams(form);
    loadFiltersReader().then(
      (parseFilters) => {
        const parsed = parseFilters(undefined, params, vocabulary);
        setCurrent("notFound" in parsed ? {} : parsed.filters);
      },
      () => {
        // Offline or a new deployment: the summaries keep what they show; the form still submits.
      },
    );
  };

  const closeSheet = useCallback(() => {
    cancelCount();
    setSheet(false);
    if (detailsRef.current) detailsRef.current.open = false;
    detailsRef.current?.querySelector("summary")?.focus();
    onSheetClose?.();
  }, [cancelCount, onSheetClose]);

  useSheetDialog(sheet, closeRef, closeSheet);

  // Phones with JavaScript: the "Filtros" button opens the sheet instead of unfolding the form.
  const openSheet = () => {
    void loadFiltersReader().catch(() => undefined);
    if (detailsRef.current) detailsRef.current.open = true;
    setSheet(true);
    const form = sheetRef.current?.querySelector("form");
    if (form && (total === undefined || liveCount === null)) count(form);
  };
  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    if (window.matchMedia(WIDE_QUERY).matches) return;
    event.preventDefault();
    openSheet();
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  useEffect(() => void (startOpen && !window.matchMedia(WIDE_QUERY).matches && openSheet()), []);

  // Sidebar: a choice applies at once (selects, radios and checkboxes on change; the
  // text fields when they lose focus with a new value, or on Enter, the form's own
  // submit). Sheet: a choice only updates the summaries and the live count.
  // Only the fields with a value: clean URLs (`/busca` has no canonical redirect to drop the empty ones).
  const submitForm = (form: HTMLFormElement) =>
    submit(formParams(form), { method: "get", action, preventScrollReset: true });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    if (target.dataset.local) return;
    readForm(form);
    if (sheet) {
      count(form);
      return;
    }
    if (target.type === "text" || target.type === "search") return;
    submitForm(form);
  };
  const onTextBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (sheet) return;
    if (event.currentTarget.value !== event.currentTarget.defaultValue && event.currentTarget.form) {
      submitForm(event.currentTarget.form);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitForm(event.currentTarget);
    if (sheet) {
      setSheet(false);
      document.body.style.overflow = "";
      if (detailsRef.current) detailsRef.current.open = false;
      onSheetClose?.();
    }
  };

  // "Limpar" in the sheet: every facet back to "any" (the hidden fields stay), then count again
  // (the city select's change event does, when there is one).
  const clearForm = (form: HTMLFormElement) => {
    if (clearFields(form)) return;
    readForm(form);
    count(form);
  };

  const active = activeFilterCount(filters);
  const toggle = (id: string, open: boolean) =>
    setOpenSections((was) => (was[id] === open ? was : { ...was, [id]: open }));

  return (
    <details className={s.panel} ref={detailsRef}>
      <FiltersSummary active={active} onClick={onSummaryClick} />
      <div
        ref={sheetRef}
        className={sheet ? `${s.sheet} ${s.sheetOpen}` : s.sheet}
        role={sheet ? "dialog" : undefined}
        aria-modal={sheet ? true : undefined}
        aria-labelledby={sheet ? headingId : undefined}
        onKeyDown={(event) => sheet && keepTabInside(event, sheetRef.current)}
      >
        <SheetHeader headingId={headingId} open={sheet} closeRef={closeRef} onClose={closeSheet} />
        <Form
          method="get"
          action={action}
          className={s.form}
          key={key}
          aria-label="Filtros"
          onChange={onChange}
          onSubmit={onSubmit}
          onFocus={() => void loadFiltersReader().catch(() => undefined)}
        >
          {hidden.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <FilterFields
            filters={filters}
            vocabulary={vocabulary}
            counts={counts}
            summaries={sectionSummaries(current, vocabulary)}
            openSections={openSections}
            onToggle={toggle}
            onTextBlur={onTextBlur}
          />

          {filters.sort ? <input type="hidden" name="ordem" value={filters.sort} /> : null}

          <SheetActions
            open={sheet}
            live={live}
            liveCount={liveCount}
            active={active}
            action={action}
            onClear={clearForm}
          />
        </Form>
      </div>
    </details>
  );
}
