import { describe, expect, it } from "vitest";
import { itGivesNull, itMaps } from "../../tests/mocks/unit-cases";
import { firstWhatsAppNumber, formatPhone, normalizeBrazilianPhone, telHref, whatsAppNumber } from "./phone";

describe("normalizeBrazilianPhone", () => {
  itMaps("accepts Brazilian numbers", normalizeBrazilianPhone, [
    ["(11) 91234-5678", "11912345678"],
    ["+55 11 91234-5678", "11912345678"],
    ["5511912345678", "11912345678"],
    ["11912345678", "11912345678"],
    ["011 91234-5678", "11912345678"],
    ["(11) 3456-7890", "1134567890"],
    ["+55 (21) 2345-6789", "2123456789"],
    ["41.99999.0000", "41999990000"],
  ]);

  itGivesNull("rejects", normalizeBrazilianPhone, [
    "",
    "abc",
    "1234",
    "(11) 81234-5678",
    "(01) 91234-5678",
    "(11) 1234-5678",
    "11 99999-9999x",
    "(11) 99999-99999",
    "(11) 2222-2222",
    "+1 (21) 2345-6789",
  ]);
});

describe("whatsAppNumber", () => {
  itMaps("normalises Brazilian numbers to 55 + DDD + number", whatsAppNumber, [
    ["(11) 98765-4321", "5511987654321"],
    ["1133334444", "551133334444"],
    ["+55 11 98765-4321", "5511987654321"],
    ["011987654321", "5511987654321"],
    ["98765-4321", null],
    ["", null],
    [null, null],
  ]);

  it("takes the first phone that has a number", () => {
    expect(firstWhatsAppNumber("", "1133334444")).toBe("551133334444");
    expect(firstWhatsAppNumber("11987654321", "1133334444")).toBe("5511987654321");
    expect(firstWhatsAppNumber("", null)).toBeNull();
  });
});

describe("formatPhone", () => {
  itMaps("formats mobiles, landlines and E.164 numbers, and keeps others as they are", formatPhone, [
    // mobiles and landlines
    ["11987654321", "(11) 98765-4321"],
    ["1133334444", "(11) 3333-4444"],
    ["5511987654321", "(11) 98765-4321"],
    ["11912345678", "(11) 91234-5678"],
    ["1134567890", "(11) 3456-7890"],
    // E.164 Brazilian numbers, and others kept as they are
    ["+5511912345678", "(11) 91234-5678"],
    ["+351912345678", "+351912345678"],
    ["+12125551234", "+12125551234"],
    ["98765-4321", "98765-4321"],
    // numbers outside the numbering plan are laid out the same way
    ["9912345678", "(99) 1234-5678"],
  ]);
});

describe("telHref", () => {
  it("dials Brazilian numbers with +55", () => {
    expect(telHref("1133334444")).toBe("tel:+551133334444");
    expect(telHref("(11) 98765-4321")).toBe("tel:+5511987654321");
    expect(telHref("+351 912 345 678")).toBe("tel:+351912345678");
  });
});
