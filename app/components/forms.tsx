/**
 * The form kit: every form of the site and the admin builds its fields from
 * these, so that labels, hints, errors and their ARIA wiring are the same
 * everywhere (WCAG 2.2: 1.3.1 labels, 3.3.1 errors identified in text,
 * 4.1.2 `aria-invalid`/`aria-describedby`).
 *
 * Each field takes its control's attributes (`inputProps`, `textareaProps`,
 * `selectProps`: id, name, default value, limits) and its `errors`. Errors are
 * pt-BR strings from the schemas; only the first is shown beside the field.
 * The admin's Conform forms pass Conform's field metadata through
 * `./conform-fields`, so a public page's form loads no Conform.
 */
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type FocusEvent,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import * as s from "./forms.css";

/** Error messages of a field or a form: `undefined` or an empty list shows nothing. */
export type ListOfErrors = readonly (string | null | undefined)[] | null | undefined;

/**
 * The first error of a field, in a paragraph whose id the control names in
 * `aria-describedby`. Renders nothing without errors.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const first = errors?.find((message): message is string => Boolean(message));
  if (!first) return null;
  return (
    <p id={id} className={s.errors}>
      {first}
    </p>
  );
}

/**
 * A form-level message: `tone="error"` (default) is an alert read at once by
 * screen readers; `tone="notice"` a polite status ("enviamos um código").
 * Renders nothing without a message.
 */
export function FormAlert({
  id,
  message,
  tone = "error",
  className,
}: {
  id?: string;
  message?: ReactNode;
  tone?: "error" | "notice";
  className?: string;
}) {
  if (message == null || message === "" || message === false) return null;
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={className ?? (tone === "error" ? s.alert : s.notice)}
    >
      {message}
    </p>
  );
}

/** What every field takes besides its control. */
interface FieldFrame {
  label: ReactNode;
  /** Shown under the control and named by its `aria-describedby`. */
  hint?: ReactNode;
  /** Marks the label "(opcional)". */
  optional?: boolean;
  /** Server errors when there is no Conform `field`. */
  errors?: ListOfErrors;
  /** Class of the wrapper (layout of the surrounding form). */
  className?: string;
}

/** Ids and ARIA attributes shared by the controls. */
function useFieldIds(givenId: string | undefined, errors: ListOfErrors, hint: ReactNode) {
  const fallback = useId();
  const id = givenId ?? fallback;
  const errorId = `${id}-erro`;
  const hintId = hint ? `${id}-dica` : undefined;
  const shown = errors;
  const invalid = Boolean(shown?.some(Boolean));
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return { id, errorId, hintId, shown, invalid, describedBy };
}

/** The attributes of a field's control: the caller's (`own`), then the id and the ARIA state of `useFieldIds`. */
function controlProps<T extends object>(ids: ReturnType<typeof useFieldIds>, own: T | undefined) {
  return {
    ...own,
    id: ids.id,
    "aria-invalid": ids.invalid || undefined,
    "aria-describedby": ids.describedBy,
  };
}

function Frame(
  props: FieldFrame & { id: string; hintId?: string; errorId: string; shown: ListOfErrors; children: ReactNode },
) {
  return (
    <div className={props.className ?? s.field}>
      <label className={s.label} htmlFor={props.id}>
        {props.label}
        {props.optional ? <span className={s.optional}> (opcional)</span> : null}
      </label>
      {props.children}
      {props.hint ? (
        <p id={props.hintId} className={s.hint}>
          {props.hint}
        </p>
      ) : null}
      <ErrorList id={props.errorId} errors={props.shown} />
    </div>
  );
}

/** Props of {@link Field}. */
export interface FieldProps extends FieldFrame {
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** A labelled input with its hint and first error. */
export function Field({ inputProps, ...frame }: FieldProps) {
  const ids = useFieldIds(inputProps?.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...ids}>
      <input className={s.control} {...controlProps(ids, inputProps)} />
    </Frame>
  );
}

/** Props of {@link TextareaField}. */
export interface TextareaFieldProps extends FieldFrame {
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}

/** A labelled textarea with its hint and first error. */
export function TextareaField({ textareaProps, ...frame }: TextareaFieldProps) {
  const ids = useFieldIds(textareaProps?.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...ids}>
      <textarea className={s.textarea} {...controlProps(ids, textareaProps)} />
    </Frame>
  );
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps extends FieldFrame {
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled select with its hint and first error. */
export function SelectField({ selectProps, children, ...frame }: SelectFieldProps) {
  const ids = useFieldIds(selectProps?.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...ids}>
      <select className={s.control} {...controlProps(ids, selectProps)}>
        {children}
      </select>
    </Frame>
  );
}

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps {
  label: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}

/** A checkbox inside its label (the whole line is the 44 px target), with its first error. */
export function CheckboxField({ label, inputProps, errors, hint, className }: CheckboxFieldProps) {
  const ids = useFieldIds(inputProps?.id, errors, hint);
  return (
    <div className={className}>
      <label className={s.checkbox} htmlFor={ids.id}>
        <input {...controlProps(ids, { type: "checkbox", ...inputProps })} />
        {label}
      </label>
      {hint ? (
        <p id={ids.hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={ids.errorId} errors={ids.shown} />
    </div>
  );
}

/**
 * A submit button that asks once more before a destructive action: the first
 * click turns its label into `confirmLabel` ("Tem certeza?") and only the
 * second submits; leaving the button (blur) or Escape cancels. Without
 * JavaScript it submits on the first click, like any button, so the server
 * must accept the action as it is (every such action here is reversible or
 * names what it removes).
 */
export function DoubleCheckButton({
  children,
  confirmLabel = "Tem certeza? Clique de novo",
  onClick,
  onBlur,
  onKeyDown,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { confirmLabel?: ReactNode }) {
  const [armed, setArmed] = useState(false);
  return (
    <button
      type="submit"
      {...props}
      aria-live={armed ? "polite" : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (!armed) {
          event.preventDefault();
          setArmed(true);
        }
        onClick?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLButtonElement>) => {
        setArmed(false);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") setArmed(false);
        onKeyDown?.(event);
      }}
    >
      {armed ? confirmLabel : children}
    </button>
  );
}
