/**
 * The fields the product reads from Vista: ONE table of top-level property
 * fields with their wire kind and the request that asks for them, the
 * sub-fields requested per sub-table, and the field lists derived from them
 * (ADR 0076). Names must match Vista's `listarcampos` exactly (docs/vista-api.md
 * §3.1: case-sensitive; `ValorIptu`, not `ValorIPTU`), so every name here
 * comes from docs/vista-api.md §6.2–§6.6 (contract.test.ts checks them against
 * the catalogue the sandbox enforces).
 *
 * Adding a field: one entry in {@link LISTING_WIRE_FIELDS}. The sync then
 * requests it (when `use` is "listar"), `VistaListingWire` types it, the
 * sandbox compares it as its kind says, and the test data give it a default.
 */
import { VIDEO_FIELDS } from "./catalogue-tables";
import type { VistaFieldSpec } from "./wire";

/**
 * How a top-level value travels (docs/vista-api.md §4.5), which fixes its wire type:
 * - "text": a string;
 * - "number": a numeric string (or a JSON number), "" or "0" when unknown;
 * - "date": "YYYY-MM-DD[ HH:MM:SS]", "0000-00-00" when empty;
 * - "flag": "Sim"/"Nao" (docs/vista-api.md §9 q13: maybe a JSON boolean);
 * - "amenity-flag": a flag that is also an entry of `Caracteristicas`/`InfraEstrutura`
 *   (the adapter falls back to those objects when the flag is not sent);
 * - "amenities": the nested `Caracteristicas`/`InfraEstrutura` object;
 * - "nullable-text": a string or `null` (an unasked key, docs/vista-api.md §4.1).
 */
export type VistaFieldKind = "text" | "number" | "date" | "flag" | "amenity-flag" | "amenities" | "nullable-text";

/**
 * Which request asks for a field: "listar" (the sync's `LISTING_FIELDS`),
 * "private" (`PRIVATE_FIELDS`, broker area only, never stored in the public
 * read model), or "read" (never requested; read when Vista sends it).
 */
export type VistaFieldUse = "listar" | "private" | "read";

/** One entry of {@link LISTING_WIRE_FIELDS}. */
export interface VistaFieldDeclaration<
  K extends VistaFieldKind = VistaFieldKind,
  U extends VistaFieldUse = VistaFieldUse,
> {
  kind: K;
  use: U;
}

const listar = <K extends VistaFieldKind>(kind: K): VistaFieldDeclaration<K, "listar"> => ({ kind, use: "listar" });
const privateField = <K extends VistaFieldKind>(kind: K): VistaFieldDeclaration<K, "private"> => ({
  kind,
  use: "private",
});
const read = <K extends VistaFieldKind>(kind: K): VistaFieldDeclaration<K, "read"> => ({ kind, use: "read" });

/**
 * Every top-level property field the product knows, in request order: the
 * "listar" entries, in this order, are what the sync requests on
 * `imoveis/listar` (every public Property field of docs/spec.txt §3 that exists in
 * docs/vista-api.md §6.2, the visibility/feature flags, the development fields,
 * the amenity flags and objects). No `Foto` there: `listar` refuses it
 * (docs/vista-api.md §3.1, see {@link DETAIL_MEDIA_FIELDS}).
 */
