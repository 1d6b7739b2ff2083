/**
 * The free-text search form (home hero and `/busca`): a plain GET form to
 * `/busca` with `q` (works without JavaScript); with it, the field suggests
 * cities, neighbourhoods and condominiums (`SuggestInput`). On a phone the
 * button shows only its icon, so the typed words fit the field.
 */
import { Form } from "@remix-run/react";
import { SEARCH_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { SearchIcon } from "./icons";
import { SuggestInput } from "./suggest-input";
import * as s from "./text-search-form.css";

/** Props of {@link TextSearchForm}. */
export interface TextSearchFormProps {
  /** Id of the input (its label points at it). */
  id: string;
  /** Text of the label. */
  label: string;
  /** Class of the label (e.g. visually hidden). */
  labelClassName?: string;
  /** Class of the form. */
  className?: string;
  /** The query already searched; a new value remounts the field. */
  defaultValue?: string;
  placeholder: string;
}

/** The labelled field with suggestions and the "Buscar" button. */
export function TextSearchForm({
  id,
  label,
  labelClassName,
  className,
  defaultValue,
  placeholder,
}: TextSearchFormProps) {
  return (
    <Form method="get" action={SEARCH_PATH} className={className} role="search" aria-label="Busca por texto">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className={s.row}>
        <SuggestInput
          key={defaultValue}
          id={id}
          name="q"
          defaultValue={defaultValue}
          placeholder={placeholder}
          inputClassName={s.input}
        />
        <button type="submit" className={`${button.dark} ${s.submit}`}>
          <SearchIcon size={20} />
          <span className={s.submitText}>Buscar</span>
        </button>
      </div>
    </Form>
  );
}
