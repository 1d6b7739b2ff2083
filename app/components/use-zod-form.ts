/**
 * The Conform form of every form of the site: constraints and validation from
 * one zod schema, validated on blur and again on each input once shown.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { FormEvent } from "react";
import type { z } from "zod";

/** Options of {@link useZodForm}: the form's id, the action's last result and the default values. */
export interface ZodFormOptions<Input> {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Input>;
  /**
   * Called once the browser's validation passed, before the form posts;
   * `event.preventDefault()` keeps it from posting (the login page's web SDK sign-in).
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}

/** `useForm` of `schema`: its constraints, validation on blur, revalidation on input. */
export function useZodForm<Schema extends z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>>(
  schema: Schema,
  options: ZodFormOptions<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
