/**
 * How a data-subject search matches a column (ADR 0031): the conditions every
 * privacy source and action uses, apart from `./search` so that a source kept
 * in its own module (`./visits`) and the search's list of sources do not
 * import each other.
 */
import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Subject } from "./subject";

/** `column` equals the subject's e-mail, compared lower-case and trimmed (undefined for a phone subject). */
export function emailMatches(column: AnyPgColumn, subject: Subject): SQL | undefined {
  return subject.kind === "email" ? sql`lower(trim(${column})) = ${subject.value}` : undefined;
}

/** `column`'s digits equal one of the subject's phone forms (any punctuation, with or without 55; undefined for an e-mail subject). */
export function phoneMatches(column: AnyPgColumn, subject: Subject): SQL | undefined {
  return subject.kind === "phone"
    ? inArray(sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`, subject.phoneDigits)
    : undefined;
}
