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
import { Form, Link, useSubmit } from "@remix-run/react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { amenityLabel, AMENITY_FILTERS } from "~/lib/amenities";
import { formatCount } from "~/lib/format";
import {
  MAIN_PARAMS,
  MINIMUM_CHOICES,
  type FacetCounts,
  type FilterVocabulary,
  type ListingFilters,
  type MinimumFacet,
} from "~/lib/filters";
import type { parseFilters } from "~/lib/filters/parse";
import { LISTINGS_PATH, LIVE_COUNT_PATH, SEARCH_PATH } from "~/lib/paths";
import { foldText } from "~/lib/search-text";
import { button, visuallyHidden } from "~/styles/ui.css";
import { CloseIcon, FilterIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
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
}

/** The minimum facets: parameter, legend and pt-BR nouns. */
const MINIMUMS: readonly { key: MinimumFacet; param: string; legend: string; many: string }[] = [
  { key: "bedroomsMin", param: "quartos", legend: "Quartos", many: "quartos" },
  { key: "suitesMin", param: "suites", legend: "Suítes", many: "suítes" },
  { key: "parkingMin", param: "vagas", legend: "Vagas de garagem", many: "vagas" },
  { key: "bathroomsMin", param: "banheiros", legend: "Banheiros", many: "banheiros" },
];

/** Sections open at first (the most used facets); the others start closed with a summary. */
const OPEN_SECTIONS: Readonly<Record<string, boolean>> = {
  tipo: true,
  local: true,
  preco: true,
  bedroomsMin: true,
};

/** Pages whose list the live count reproduces (`/mapa` lists only listings with coordinates). */
const LIVE_COUNT_ACTIONS = new Set([LISTINGS_PATH, SEARCH_PATH]);

/** ms after the last change before the sheet counts again. */
const COUNT_DEBOUNCE_MS = 300;

let filtersReader: Promise<typeof parseFilters> | undefined;

/**
 * The URL reader (`~/lib/filters/parse`, which carries the slug library), in a
 * chunk of its own: the summaries need it only once a choice changes, so the
 * page's first load goes without it (docs/decisions/0046-lighter-first-loads.md).
 * Requested when the sheet opens or a field takes focus; a failed load is
 * tried again next time.
 */
function loadFiltersReader(): Promise<typeof parseFilters> {
  filtersReader ??= import("~/lib/filters/parse").then(
    (module) => module.parseFilters,
    (error: unknown) => {
      filtersReader = undefined;
      throw error;
    },
  );
  return filtersReader;
}

/** Wide screens: the open sidebar (the CSS uses the same breakpoint). */
const WIDE_QUERY = "(min-width: 960px)";

/**
 * How many neighbourhoods the list shows at first: the chosen ones, then the
 * ones with most listings. The rest are drawn only when asked for ("Ver todos
 * os N bairros", or a search in "Procurar bairro"): a city's 100 checkboxes
 * were a third of the list page's elements, and every form control is work
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

/** How many facets are set (for the "Filtros" badge). */
export function activeFilterCount(f: ListingFilters): number {
  return (
    (f.purpose ? 1 : 0) +
    (f.category ? 1 : 0) +
    (f.city ? 1 : 0) +
    (f.neighbourhoods?.length ?? 0) +
    (f.priceMin != null || f.priceMax != null ? 1 : 0) +
    MINIMUMS.filter((m) => f[m.key] != null).length +
    (f.areaMin != null || f.areaMax != null ? 1 : 0) +
    (f.condoFeeMax != null ? 1 : 0) +
    (f.amenities?.length ?? 0) +
    (f.launch ? 1 : 0) +
    (f.exclusive ? 1 : 0) +
    (f.priceReduced ? 1 : 0) +
    (f.code ? 1 : 0)
  );
}

/** " (1.234)" after an option's label; "" without counts. */
function countSuffix(n: number | undefined): string {
  return n === undefined ? "" : ` (${formatCount(n)})`;
}

/** An amount as the text fields show it: "500.000" (pt-BR thousands); "" when absent. */
function amountText(value: number | undefined): string {
  return value == null ? "" : formatCount(value);
}

/** "R$ 500.000 a R$ 800.000", "a partir de 50 m²", "até R$ 800.000"; "" when neither is set. */
function rangeText(min: number | undefined, max: number | undefined, unit: (n: number) => string): string {
  if (min != null && max != null) return `${unit(min)} a ${unit(max)}`;
  if (min != null) return `a partir de ${unit(min)}`;
  if (max != null) return `até ${unit(max)}`;
  return "";
}

