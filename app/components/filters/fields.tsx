/**
 * The filters form's fields (ADR 0037), in collapsible sections: finalidade
 * e tipo, localização, preço, custo mensal total (ADR 0086), the minimums
 * (quartos, suítes, vagas, banheiros), área, condomínio, comodidades, outros
 * and the listing code.
 * Uncontrolled: the form is keyed by the applied filters, so its inputs
 * reset after each navigation.
 */
import { useState, type FocusEvent, type ReactNode } from "react";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { formatCount } from "~/lib/format";
import {
  MAIN_PARAMS,
  MINIMUM_CHOICES,
  type FacetCounts,
  type FilterVocabulary,
  type ListingFilters,
} from "~/lib/filters";
import { visuallyHidden } from "~/styles/ui.css";
import { Chip, dimmed, FacetSelect, Section } from "./controls";
import { NeighbourhoodsFieldset } from "./neighbourhoods";
import { amountText, MINIMUMS } from "./summaries";
import * as s from "../filters-form.css";

/** Props of {@link FilterFields}. */
export interface FilterFieldsProps {
  /** The applied filters: the fields' first values. */
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  counts: FacetCounts | null;
  /** Each section's summary line, by section id (`sectionSummaries`). */
  summaries: Record<string, string>;
  /** Which sections are open, by section id. */
  openSections: Record<string, boolean>;
  onToggle: (id: string, open: boolean) => void;
  /** A text field was left (the sidebar applies a new value). */
  onTextBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

/** A numeric text field's name, label, value and placeholder. */
type TextFieldArgs = [name: string, label: string, value: string, placeholder: string];

/** The sections and their controls. */
export function FilterFields(props: FilterFieldsProps) {
  const { filters, vocabulary, counts, summaries, openSections, onToggle, onTextBlur } = props;
  // The city whose neighbourhoods are listed follows the select without a navigation (the sheet).
  const [citySlug, setCitySlug] = useState(filters.city ?? "");
  const priceLabel = filters.purpose === "aluguel" ? "Aluguel mensal (R$)" : "Preço (R$)";
  const group: GroupProps = { filters, vocabulary, counts };
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

  // A min–max pair under a legend for screen readers (the section's title shows it on screen).
  const rangeFields = (legend: string, min: TextFieldArgs, max: TextFieldArgs, hint?: ReactNode) => (
    <fieldset className={s.group}>
      <legend className={visuallyHidden}>{legend}</legend>
      <div className={s.pair}>
        {textField(...min)}
        {textField(...max)}
      </div>
      {hint}
    </fieldset>
  );

  return (
    <>
      {section("tipo", "Finalidade e tipo", <PurposeAndCategory {...group} />)}

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
          <NeighbourhoodsFieldset {...group} citySlug={citySlug} />
        </>,
      )}

      {section(
        "preco",
        filters.purpose === "aluguel" ? "Aluguel mensal" : "Preço",
        rangeFields(
          priceLabel,
          ["preco-min", "Mínimo", amountText(filters.priceMin), "Sem mínimo"],
          ["preco-max", "Máximo", amountText(filters.priceMax), "Sem máximo"],
        ),
      )}

      {section(
        "custo",
        "Custo mensal total",
        rangeFields(
          "Custo mensal total (R$ por mês)",
          ["custo-min", "Mínimo", amountText(filters.costMin), "Sem mínimo"],
          ["custo-max", "Custo mensal até", amountText(filters.costMax), "Sem máximo"],
          <p className={s.hint}>
            Aluguel + condomínio + IPTU/12; na venda, a parcela estimada do financiamento no lugar do aluguel. Imóveis
            sem condomínio ou IPTU informado ficam de fora.
          </p>,
        ),
      )}

      {MINIMUMS.map((m) => section(m.key, m.legend, <MinimumChips minimum={m} {...group} />))}

      {section(
        "area",
        "Área (m²)",
        rangeFields(
          "Área (m²)",
          ["area-min", "Mínima", amountText(filters.areaMin), "Sem mínimo"],
          ["area-max", "Máxima", amountText(filters.areaMax), "Sem máximo"],
        ),
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
                  <label className={`${s.check} ${dimmed(n, checked)}`}>
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

      {section("outros", "Outros", <OtherChecks {...group} />)}

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

/** What a group of fields reads: the applied filters, the vocabulary and the facet counts. */
interface GroupProps {
  filters: ListingFilters;
  vocabulary: FilterVocabulary;
  counts: FacetCounts | null;
}

/** "Finalidade" (radio chips: Todas, Comprar, Alugar) and "Tipo de imóvel" (a select). */
function PurposeAndCategory({ filters, vocabulary, counts }: GroupProps) {
  return (
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
                className={dimmed(n, checked)}
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
    </>
  );
}

/** One minimum facet's radio chips: "Qualquer", then each choice ("2+"), plus the applied value when it is not one. */
function MinimumChips({ minimum: m, filters, counts }: GroupProps & { minimum: (typeof MINIMUMS)[number] }) {
  const current = filters[m.key];
  const choices =
    current != null && !MINIMUM_CHOICES.includes(current) ? [...MINIMUM_CHOICES, current] : MINIMUM_CHOICES;
  const facetCounts = counts?.minimums[m.key];
  return (
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
              className={dimmed(c, checked)}
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
}

/** "Somente lançamentos", "Somente exclusivos" (with counts) and "Preço reduzido". */
function OtherChecks({ filters, counts }: GroupProps) {
  return (
    <fieldset className={s.group}>
      <legend className={visuallyHidden}>Outros</legend>
      <label className={`${s.check} ${dimmed(counts?.launch, !!filters.launch)}`}>
        <input type="checkbox" name="lancamento" value="sim" defaultChecked={!!filters.launch} />
        Somente lançamentos
        {counts ? <span className={s.optionCount}>{formatCount(counts.launch)}</span> : null}
      </label>
      <label className={`${s.check} ${dimmed(counts?.exclusive, !!filters.exclusive)}`}>
        <input type="checkbox" name="exclusivo" value="sim" defaultChecked={!!filters.exclusive} />
        Somente exclusivos
        {counts ? <span className={s.optionCount}>{formatCount(counts.exclusive)}</span> : null}
      </label>
      <label className={s.check}>
        <input type="checkbox" name="preco-reduzido" value="sim" defaultChecked={!!filters.priceReduced} />
        Preço reduzido (últimos 30 dias)
      </label>
    </fieldset>
  );
}
