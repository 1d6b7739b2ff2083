import { describe, expect, it } from "vitest";
import { brokerCredentialLine, brokerCredentialParts, formatBrokerCredential, formatCreci } from "./broker-credential";

const agency = { name: "Imobiliária Exemplo", creci: "CRECI 12345-J" };

describe("formatCreci", () => {
  it("prefixes the number with CRECI once, keeping a region", () => {
    expect(formatCreci("123456-F")).toBe("CRECI 123456-F");
    expect(formatCreci("CRECI 123456-F")).toBe("CRECI 123456-F");
    expect(formatCreci("creci: 123456-F")).toBe("CRECI 123456-F");
    expect(formatCreci("CRECI nº 123456")).toBe("CRECI 123456");
    expect(formatCreci("CRECI/sp 123456-F")).toBe("CRECI/SP 123456-F");
    expect(formatCreci("  CRECI-SP   98765 ")).toBe("CRECI/SP 98765");
  });

  it("is empty for nothing to show", () => {
    expect(formatCreci("")).toBe("");
    expect(formatCreci(null)).toBe("");
    expect(formatCreci(undefined)).toBe("");
    expect(formatCreci("CRECI")).toBe("");
    expect(formatCreci("   ")).toBe("");
  });
});

describe("formatBrokerCredential", () => {
  it("names the broker, the profession (feminine when the title is) and the CRECI", () => {
    expect(formatBrokerCredential({ name: "Camila Rodrigues Moreira", creci: "123456-F", title: "Corretora" })).toBe(
      "Camila Rodrigues Moreira · Corretora de Imóveis · CRECI 123456-F",
    );
    expect(formatBrokerCredential({ name: "Bruno Sá", creci: "CRECI 7788-F" })).toBe(
      "Bruno Sá · Corretor de Imóveis · CRECI 7788-F",
    );
    expect(formatBrokerCredential({ name: "Rita", creci: "1", title: "Gerente comercial", agency })).toBe(
      "Rita · Corretor de Imóveis · CRECI 1",
    );
  });

  it("names the agency and its CRECI when the broker has none", () => {
    expect(formatBrokerCredential({ name: "Camila", creci: "", agency })).toBe(
      "Camila · Imobiliária Exemplo · CRECI 12345-J",
    );
    expect(brokerCredentialParts({ name: "Camila", agency }).holder).toBe("agency");
  });

  it("is the name alone with no CRECI anywhere", () => {
    expect(formatBrokerCredential({ name: " Camila ", agency: { name: "X", creci: null } })).toBe("Camila");
    expect(brokerCredentialParts({ name: "Camila" })).toEqual({
      name: "Camila",
      role: null,
      registration: null,
      holder: null,
    });
  });
});

describe("brokerCredentialLine", () => {
  it("is the role and the registration without the name", () => {
    expect(brokerCredentialLine({ name: "Camila", creci: "123456-F", title: "corretora de imóveis" })).toBe(
      "Corretora de Imóveis · CRECI 123456-F",
    );
    expect(brokerCredentialLine({ name: "Camila", agency })).toBe("Imobiliária Exemplo · CRECI 12345-J");
    expect(brokerCredentialLine({ name: "Camila" })).toBe("");
  });
});
