import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "../../tests/unit-helpers/schema-errors";
import { addressLines, formatOpeningHoursLine, parseOpeningHoursLine } from "./agency";
import { agencyFormDefaults, agencyFormSchema, isCnpj, normalizeCnpj, toAgencyProfile } from "./agency-form";

/** A valid form post (strings, as a browser sends them). */
const VALID = {
  legalName: "Horizonte Negócios Imobiliários Ltda.",
  tradeName: "Horizonte",
  cnpj: "11.222.333/0001-81",
  creci: "CRECI 12345-J",
  street: "Rua Harmonia",
  number: "100",
  complement: "sala 2",
  neighbourhood: "Vila Madalena",
  city: "São Paulo",
  state: "sp",
  postalCode: "05435000",
  phone: "(11) 3456-7890",
  whatsapp: "(11) 91234-5678",
  email: "Contato@Horizonte.com.br",
  openingHours: "Seg–Sex 9h–18h\r\nSáb 09:00 às 13:00",
  instagram: "https://www.instagram.com/horizonte",
  facebook: "",
  linkedin: "",
  youtube: "https://youtube.com/@horizonte",
  tiktok: "",
  dpoName: "Marina Lopes",
  dpoEmail: "dpo@horizonte.com.br",
  leadRetentionMonths: "24",
};

const errorsOf = (input: Record<string, unknown>) => schemaFieldErrors(agencyFormSchema, input);

