/**
 * The listings page's filters (issue 2 item 7): purpose, type, city,
 * neighbourhoods (several), price range, minimum bedrooms. A GET form to
 * `/todos-os-imoveis` that works without JavaScript; the loader turns its
 * parameters into the canonical `{filtros}` URL. With JavaScript, every
 * choice submits it at once (prices when the field is left).
 *
 * On phones the form folds into a "Filtros" button (`<details>`); on wide
 * screens it is an open sidebar.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FocusEvent, type FormEvent } from "react";
import { formatCount } from "~/lib/format";
import { LISTINGS_PATH, MAIN_PARAMS, type FilterVocabulary, type ListingFilters } from "~/lib/filters";
import { button } from "~/styles/ui.css";
import { FilterIcon } from "./icons";
import * as s from "./filters-form.css";

/** Props of {@link FiltersForm}. */
export interface FiltersFormProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
}

/** Choices of the minimum-bedrooms chips. */
const BEDROOM_CHOICES = [1, 2, 3, 4] as const;

/** How many facets are set (for the "Filtros" badge). */
function activeCount(f: ListingFilters): number {
  return (
    (f.purpose ? 1 : 0) +
    (f.category ? 1 : 0) +
    (f.city ? 1 : 0) +
    (f.neighbourhoods?.length ?? 0) +
    (f.priceMin != null || f.priceMax != null ? 1 : 0) +
    (f.bedroomsMin ? 1 : 0)
  );
}

/** The filters form (and its mobile fold). */
export function FiltersForm({ filters, vocabulary }: FiltersFormProps) {
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
  // change; the price fields when they lose focus with a new value (or on Enter,
  // the form's own submit). React's handlers are bound from the first render.
  const submitForm = (form: HTMLFormElement) => submit(form, { preventScrollReset: true });
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === "text") return;
    submitForm(event.currentTarget);
  };
  const onPriceBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.currentTarget.value !== event.currentTarget.defaultValue && event.currentTarget.form) {
      submitForm(event.currentTarget.form);
    }
  };

  const city =
    vocabulary.cities.find((c) => c.slug === filters.city) ?? (vocabulary.cities.length === 1 ? vocabulary.cities[0] : undefined);
  const selected = new Set(filters.neighbourhoods ?? []);
  const neighbourhoods = city
    ? [...city.neighbourhoods].sort((a, b) => Number(selected.has(b.slug)) - Number(selected.has(a.slug)))
    : [];
  const count = activeCount(filters);
  const priceLabel = filters.purpose === "aluguel" ? "Aluguel mensal (R$)" : "Preço (R$)";

  return (
    <details className={s.panel} ref={detailsRef}>
      <summary className={s.summary}>
        <span className={s.summaryLabel}>
          <FilterIcon size={20} />
          Filtros
        </span>
        {count > 0 ? <span className={s.countBadge}>{count}</span> : null}
      </summary>
      <Form
        method="get"
        action={LISTINGS_PATH}
        className={s.form}
        key={key}
        aria-label="Filtros"
        onChange={onChange}
      >
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
            ).map(([value, text]) => (
              <label key={value} className={s.chip}>
                <input
                  className={s.chipInput}
                  type="radio"
                  name={MAIN_PARAMS.purpose}
                  value={value}
                  defaultChecked={(filters.purpose ?? "") === value}
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>

        <label className={s.group}>
          <span className={s.label}>Tipo de imóvel</span>
          <select className={s.control} name={MAIN_PARAMS.category} defaultValue={filters.category ?? ""}>
            <option value="">Todos os tipos</option>
            {vocabulary.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {`${c.label} (${formatCount(c.count)})`}
              </option>
            ))}
          </select>
        </label>

        <label className={s.group}>
          <span className={s.label}>Cidade</span>
          <select className={s.control} name={MAIN_PARAMS.city} defaultValue={filters.city ?? ""}>
            <option value="">Todas as cidades</option>
            {vocabulary.cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {`${c.label} (${formatCount(c.count)})`}
              </option>
            ))}
          </select>
        </label>

        <fieldset className={s.group}>
          <legend className={s.label}>Bairros</legend>
          {city ? (
            <ul className={s.checkList}>
              {neighbourhoods.map((nb) => (
                <li key={nb.slug}>
                  <label className={s.check}>
                    <input
                      type="checkbox"
                      name={MAIN_PARAMS.neighbourhood}
                      value={city.slug === filters.city ? nb.slug : `${city.slug}/${nb.slug}`}
                      defaultChecked={selected.has(nb.slug)}
                    />
                    {nb.label}
                    <span className={s.optionCount}>{formatCount(nb.count)}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className={s.hint}>Escolha uma cidade para ver os bairros.</p>
          )}
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.label}>{priceLabel}</legend>
          <div className={s.pair}>
            <label className={s.subLabel}>
              Mínimo
              <input
                className={s.control}
                type="text"
                inputMode="numeric"
                name="preco-min"
                defaultValue={filters.priceMin ?? ""}
                onBlur={onPriceBlur}
                placeholder="Sem mínimo"
                autoComplete="off"
              />
            </label>
            <label className={s.subLabel}>
              Máximo
              <input
                className={s.control}
                type="text"
                inputMode="numeric"
                name="preco-max"
                defaultValue={filters.priceMax ?? ""}
                onBlur={onPriceBlur}
                placeholder="Sem máximo"
                autoComplete="off"
              />
            </label>
          </div>
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.label}>Quartos</legend>
          <div className={s.chips}>
            <label className={s.chip}>
              <input className={s.chipInput} type="radio" name="quartos" value="" defaultChecked={!filters.bedroomsMin} />
              Qualquer
            </label>
            {[...BEDROOM_CHOICES, ...(filters.bedroomsMin && filters.bedroomsMin > 4 ? [filters.bedroomsMin] : [])].map((n) => (
              <label key={n} className={s.chip}>
                <input
                  className={s.chipInput}
                  type="radio"
                  name="quartos"
                  value={n}
                  defaultChecked={filters.bedroomsMin === n}
                  aria-label={`${n} ou mais quartos`}
                />
                {`${n}+`}
              </label>
            ))}
          </div>
        </fieldset>

        {filters.sort ? <input type="hidden" name="ordem" value={filters.sort} /> : null}

        <div className={s.actions}>
          <button type="submit" className={button.dark}>
            Ver imóveis
          </button>
          {count > 0 ? (
            <Link to={LISTINGS_PATH} className={s.clear}>
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
