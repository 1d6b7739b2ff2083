import { describe, expect, it } from "vitest";
import { LISTING_FIELDS } from "./contract";
import { normalizePesquisa, pesquisa, serializePesquisa, validatePaginacao } from "./pesquisa";

describe("pesquisa builder: fields", () => {
  it("keeps plain fields and sub-tables, dropping blanks and duplicates", () => {
    const built = pesquisa(["Codigo", "Bairro"])
      .fields("Codigo", " ", { Corretor: ["Nome", "Nome", "Email"] }, { Foto: [] })
      .build();
    expect(built).toEqual({ fields: ["Codigo", "Bairro", { Corretor: ["Nome", "Email"] }] });
  });
});

describe("pesquisa builder: filter grammar (docs/vista-api.md §3.2)", () => {
  it("writes equality for a scalar", () => {
    expect(pesquisa(["Codigo"]).equals("Cidade", "São Paulo").build().filter).toEqual({ Cidade: "São Paulo" });
  });

  it("writes IN for several values and equality for one", () => {
    const built = pesquisa(["Codigo"])
      .in("Bairro", ["Moema", "", undefined, "Pinheiros", "Moema"])
      .in("UF", ["SP"])
      .build();
    expect(built.filter).toEqual({ Bairro: ["Moema", "Pinheiros"], UF: "SP" });
  });

  it("repeats the last value of a two-number IN list so Vista cannot read it as a range", () => {
    expect(pesquisa(["Codigo"]).in("Dormitorios", [2, 4]).build().filter).toEqual({ Dormitorios: [2, 4, 4] });
    expect(pesquisa(["Codigo"]).in("Codigo", ["12", "15"]).build().filter).toEqual({ Codigo: ["12", "15", "15"] });
    expect(pesquisa(["Codigo"]).in("Bairro", ["Centro", "Batel"]).build().filter).toEqual({
      Bairro: ["Centro", "Batel"],
    });
  });

  it("writes inclusive ranges, and operator pairs for open ranges", () => {
    const built = pesquisa(["Codigo"])
      .between("ValorVenda", 300000, 900000)
      .between("AreaPrivativa", 50, undefined)
      .between("ValorLocacao", null, 4000)
      .between("Vagas", undefined, "")
      .between("DataAtualizacao", "2026-08-01", "2026-08-31")
      .build();
    expect(built.filter).toEqual({
      ValorVenda: [300000, 900000],
      AreaPrivativa: [">=", 50],
      ValorLocacao: ["<=", 4000],
      DataAtualizacao: ["2026-08-01", "2026-08-31"],
    });
  });

  it("rejects an inverted numeric range", () => {
    expect(() => pesquisa(["Codigo"]).between("ValorVenda", 900000, 300000)).toThrow(RangeError);
  });

  it("writes every operator pair", () => {
    const built = pesquisa(["Codigo"])
      .compare("Dormitorios", ">=", 2)
      .compare("Suites", ">", 0)
      .compare("Vagas", "<", 3)
      .compare("ValorCondominio", "<=", 1500)
      .compare("Status", "!=", "Vendido")
      .like("TituloSite", "vista mar")
      .build();
    expect(built.filter).toEqual({
      Dormitorios: [">=", 2],
      Suites: [">", 0],
      Vagas: ["<", 3],
      ValorCondominio: ["<=", 1500],
      Status: ["!=", "Vendido"],
      TituloSite: ["like", "vista mar"],
    });
  });

  it("writes flags as Sim/Nao, never booleans", () => {
    const built = pesquisa(["Codigo"])
      .flag("ExibirNoSite", true)
      .flag("Lancamento", false)
      .flag("Mobiliado", undefined)
      .build();
    expect(built.filter).toEqual({ ExibirNoSite: "Sim", Lancamento: "Nao" });
  });

  it("drops undefined, null, empty and NaN values, and operator pairs without a value", () => {
    const built = pesquisa(["Codigo"])
      .filter({
        Cidade: undefined,
        Bairro: "",
        UF: null,
        Dormitorios: Number.NaN,
        Suites: [">=", undefined],
        Vagas: [],
      })
      .build();
    expect(built.filter).toBeUndefined();
    expect(built).toEqual({ fields: ["Codigo"] });
  });

  it("keeps raw two-element ranges and turns a half-empty one into an operator pair", () => {
    const built = normalizePesquisa({
      fields: ["Codigo"],
      filter: { ValorVenda: [100, 200], AreaTotal: [80, undefined], DataAtualizacao: ["", "2026-08-31"] },
    });
    expect(built.filter).toEqual({
      ValorVenda: [100, 200],
      AreaTotal: [">=", 80],
      DataAtualizacao: ["<=", "2026-08-31"],
    });
  });

  it("accepts a sub-table filter (prontuarios) and rejects deeper nesting", () => {
    const built = pesquisa(["Codigo"])
      .where("prontuarios", { Assunto: ["like", "Colocado para Locação"], Texto: "" })
      .build();
    expect(built.filter).toEqual({ prontuarios: { Assunto: ["like", "Colocado para Locação"] } });
    expect(() => pesquisa(["Codigo"]).where("a", { b: { c: "d" } })).toThrow(TypeError);
  });

  it("removes a field's filter when set again to an empty value", () => {
    const built = pesquisa(["Codigo"]).equals("Cidade", "Curitiba").equals("Cidade", undefined).build();
    expect(built.filter).toBeUndefined();
  });
});