/** "A, B e mais 2": the first labels of a list for a closed section's summary. */
function shortList(labels: string[], shown = 2): string {
  if (labels.length <= shown) return labels.join(", ");
  return `${labels.slice(0, shown).join(", ")} e mais ${labels.length - shown}`;
}

const brl = (n: number) => `R$ ${formatCount(n)}`;

/**
 * What each section has set, for its summary line ("2+", "Piscina, Elevador");
 * "" when nothing. Keys: section ids.
 */
export function sectionSummaries(f: ListingFilters, vocabulary: FilterVocabulary): Record<string, string> {
  const city = vocabulary.cities.find((c) => c.slug === f.city);
  const label = (list: readonly { slug: string; label: string }[] | undefined, slug: string) =>
    list?.find((e) => e.slug === slug)?.label ?? slug;
  const out: Record<string, string> = {
    tipo: [
      f.purpose === "venda" ? "Comprar" : f.purpose === "aluguel" ? "Alugar" : "",
      f.category ? label(vocabulary.categories, f.category) : "",
    ]
      .filter(Boolean)
      .join(" · "),
    local: f.neighbourhoods?.length
      ? shortList(f.neighbourhoods.map((nb) => label(city?.neighbourhoods, nb)))
      : f.city
        ? (city?.label ?? f.city)
        : "",
    preco: rangeText(f.priceMin, f.priceMax, brl),
    area: rangeText(f.areaMin, f.areaMax, (n) => `${formatCount(n)} m²`),
    condominio: f.condoFeeMax != null ? `até ${brl(f.condoFeeMax)}` : "",
    comodidades: shortList((f.amenities ?? []).map(amenityLabel)),
    outros: [f.launch ? "Lançamentos" : "", f.exclusive ? "Exclusivos" : "", f.priceReduced ? "Preço reduzido" : ""]
      .filter(Boolean)
      .join(", "),
    codigo: f.code ?? "",
  };
  for (const m of MINIMUMS) out[m.key] = f[m.key] != null ? `${f[m.key]}+` : "";
  return out;
}

/** "Ver 1 imóvel", "Ver 1.234 imóveis", "Nenhum imóvel encontrado"; "Ver imóveis" while unknown. */
export function applyLabel(count: number | null): string {
  if (count == null) return "Ver imóveis";
  if (count === 0) return "Nenhum imóvel encontrado";
  return count === 1 ? "Ver 1 imóvel" : `Ver ${formatCount(count)} imóveis`;
}

/** The form's fields as query parameters (empty values left out), as a GET submission sends them. */
function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim()) params.append(name, value);
  }
  return params;
}

