import { describe, expect, it } from "vitest";
import { DEFAULT_FINANCING_SETTINGS, formatTerm, shownSystems, simulationMessage } from "./financing-form";
import { parseDecimal, readSimulation } from "./financing-simulation";
import { financingSettingsSchema, parseBankLine } from "./financing-settings";

describe("parseDecimal", () => {
  it("reads pt-BR and plain numbers", () => {
    expect(parseDecimal("100.000")).toBe(100_000);
    expect(parseDecimal("1.250.000,50")).toBe(1_250_000.5);
    expect(parseDecimal("100000,5")).toBe(100_000.5);
    expect(parseDecimal("100000.50")).toBe(100_000.5);
    expect(parseDecimal("R$ 1.234")).toBe(1234);
    expect(parseDecimal("10,99%")).toBe(10.99);
    expect(parseDecimal("0")).toBe(0);
  });

  it("refuses anything else", () => {
    for (const text of ["", "abc", "-1", "1e5", "10,5,5", "1.00.0", "Infinity", "1 000", "12,3.4"])
      expect(parseDecimal(text), text).toBeNull();
  });
});

describe("formatTerm", () => {
  it("writes months and years in pt-BR", () => {
    expect(formatTerm(1)).toBe("1 mês");
    expect(formatTerm(11)).toBe("11 meses");
    expect(formatTerm(12)).toBe("12 meses (1 ano)");
    expect(formatTerm(18)).toBe("18 meses (1 ano e 6 meses)");
    expect(formatTerm(361)).toBe("361 meses (30 anos e 1 mês)");
  });
});

describe("readSimulation", () => {
  const read = (query: string) => readSimulation(new URLSearchParams(query), 500_000, DEFAULT_FINANCING_SETTINGS);

  it("takes the defaults for missing or empty parameters", () => {
    const { values, errors, result } = read("entrada=&prazo=");
    expect(errors).toEqual({});
    expect(values).toEqual({ entrada: "100.000", prazo: "360", juros: "11,5", sistema: "ambos" });
    expect(result).toMatchObject({ downPayment: 100_000, termMonths: 360, yearlyRatePercent: 11.5 });
  });

  it("accepts a 100 % down payment, a one-month term and 0 %", () => {
    const { errors, result } = read("entrada=500.000&prazo=1&juros=0&sistema=price");
    expect(errors).toEqual({});
    expect(result?.financed).toBe(0);
  });

  it("gives a message per bad field and no result", () => {
    const { errors, result, values } = read("entrada=10&prazo=0&juros=51&sistema=outro");
    expect(result).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(["entrada", "juros", "prazo"]);
    expect(values.sistema).toBe("ambos");
    expect(read("prazo=12.5").errors.prazo).toBeDefined();
    expect(read("juros=10\u0000").errors.juros).toBeDefined();
  });

  it("lists the systems of a choice", () => {
    expect(shownSystems("ambos")).toEqual(["sac", "price"]);
    expect(shownSystems("price")).toEqual(["price"]);
  });

  it("writes a message with a constant Price instalment once", () => {
    const { result } = read("entrada=500.000&prazo=12&juros=0");
    expect(simulationMessage("X1", result!, "price")).toContain("- Price: parcelas de R$ 0,00\n");
  });
});

describe("the admin form", () => {
  it("reads bank lines in several spellings", () => {
    expect(parseBankLine("Caixa: 10,99")).toEqual({ name: "Caixa", yearlyRatePercent: 10.99 });
    expect(parseBankLine("Itaú = 11.6% a.a.")).toEqual({ name: "Itaú", yearlyRatePercent: 11.6 });
    expect(parseBankLine("Banco do Brasil – 12")).toEqual({ name: "Banco do Brasil", yearlyRatePercent: 12 });
    expect(parseBankLine("Caixa 10,99")).toBeNull();
    expect(parseBankLine("Caixa: 51")).toBeNull();
    expect(parseBankLine(`${"x".repeat(61)}: 10`)).toBeNull();
  });

  it("validates the whole form", () => {
    const ok = financingSettingsSchema.safeParse({ defaultRate: "10,5%", defaultTerm: "300", banks: "A: 1\n\nB: 2" });
    expect(ok.success && ok.data).toEqual({
      defaultRate: 10.5,
      defaultTerm: 300,
      banks: [
        { name: "A", yearlyRatePercent: 1 },
        { name: "B", yearlyRatePercent: 2 },
      ],
    });
    const tooMany = financingSettingsSchema.safeParse({
      defaultRate: "10",
      defaultTerm: "300",
      banks: Array.from({ length: 9 }, (_, i) => `B${i}: 1`).join("\n"),
    });
    expect(tooMany.success).toBe(false);
    expect(financingSettingsSchema.safeParse({ defaultRate: "10", defaultTerm: "0" }).success).toBe(false);
  });
});
