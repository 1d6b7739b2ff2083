import { describe, expect, it } from "vitest";
import {
  comparisonText,
  createOwnerReportSchema,
  mailtoShareHref,
  monthLabel,
  ownerReportPath,
  ownerShareMessage,
  whatsAppShareHref,
} from "./owner-report";

describe("the create form's schema", () => {
  it("accepts an empty form and lower-cases the e-mail", () => {
    expect(createOwnerReportSchema.parse({ intent: "criar-relatorio" })).toMatchObject({
      nomeProprietario: "",
      emailProprietario: "",
    });
    expect(
      createOwnerReportSchema.parse({ intent: "criar-relatorio", emailProprietario: " Ana@Exemplo.com.br " }),
    ).toMatchObject({ emailProprietario: "ana@exemplo.com.br" });
  });

  it("refuses a bad e-mail, the monthly opt-in without e-mail and a name with a line break", () => {
    const errors = (fields: Record<string, string>) =>
      createOwnerReportSchema.safeParse({ intent: "criar-relatorio", ...fields }).error?.flatten().fieldErrors;
    expect(errors({ emailProprietario: "ana" })?.emailProprietario).toEqual(["Informe um e-mail válido."]);
    expect(errors({ mensal: "on" })?.emailProprietario).toEqual([
      "Informe o e-mail do proprietário para o relatório mensal.",
    ]);
    expect(errors({ nomeProprietario: "Ana\nMaria" })?.nomeProprietario).toHaveLength(1);
  });
});

describe("the share links", () => {
  const url = `https://www.exemplo.com.br${ownerReportPath("a".repeat(43))}`;
  const message = ownerShareMessage({ url, ownerName: "Ana", listingCode: "123" });

  it("a WhatsApp link and a mailto carrying the message with the link", () => {
    expect(message).toContain(url);
    expect(message.startsWith("Olá, Ana!")).toBe(true);
    expect(decodeURIComponent(whatsAppShareHref(message).replace("https://wa.me/?text=", ""))).toBe(message);
    const mailto = mailtoShareHref({ to: "ana@exemplo.com.br", subject: "Relatório", body: message });
    expect(mailto.startsWith("mailto:ana@exemplo.com.br?subject=Relat%C3%B3rio&body=")).toBe(true);
  });
});

describe("texts", () => {
  it("the month and the comparison lines in pt-BR", () => {
    expect(monthLabel("2026-03")).toBe("março de 2026");
    expect(
      comparisonText({ purpose: "venda", own: 10_500, median: 12_000, comparables: 5, differencePercent: -12.5 }),
    ).toBe("Venda: R$ 10.500/m², 12,5% abaixo da mediana de R$ 12.000/m² (5 imóveis parecidos ativos no bairro).");
    expect(comparisonText({ purpose: "aluguel", own: 50, median: null, comparables: 2, differencePercent: null })).toBe(
      "Aluguel: R$ 50,00/m² por mês. Poucos imóveis parecidos ativos no bairro para comparar: 2 (mínimo 5).",
    );
  });
});
