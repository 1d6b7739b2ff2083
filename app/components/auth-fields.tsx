/**
 * Labelled inputs with their error beside them, for the broker login and
 * password reset forms (Conform field metadata).
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import * as s from "./auth-form.css";

/** Props of {@link AuthField}. */
export interface AuthFieldProps {
  field: FieldMetadata<string>;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  /** Shown under the input (e.g. the password policy). */
  hint?: string;
  inputMode?: "numeric" | "email";
  autoFocus?: boolean;
}

/** One field: label, input (with Conform's constraints and aria attributes) and its first error. */
export function AuthField({ field, label, type, autoComplete, hint, inputMode, autoFocus }: AuthFieldProps) {
  const hintId = hint ? `${field.id}-dica` : undefined;
  const inputProps = getInputProps(field, { type });
  const describedBy = [inputProps["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={field.id}>
        {label}
      </label>
      <input
        className={s.control}
        {...inputProps}
        key={field.key}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
      />
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={field.errorId} className={s.error}>
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