describe("CNPJ", () => {
  it("accepts a CNPJ whose check digits match, with or without the mask", () => {
    expect(isCnpj("11.222.333/0001-81")).toBe(true);
    expect(isCnpj("11222333000181")).toBe(true);
  });

  it("refuses a wrong check digit, a repeated-digit number and a wrong length", () => {
    expect(isCnpj("11.222.333/0001-82")).toBe(false);
    expect(isCnpj("11.222.333/0001-91")).toBe(false);
    expect(isCnpj("00.000.000/0000-00")).toBe(false);
    expect(isCnpj("11.111.111/1111-11")).toBe(false);
    expect(isCnpj("1122233300018")).toBe(false);
  });

  it("accepts the alphanumeric format of the Receita Federal and formats it", () => {
    expect(isCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(normalizeCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });

  it("normalises a numeric CNPJ to the mask", () => {
    expect(normalizeCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });
});

describe("opening hours lines", () => {
  it("reads day ranges, lists and times written in several ways", () => {
    expect(parseOpeningHoursLine("Seg–Sex 9h–18h")).toEqual({
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "18:00",
    });
    expect(parseOpeningHoursLine("sábado 09:00 às 13:30")).toEqual({
      days: ["Saturday"],
      opens: "09:00",
      closes: "13:30",
    });
    expect(parseOpeningHoursLine("Sáb e Dom 10h-14h")?.days).toEqual(["Saturday", "Sunday"]);
    expect(parseOpeningHoursLine("segunda-feira a sexta-feira 8h às 17h")?.days).toHaveLength(5);
  });

  it("refuses unknown days, impossible times and a closing time before the opening", () => {
    expect(parseOpeningHoursLine("Feriados 9h–18h")).toBeNull();
    expect(parseOpeningHoursLine("Seg 25h–26h")).toBeNull();
    expect(parseOpeningHoursLine("Seg 18h–9h")).toBeNull();
    expect(parseOpeningHoursLine("sempre aberto")).toBeNull();
  });

  it("writes a line back as text", () => {
    expect(formatOpeningHoursLine(parseOpeningHoursLine("seg-sex 09:00-18:00")!)).toBe("Seg–Sex 9h–18h");
    expect(formatOpeningHoursLine(parseOpeningHoursLine("sab, dom 9h30-13h")!)).toBe("Sáb, Dom 9h30–13h");
  });
});

describe("agencyFormSchema", () => {
  it("normalises a valid form: CNPJ, UF, CEP, phone digits, WhatsApp with 55, e-mail, hours", () => {
    const value = agencyFormSchema.parse(VALID);
    expect(value).toMatchObject({
      cnpj: "11.222.333/0001-81",
      state: "SP",
      postalCode: "05435-000",
      phone: "1134567890",
      whatsapp: "5511912345678",
      email: "contato@horizonte.com.br",
      leadRetentionMonths: 24,
    });
    expect(value.openingHours).toHaveLength(2);
    const profile = toAgencyProfile(value);
    expect(profile.social).toEqual({
      instagram: "https://www.instagram.com/horizonte",
      youtube: "https://youtube.com/@horizonte",
    });
    expect(addressLines(profile)).toEqual([
      "Rua Harmonia, 100, sala 2",
      "Vila Madalena, São Paulo – SP, CEP 05435-000",
    ]);
  });

  it("round-trips through the form defaults", () => {
    const profile = toAgencyProfile(agencyFormSchema.parse(VALID));
    expect(toAgencyProfile(agencyFormSchema.parse(agencyFormDefaults(profile)))).toEqual(profile);
  });

  it("gives the pt-BR message beside the CNPJ when its check digits are wrong", () => {
    expect(errorsOf({ ...VALID, cnpj: "11.222.333/0001-82" }).cnpj).toEqual([
      "CNPJ inválido: confira os números (dígitos verificadores não conferem).",
    ]);
  });

  it("requires the names and a retention between 1 and 120 months", () => {
    const errors = errorsOf({ ...VALID, legalName: " ", tradeName: "", leadRetentionMonths: "0" });
    expect(errors.legalName).toEqual(["Informe a razão social."]);
    expect(errors.tradeName).toEqual(["Informe o nome fantasia."]);
    expect(errors.leadRetentionMonths).toEqual(["Use pelo menos 1 mês."]);
    expect(errorsOf({ ...VALID, leadRetentionMonths: "121" }).leadRetentionMonths).toEqual([
      "Use no máximo 120 meses.",
    ]);
  });

  it("accepts only https links of the network's own site", () => {
    expect(errorsOf({ ...VALID, instagram: "http://instagram.com/x" }).instagram).toHaveLength(1);
    expect(errorsOf({ ...VALID, instagram: "https://evil.example/instagram.com" }).instagram).toHaveLength(1);
    expect(errorsOf({ ...VALID, facebook: "javascript:alert(1)" }).facebook).toHaveLength(1);
    expect(errorsOf({ ...VALID, linkedin: "https://br.linkedin.com/company/x" }).linkedin).toBeUndefined();
  });

  it("refuses control characters, over-long values, a bad CEP, UF and e-mail", () => {
    const errors = errorsOf({
      ...VALID,
      tradeName: "Horizonte\nFalso",
      street: "R".repeat(151),
      postalCode: "1234",
      state: "XX",
      dpoEmail: "dpo@",
    });
    expect(errors.tradeName).toEqual(["Use apenas uma linha, sem caracteres de controle."]);
    expect(errors.street).toEqual(["Use no máximo 150 caracteres."]);
    expect(errors.postalCode).toEqual(["Informe o CEP com 8 dígitos, por exemplo 01310-100."]);
    expect(errors.state).toEqual(["Escolha a UF."]);
    expect(errors.dpoEmail).toHaveLength(1);
  });

  it("names the opening-hours line it cannot read", () => {
    expect(errorsOf({ ...VALID, openingHours: "Seg–Sex 9h–18h\nquando der" }).openingHours?.[0]).toContain(
      '"quando der"',
    );
  });

  it("leaves blank optional fields out", () => {
    const profile = toAgencyProfile(
      agencyFormSchema.parse({
        legalName: "A Ltda.",
        tradeName: "A",
        cnpj: "",
        openingHours: "",
        leadRetentionMonths: "12",
      }),
    );
    expect(profile).toMatchObject({ cnpj: null, street: null, openingHours: [], social: {}, leadRetentionMonths: 12 });
  });
});
