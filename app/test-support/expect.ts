import { expect } from "vitest";

/** Asserts that `text` contains every one of `parts`, naming the part that is missing. */
export function expectToContainAll(text: string, parts: readonly string[]): void {
  for (const part of parts) expect(text, part).toContain(part);
}
