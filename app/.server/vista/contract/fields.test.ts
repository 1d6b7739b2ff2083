import { describe, expect, it } from "vitest";
import { DETAIL_MEDIA_FIELDS, fieldNames, LISTING_FIELDS, PRIVATE_FIELDS } from "./fields";

/** The field names in a space-separated list. */
const words = (list: string) => list.split(" ");

const PRIVATE = ["Observacoes", "ObsVenda", "AssuntoProntuario", "Proprietario", "CodigoProprietario", "proprietarios"];
/** docs/spec.txt §3 "Property", in the spec's order. */
const SPEC_PROPERTY_FIELDS = [
  ...words("Codigo Categoria DataAtualizacao Latitude Longitude Dormitorios Suites Vagas"),
  ...words("TotalBanheiros BanheiroSocialQtd Bairro Cidade UF Endereco ValorVenda ValorVendaM2"),
  ...words("ValorLocacao ValorIptu ValorCondominio AreaTotal AreaConstruida AreaPrivativa Descricao"),
  ...words("DescricaoWeb TituloSite TextoAnuncio"),
  ...PRIVATE,
  ...words("Lancamento Exclusivo EEmpreendimento Empreendimento DataEntrega Mobiliado AnoConstrucao"),
  ...words("Orientacao Leste Oeste Norte Sul Piscina SalaFitness Portaria Portaria24Hrs Jardim"),
  ...words("Garagem GaragemCoberta QuadraEsportes AceitaDacao Quadra Lote CondominioFechado Andares"),
  ...words("Caracteristicas InfraEstrutura FotoDestaque VideoDestaque VideoDestaqueTipo"),
];
/** Not a field of docs/vista-api.md §6.2 (Vista would answer 400). */
const NOT_IN_VISTA = ["Descricao"];
const EXTRAS = [
  "Status",
  "ExibirNoSite",
  "DestaqueWeb",
  "FotoDestaquePequena",
  "DescricaoEmpreendimento",
  "FotoDestaqueEmpreendimento",
];

describe("LISTING_FIELDS", () => {
  const names = fieldNames(LISTING_FIELDS);

  it("requests every public docs/spec.txt §3 field Vista has, plus the listed extras", () => {
    const expected = SPEC_PROPERTY_FIELDS.filter((f) => !PRIVATE.includes(f) && !NOT_IN_VISTA.includes(f));
    for (const field of [...expected, ...EXTRAS]) expect(names).toContain(field);
  });

  it("requests nothing private and no media sub-table (listar refuses Foto)", () => {
    for (const field of PRIVATE) expect(names.some((n) => n === field || n.startsWith(`${field}.`))).toBe(false);
    expect(names.some((n) => /^(Foto|Video|Anexo|FotoEmpreendimento)\./.test(n))).toBe(false);
  });

  it("asks for the broker's website-safe sub-fields only", () => {
    expect(names.filter((n) => n.startsWith("Corretor."))).toEqual([
      "Corretor.Codigo",
      "Corretor.Nome",
      "Corretor.Nomecompleto",
      "Corretor.Email",
      "Corretor.Fone",
      "Corretor.Celular",
      "Corretor.CRECI",
      "Corretor.Foto",
    ]);
  });

  it("has no duplicates", () => {
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("DETAIL_MEDIA_FIELDS and PRIVATE_FIELDS", () => {
  it("requests the code and the four media sub-tables, all 10 video sub-fields", () => {
    const names = fieldNames(DETAIL_MEDIA_FIELDS);
    expect(names[0]).toBe("Codigo");
    expect(names.filter((n) => n.startsWith("Video."))).toHaveLength(10);
    expect(names).toEqual(
      expect.arrayContaining([
        "Foto.Foto",
        "Foto.FotoPequena",
        "Foto.Destaque",
        "Foto.Ordem",
        "Foto.ExibirNoSite",
        "Anexo.Anexo",
        "Anexo.Descricao",
        "FotoEmpreendimento.Foto",
      ]),
    );
  });

  it("keeps owner data in PRIVATE_FIELDS", () => {
    expect(fieldNames(PRIVATE_FIELDS)).toEqual(
      expect.arrayContaining([
        "Observacoes",
        "ObsVenda",
        "AssuntoProntuario",
        "Proprietario",
        "CodigoProprietario",
        "proprietarios.Proprietario",
        "proprietarios.FonePrincipal",
      ]),
    );
  });
});
