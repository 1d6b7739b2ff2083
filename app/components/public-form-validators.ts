/**
 * The client validators of the public forms, loaded on the first focus in a
 * form (`./use-lazy-validation`): the zod schemas the actions use, run
 * through Conform's `parseWithZod` exactly as on the server (same coercion of
 * empty fields, same pt-BR messages). This module, with zod and Conform, is a
 * chunk of its own that no page loads up front.
 */
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { alertFormSchema } from "~/lib/alerts";
import type { LeadFormKind } from "~/lib/lead-fields";
import { leadFormSchemas } from "~/lib/leads";
import type { FormErrors, FormValidator } from "./use-lazy-validation";

/** A {@link FormValidator} of one zod schema: the messages of every invalid field, none when valid. */
export function zodValidator(schema: z.ZodTypeAny): FormValidator {
  return (formData) => {
    const submission = parseWithZod(formData, { schema });
    const errors: FormErrors = {};
    if (submission.status !== "error") return errors;
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.length) errors[name] = messages;
    }
    return errors;
  };
}

/** The validator of one contact form (`leadFormSchemas` of `~/lib/leads`). */
export function leadValidator(kind: LeadFormKind): FormValidator {
  return zodValidator(leadFormSchemas[kind]);
}

/** The validator of "Criar alerta" (`alertFormSchema` of `~/lib/alerts`). */
export const alertValidator: FormValidator = zodValidator(alertFormSchema);
