/**
 * The field lists the product requests from Vista. Names must match Vista's
 * `listarcampos` exactly (docs/vista-api.md §3.1: case-sensitive; `ValorIptu`, not
 * `ValorIPTU`), so every name here comes from docs/vista-api.md §6.2–§6.6.
 */
import type { VistaFieldSpec } from "./wire";

/** Website-safe broker sub-fields (docs/vista-api.md §6.6), requested as the `Corretor` sub-table. */
export const BROKER_SUBFIELDS = [
  "Codigo",
  "Nome",
  "Nomecompleto",
  "Email",
  "Fone",
  "Celular",
  "CRECI",
  "Foto",
] as const;

/** Photo sub-fields requested for a listing's gallery (docs/vista-api.md §6.5). */
export const PHOTO_SUBFIELDS = [
  "Foto",
  "FotoPequena",
  "Destaque",
  "Ordem",
  "Descricao",
  "Tipo",
  "ExibirNoSite",
] as const;

/** Condominium gallery sub-fields (`FotoEmpreendimento`, same set as `Foto`, docs/vista-api.md §6.5). */
export const CONDOMINIUM_PHOTO_SUBFIELDS = ["Foto", "FotoPequena", "Destaque", "Ordem", "Descricao", "Tipo"] as const;

/** All 10 video sub-fields (docs/vista-api.md §6.5; docs/spec.txt §3 "Video item"). */
export const VIDEO_SUBFIELDS = [
  "Codigo",
  "Data",
  "Descricao",
  "DescricaoWeb",
  "Destaque",
  "ExibirNoSite",
  "ExibirSite",
  "Tipo",
  "Video",
  "VideoCodigo",
] as const;

/** Attachment sub-fields (docs/vista-api.md §4.2; docs/spec.txt §3 "Anexo"). */
export const ATTACHMENT_SUBFIELDS = ["Anexo", "Descricao", "ExibirNoSite"] as const;

/**
 * Top-level amenity flags the domain model reads (docs/spec.txt §3 "Property"; names
 * from docs/vista-api.md §6.2–§6.4). `Caracteristicas`/`InfraEstrutura` carry the
 * full amenity sets as nested objects.
 */
export const AMENITY_FLAG_FIELDS = [
  "Mobiliado",
  "Piscina",
  "SalaFitness",
  "Portaria",
  "Portaria24Hrs",
  "Jardim",
  "Garagem",
  "GaragemCoberta",
  "QuadraEsportes",
  "AceitaDacao",
  "CondominioFechado",
  "Leste",
  "Oeste",
  "Norte",
  "Sul",
] as const;

/**
 * What the sync requests on `imoveis/listar`: every public Property field of
 * docs/spec.txt §3 that exists in docs/vista-api.md §6.2, the visibility/feature flags, the
 * development fields, the amenity objects and flags, and the broker sub-table.
 * No owner or internal field (see {@link PRIVATE_FIELDS}); no `Foto` (not
 * allowed on `listar`, docs/vista-api.md §3.1 — see {@link DETAIL_MEDIA_FIELDS}).
 */
export const LISTING_FIELDS: readonly VistaFieldSpec[] = [
  "Codigo",
  "Categoria",
  "Status",
  "ExibirNoSite",
  "DestaqueWeb",
  "DataCadastro",
  "DataAtualizacao",
  "Latitude",
  "Longitude",
  "Dormitorios",
  "Suites",
  "Vagas",
  "TotalBanheiros",
  "BanheiroSocialQtd",
  "Bairro",
  "Cidade",
  "UF",
  "Endereco",
  "ValorVenda",
  "ValorVendaM2",
  "ValorLocacao",
  "ValorIptu",
  "ValorCondominio",
  "AreaTotal",
  "AreaConstruida",
  "AreaPrivativa",
  "DescricaoWeb",
  "TituloSite",
  "TextoAnuncio",
  "Lancamento",
  "Exclusivo",
  "EEmpreendimento",
  "Empreendimento",
  "DescricaoEmpreendimento",
  "FotoDestaqueEmpreendimento",
  "DataEntrega",
  "AnoConstrucao",
  "Orientacao",
  "Quadra",
  "Lote",
  "Andares",
  "FotoDestaque",
  "FotoDestaquePequena",
  "VideoDestaque",
  "VideoDestaqueTipo",
  ...AMENITY_FLAG_FIELDS,
  "Caracteristicas",
  "InfraEstrutura",
  { Corretor: [...BROKER_SUBFIELDS] },
];

/**
 * What the sync requests on `imoveis/detalhes` for one listing: the code plus
 * the media sub-tables, which `listar` refuses (docs/vista-api.md §3.1, §7.1: two
 * smaller `detalhes` calls avoid the 406 seen on huge ones).
 */
export const DETAIL_MEDIA_FIELDS: readonly VistaFieldSpec[] = [
  "Codigo",
  { Foto: [...PHOTO_SUBFIELDS] },
  { Video: [...VIDEO_SUBFIELDS] },
  { Anexo: [...ATTACHMENT_SUBFIELDS] },
  { FotoEmpreendimento: [...CONDOMINIUM_PHOTO_SUBFIELDS] },
];

/**
 * Owner and internal fields (docs/spec.txt §3; docs/vista-api.md §6.2 "treat as private"),
 * for the broker area only, requested on `detalhes` for a signed-in broker and
 * never stored in the public read model (docs/architecture.md "Data flow" 3).
 */
export const PRIVATE_FIELDS: readonly VistaFieldSpec[] = [
  "Codigo",
  "Observacoes",
  "ObsVenda",
  "AssuntoProntuario",
  "Proprietario",
  "CodigoProprietario",
  { proprietarios: ["Proprietario", "FonePrincipal"] },
];

/** Code-only listing pass (removal detection). */
export const CODE_ONLY_FIELDS: readonly VistaFieldSpec[] = ["Codigo"];

/** Every field name (top level, sub-tables flattened as `Table.Field`) of a field list; for tests and diagnostics. */
export function fieldNames(fields: readonly VistaFieldSpec[]): string[] {
  return fields.flatMap((spec) =>
    typeof spec === "string"
      ? [spec]
      : Object.entries(spec).flatMap(([table, subFields]) => subFields.map((sub) => `${table}.${sub}`)),
  );
}
