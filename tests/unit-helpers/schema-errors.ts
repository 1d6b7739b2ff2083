/**
 * Reading a form schema's verdict in unit tests: the messages zod gives
 * beside each field, as the pages show them. Pure (no database, no network).
 */
import type { ZodTypeAny } from "zod";

/**
 * The field errors of `schema` for `input` (field name → its messages, in
 * zod's order), or `{}` when `input` passes.
 */
export function schemaFieldErrors(schema: ZodTypeAny, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : (result.error.flatten().fieldErrors as Record<string, string[]>);
}
