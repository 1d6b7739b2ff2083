import { describe, expect, it } from "vitest";
import { appearanceFormSchema, contrast, contrastWarnings, formatRatio, normalizeHexColor } from "./appearance";

const valid = {
  title: "Horizonte Imobiliária",
  description: "Imóveis à venda e para alugar em São Paulo.",
  primary: "#000",
  secondary: "#E11D48",
  light: "#f1f1f3",
  logoSquare: "",
  logoHorizontal: "/logo-horizontal.svg",
};

describe("colours", () => {
  it("normalises #rgb and upper case; refuses anything else", () => {
    expect(normalizeHexColor("#ABC")).toBe("#aabbcc");
    expect(normalizeHexColor(" #E11D48 ")).toBe("#e11d48");
    for (const bad of ["e11d48", "#12345", "#ggg", "red", "#1234567"]) expect(normalizeHexColor(bad)).toBeNull();
  });

  it("computes WCAG contrast ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(formatRatio(4.478)).toBe("4,4:1");
  });
});

describe("contrastWarnings", () => {
  it("the spec's defaults raise no warning", () => {
    expect(contrastWarnings({ primary: "#000000", secondary: "#e11d48", light: "#f1f1f3" })).toEqual([]);
  });

  it("warns when no text colour reads on a colour, when the secondary fades on white and when the light colour is dark", () => {
    const warnings = contrastWarnings({ primary: "#808080", secondary: "#ffe4e6", light: "#333333" });
    expect(warnings.map((w) => w.field)).toEqual(["primary", "secondary", "light"]);
    // #808080: 3.95:1 with white, 4.41:1 with the text colour #1a1a1a — the better one is still below 4.5.
    expect(warnings[0]!.message).toBe(
      "O texto sobre a cor primária terá contraste de 4,4:1, abaixo do mínimo recomendado de 4,5:1 (WCAG AA).",
    );
    expect(warnings[1]!.message).toMatch(/^A cor secundária sobre o fundo branco tem contraste de 1,2:1/);
    expect(warnings[2]!.message).toMatch(/^O texto sobre a cor clara terá contraste de 1,/);
  });
});

describe("appearanceFormSchema", () => {
  it("accepts and normalises a valid form", () => {
    expect(appearanceFormSchema.parse(valid)).toEqual({ ...valid, primary: "#000000", secondary: "#e11d48" });
  });

  it("gives Portuguese messages beside each field", () => {
    const result = appearanceFormSchema.safeParse({
      ...valid,
      title: "",
      primary: "preto",
      logoSquare: "https://cdn.example/logo.png",
      description: "curta",
    });
    const errors = result.error!.flatten().fieldErrors;
    expect(errors.title).toEqual(["Informe o título do site."]);
    expect(errors.primary).toEqual(["Use o formato hexadecimal #rrggbb, por exemplo #e11d48."]);
    expect(errors.logoSquare).toEqual(["Informe um caminho do site começando com /, por exemplo /logo-square.svg."]);
    expect(errors.description).toEqual(["Escreva uma descrição com pelo menos 10 caracteres."]);
  });
});