/** Elements the Tab key reaches inside `root`, in order (hidden ones left out). */
function focusables(root: HTMLElement): HTMLElement[] {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, summary';
  return [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
}

/** The filters form, its phone sheet and its sections (see the module comment). */
export function FiltersForm({
  filters,
  vocabulary,
  action = LISTINGS_PATH,
  counts = null,
  total,
  hidden = [],
}: FiltersFormProps) {
  const submit = useSubmit();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController | null>(null);
  const headingId = useId();
  const [sheet, setSheet] = useState(false);
  const [openSections, setOpenSections] = useState<Record<string, boolean>>(OPEN_SECTIONS);
  const [liveCount, setLiveCount] = useState<number | null>(total ?? null);
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
  const live = LIVE_COUNT_ACTIONS.has(action);

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

  const count = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      if (!live) return;
      timer.current = setTimeout(() => {
        inflight.current?.abort();
        const controller = new AbortController();
        inflight.current = controller;
        fetch(`${LIVE_COUNT_PATH}?${formParams(form).toString()}`, { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<{ count: number | null }>) : null))
          .then((body) => {
            if (!controller.signal.aborted) setLiveCount(body?.count ?? null);
          })
          .catch(() => {
            // Aborted by a newer change, or offline: the button keeps "Ver imóveis".
            if (!controller.signal.aborted) setLiveCount(null);
          });
      }, COUNT_DEBOUNCE_MS);
    },
    [live],
  );

  const closeSheet = useCallback(() => {
    clearTimeout(timer.current);
    inflight.current?.abort();
    setSheet(false);
    if (detailsRef.current) detailsRef.current.open = false;
    detailsRef.current?.querySelector("summary")?.focus();
  }, []);

  // While the sheet is open: the page behind does not scroll, Esc closes, focus starts on "Fechar".
  useEffect(() => {
    if (!sheet) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") closeSheet();
    };
    const wide = window.matchMedia(WIDE_QUERY);
    const onWide = () => wide.matches && closeSheet();
    document.addEventListener("keydown", onKey);
    wide.addEventListener("change", onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [sheet, closeSheet]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Phones with JavaScript: the "Filtros" button opens the sheet instead of unfolding the form.
  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    if (window.matchMedia(WIDE_QUERY).matches) return;
    void loadFiltersReader().catch(() => undefined);
    event.preventDefault();
    if (detailsRef.current) detailsRef.current.open = true;
    setSheet(true);
    const form = sheetRef.current?.querySelector("form");
    if (form && (total === undefined || liveCount === null)) count(form);
  };

  // Keeps Tab and Shift+Tab inside the open sheet.
  const onSheetKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sheet || event.key !== "Tab" || !sheetRef.current) return;
    const items = focusables(sheetRef.current);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

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
    }
  };

  // "Limpar" in the sheet: every facet back to "any" (the hidden fields stay), then count again.
  const clearForm = (form: HTMLFormElement) => {
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
    // A change on the city select lists its (no) neighbourhoods again and counts (React's change event).
    const city = form.elements.namedItem(MAIN_PARAMS.city);
    if (city instanceof HTMLSelectElement) city.dispatchEvent(new Event("change", { bubbles: true }));
    else {
      readForm(form);
      count(form);
    }
  };

  const active = activeFilterCount(filters);
  const summaries = sectionSummaries(current, vocabulary);
  const toggle = (id: string, open: boolean) =>
    setOpenSections((was) => (was[id] === open ? was : { ...was, [id]: open }));

  return (
    <details className={s.panel} ref={detailsRef}>
      <summary className={s.summary} onClick={onSummaryClick}>
        <span className={s.summaryLabel}>
          <FilterIcon size={20} />
          Filtros
        </span>
        {active > 0 ? (
          <span className={s.countBadge}>
            {active}
            <span className={visuallyHidden}>{active === 1 ? " filtro aplicado" : " filtros aplicados"}</span>
          </span>
        ) : null}
      </summary>
      <div
        ref={sheetRef}
        className={sheet ? `${s.sheet} ${s.sheetOpen}` : s.sheet}
        role={sheet ? "dialog" : undefined}
        aria-modal={sheet ? true : undefined}
        aria-labelledby={sheet ? headingId : undefined}
        onKeyDown={onSheetKeyDown}
      >
        <div className={s.sheetHeader}>
          <h2 className={s.heading} id={headingId}>
            Filtrar imóveis
          </h2>
          {sheet ? (
            <button type="button" ref={closeRef} className={s.close} onClick={closeSheet} aria-label="Fechar filtros">
              <CloseIcon size={22} />
            </button>
          ) : null}
        </div>
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
            summaries={summaries}
            openSections={openSections}
            onToggle={toggle}
            onTextBlur={onTextBlur}
          />

          {filters.sort ? <input type="hidden" name="ordem" value={filters.sort} /> : null}

          <div className={sheet ? `${s.actions} ${s.sheetFooter}` : s.actions}>
            {sheet ? (
              <button
                type="button"
                className={`${button.outline} ${s.clearButton}`}
                onClick={(event) => event.currentTarget.form && clearForm(event.currentTarget.form)}
              >
                Limpar
              </button>
            ) : null}
            <button type="submit" className={`${button.dark} ${sheet ? s.applyButton : ""}`}>
              {sheet && live ? applyLabel(liveCount) : "Ver imóveis"}
            </button>
            {sheet ? (
              <span className={visuallyHidden} aria-live="polite">
                {liveCount != null ? applyLabel(liveCount) : ""}
              </span>
            ) : active > 0 ? (
              <Link to={action} className={s.clear}>
                Limpar filtros
              </Link>
            ) : null}
          </div>
        </Form>
      </div>
    </details>
  );
}

/** One collapsible section: its title, what is set (when any) and the controls. */
function Section(props: {
  id: string;
  title: string;
  summary: string;
  open: boolean;
  onToggle: (id: string, open: boolean) => void;
  children: ReactNode;
}) {
  const { id, title, summary, open, onToggle, children } = props;
  return (
    <details
      className={s.section}
      open={open}
      data-section={id}
      onToggle={(event) => onToggle(id, event.currentTarget.open)}
    >
      <summary className={s.sectionSummary}>
        <span className={s.sectionTitle}>{title}</span>
        {summary ? <span className={s.sectionValue}>{summary}</span> : null}
      </summary>
      <div className={s.sectionBody}>{children}</div>
    </details>
  );
}

