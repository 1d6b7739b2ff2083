/**
 * The listings page's filters (docs/product.md "Public site"): purpose, type,
 * city, neighbourhoods (several), price range, minimum bedrooms / suites /
 * parking spaces / bathrooms, area range, maximum condo fee, amenities,
 * lançamento, exclusivo and the listing code, each option with the number of
 * listings choosing it would give (facet counts, ADR 0011) when the page has
 * them. Options that would give nothing are dimmed, never disabled, so the
 * form still works without JavaScript.
 *
 * A GET form to `/todos-os-imoveis` (or `action`) that works without
 * JavaScript; the loader turns its parameters into the canonical `{filtros}`
 * URL (301). With JavaScript, every choice submits it at once through a Remix
 * navigation (no full reload, scroll kept): selects, radios and checkboxes on
 * change, the text fields when they are left with a new value or on Enter.
 *
 * On phones the form folds into a "Filtros" button (`<details>`); on wide
 * screens it is an open sidebar.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FocusEvent, type FormEvent, type ReactNode } from "react";
import type { FacetCounts } from "~/.server/catalogue/facets";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { formatCount } from "~/lib/format";
import {
  MAIN_PARAMS,
  MINIMUM_CHOICES,
  type FilterVocabulary,
  type ListingFilters,
  type MinimumFacet,
} from "~/lib/filters";
import { button } from "~/styles/ui.css";
import { FilterIcon } from "./icons";
import * as s from "./filters-form.css";
import { LISTINGS_PATH } from "~/lib/paths";

/** Props of {@link FiltersForm}. */
export interface FiltersFormProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  /** GET target of the form and of "Limpar filtros"; default `/todos-os-imoveis` (`/mapa` passes its own path). */
  action?: string;
  /** Facet counts of `filters` (`facetCounts()` on the server); without them the vocabulary's totals are shown. */
  counts?: FacetCounts | null;
}

/** The minimum facets: parameter, legend and pt-BR nouns. */
const MINIMUMS: readonly { key: MinimumFacet; param: string; legend: string; many: string }[] = [
  { key: "bedroomsMin", param: "quartos", legend: "Quartos", many: "quartos" },
  { key: "suitesMin", param: "suites", legend: "Suítes", many: "suítes" },
  { key: "parkingMin", param: "vagas", legend: "Vagas de garagem", many: "vagas" },
  { key: "bathroomsMin", param: "banheiros", legend: "Banheiros", many: "banheiros" },
];

/** How many facets are set (for the "Filtros" badge). */
function activeCount(f: ListingFilters): number {
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
    (f.code ? 1 : 0)
  );
}

