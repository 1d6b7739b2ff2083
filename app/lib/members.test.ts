import { describe, expect, it } from "vitest";
import { schemaFieldErrors } from "../../tests/unit-helpers/schema-errors";
import { MEMBER_BIO_MAX, memberFormSchema } from "./members";
import { CONTROL_CHARACTER_MESSAGE, SINGLE_LINE_MESSAGE } from "./text-fields";

const valid = {
  name: "Ana Souza",
  title: "Corretora",
  email: "ana@imobiliaria.com.br",
  phone: "(11) 91234-5678",
  bio: "Olá",
  sortOrder: "1",
};
const errorsOf = (raw: Record<string, unknown>) => schemaFieldErrors(memberFormSchema, raw);

describe("memberFormSchema texts", () => {
  it("refuses a NUL or a line break in one-line fields, beside the field", () => {
    expect(errorsOf({ ...valid, name: "Ana\u0000Souza" })).toEqual({ name: [SINGLE_LINE_MESSAGE] });
    expect(errorsOf({ ...valid, title: "Corretora\r\nX-Header: y" })).toEqual({ title: [SINGLE_LINE_MESSAGE] });
    expect(errorsOf({ ...valid, slug: "ana\u0000" }).slug).toContain(SINGLE_LINE_MESSAGE);
  });

  it("keeps paragraphs in the bio but refuses NUL, and bounds it", () => {
    const ok = memberFormSchema.parse({ ...valid, bio: "Primeiro parágrafo.\r\n\r\nSegundo." });
    expect(ok.bio).toBe("Primeiro parágrafo.\n\nSegundo.");
    expect(errorsOf({ ...valid, bio: "a\u0000b" })).toEqual({ bio: [CONTROL_CHARACTER_MESSAGE] });
    expect(errorsOf({ ...valid, bio: "a".repeat(MEMBER_BIO_MAX + 1) })).toEqual({
      bio: [`Apresentação: no máximo ${MEMBER_BIO_MAX} caracteres.`],
    });
  });
});
