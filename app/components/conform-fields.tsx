/**
 * The form kit's fields (`./forms`) fed by Conform's field metadata, for the
 * forms built with `useZodForm` (admin, sign-in): the control's id, name,
 * default value and constraints come from Conform's `get*Props`, its errors
 * from the field. Without `field` each is the plain kit field. Kept apart
 * from `./forms` so the public pages' forms, which validate without Conform
 * (`./use-lazy-validation`), do not load it.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import * as kit from "./forms";

/** Conform metadata of any field (the kit only reads its id, name, key, constraints and errors). */
type AnyField = FieldMetadata<string> | FieldMetadata<number> | FieldMetadata<boolean> | FieldMetadata<unknown>;

/** Props of {@link Field}: the kit's, plus Conform's `field` and the input `type`. */
export interface FieldProps extends kit.FieldProps {
  /** A Conform field: id, name, default value, constraints and errors come from it. */
  field?: AnyField;
  /** The input type (with a Conform field; otherwise put `type` in `inputProps`). */
  type?: Parameters<typeof getInputProps>[1]["type"];
}

/** A labelled input of a Conform form. */
export function Field({ field, type = "text", inputProps, ...frame }: FieldProps) {
  if (!field) return <kit.Field {...frame} inputProps={inputProps} />;
  const { key, ...conform } = getInputProps(field as FieldMetadata<string>, { type, ariaAttributes: false });
  return (
    <kit.Field {...frame} key={key} errors={field.errors} inputProps={{ ...conform, ...inputProps, id: field.id }} />
  );
}

/** Props of {@link TextareaField}. */
export interface TextareaFieldProps extends kit.TextareaFieldProps {
  field?: AnyField;
}

/** A labelled textarea of a Conform form. */
export function TextareaField({ field, textareaProps, ...frame }: TextareaFieldProps) {
  if (!field) return <kit.TextareaField {...frame} textareaProps={textareaProps} />;
  const { key, ...conform } = getTextareaProps(field as FieldMetadata<string>, { ariaAttributes: false });
  return (
    <kit.TextareaField
      {...frame}
      key={key}
      errors={field.errors}
      textareaProps={{ ...conform, ...textareaProps, id: field.id }}
    />
  );
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps extends kit.SelectFieldProps {
  field?: AnyField;
}

/** A labelled select of a Conform form. */
export function SelectField({ field, selectProps, ...frame }: SelectFieldProps) {
  if (!field) return <kit.SelectField {...frame} selectProps={selectProps} />;
  const { key, ...conform } = getSelectProps(field as FieldMetadata<string>, { ariaAttributes: false });
  return (
    <kit.SelectField
      {...frame}
      key={key}
      errors={field.errors}
      selectProps={{ ...conform, ...selectProps, id: field.id }}
    />
  );
}

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps extends kit.CheckboxFieldProps {
  field?: AnyField;
}

/** A checkbox of a Conform form. */
export function CheckboxField({ field, inputProps, ...frame }: CheckboxFieldProps) {
  if (!field) return <kit.CheckboxField {...frame} inputProps={inputProps} />;
  const { key, ...conform } = getInputProps(field as FieldMetadata<string>, {
    type: "checkbox",
    ariaAttributes: false,
  });
  return (
    <kit.CheckboxField
      {...frame}
      key={key}
      errors={field.errors}
      inputProps={{ ...conform, ...inputProps, id: field.id }}
    />
  );
}
