import { describe, expect, it } from "vitest";
import { itMaps } from "../../tests/mocks/unit-cases";
import { FORMAT_MESSAGE, PAGE_SIZE_MESSAGE, amenityLabel, fieldMessage } from "../../app/.server/vista/contract";
import { thrownOf } from "../../tests/mocks/unit-thrown";
import { phpJson } from "./json";
import { VistaHttpError, compileCondition, fold, parsePesquisa, validatePesquisa } from "./query";

const open = { deniedFields: new Set<string>() };

function errorOf(run: () => unknown): VistaHttpError {
  return thrownOf(run, VistaHttpError);
}

describe("parsePesquisa (docs/vista-api.md §3)", () => {
  it("reads fields, sub-tables, filter, order and paginacao (numbers or numeric strings)", () => {
    const pesquisa = parsePesquisa(
      JSON.stringify({
        fields: ["Codigo", { Corretor: ["Nome"] }],
        filter: { Bairro: "Moema" },
        order: { ValorVenda: "DESC", Codigo: "asc" },
        paginacao: { pagina: "2", quantidade: 20 },
      }),
    );
    expect(pesquisa.fields).toEqual([
      { kind: "field", name: "Codigo" },
      { kind: "table", name: "Corretor", fields: ["Nome"] },
    ]);
    expect(pesquisa.order).toEqual([
      ["ValorVenda", "desc"],
      ["Codigo", "asc"],
    ]);
    expect([pesquisa.page, pesquisa.pageSize]).toEqual([2, 20]);
  });

  it("defaults to page 1 of 50 and no fields", () => {
    expect(parsePesquisa(null)).toEqual({ fields: null, filter: {}, order: [], page: 1, pageSize: 50 });
    expect(parsePesquisa("[]").fields).toBeNull();
  });

  it("answers shapes it cannot use with the format message", () => {
    for (const raw of [
      "{",
      '"text"',
      '{"fields":"Codigo"}',
      '{"fields":[1]}',
      '{"filter":[1]}',
      '{"order":{"Codigo":"up"}}',
      '{"paginacao":{"pagina":0}}',
      '{"paginacao":{"quantidade":"x"}}',
    ]) {
      expect(errorOf(() => parsePesquisa(raw)).body, raw).toBe(FORMAT_MESSAGE);
    }
  });

  it("refuses more than 50 per page", () => {
    const error = errorOf(() => parsePesquisa('{"paginacao":{"pagina":1,"quantidade":51}}'));
    expect([error.status, error.body]).toEqual([400, PAGE_SIZE_MESSAGE]);
  });
});

describe("validatePesquisa (docs/vista-api.md §3.1, §8.4)", () => {
  it("collects every rejected name, from fields, sub-fields, filter and order", () => {
    const pesquisa = parsePesquisa(
      JSON.stringify({
        fields: ["Codigo", "Estado", { Corretor: ["Nome", "Apelido"] }],
        filter: { Cor: "x" },
        order: { Altura: "asc" },
      }),
    );
    const error = errorOf(() => validatePesquisa(pesquisa, "listar", open));
    expect(error.body).toEqual(["Estado", "Apelido", "Cor", "Altura"].map(fieldMessage));
  });

  it("lets detail-only tables through on detalhes only", () => {
    const pesquisa = parsePesquisa(JSON.stringify({ fields: [{ Foto: ["Foto"] }, { prontuarios: ["Assunto"] }] }));
    expect(() => validatePesquisa(pesquisa, "detalhes", open)).not.toThrow();
    expect(errorOf(() => validatePesquisa(pesquisa, "listar", open)).body).toBe(
      "A tabela Foto não está disponível para este método",
    );
  });

  it("accepts amenity flags as plain fields and filters, refuses them nested", () => {
    expect(() =>
      validatePesquisa(
        parsePesquisa('{"fields":["Churrasqueira","Playground"],"filter":{"Churrasqueira":"Sim"}}'),
        "listar",
        open,
      ),
    ).not.toThrow();
    expect(
      errorOf(() =>
        validatePesquisa(parsePesquisa('{"filter":{"Caracteristicas":{"Churrasqueira":"Sim"}}}'), "listar", open),
      ).status,
    ).toBe(400);
  });
});