export const LISTING_WIRE_FIELDS = {
  Codigo: listar("text"),
  Categoria: listar("text"),
  Status: listar("text"),
  ExibirNoSite: listar("flag"),
  DestaqueWeb: listar("flag"),
  DataCadastro: listar("date"),
  DataAtualizacao: listar("date"),
  Latitude: listar("number"),
  Longitude: listar("number"),
  Dormitorios: listar("number"),
  Suites: listar("number"),
  Vagas: listar("number"),
  TotalBanheiros: listar("number"),
  BanheiroSocialQtd: listar("number"),
  Bairro: listar("text"),
  Cidade: listar("text"),
  UF: listar("text"),
  Endereco: listar("text"),
  ValorVenda: listar("number"),
  ValorVendaM2: listar("number"),
  ValorLocacao: listar("number"),
  ValorIptu: listar("number"),
  ValorCondominio: listar("number"),
  AreaTotal: listar("number"),
  AreaConstruida: listar("number"),
  AreaPrivativa: listar("number"),
  DescricaoWeb: listar("text"),
  TituloSite: listar("text"),
  TextoAnuncio: listar("text"),
  Lancamento: listar("flag"),
  Exclusivo: listar("flag"),
  EEmpreendimento: listar("flag"),
  Empreendimento: listar("text"),
  DescricaoEmpreendimento: listar("text"),
  FotoDestaqueEmpreendimento: listar("text"),
  DataEntrega: listar("date"),
  AnoConstrucao: listar("number"),
  Orientacao: listar("text"),
  Quadra: listar("text"),
  Lote: listar("text"),
  Andares: listar("number"),
  FotoDestaque: listar("text"),
  FotoDestaquePequena: listar("text"),
  VideoDestaque: listar("text"),
  VideoDestaqueTipo: listar("text"),
  // Top-level amenity flags (carac / infra names, docs/vista-api.md §6.3/§6.4).
  Mobiliado: listar("amenity-flag"),
  Piscina: listar("amenity-flag"),
  SalaFitness: listar("amenity-flag"),
  Portaria: listar("amenity-flag"),
  Portaria24Hrs: listar("amenity-flag"),
  Jardim: listar("amenity-flag"),
  Garagem: listar("amenity-flag"),
  GaragemCoberta: listar("amenity-flag"),
  QuadraEsportes: listar("amenity-flag"),
  AceitaDacao: listar("amenity-flag"),
  CondominioFechado: listar("amenity-flag"),
  Leste: listar("amenity-flag"),
  Oeste: listar("amenity-flag"),
  Norte: listar("amenity-flag"),
  Sul: listar("amenity-flag"),
  Caracteristicas: listar("amenities"),
  InfraEstrutura: listar("amenities"),

  // Owner and internal fields (docs/spec.txt §3; docs/vista-api.md §6.2 "treat as private").
  Observacoes: privateField("text"),
  ObsVenda: privateField("text"),
  AssuntoProntuario: privateField("text"),
  Proprietario: privateField("text"),
  CodigoProprietario: privateField("text"),

  // Read when present (not every tenant's key may read them; the adapter falls back).
  Finalidade: read("text"),
  DataHoraAtualizacao: read("date"),
  GMapsLatitude: read("number"),
  GMapsLongitude: read("number"),
  BairroComercial: read("text"),
  CEP: read("text"),
  Numero: read("text"),
  Complemento: read("text"),
  ValorACombinar: read("flag"),
  AreaTerreno: read("number"),
  /** Not in every tenant's field list; read when present. */
  Descricao: read("text"),
  SuperDestaqueWeb: read("flag"),
  CodigoEmpreendimento: read("text"),
  Construtora: read("text"),
  Incorporadora: read("text"),
  FotoDestaqueEmpreendimentoPequena: read("text"),
  URLVideo: read("text"),
  CodigoCorretor: read("text"),
  /** Composite "code:NAME", e.g. "332:JOÃO SILVA" (docs/vista-api.md §4.5). */
  CorretorNome: read("text"),
  /** Flat copy of the first broker's code, added when `Corretor` is requested. */
  Corretor_Codigo: read("text"),
  /** Unasked key: `null` or a numeric string (docs/vista-api.md §4.1). */
  CodigoImobiliaria: read("nullable-text"),
} as const;

/** A top-level field name the product declares. */
export type VistaListingFieldName = keyof typeof LISTING_WIRE_FIELDS;

/** The declared names with a given use, in declaration order. */
function namesFor(use: VistaFieldUse, kinds?: readonly VistaFieldKind[]): VistaListingFieldName[] {
  return (Object.keys(LISTING_WIRE_FIELDS) as VistaListingFieldName[]).filter((name) => {
    const declaration: VistaFieldDeclaration = LISTING_WIRE_FIELDS[name];
    return declaration.use === use && (!kinds || kinds.includes(declaration.kind));
  });
}

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

/** All 10 video sub-fields (docs/vista-api.md §6.5; docs/spec.txt §3 "Video item"): Vista's whole `Video` table. */
export const VIDEO_SUBFIELDS: readonly string[] = VIDEO_FIELDS;

/** Attachment sub-fields (docs/vista-api.md §4.2; docs/spec.txt §3 "Anexo"). */
export const ATTACHMENT_SUBFIELDS = ["Anexo", "Descricao", "ExibirNoSite"] as const;

/** Owner sub-fields named publicly (docs/spec.txt §3), requested as the private `proprietarios` sub-table. */
export const OWNER_SUBFIELDS = ["Proprietario", "FonePrincipal"] as const;

/**
 * Top-level amenity flags the domain model reads (docs/spec.txt §3 "Property"; names
 * from docs/vista-api.md §6.2–§6.4): the "amenity-flag" entries of
 * {@link LISTING_WIRE_FIELDS}. `Caracteristicas`/`InfraEstrutura` carry the full
 * amenity sets as nested objects.
 */
export const AMENITY_FLAG_FIELDS: readonly string[] = namesFor("listar", ["amenity-flag"]);

/**
 * What the sync requests on `imoveis/listar`: the "listar" entries of
 * {@link LISTING_WIRE_FIELDS}, then the broker sub-table. No owner or internal
 * field (see {@link PRIVATE_FIELDS}); no `Foto` (see {@link DETAIL_MEDIA_FIELDS}).
 */
export const LISTING_FIELDS: readonly VistaFieldSpec[] = [...namesFor("listar"), { Corretor: [...BROKER_SUBFIELDS] }];

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
  ...namesFor("private"),
  { proprietarios: [...OWNER_SUBFIELDS] },
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
