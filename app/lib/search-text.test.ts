import { describe, expect, it } from "vitest";
import { foldText } from "./search-text";

describe("foldText", () => {
  it("drops accents and case and collapses spaces", () => {
    expect(foldText("  São  Paulo ")).toBe("sao paulo");
    expect(foldText("Condomínio Edifício AÇAÍ")).toBe("condominio edificio acai");
  });
  it("keeps digits and punctuation", () => {
    expect(foldText("Rua Dr. Álvaro, 120 - apto 4")).toBe("rua dr. alvaro, 120 - apto 4");
  });
  it("is idempotent", () => {
    const once = foldText("Pinheiros – Jardim Europa");
    expect(foldText(once)).toBe(once);
  });
});