/** The sections and their controls (uncontrolled: the form is keyed by the applied filters). */
function FilterFields(props: {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  counts: FacetCounts | null;
  summaries: Record<string, string>;
  openSections: Record<string, boolean>;
  onToggle: (id: string, open: boolean) => void;
  onTextBlur: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const { filters, vocabulary, counts, summaries, openSections, onToggle, onTextBlur } = props;
  // The city whose neighbourhoods are listed follows the select without a navigation (the sheet).
  const [citySlug, setCitySlug] = useState(filters.city ?? "");
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
  const priceLabel = filters.purpose === "aluguel" ? "Aluguel mensal (R$)" : "Preço (R$)";
  const dim = (n: number | undefined, checked: boolean) => (n === 0 && !checked ? s.zero : "");
  const section = (id: string, title: string, children: ReactNode) => (
    <Section key={id} id={id} title={title} summary={summaries[id] ?? ""} open={!!openSections[id]} onToggle={onToggle}>
      {children}
    </Section>
  );

  const textField = (name: string, label: string, value: string, placeholder: string) => (
    <label className={s.subLabel}>
      {label}
      <input
        className={s.control}
        type="text"
        inputMode="numeric"
        name={name}
        defaultValue={value}
        onBlur={onTextBlur}
        placeholder={placeholder}
        autoComplete="off"
      />
    </label>
  );

  return (
    <>
      {section(
        "tipo",
        "Finalidade e tipo",
        <>
          <fieldset className={s.group}>
            <legend className={s.label}>Finalidade</legend>
            <div className={s.chips}>
              {(
                [
                  ["", "Todas"],
                  ["venda", "Comprar"],
                  ["aluguel", "Alugar"],
                ] as const
              ).map(([value, text]) => {
                const checked = (filters.purpose ?? "") === value;
                const n = counts?.purpose[value];
                return (
                  <Chip
                    key={value}
                    name={MAIN_PARAMS.purpose}
                    value={value}
                    checked={checked}
                    className={dim(n, checked)}
                    count={n}
                  >
                    {text}
                  </Chip>
                );
              })}
            </div>
          </fieldset>
          <FacetSelect
            label="Tipo de imóvel"
            name={MAIN_PARAMS.category}
            defaultValue={filters.category ?? ""}
            anyLabel="Todos os tipos"
            options={vocabulary.categories}
            counts={counts?.category}
          />
        </>,
      )}

      {section(
        "local",
        "Localização",
        <>
          <FacetSelect
            label="Cidade"
            name={MAIN_PARAMS.city}
            defaultValue={filters.city ?? ""}
            anyLabel="Todas as cidades"
            options={vocabulary.cities}
            counts={counts?.city}
            onChange={setCitySlug}
          />
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
                        <label className={`${s.check} ${dim(n, checked)}`}>
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
        </>,
      )}

      {section(
        "preco",
        filters.purpose === "aluguel" ? "Aluguel mensal" : "Preço",
        <fieldset className={s.group}>
          <legend className={visuallyHidden}>{priceLabel}</legend>
          <div className={s.pair}>
            {textField("preco-min", "Mínimo", amountText(filters.priceMin), "Sem mínimo")}
            {textField("preco-max", "Máximo", amountText(filters.priceMax), "Sem máximo")}
          </div>
        </fieldset>,
      )}

      {MINIMUMS.map((m) => {
        const current = filters[m.key];
        const choices =
          current != null && !MINIMUM_CHOICES.includes(current) ? [...MINIMUM_CHOICES, current] : MINIMUM_CHOICES;
        const facetCounts = counts?.minimums[m.key];
        return section(
          m.key,
          m.legend,
          <fieldset className={s.group}>
            <legend className={visuallyHidden}>{m.legend}</legend>
            <div className={s.chips}>
              <Chip
                name={m.param}
                value=""
                checked={current == null}
                count={facetCounts?.["0"]}
                label={`Qualquer número de ${m.many}`}
              >
                Qualquer
              </Chip>
              {choices.map((n) => {
                const checked = current === n;
                const c = facetCounts?.[String(n)];
                return (
                  <Chip
                    key={n}
                    name={m.param}
                    value={String(n)}
                    checked={checked}
                    className={dim(c, checked)}
                    count={c}
                    label={`${n} ou mais ${m.many}`}
                  >
                    {`${n}+`}
                  </Chip>
                );
              })}
            </div>
          </fieldset>,
        );
      })}

      {section(
        "area",
        "Área (m²)",
        <fieldset className={s.group}>
          <legend className={visuallyHidden}>Área (m²)</legend>
          <div className={s.pair}>
            {textField("area-min", "Mínima", amountText(filters.areaMin), "Sem mínimo")}
            {textField("area-max", "Máxima", amountText(filters.areaMax), "Sem máximo")}
          </div>
        </fieldset>,
      )}

      {section(
        "condominio",
        "Condomínio",
        <label className={s.group}>
          <span className={s.subLabel}>Condomínio até (R$ por mês)</span>
          <input
            className={s.control}
            type="text"
            inputMode="numeric"
            name="condominio-max"
            defaultValue={amountText(filters.condoFeeMax)}
            onBlur={onTextBlur}
            placeholder="Qualquer valor"
            autoComplete="off"
          />
        </label>,
      )}

      {section(
        "comodidades",
        "Comodidades",
        <fieldset className={s.group}>
          <legend className={visuallyHidden}>Comodidades</legend>
          <ul className={`${s.checkColumns}`}>
            {AMENITY_FILTERS.map((amenity) => {
              const checked = filters.amenities?.includes(amenity.slug) ?? false;
              const n = counts?.amenities[amenity.slug];
              return (
                <li key={amenity.slug}>
                  <label className={`${s.check} ${dim(n, checked)}`}>
                    <input type="checkbox" name="comodidades" value={amenity.slug} defaultChecked={checked} />
                    {amenity.label}
                    {n !== undefined ? <span className={s.optionCount}>{formatCount(n)}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>,
      )}

      {section(
        "outros",
        "Outros",
        <fieldset className={s.group}>
          <legend className={visuallyHidden}>Outros</legend>
          <label className={`${s.check} ${dim(counts?.launch, !!filters.launch)}`}>
            <input type="checkbox" name="lancamento" value="sim" defaultChecked={!!filters.launch} />
            Somente lançamentos
            {counts ? <span className={s.optionCount}>{formatCount(counts.launch)}</span> : null}
          </label>
          <label className={`${s.check} ${dim(counts?.exclusive, !!filters.exclusive)}`}>
            <input type="checkbox" name="exclusivo" value="sim" defaultChecked={!!filters.exclusive} />
            Somente exclusivos
            {counts ? <span className={s.optionCount}>{formatCount(counts.exclusive)}</span> : null}
          </label>
          <label className={s.check}>
            <input type="checkbox" name="preco-reduzido" value="sim" defaultChecked={!!filters.priceReduced} />
            Preço reduzido (últimos 30 dias)
          </label>
        </fieldset>,
      )}

      {section(
        "codigo",
        "Código do imóvel",
        <label className={s.group}>
          <span className={visuallyHidden}>Código do imóvel</span>
          <input
            className={s.control}
            type="text"
            inputMode="text"
            name="codigo"
            defaultValue={filters.code ?? ""}
            onBlur={onTextBlur}
            placeholder="Ex.: AP12345"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
        </label>,
      )}
    </>
  );
}

/**
 * A labelled select of one facet: "any" (`anyLabel`) then each option, each
 * with its count (from `counts` when given, else the option's own count).
 */
function FacetSelect({
  label,
  name,
  defaultValue,
  anyLabel,
  options,
  counts,
  onChange,
}: {
  label: string;
  name: string;
  defaultValue: string;
  anyLabel: string;
  options: readonly { slug: string; label: string; count: number }[];
  counts: Record<string, number> | undefined;
  onChange?: (value: string) => void;
}) {
  return (
    <label className={s.group}>
      <span className={s.label}>{label}</span>
      <select
        className={s.control}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
      >
        <option value="">{`${anyLabel}${countSuffix(counts?.[""])}`}</option>
        {options.map((c) => (
          <option key={c.slug} value={c.slug}>
            {`${c.label}${countSuffix(counts ? (counts[c.slug] ?? 0) : c.count)}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One radio chip; `count` is shown small after the text and in the accessible name. */
function Chip(props: {
  name: string;
  value: string;
  checked: boolean;
  count?: number;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { name, value, checked, count, label, className, children } = props;
  return (
    <label className={`${s.chip} ${className ?? ""}`}>
      <input
        className={s.chipInput}
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        aria-label={label ? `${label}${countSuffix(count)}` : undefined}
      />
      {children}
      {count !== undefined ? <span className={s.chipCount}>{formatCount(count)}</span> : null}
    </label>
  );
}