/** " (1.234)" after an option's label; "" without counts. */
function countSuffix(n: number | undefined): string {
  return n === undefined ? "" : ` (${formatCount(n)})`;
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
}: {
  label: string;
  name: string;
  defaultValue: string;
  anyLabel: string;
  options: readonly { slug: string; label: string; count: number }[];
  counts: Record<string, number> | undefined;
}) {
  return (
    <label className={s.group}>
      <span className={s.label}>{label}</span>
      <select className={s.control} name={name} defaultValue={defaultValue}>
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

/** An amount as the text fields show it: "500.000" (pt-BR thousands); "" when absent. */
function amountText(value: number | undefined): string {
  return value == null ? "" : formatCount(value);
}

/** The filters form (and its mobile fold). */
export function FiltersForm({ filters, vocabulary, action = LISTINGS_PATH, counts = null }: FiltersFormProps) {
  const submit = useSubmit();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // The form is keyed by the filters so that its uncontrolled inputs reset after each navigation.
  const key = JSON.stringify(filters);

  useEffect(() => {
    // Open the sidebar on wide screens (the CSS already shows it where supported).
    const details = detailsRef.current;
    if (details && window.matchMedia("(min-width: 960px)").matches) details.open = true;
  }, []);

  // With JavaScript, a choice submits at once: selects, radios and checkboxes on
  // change; the text fields when they lose focus with a new value (or on Enter,
  // the form's own submit). React's handlers are bound from the first render.
  const submitForm = (form: HTMLFormElement) => submit(form, { preventScrollReset: true });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "text" || target.type === "search") return;
    submitForm(event.currentTarget);
  };
  const onTextBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== event.currentTarget.defaultValue && event.currentTarget.form) {
      submitForm(event.currentTarget.form);
    }
  };

  const city =
    vocabulary.cities.find((c) => c.slug === filters.city) ??
    (vocabulary.cities.length === 1 ? vocabulary.cities[0] : undefined);
  const selected = new Set(filters.neighbourhoods ?? []);
  const neighbourhoods = city
    ? [...city.neighbourhoods].sort((a, b) => Number(selected.has(b.slug)) - Number(selected.has(a.slug)))
    : [];
  // Facet counts are for the current city; another (single) city falls back to the vocabulary's totals.
  const nbCount = (slug: string, fallback: number) =>
    counts && city?.slug === filters.city ? (counts.neighbourhoods[slug] ?? 0) : fallback;
  const active = activeCount(filters);
  const priceLabel = filters.purpose === "aluguel" ? "Aluguel mensal (R$)" : "Preço (R$)";
  const dim = (n: number | undefined, checked: boolean) => (n === 0 && !checked ? s.zero : "");

  const textField = (
    name: string,
    label: string,
    value: string,
    placeholder: string,
    extra?: { inputMode?: "numeric" | "text" },
  ) => (
    <label className={s.subLabel}>
      {label}
      <input
        className={s.control}
        type="text"
        inputMode={extra?.inputMode ?? "numeric"}
        name={name}
        defaultValue={value}
        onBlur={onTextBlur}
        placeholder={placeholder}
        autoComplete="off"
      />
    </label>
  );

  return (
    <details className={s.panel} ref={detailsRef}>
      <summary className={s.summary}>
        <span className={s.summaryLabel}>
          <FilterIcon size={20} />
          Filtros
        </span>
        {active > 0 ? <span className={s.countBadge}>{active}</span> : null}
      </summary>
      <Form method="get" action={action} className={s.form} key={key} aria-label="Filtros" onChange={onChange}>
        <h2 className={s.heading}>Filtrar imóveis</h2>

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

        {(
          [
            ["Tipo de imóvel", "category", "Todos os tipos", vocabulary.categories],
            ["Cidade", "city", "Todas as cidades", vocabulary.cities],
          ] as const
        ).map(([label, facet, anyLabel, options]) => (
          <FacetSelect
            key={facet}
            label={label}
            name={MAIN_PARAMS[facet]}
            defaultValue={filters[facet] ?? ""}
            anyLabel={anyLabel}
            options={options}
            counts={counts?.[facet]}
          />
        ))}

        <fieldset className={s.group}>
          <legend className={s.label}>Bairros</legend>
          {city ? (
            <ul className={s.checkList}>
              {neighbourhoods.map((nb) => {
                const checked = selected.has(nb.slug);
                const n = nbCount(nb.slug, nb.count);
                return (
                  <li key={nb.slug}>
                    <label className={`${s.check} ${dim(n, checked)}`}>
                      <input
                        type="checkbox"
                        name={MAIN_PARAMS.neighbourhood}
                        value={city.slug === filters.city ? nb.slug : `${city.slug}/${nb.slug}`}
                        defaultChecked={checked}
                      />
                      {nb.label}
                      <span className={s.optionCount}>{formatCount(n)}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={s.hint}>Escolha uma cidade para ver os bairros.</p>
          )}
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.label}>{priceLabel}</legend>
          <div className={s.pair}>
            {textField("preco-min", "Mínimo", amountText(filters.priceMin), "Sem mínimo")}
            {textField("preco-max", "Máximo", amountText(filters.priceMax), "Sem máximo")}
          </div>
        </fieldset>

        {MINIMUMS.map((m) => {
          const current = filters[m.key];
          const choices =
            current != null && !MINIMUM_CHOICES.includes(current) ? [...MINIMUM_CHOICES, current] : MINIMUM_CHOICES;
          const facetCounts = counts?.minimums[m.key];
          return (
            <fieldset key={m.key} className={s.group}>
              <legend className={s.label}>{m.legend}</legend>
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
            </fieldset>
          );
        })}

        <fieldset className={s.group}>
          <legend className={s.label}>Área (m²)</legend>
          <div className={s.pair}>
            {textField("area-min", "Mínima", amountText(filters.areaMin), "Sem mínimo")}
            {textField("area-max", "Máxima", amountText(filters.areaMax), "Sem máximo")}
          </div>
        </fieldset>

        <label className={s.group}>
          <span className={s.label}>Condomínio até (R$ por mês)</span>
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
        </label>

        <fieldset className={s.group}>
          <legend className={s.label}>Comodidades</legend>
          <ul className={`${s.checkList} ${s.checkColumns}`}>
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
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.label}>Outros</legend>
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
        </fieldset>

        <label className={s.group}>
          <span className={s.label}>Código do imóvel</span>
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
        </label>

        {filters.sort ? <input type="hidden" name="ordem" value={filters.sort} /> : null}

        <div className={s.actions}>
          <button type="submit" className={button.dark}>
            Ver imóveis
          </button>
          {active > 0 ? (
            <Link to={action} className={s.clear}>
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
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
