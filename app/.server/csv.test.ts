import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, CSV_CONTENT_TYPE, csvField, downloadResponse, neutraliseFormulas, toCsv } from "./csv";

/** A strict RFC 4180 reader with `separator` (what a spreadsheet splitting on it does with quoted fields). */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === separator) {
      endField();
    } else if (char === "\r" && text[i + 1] === "\n") {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else {
      field += char;
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/**
 * Every cell a careless reader could make: the text split at every `,`, `;`
 * and line break, ignoring quotes, with the quotes that start a piece dropped.
 */
function looseCells(text: string): string[] {
  return text.split(/[,;\r\n]/).map((piece) => piece.replace(/^"+/, ""));
}

const FORMULA = /^[=+\-@\t\r]/;

/** Text rich in the characters that matter here. */
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", " "),
    fc.string({ minLength: 1, maxLength: 1, unit: "binary" }),
  ),
  maxLength: 12,
});

describe("CSV export", () => {
  it("quotes every field, doubles quotes and starts with the byte-order mark", () => {
    expect(
      toCsv(
        ["Nome", "Obs"],
        [
          ["Ana", 'diz "oi"; tchau'],
          [null, 3],
        ],
      ),
    ).toBe(`${CSV_BOM}"Nome";"Obs"\r\n"Ana";"diz ""oi""; tchau"\r\n"";"3"\r\n`);
    expect(toCsv(["a"], [], { separatorLine: true })).toBe(`${CSV_BOM}sep=;\r\n"a"\r\n`);
  });

  it("keeps a leading formula character from starting a formula", () => {
    for (const value of ["=1+1", "+5511", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvField(value)).toBe(`"'${value}"`);
  });

  it("writes `x,=2+5,y` so that no reader splitting on commas finds a formula", () => {
    const csv = toCsv(["campo"], [["x,=2+5,y"], ['a;"=1', "linha\n@cmd"]]);
    expect(csv).toContain(`"x,'=2+5,y"`);
    expect(csv).toContain(`"a;""'=1";"linha\n'@cmd"`);
    expect(looseCells(csv.slice(1)).filter((cell) => FORMULA.test(cell))).toEqual([]);
  });

  it("reads back as the same table, neutralised, in a spreadsheet splitting on `;` (any text)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(tricky, { minLength: 1, maxLength: 4 }), { maxLength: 4 }), (rows) => {
        const header = ["a", "b", "c", "d"];
        const csv = toCsv(header, rows);
        expect(csv.startsWith(CSV_BOM)).toBe(true);
        const parsed = parseCsv(csv.slice(1), ";");
        expect(parsed).toEqual([header, ...rows.map((row) => row.map(neutraliseFormulas))]);
        for (const row of rows)
          for (const value of row) if (!/[=+\-@\t\r]/.test(value)) expect(neutraliseFormulas(value)).toBe(value);
      }),
    );
  });

  it("gives no formula cell to a reader splitting on commas, semicolons or lines (any text)", () => {
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 5 }), (row) => {
        const cells = looseCells(toCsv(["h"], [row]).slice(1));
        expect(cells.filter((cell) => FORMULA.test(cell))).toEqual([]);
      }),
    );
  });
});

describe("downloadResponse", () => {
  it("is a private, unsniffed CSV attachment by default", async () => {
    const response = downloadResponse(toCsv(["a"], [["=1"]]), "leads-2026-11-24.csv");
    expect(response.headers.get("Content-Type")).toBe(CSV_CONTENT_TYPE);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="leads-2026-11-24.csv"');
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // The bytes, not `text()`: decoding UTF-8 drops the byte-order mark Excel needs.
    const body = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(body).toBe(`${CSV_BOM}"a"\r\n"'=1"\r\n`);
  });

  it("takes another media type (the JSON export)", () => {
    const response = downloadResponse("{}", "dados.json", "application/json; charset=utf-8");
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  });
});
