import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_FIELDS,
  ATTACHMENT_SUBFIELDS,
  BROKER_FIELDS,
  BROKER_SUBFIELDS,
  CONDOMINIUM_PHOTO_SUBFIELDS,
  LISTING_FIELD_SET,
  LISTING_FIELDS,
  LISTING_WIRE_FIELDS,
  OWNER_FIELDS,
  OWNER_SUBFIELDS,
  PHOTO_FIELDS,
  PHOTO_SUBFIELDS,
  PRIVATE_FIELDS,
  VIDEO_FIELDS,
  VIDEO_SUBFIELDS,
  fieldNames,
  isDateField,
  isNumericField,
} from "./index";

const declared = Object.entries(LISTING_WIRE_FIELDS);

describe("the one Vista contract (ADR 0076)", () => {
  it("derives the request lists from the field table: listar fields in order, then the broker; private ones apart", () => {
    const names = fieldNames(LISTING_FIELDS);
    const listar = declared.filter(([, declaration]) => declaration.use === "listar").map(([name]) => name);
    expect(names).toEqual([...listar, ...BROKER_SUBFIELDS.map((name) => `Corretor.${name}`)]);
    expect(names.slice(0, 3)).toEqual(["Codigo", "Categoria", "Status"]);
    expect(names.indexOf("Sul")).toBeLessThan(names.indexOf("Caracteristicas"));
    const privateNames = declared.filter(([, declaration]) => declaration.use === "private").map(([name]) => name);
    expect(PRIVATE_FIELDS).toEqual(["Codigo", ...privateNames, { proprietarios: ["Proprietario", "FonePrincipal"] }]);
    expect(privateNames.filter((name) => names.includes(name))).toEqual([]);
  });

  it("asks only for fields Vista's catalogue (the sandbox's allow-list) has", () => {
    const requested = declared.filter(([, declaration]) => declaration.use !== "read").map(([name]) => name);
    expect(requested.filter((name) => !LISTING_FIELD_SET.has(name))).toEqual([]);
  });

  it("asks only for sub-fields of Vista's sub-tables", () => {
    const pairs: [readonly string[], readonly string[]][] = [
      [BROKER_SUBFIELDS, BROKER_FIELDS],
      [PHOTO_SUBFIELDS, PHOTO_FIELDS],
      [CONDOMINIUM_PHOTO_SUBFIELDS, PHOTO_FIELDS],
      [VIDEO_SUBFIELDS, VIDEO_FIELDS],
      [ATTACHMENT_SUBFIELDS, ATTACHMENT_FIELDS],
      [OWNER_SUBFIELDS, OWNER_FIELDS],
    ];
    for (const [requested, offered] of pairs) expect(requested.filter((name) => !offered.includes(name))).toEqual([]);
  });

  it("types the declared numbers and dates as the sandbox's filter grammar compares them", () => {
    for (const [name, { kind }] of declared) {
      if (kind === "number") expect(isNumericField(name), name).toBe(true);
      if (kind === "date") expect(isDateField(name), name).toBe(true);
    }
  });
});
