/**
 * The home page's search box (docs/product.md "Public site", `/`): comprar/alugar,
 * tipo, cidade/bairro and código. A plain GET form to `/todos-os-imoveis`
 * (works without JavaScript); the listings loader turns its parameters
 * (`finalidade`, `tipo`, `local`, `codigo`) into the canonical URL, and a
 * code alone goes straight to its listing.
 *
 * Above it, the free-text search (`TextSearchForm`, suggestions as you type):
 * its own GET form to `/busca`; choosing a suggestion goes to the city,
 * neighbourhood or condominium page.
 */
import { Form } from "@remix-run/react";
import type { Purpose } from "~/domain/listing";
import { MAIN_PARAMS, type FilterVocabulary } from "~/lib/filters";
import { button, visuallyHidden } from "~/styles/ui.css";
import { SearchIcon } from "./icons";
import * as s from "./search-box.css";
import { TextSearchForm } from "./text-search-form";
import { LISTINGS_PATH } from "~/lib/paths";

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  vocabulary: FilterVocabulary;
  /** Purpose checked at first (default "venda"). */
  defaultPurpose?: Purpose;
}

/** The hero search form. */
export function SearchBox({ vocabulary, defaultPurpose = "venda" }: SearchBoxProps) {
  return (
    <div className={s.form}>
      <TextSearchForm
        id="busca-texto"
        label="Busque por bairro, cidade, condomínio ou código"
        labelClassName={s.label}
        className={s.textForm}
        placeholder="Ex.: Moema 3 quartos"
      />
      <p className={s.divider}>
        <span>ou escolha os filtros</span>
      </p>
      <Form method="get" action={LISTINGS_PATH} className={s.filtersForm} role="search" aria-label="Buscar imóveis">
        <fieldset className={s.toggle}>
          <legend className={visuallyHidden}>O que você procura?</legend>
          {(
            [
              ["venda", "Comprar"],
              ["aluguel", "Alugar"],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className={s.toggleOption}>
              <input
                className={s.toggleInput}
                type="radio"
                name={MAIN_PARAMS.purpose}
                value={value}
                defaultChecked={value === defaultPurpose}
              />
              {text}
            </label>
          ))}
        </fieldset>
        <div className={s.fields}>
          <label className={s.field}>
            <span className={s.label}>Tipo de imóvel</span>
            <select className={s.control} name={MAIN_PARAMS.category} defaultValue="">
              <option value="">Todos os tipos</option>
              {vocabulary.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className={s.field}>
            <span className={s.label}>Cidade ou bairro</span>
            <select className={s.control} name={MAIN_PARAMS.place} defaultValue="">
              <option value="">Todas as localizações</option>
              {vocabulary.cities.map((city) => (
                <optgroup key={city.slug} label={city.label}>
                  <option value={city.slug}>{`${city.label} (toda a cidade)`}</option>
                  {city.neighbourhoods.map((nb) => (
                    <option key={nb.slug} value={`${city.slug}/${nb.slug}`}>
                      {nb.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className={s.field}>
            <span className={s.label}>Código</span>
            <input
              className={s.control}
              type="search"
              name="codigo"
              inputMode="text"
              autoComplete="off"
              placeholder="Ex.: 10234"
              maxLength={40}
            />
          </label>
          <button type="submit" className={`${button.primary} ${s.submit}`}>
            <SearchIcon size={20} />
            Buscar imóveis
          </button>
        </div>
      </Form>
    </div>
  );
}
