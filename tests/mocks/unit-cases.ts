import { expect, it } from "vitest";

/**
 * Declares one test per `[input, expected]` row, titled `title` and the row, that checks that
 * `fn(input)` is `expected` (`toBe`).
 */
export function itMaps<I, O>(title: string, fn: (input: I) => O, rows: readonly (readonly [I, O])[]): void {
  it.each(rows.map((row) => [...row] as [I, O]))(`${title}: %j → %j`, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}

/** Declares one test per input, titled `title` and the input, that checks that `fn(input)` is null. */
export function itGivesNull<I>(title: string, fn: (input: I) => unknown, inputs: readonly I[]): void {
  it.each(inputs.map((input) => [input] as [I]))(`${title}: %j`, (input) => {
    expect(fn(input)).toBeNull();
  });
}
