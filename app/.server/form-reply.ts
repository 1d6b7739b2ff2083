/**
 * A Conform reply that never echoes more than the form's schema allows.
 *
 * `submission.reply()` sends back everything that was posted (`initialValue`),
 * every posted field name (`fields`) and the client's `__intent__`/`__state__`
 * as they came, so that the page can show the data again beside the
 * messages. A 50 MB `name` would come back as 50 MB. {@link boundedReply}
 * keeps only the schema's fields, each string cut to the field's `maxLength`
 * (from `getZodConstraint`, the same constraint the page puts on its inputs),
 * and drops oversized intents and states. Every form action that answers
 * `submission.reply()` goes through it.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";

/** Options of Conform's `submission.reply()` (reset, extra errors, hidden fields). */
export type ReplyOptions = Parameters<Submission<unknown>["reply"]>[0];

/** Characters echoed for a schema field without a `maxLength` (a number, a select, a checkbox). */
export const UNBOUNDED_FIELD_ECHO_MAX = 100;
/** Most items echoed for a field sent several times (or a list field). */
export const ECHO_MAX_ITEMS = 50;
/** Most characters of one error message echoed (messages are the server's own; this is a backstop). */
export const ECHO_MAX_MESSAGE = 500;
/** Most characters of a serialised intent or state kept in the reply (a larger one is dropped). */
export const ECHO_MAX_CONTROL = 2000;

interface Constraint {
  maxLength?: number;
}

/** The field names of a schema and their constraint; `lookup("a[3]")` finds "a[]". */
interface Constraints {
  lookup(name: string): Constraint | undefined;
}

const constraintCache = new WeakMap<z.ZodTypeAny, Constraints>();

function constraintsOf(schema: z.ZodTypeAny): Constraints {
  let constraints = constraintCache.get(schema);
  if (!constraints) {
    // A plain copy of the names: only the schema's own field names count (never "constructor", "__proto__"…).
    const byName: Record<string, Constraint> = Object.fromEntries(
      Object.entries(getZodConstraint(schema) as Record<string, Constraint>),
    );
    constraints = {
      lookup(name) {
        if (Object.hasOwn(byName, name)) return byName[name];
        const listName = name.replace(/\[\d+\]/g, "[]");
        return Object.hasOwn(byName, listName) ? byName[listName] : undefined;
      },
    };
    constraintCache.set(schema, constraints);
  }
  return constraints;
}

type Echo = NonNullable<SubmissionResult["initialValue"]>[string];

function boundValue(value: unknown, name: string, constraints: Constraints): Echo | undefined {
  const constraint = constraints.lookup(name);
  if (typeof value === "string") {
    if (!constraint) return undefined;
    return value.slice(0, constraint.maxLength ?? UNBOUNDED_FIELD_ECHO_MAX);
  }
  if (Array.isArray(value)) {
    const items = value
      .slice(0, ECHO_MAX_ITEMS)
      .map((item, index) => boundValue(item, `${name}[${index}]`, constraints))
      .filter((item): item is Echo => item !== undefined);
    return items.length ? items : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, Echo> = {};
    for (const [key, item] of Object.entries(value).slice(0, ECHO_MAX_ITEMS)) {
      const bounded = boundValue(item, name ? `${name}.${key}` : key, constraints);
      if (bounded !== undefined) out[key] = bounded;
    }
    return Object.keys(out).length || !name ? out : undefined;
  }
  return undefined;
}

function small<T>(value: T | undefined): T | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.stringify(value).length <= ECHO_MAX_CONTROL ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bounds a Conform result to `schema`: `initialValue` keeps only the schema's
 * fields (nested names as Conform writes them: `a.b`, `a[0]`), each string
 * cut to the field's `maxLength` (else {@link UNBOUNDED_FIELD_ECHO_MAX}),
 * at most {@link ECHO_MAX_ITEMS} items per list; `fields` keeps only the
 * schema's names; error messages are cut to {@link ECHO_MAX_MESSAGE} (at
 * most 10 per field, {@link ECHO_MAX_ITEMS} fields);
 * `intent` and `state` are dropped when larger than {@link ECHO_MAX_CONTROL}
 * serialised characters. A reset (`initialValue: null`) passes unchanged.
 */
export function boundResult<FormError>(
  result: SubmissionResult<FormError>,
  schema: z.ZodTypeAny,
): SubmissionResult<FormError> {
  const constraints = constraintsOf(schema);
  const bounded: SubmissionResult<FormError> = { ...result };
  if (result.initialValue)
    bounded.initialValue = boundValue(result.initialValue, "", constraints) as SubmissionResult["initialValue"];
  if (result.fields)
    bounded.fields = result.fields.filter((name) => constraints.lookup(name) !== undefined).slice(0, ECHO_MAX_ITEMS);
  if (result.error) {
    // The keys are the schema's paths and the action's own; long ones can only come from a schema with open keys.
    const errors: Record<string, FormError | null> = {};
    for (const [name, messages] of Object.entries(result.error).slice(0, ECHO_MAX_ITEMS)) {
      if (name.length > 200) continue;
      errors[name] = (
        Array.isArray(messages)
          ? messages
              .slice(0, 10)
              .map((message: unknown) => (typeof message === "string" ? message.slice(0, ECHO_MAX_MESSAGE) : message))
          : messages
      ) as FormError | null;
    }
    bounded.error = errors;
  }
  if ("intent" in result) bounded.intent = small(result.intent);
  if ("state" in result) bounded.state = small(result.state);
  return bounded;
}

/**
 * `submission.reply(options)` bounded to `schema` (see {@link boundResult}).
 * Use it wherever an action returns a submission's reply; pass the schema
 * the submission was parsed with.
 */
export function boundedReply(
  submission: { reply(options?: ReplyOptions): SubmissionResult<string[]> },
  schema: z.ZodTypeAny,
  options?: ReplyOptions,
): SubmissionResult<string[]> {
  return boundResult(submission.reply(options), schema);
}
