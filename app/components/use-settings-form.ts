/**
 * The form of an admin settings page (`/admin/imobiliaria`,
 * `/admin/financiamento`, `/admin/aparencia`): one Conform form of `schema`
 * that starts from the settings in effect, shows the action's refusal (its
 * `{ result }`, 400: `~/.server/settings-form`) beside the fields, and
 * whether the page is posting (the submit button waits).
 */
import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { useZodForm } from "./use-zod-form";

/**
 * The settings page's form.
 * @param id the form's id (also the prefix of its fields' ids).
 * @param values the loader's values of the settings in effect.
 * @returns Conform's form and fields, and `busy` while the page posts.
 */
export function useSettingsForm<Schema extends z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>>(
  schema: Schema,
  id: string,
  values: DefaultValue<z.input<Schema>>,
) {
  const refusal = useActionData<{ result?: SubmissionResult<string[]> }>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(schema, { id, lastResult: refusal?.result, defaultValue: values });
  return { form, fields, busy };
}
