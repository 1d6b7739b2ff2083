import { describe, expect, it } from "vitest";
import { LEAD_NAME_MAX } from "./lead-fields";
import { parseLeadInput } from "./leads";
import { CONTROL_CHARACTER_MESSAGE, SINGLE_LINE_MESSAGE } from "./text-fields";

/** The per-field messages of a parse, or none when it succeeded. */
function fieldErrorsOf(result: ReturnType<typeof parseLeadInput>): Record<string, string[]> {
  return result.success ? {} : (result.error.flatten().fieldErrors as Record<string, string[]>);
}

describe("parseLeadInput", () => {
  /** A valid more-information request, with a 2000-character message. */
  const infoRequest = {
    kind: "info",
    message: "a".repeat(2000),
    code: "AP1",
    name: "Ana",
    phone: "11 3456 7890",
    email: "Ana@Example.COM",
  };

  it("validates a sell request and normalises the phone", () => {
    const input = { kind: "sell", name: " Ana Lima ", phone: "(11) 91234-5678", location: "Moema, São Paulo" };
    const result = parseLeadInput(input);
    expect(result.success && result.data).toEqual({ ...input, name: "Ana Lima", phone: "11912345678" });
  });

  it("gives pt-BR messages per field for a more-information request", () => {
    const result = parseLeadInput({ ...infoRequest, name: "", phone: "123", email: "x@", message: "a".repeat(2001) });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result)).toMatchObject({
      name: ["Informe seu nome."],
      phone: ["Informe um telefone válido com DDD, por exemplo (11) 91234-5678."],
      email: ["Informe um e-mail válido, por exemplo nome@exemplo.com.br."],
      message: ["Use no máximo 2000 caracteres."],
    });
  });

  it("lower-cases the e-mail and accepts a 2000-character message", () => {
    const result = parseLeadInput(infoRequest);
    expect(result.success && result.data).toMatchObject({ email: "ana@example.com", phone: "1134567890" });
  });

  it("takes a more-information request with only an e-mail or only a phone, not with neither", () => {
    const { phone: _phone, ...emailOnly } = infoRequest;
    expect(parseLeadInput({ ...emailOnly, phone: "" }).success).toBe(true);
    const { email: _email, ...phoneOnly } = infoRequest;
    const byPhone = parseLeadInput(phoneOnly);
    expect(byPhone.success && byPhone.data).toMatchObject({ phone: "1134567890" });
    expect(byPhone.success && byPhone.data.kind === "info" && byPhone.data.email).toBeUndefined();
    const neither = parseLeadInput({ ...infoRequest, phone: " ", email: "" });
    expect(neither.success ? null : fieldErrorsOf(neither).email).toEqual(["Informe seu e-mail ou seu telefone."]);
  });

  it("needs an e-mail or a phone on a condominium alert", () => {
    const missing = parseLeadInput({ kind: "alert", condominium: "edificio-sol", name: "Ana" });
    expect(missing.success ? null : fieldErrorsOf(missing).email).toEqual(["Informe seu e-mail ou seu telefone."]);
    const ok = parseLeadInput({
      kind: "alert",
      condominium: "edificio-sol",
      name: "Ana",
      email: "",
      phone: "11912345678",
    });
    expect(ok.success && ok.data).toMatchObject({ phone: "11912345678", email: undefined });
  });

  it("takes a WhatsApp contact with optional code and UTM parameters only", () => {
    const ok = parseLeadInput({ kind: "whatsapp", page: "/detalhes/x/AP1", utm: { utm_source: "google" } });
    expect(ok.success && ok.data).toEqual({ kind: "whatsapp", page: "/detalhes/x/AP1", utm: { utm_source: "google" } });
    expect(parseLeadInput({ kind: "whatsapp", page: "/", utm: { evil: "1" } }).success).toBe(false);
  });

  it("rejects an unknown kind in Portuguese", () => {
    const result = parseLeadInput({ kind: "spam" });
    expect(result.success ? null : result.error.issues[0]!.message).toBe("Tipo de contato inválido.");
  });
});

describe("control characters and lengths in contact requests", () => {
  const valid = {
    sell: { kind: "sell", name: "Ana Lima", phone: "(11) 91234-5678", location: "Moema" },
    info: {
      kind: "info",
      code: "AP1",
      name: "Ana Lima",
      phone: "(11) 91234-5678",
      email: "ana@example.com",
      message: "Olá",
    },
    alert: {
      kind: "alert",
      condominium: "edificio-sol",
      name: "Ana Lima",
      email: "ana@example.com",
      phone: "(11) 91234-5678",
    },
    lgpd: {
      kind: "lgpd",
      name: "Ana Lima",
      email: "ana@example.com",
      phone: "(11) 91234-5678",
      message: "Quero meus dados.",
    },
  } as const;
  const errorsOf = (raw: unknown) => fieldErrorsOf(parseLeadInput(raw));

  it("refuses CR/LF in a name with the one-line message beside the field", () => {
    expect(errorsOf({ ...valid.sell, name: "Ana\r\nTelefone: (11) 99999-0000" })).toEqual({
      name: [SINGLE_LINE_MESSAGE],
    });
    expect(errorsOf({ ...valid.info, name: "Ana\nLima" })).toEqual({ name: [SINGLE_LINE_MESSAGE] });
  });

  it("refuses NUL in every text field of every form", () => {
    for (const [kind, input] of Object.entries(valid)) {
      for (const field of Object.keys(input).filter((key) => key !== "kind")) {
        const value = (input as Record<string, string>)[field]!;
        const errors = errorsOf({ ...input, [field]: `${value.slice(0, 1)}\u0000${value.slice(1)}` });
        expect(errors[field], `${kind}.${field}`).toBeDefined();
      }
    }
    expect(errorsOf({ ...valid.info, message: "a\u0000b" })).toEqual({ message: [CONTROL_CHARACTER_MESSAGE] });
  });

  it("keeps line breaks in a message (CRLF stored as LF) but not in a location", () => {
    const info = parseLeadInput({ ...valid.info, message: "Linha 1\r\nLinha 2\tfim" });
    expect(info.success && info.data).toMatchObject({ message: "Linha 1\nLinha 2\tfim" });
    expect(errorsOf({ ...valid.sell, location: "Rua A\nBairro B" })).toEqual({ location: [SINGLE_LINE_MESSAGE] });
  });

  it("bounds every field", () => {
    expect(errorsOf({ ...valid.sell, name: "a".repeat(LEAD_NAME_MAX + 1) })).toEqual({
      name: [`Use no máximo ${LEAD_NAME_MAX} caracteres.`],
    });
    expect(errorsOf({ ...valid.sell, phone: "1".repeat(100_000) }).phone).toBeDefined();
    expect(errorsOf({ ...valid.info, email: `${"a".repeat(300)}@example.com` }).email).toBeDefined();
    expect(errorsOf({ ...valid.info, code: "A".repeat(31) }).code).toBeDefined();
    expect(errorsOf({ ...valid.sell, location: "a".repeat(201) }).location).toEqual(["Use no máximo 200 caracteres."]);
    expect(parseLeadInput({ kind: "whatsapp", page: "/", utm: { utm_source: "a\nb" } }).success).toBe(false);
  });
});
