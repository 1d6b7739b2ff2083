import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  multiLineText,
  REQUIRED_MESSAGE,
  SINGLE_LINE_MESSAGE,
  singleLineText,
} from "./text-fields";

// Every character a single-line field refuses: C0, DEL, C1, U+2028, U+2029.
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  "\u2028",
  "\u2029",
];
const messagesOf = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe("singleLineText", () => {
  const name = singleLineText({ max: 40, min: 2, required: "Informe seu nome." });

  it("trims, and keeps the field's own messages for missing, short and long values", () => {
    expect(name.parse("  Ana  ")).toBe("Ana");
    expect(messagesOf(name.safeParse(undefined))).toEqual(["Informe seu nome."]);
    expect(messagesOf(name.safeParse(42))).toEqual(["Informe seu nome."]);
    expect(messagesOf(name.safeParse("A"))).toEqual(["Informe seu nome."]);
    expect(messagesOf(name.safeParse("A".repeat(41)))).toEqual(["Use no máximo 40 caracteres."]);
    expect(messagesOf(singleLineText({ max: 5 }).safeParse(undefined))).toEqual([REQUIRED_MESSAGE]);
  });

  it("refuses CR, LF, NUL and every other control character inside the value, with one pt-BR message", () => {
    for (const value of [
      "Ana\r\nBcc: x@evil.example",
      "Ana\nB",
      "Ana\rB",
      "An\u0000a",
      "A\u0085b",
      "A\u2028b",
      "A\tb",
    ]) {
      expect(messagesOf(name.safeParse(value))).toEqual([SINGLE_LINE_MESSAGE]);
    }
    for (const control of CONTROLS) expect(name.safeParse(`A${control}b`).success, JSON.stringify(control)).toBe(false);
  });

  it("accepts a trailing line break of a pasted value (it is trimmed away) and accented letters", () => {
    expect(name.parse("José\r\n")).toBe("José");
    expect(name.parse("\tÂngela Ñ")).toBe("Ângela Ñ");
  });

  it("runs the caller's rules after the length checks and exposes maxLength to Conform", () => {
    const email = singleLineText({
      max: 254,
      required: "Informe o e-mail.",
      rules: (value) => value.toLowerCase().email("E-mail inválido."),
    });
    expect(email.parse(" Ana@Example.COM ")).toBe("ana@example.com");
    expect(messagesOf(email.safeParse("x@"))).toEqual(["E-mail inválido."]);
    // A value that breaks another rule too gets that rule's message first.
    expect(messagesOf(email.safeParse("ana@example.com\u0000"))).toEqual(["E-mail inválido.", SINGLE_LINE_MESSAGE]);
    expect(getZodConstraint(z.object({ email, name }))).toMatchObject({
      email: { required: true, maxLength: 254 },
      name: { minLength: 2, maxLength: 40 },
    });
  });

  it("keeps Conform's empty-field handling: required message when empty, undefined when optional", () => {
    const schema = z.object({
      name,
      nickname: singleLineText({ max: 20 }).optional(),
      message: multiLineText({ max: 50, required: "Informe sua mensagem." }),
      bio: multiLineText({ max: 50 }).optional(),
    });
    const form = new FormData();
    for (const field of ["name", "nickname", "message", "bio"]) form.set(field, "");
    const submission = parseWithZod(form, { schema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["Informe seu nome."],
      message: ["Informe sua mensagem."],
    });
    form.set("name", "Ana");
    form.set("nickname", "   ");
    form.set("message", "Oi\r\ntudo bem?");
    const ok = parseWithZod(form, { schema });
    expect(ok.status === "success" && ok.value).toEqual({ name: "Ana", nickname: "", message: "Oi\ntudo bem?" });
    expect(getZodConstraint(schema)).toMatchObject({
      message: { required: true, maxLength: 50 },
      bio: { required: false, maxLength: 50 },
    });
  });

  it("refuses a non-positive or fractional max (a programming error)", () => {
    expect(() => singleLineText({ max: 0 })).toThrow(RangeError);
    expect(() => multiLineText({ max: 1.5 })).toThrow(RangeError);
  });
});

describe("multiLineText", () => {
  const message = multiLineText({ max: 20, required: "Informe sua mensagem." });

  it("keeps LF and tabs, stores CRLF as LF and counts each line break as one character", () => {
    expect(message.parse("linha 1\r\nlinha 2\tfim")).toBe("linha 1\nlinha 2\tfim");
    expect(message.parse(`${"a".repeat(9)}\r\n${"b".repeat(10)}`)).toBe(`${"a".repeat(9)}\n${"b".repeat(10)}`);
  });

  it("refuses NUL, a lone CR and the other control characters", () => {
    for (const value of ["a\u0000b", "a\rb", "a\u000bb", "a\u001bb", "a\u007fb", "a\u0085b", "a\u2029b"]) {
      expect(messagesOf(message.safeParse(value)), JSON.stringify(value)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });
});

describe("text builders (properties)", () => {
  const max = 12;
  const single = singleLineText({ max });
  const multi = multiLineText({ max });
  const anyText = fc.string({ unit: "binary", maxLength: 40 });
  const withControl = fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 10 }))
    .map(([before, control, after]) => `x${before}${control}${after}x`);
  /** Parses 2000 arbitrary strings with `field`; every value it accepts is within max and passes `check`. */
  const forEveryAccepted = (field: typeof single | typeof multi, check: (data: string) => void) =>
    fc.assert(
      fc.property(anyText, (value) => {
        const result = field.safeParse(value);
        if (result.success) {
          expect(result.data.length).toBeLessThanOrEqual(max);
          check(result.data);
        }
      }),
      { numRuns: 2000 },
    );

  it("a single-line field never accepts a control character and never exceeds max", () => {
    forEveryAccepted(single, (data) => {
      expect(hasControlCharacters(data, "single-line")).toBe(false);
      expect(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(data)).toBe(false);
    });
    fc.assert(fc.property(withControl, (value) => !single.safeParse(value).success));
  });

  it("a multi-line field keeps only LF and tab among controls and never exceeds max", () => {
    forEveryAccepted(multi, (data) => {
      expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(data)).toBe(false);
    });
  });

  it("accepts every trimmed control-free value within max unchanged", () => {
    const plain = fc
      .string({ maxLength: max })
      .filter((value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value) && value === value.trim());
    fc.assert(fc.property(plain, (value) => single.parse(value) === value));
  });
});