describe("pesquisa builder: order and paginacao (docs/vista-api.md §3.4, §3.5)", () => {
  it("keeps several order keys in order", () => {
    const built = pesquisa(["Codigo"]).order("DataAtualizacao", "desc").order("Codigo").build();
    expect(built.order).toEqual({ DataAtualizacao: "desc", Codigo: "asc" });
    expect(Object.keys(built.order ?? {})).toEqual(["DataAtualizacao", "Codigo"]);
  });

  it("accepts page sizes up to 50 and defaults to 50", () => {
    expect(pesquisa(["Codigo"]).page(3, 50).build().paginacao).toEqual({ pagina: 3, quantidade: 50 });
    expect(pesquisa(["Codigo"]).page(1).build().paginacao).toEqual({ pagina: 1, quantidade: 50 });
  });

  it("throws a RangeError above 50, and on non-positive or fractional values", () => {
    expect(() => pesquisa(["Codigo"]).page(1, 51)).toThrow(RangeError);
    expect(() => pesquisa(["Codigo"]).page(1, 51)).toThrow(/50/);
    expect(() => pesquisa(["Codigo"]).page(0, 10)).toThrow(RangeError);
    expect(() => pesquisa(["Codigo"]).page(1, 0)).toThrow(RangeError);
    expect(() => validatePaginacao({ pagina: 1.5, quantidade: 10 })).toThrow(RangeError);
    expect(() => normalizePesquisa({ fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 100 } })).toThrow(
      RangeError,
    );
  });

  it("accepts numeric strings as the spec example does", () => {
    expect(validatePaginacao({ pagina: "2" as unknown as number, quantidade: "20" as unknown as number })).toEqual({
      pagina: 2,
      quantidade: 20,
    });
  });
});

describe("serialisation (docs/vista-api.md §1.3)", () => {
  it("URL-encodes the JSON, accents and spaces included, and round-trips", () => {
    const built = pesquisa(["Codigo", "Bairro"])
      .equals("Cidade", "São Paulo")
      .in("Bairro", ["Vila Mariana", "Jardim América"])
      .page(1, 20)
      .build();
    const encoded = serializePesquisa(built);
    expect(encoded).not.toMatch(/[ {}"[\]:,ãé]/);
    expect(encoded).toContain("S%C3%A3o%20Paulo");
    expect(encoded).toContain("Jardim%20Am%C3%A9rica");
    expect(JSON.parse(decodeURIComponent(encoded))).toEqual(built);
    // URLSearchParams reads it back unchanged (what the server does).
    expect(JSON.parse(new URLSearchParams(`pesquisa=${encoded}`).get("pesquisa") ?? "")).toEqual(built);
  });

  it("encodes characters that would break a raw query string (&, +, #, %)", () => {
    const built = pesquisa(["Codigo"]).like("TituloSite", "Casa & Jardim + 100% #1").build();
    const params = new URLSearchParams(
      `key=x&pesquisa=${pesquisa(["Codigo"]).like("TituloSite", "Casa & Jardim + 100% #1").serialize()}`,
    );
    expect(JSON.parse(params.get("pesquisa") ?? "")).toEqual(built);
  });

  it("serialises the listing field list with the broker sub-table", () => {
    const decoded = JSON.parse(decodeURIComponent(pesquisa(LISTING_FIELDS).serialize())) as { fields: unknown[] };
    expect(decoded.fields).toContainEqual({
      Corretor: ["Codigo", "Nome", "Nomecompleto", "Email", "Fone", "Celular", "CRECI", "Foto"],
    });
  });
});
