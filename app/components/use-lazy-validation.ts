/**
 * Validation of the public forms (contact requests, "Criar alerta") without
 * zod or Conform in the page's first load (docs/decisions/0040-fast-on-a-phone-changes.md):
 *
 * - The server validates first: without JavaScript, and until the client
 *   validator has arrived, the form posts and the action's answer (Conform's
 *   `SubmissionResult`, made on the server) puts each error beside its field.
 * - The first focus inside the form loads the validator (`load`: the same zod
 *   schema the action uses, in a chunk of its own). From then on a field is
 *   validated when it loses focus and again on each input once its error is
 *   shown; a submit with errors is stopped, every error shown and the first
 *   invalid field focused: Conform's `onBlur` / `onInput` timing.
 * - A new server answer with errors replaces the shown errors and focuses the
 *   first invalid field.
 *
 * Admin forms keep Conform's `useForm` (`./use-zod-form`): they are not
 * public pages and their first load is not on a phone budget.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";

/** A form's errors by field name (`""`: errors of the whole form), pt-BR messages; empty when valid. */
export type FormErrors = Record<string, string[]>;

/** Validates a whole form's data; the errors of every invalid field. */
export type FormValidator = (formData: FormData) => FormErrors;

/** Options of {@link useLazyValidation}. */
export interface LazyValidationOptions {
  /** `id` of the form element; field ids are `{id}-{name}`. */
  id: string;
  /** Loads the validator (a dynamic `import()`); called once, on the first focus inside the form. */
  load: () => Promise<FormValidator>;
  /** The action's last answer (fetcher or page action data). */
  lastResult?: SubmissionResult<string[]> | null;
  /** Default values by field name (a refused no-JS submission's values take precedence). */
  defaultValue?: Record<string, string | undefined>;
}

/** What a field of the form kit takes from {@link useLazyValidation}. */
export interface LazyField {
  id: string;
  name: string;
  defaultValue: string | undefined;
  errors: string[] | undefined;
}

/** A field's id, name and default value, as attributes of its control (`inputProps` of the form kit). */
export function fieldAttributes(field: LazyField): { id: string; name: string; defaultValue: string | undefined } {
  return { id: field.id, name: field.name, defaultValue: field.defaultValue };
}

/** Props of the `<form>` element. */
export interface LazyFormProps {
  id: string;
  ref: (form: HTMLFormElement | null) => void;
  noValidate: true;
  onFocus: (event: FocusEvent<HTMLFormElement>) => void;
  onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** Errors of a server answer, without empty lists. */
function resultErrors(result: SubmissionResult<string[]> | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}

/** The name of the control an event came from ("" for the form itself or an unnamed element). */
function controlName(target: EventTarget): string {
  return target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
    ? target.name
    : "";
}

/** Focuses the first control, in document order, whose name has an error. */
function focusFirstInvalid(form: HTMLFormElement, errors: FormErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

/** See the module comment. */
export function useLazyValidation(options: LazyValidationOptions): {
  form: LazyFormProps;
  field: (name: string) => LazyField;
  formErrors: string[] | undefined;
} {
  const { id, lastResult } = options;
  const [errors, setErrors] = useState<FormErrors>(() => resultErrors(lastResult));
  const [seenResult, setSeenResult] = useState(lastResult);
  const validator = useRef<FormValidator | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const touched = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusPending = useRef(false);
  const load = options.load;

  // A new answer from the action: its errors replace what is shown (render-time derivation).
  if (lastResult !== seenResult) {
    setSeenResult(lastResult);
    const next = resultErrors(lastResult);
    setErrors(next);
    for (const name of Object.keys(next)) touched.current.add(name);
    focusPending.current = Object.keys(next).length > 0;
  }
  useEffect(() => {
    if (!focusPending.current || !formRef.current) return;
    focusPending.current = false;
    focusFirstInvalid(formRef.current, errors);
  }, [errors]);

  /** Validates the form and shows the errors of the touched fields. */
  const revalidate = useCallback((form: HTMLFormElement) => {
    if (!validator.current) return;
    const all = validator.current(new FormData(form));
    const shown: FormErrors = {};
    for (const name of touched.current) if (all[name]) shown[name] = all[name];
    setErrors(shown);
  }, []);

  const form: LazyFormProps = {
    id,
    ref: useCallback((element: HTMLFormElement | null) => {
      formRef.current = element;
    }, []),
    noValidate: true,
    onFocus: () => {
      if (loading.current) return;
      loading.current = load().then(
        (loaded) => {
          validator.current = loaded;
          // Fields left before the validator arrived are checked now.
          if (touched.current.size > 0 && formRef.current) revalidate(formRef.current);
        },
        () => {
          // Offline or a new deploy: the server still validates; try again on the next focus.
          loading.current = null;
        },
      );
    },
    onBlur: (event) => {
      const name = controlName(event.target);
      if (!name) return;
      touched.current.add(name);
      revalidate(event.currentTarget);
    },
    onInput: (event) => {
      const name = controlName(event.target);
      if (name && touched.current.has(name)) revalidate(event.currentTarget);
    },
    onSubmit: (event) => {
      if (!validator.current) return;
      const all = validator.current(new FormData(event.currentTarget));
      if (Object.keys(all).length === 0) return;
      event.preventDefault();
      for (const name of Object.keys(all)) touched.current.add(name);
      setErrors(all);
      focusFirstInvalid(event.currentTarget, all);
    },
  };

  const initial = lastResult?.initialValue as Record<string, unknown> | null | undefined;
  const field = (name: string): LazyField => {
    const submitted = initial?.[name];
    return {
      id: `${id}-${name}`,
      name,
      defaultValue: typeof submitted === "string" ? submitted : options.defaultValue?.[name],
      errors: errors[name],
    };
  };
  return { form, field, formErrors: errors[""] };
}
