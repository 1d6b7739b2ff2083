/**
 * Vista wire rows of the sandbox's sub-tables (docs/vista-api.md §4.2, §6.5,
 * §6.6): `Foto`, `FotoEmpreendimento`, `Corretor`, `Agencia`, `prontuarios`
 * and `proprietarios`, keyed as Vista keys them, every value a string.
 */
import { vistaFlag as flag } from "../../app/.server/vista/contract";
import { photosOf, privateOf, type SandboxListing, type SandboxPhoto } from "./catalogue";
import type { SandboxBroker } from "./vocabulary";
import { brokerOf, brokerPhotoUrl, buildingPhotoUrl, listingPhotoUrl, type WireContext, type WireRow } from "./wire";

/** A `Foto`/`FotoEmpreendimento` row with all 13 sub-fields. */
function photoRow(
  photo: SandboxPhoto,
  n: number,
  owner: string,
  date: string,
  urls: { full: string; thumb: string },
  imageCode: number,
): WireRow {
  return {
    Codigo: owner,
    Data: date,
    Descricao: photo.description,
    Destaque: flag(photo.order === 1),
    ExibirNoSite: flag(photo.visible),
    ExibirSite: flag(photo.visible),
    Foto: urls.full,
    FotoOriginal: urls.full,
    FotoPequena: urls.thumb,
    ImagemCodigo: String(imageCode),
    Ordem: String(photo.order),
    Origem: "",
    Tipo: photo.kind,
  };
}

/** Every row of a sub-table, keyed as Vista keys them ("1","2"… for media; the code for brokers and owners). */
export function subTableRows(listing: SandboxListing, table: string, ctx: WireContext): [key: string, row: WireRow][] {
  switch (table) {
    case "Foto":
      return photosOf(listing).map((photo, i) => [
        String(i + 1),
        photoRow(
          photo,
          i + 1,
          listing.code,
          listing.createdAt,
          {
            full: listingPhotoUrl(ctx.baseUrl, listing.code, i + 1),
            thumb: listingPhotoUrl(ctx.baseUrl, listing.code, i + 1, true),
          },
          listing.index * 10 + i + 1,
        ),
      ]);
    case "FotoEmpreendimento": {
      const building = listing.building;
      if (!building) return [];
      return building.photos.map((photo, i) => [
        String(i + 1),
        photoRow(
          photo,
          i + 1,
          building.code,
          building.workStart || "2020-01-01",
          {
            full: buildingPhotoUrl(ctx.baseUrl, building.code, i + 1),
            thumb: buildingPhotoUrl(ctx.baseUrl, building.code, i + 1, true),
          },
          900000 + Number(building.code) * 10 + i + 1,
        ),
      ]);
    }
    case "Corretor": {
      const broker = brokerOf(listing, ctx);
      return broker ? [[broker.code, brokerRow(broker, ctx)]] : [];
    }
    case "Agencia":
      return [["1", agencyRow(ctx)]];
    case "prontuarios":
      return privateOf(listing).history.map((entry, i) => {
        const broker = ctx.catalogue.brokersByCode.get(entry.brokerCode);
        return [
          String(i + 1),
          {
            Anunciado: "Nao",
            Assunto: entry.subject,
            Bairro: listing.neighbourhood,
            Cliente: "",
            CodigoCorretor: entry.brokerCode,
            Corretor: broker?.fullName ?? "",
            Data: entry.date,
            DataAnuncio: "",
            Datainicio: entry.date,
            Hora: entry.time,
            PROPOSTA: flag(entry.proposalValue > 0),
            Pendente: "Nao",
            Privado: "Nao",
            Retranca: "",
            SolicitanteChave: "",
            Status: listing.status,
            Statusdoimóvel: listing.status,
            Texto: entry.text,
            ValorProposta: entry.proposalValue > 0 ? String(entry.proposalValue) : "",
            VeiculoPublicado: "",
            FinalidadeStatus: listing.salePrice > 0 ? "Venda" : "Aluguel",
            Prontuario_Codigo: entry.id,
          },
        ];
      });
    case "proprietarios":
      return privateOf(listing).owners.map((owner) => [
        owner.code,
        {
          Codigo: owner.code,
          Proprietario: owner.name,
          Nome: owner.name,
          FonePrincipal: owner.phone,
          FoneComercial: "",
          Celular: owner.mobile,
          EmailResidencial: owner.email,
        },
      ]);
    default:
      // Video, Anexo, PontoInteresse: the catalogue has none (→ `[]`).
      return [];
  }
}

/** A `Corretor` row with every field the sandbox knows (callers project the requested ones). */
export function brokerRow(broker: SandboxBroker, ctx: WireContext): WireRow {
  return {
    Codigo: broker.code,
    Nome: broker.name,
    Nomecompleto: broker.fullName,
    Corretor: broker.fullName,
    Email: broker.email,
    Fone: broker.phone,
    Celular: broker.mobile,
    Celular1: broker.mobile,
    CRECI: broker.creci,
    Foto: brokerPhotoUrl(ctx.baseUrl, broker.code),
    Tipo: "Corretor",
    Sexo: broker.sex,
    Inativo: "Nao",
    Exibirnosite: "Sim",
    Administrativo: "Nao",
    Agenciador: "Sim",
    AtuacaoVenda: "Sim",
    AtuacaoLocacao: "Sim",
    Agencia: "1",
    CodigoAgencia: "1",
    Empresa: `${ctx.agencyName} Imobiliária`,
    Cidade: "São Paulo",
    UF: "SP",
    Pais: "Brasil",
  };
}

/** The agency's `Agencia` row (fictional company data). */
export function agencyRow(ctx: WireContext): WireRow {
  return {
    Codigo: "1",
    Agencia: "1",
    Nome: `${ctx.agencyName} Imobiliária`,
    Empresa: `${ctx.agencyName} Imobiliária`,
    RazaoSocial: `${ctx.agencyName} Negócios Imobiliários Ltda.`,
    Cnpj: "00.000.000/0001-91",
    Endereco: "Avenida das Magnólias",
    EnderecoNumero: "1200",
    EnderecoComplemento: "Conjunto 81",
    Bairro: "Jardim Paulista",
    Cidade: "São Paulo",
    Uf: "SP",
    Cep: "01400-000",
    Pais: "Brasil",
    DDD: "11",
    Fone: "(11) 3000-1000",
    Fone2: "(11) 3000-1001",
    Celular: "(11) 97000-1000",
    Email: "contato@imobiliaria.example",
    Site: ctx.siteUrl,
    Responsavel: "Helena Prado Siqueira",
  };
}