describe("compileCondition (docs/vista-api.md §3.2)", () => {
  it("scalar equality: numeric on numeric fields, folded text otherwise", () => {
    expect(compileCondition("Dormitorios", 3)("3")).toBe(true);
    expect(compileCondition("Dormitorios", "3")("3.0")).toBe(true);
    expect(compileCondition("Dormitorios", 3)("")).toBe(false);
    expect(compileCondition("Cidade", "sao paulo")("São Paulo")).toBe(true);
    expect(compileCondition("ExibirNoSite", "Nao")("Não")).toBe(true);
    expect(compileCondition("ExibirNoSite", true)("Sim")).toBe(false);
    expect(compileCondition("ValorCondominio", "")("")).toBe(true);
  });

  it("two-element arrays: BETWEEN on numeric/date fields, IN on text", () => {
    const between = compileCondition("ValorVenda", [300000, 900000]);
    expect([between("300000"), between("900000"), between("299999"), between("900001"), between("")]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const dates = compileCondition("DataAtualizacao", ["2026-08-01", "2026-08-31"]);
    expect([dates("2026-08-01"), dates("2026-08-31"), dates("2026-09-01"), dates("0000-00-00")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const inList = compileCondition("Bairro", ["Moema", "Brás"]);
    expect([inList("Moema"), inList("bras"), inList("Mooca")]).toEqual([true, true, false]);
    const three = compileCondition("Dormitorios", [1, 2, 5]);
    expect([three("2"), three("3"), three("5")]).toEqual([true, false, true]);
  });

  it("operator pairs and mixed arrays", () => {
    expect(compileCondition("Dormitorios", [">=", 2])("2")).toBe(true);
    expect(compileCondition("Dormitorios", [">", 2])("2")).toBe(false);
    expect(compileCondition("Dormitorios", ["<", "10"])("9")).toBe(true);
    expect(compileCondition("DataAtualizacao", [">=", "2026-08-01"])("2026-07-31")).toBe(false);
    expect(compileCondition("Bairro", ["!=", "Moema"])("moema")).toBe(false);
    expect(compileCondition("Latitude", ["!=", ""])("")).toBe(false);
    const mixed = compileCondition("Dormitorios", [1, [">=", 4]]);
    expect([mixed("1"), mixed("2"), mixed("5")]).toEqual([true, false, true]);
  });

  it("like: accent- and case-insensitive contains, SQL wildcards when given", () => {
    const like = compileCondition("Assunto", ["like", "colocado para locacao"]);
    expect(like("Colocado para Locação")).toBe(true);
    expect(like("Visita")).toBe(false);
    const prefix = compileCondition("Bairro", ["LIKE", "vila%"]);
    expect([prefix("Vila Mariana"), prefix("Jardim Vila")]).toEqual([true, false]);
    expect(compileCondition("Bairro", ["not like", "vila"])("Moema")).toBe(true);
  });

  it("refuses objects and empty operator pairs", () => {
    expect(errorOf(() => compileCondition("Bairro", { x: 1 })).body).toBe(FORMAT_MESSAGE);
    expect(errorOf(() => compileCondition("Bairro", ["like", { x: 1 }])).body).toBe(FORMAT_MESSAGE);
  });
});

describe("wire helpers", () => {
  itMaps("folds accents and case", fold, [
    ["Jaçanã São", "jacana sao"],
    ["ABC", "abc"],
  ]);

  itMaps("labels amenities like Vista (docs/vista-api.md §4.2, §6.4)", amenityLabel, [
    ["SalaTV", "Sala T V"],
    ["Portaria24Hrs", "Portaria24 Hrs"],
    ["WCEmpregada", "W C Empregada"],
    ["SalaoFestas", "Salao Festas"],
    ["Churrasqueira", "Churrasqueira"],
  ]);

  it("encodes JSON like PHP's json_encode (\\uXXXX, escaped slashes) and decodes back", () => {
    const value = { message: "Permissão Negada: não", url: "http://x/y", n: 1 };
    const text = phpJson(value);
    expect(text).toBe('{"message":"Permiss\\u00e3o Negada: n\\u00e3o","url":"http:\\/\\/x\\/y","n":1}');
    expect(JSON.parse(text)).toEqual(value);
  });
});
