/**
 * The save of an admin settings form (`/admin/imobiliaria`,
 * `/admin/financiamento`): the posted form read with Conform; a refusal
 * answers 400 with Conform's pt-BR messages beside the fields and the typed
 * values kept (bounded by the schema, `./form-reply`); a success saves and
 * redirects back to the form with a success toast. Never cached. The guard
 * and the Origin check stay in the route.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { privatePage } from "~/lib/cache-control";
import { redirectWithToast } from "./flash";
import { boundedReply } from "./form-reply";

/** What {@link saveSettingsForm} needs of one form. */
export interface SettingsForm<Schema extends z.ZodTypeAny> {
  schema: Schema;
  /** Stores the validated values. */
  save: (value: z.output<Schema>) => Promise<unknown>;
  /** The form's page, where the success redirects to. */
  path: string;
  /** The success toast (pt-BR). */
  toast: { title: string; description: string };
}

/**
 * Validates the posted form and saves it.
 * @returns 400 with field errors (`{ result }`), or a redirect with a toast.
 */
export async function saveSettingsForm<Schema extends z.ZodTypeAny>(
  request: Request,
  { schema, save, path, toast }: SettingsForm<Schema>,
) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success")
    return data({ result: boundedReply(submission, schema) }, { status: 400, headers: privatePage() });
  await save(submission.value);
  return redirectWithToast(path, { type: "success", ...toast }, { headers: privatePage() });
}
