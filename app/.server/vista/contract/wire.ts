/**
 * Vista (Loft CRM) REST wire formats: exactly what goes over HTTP, before the
 * adapter (`../adapter.ts`) turns it into the domain model. Part of the one
 * Vista contract (ADR 0076), shared by the client, the sandbox and the test
 * doubles. Source: docs/vista-api.md
 * §3 (`pesquisa`), §4 (response shapes), §5 (errors), §6 (field reference) and
 * the sketch in §8.1.
 *
 * Vista sends every field value as a string (numbers too), booleans as
 * "Sim"/"Nao" (sometimes "Não" or ""; defensively also JSON booleans, docs/vista-api.md §9 q13),
 * and sub-tables as objects keyed by an id, or `[]` when empty. Nothing outside
 * the Vista client, the sandbox and their tests should need these types.
 */
import type { LISTING_WIRE_FIELDS, VistaFieldKind, VistaListingFieldName } from "./fields";

/** A Vista boolean as documented: "Sim", "Nao", "Não" or "" (docs/vista-api.md §4.5). */
export type VistaFlag = "Sim" | "Nao" | "Não" | "";

/** A flag field as it may really arrive: a {@link VistaFlag}, any other string, or a JSON boolean (docs/vista-api.md §9 q13). */
export type VistaFlagWire = VistaFlag | (string & {}) | boolean;

/**
 * One entry of `pesquisa.fields` (docs/vista-api.md §3.1): a plain field name, or a
 * one-key object opening a sub-table, e.g. `{ Foto: ["Foto", "FotoPequena"] }`.
 */
export type VistaFieldSpec = string | { [subTable: string]: string[] };

/** Comparison operators of the filter grammar (docs/vista-api.md §3.2). */
export type VistaOperator = ">" | "<" | ">=" | "<=" | "!=" | "like";

/** A scalar filter value: Vista compares strings and numbers. */
export type VistaScalar = string | number;

/**
 * One filter condition (docs/vista-api.md §3.2):
 * - scalar → equality (`"Cidade": "São Paulo"`, flags `"ExibirNoSite": "Sim"`);
 * - array of scalars → IN, or inclusive BETWEEN when the field is numeric/date
 *   and the array has exactly two scalars (`"ValorVenda": [300000, 900000]`);
 * - `[operator, value]` → comparison (`"Dormitorios": [">=", 2]`).
 */
export type VistaCondition = VistaScalar | VistaScalar[] | [VistaOperator, VistaScalar];

/** Sort direction of `pesquisa.order`; Vista tolerates both cases (docs/vista-api.md §3.4). */
export type VistaOrderDirection = "asc" | "desc" | "ASC" | "DESC";

/** `pesquisa.paginacao` (docs/vista-api.md §3.5): 1-based page, page size ≤ 50. */
export interface VistaPaginacao {
  pagina: number;
  quantidade: number;
}

/**
 * The `pesquisa` query parameter (docs/vista-api.md §3): URL-encoded JSON sent on
 * every read. Build it with `pesquisa()` from `pesquisa.ts`, which validates it.
 */
export interface VistaPesquisa {
  fields: VistaFieldSpec[];
  /** Field → condition, AND-ed; a nested record filters a sub-table's rows (`prontuarios`). */
  filter?: Record<string, VistaCondition | Record<string, VistaCondition>>;
  /** Nested Or/And composition (docs/vista-api.md §3.3); passed through untouched. */
  advFilter?: Record<string, unknown>;
  order?: Record<string, VistaOrderDirection>;
  paginacao?: VistaPaginacao;
}

/** A sub-table on the wire: rows keyed by a string id (`"1"`, `"2"`… or a broker code), or `[]` when empty (docs/vista-api.md §4.2). */
export type VistaSubTable<T> = Record<string, T> | [];

/** A `Foto` / `FotoEmpreendimento` row (docs/vista-api.md §6.5, 13 sub-fields). */
export interface VistaPhotoWire {
  Codigo?: string;
  Data?: string;
  Descricao?: string;
  /** "Sim" marks the cover. */
  Destaque?: VistaFlagWire;
  ExibirNoSite?: VistaFlagWire;
  ExibirSite?: VistaFlagWire;
  /** Full-size URL. */
  Foto?: string;
  FotoOriginal?: string;
  /** Thumbnail URL. */
  FotoPequena?: string;
  ImagemCodigo?: string;
  /** Display order, numeric string. */
  Ordem?: string | number;
  Origem?: string;
  /** CRM category, e.g. "Imagem", "Externa", "Planta". */
  Tipo?: string;
}

/** A `Video` row (docs/vista-api.md §6.5, 10 sub-fields). `Video` is a provider id, not a URL. */
export interface VistaVideoWire {
  Codigo?: string;
  Data?: string;
  Descricao?: string;
  DescricaoWeb?: string;
  Destaque?: VistaFlagWire;
  ExibirNoSite?: VistaFlagWire;
  ExibirSite?: VistaFlagWire;
  /** Provider: "youtube", "vimeo", "mp4". */
  Tipo?: string;
  Video?: string;
  VideoCodigo?: string;
}

/** An `Anexo` (attachment) row (docs/vista-api.md §4.2 "Attachments"). */
export interface VistaAttachmentWire {
  CodigoAnexo?: string;
  /** File URL. */
  Anexo?: string;
  /** Alternative file URL field seen in client code. */
  Arquivo?: string;
  Descricao?: string;
  ExibirNoSite?: VistaFlagWire;
  ExibirSite?: VistaFlagWire;
}

/** A `Corretor` row, website-safe subset (docs/vista-api.md §6.6). */
export interface VistaBrokerWire {
  Codigo?: string;
  Nome?: string;
  Nomecompleto?: string;
  Email?: string;
  Fone?: string;
  Celular?: string;
  CRECI?: string;
  /** Photo URL. */
  Foto?: string;
  /** Role, e.g. "Captador", "Agenciador". */
  Tipo?: string;
}

/** A `proprietarios` row (owner; private, broker area only). */
export interface VistaOwnerWire {
  Proprietario?: string;
  FonePrincipal?: string;
}

/**
 * A prontuário (history) row, from `/imoveis/prontuario` or the `prontuarios`
 * sub-table of `detalhes` (docs/vista-api.md §6.5, 20 sub-fields; private).
 */
export interface VistaProntuarioWire {
  Anunciado?: string;
  /** Subject, e.g. "Colocado para venda". */
  Assunto?: string;
  Bairro?: string;
  Cliente?: string;
  CodigoCorretor?: string;
  Corretor?: string;
  /** Date, "YYYY-MM-DD" (maybe with a time part). */
  Data?: string;
  DataAnuncio?: string;
  Datainicio?: string;
  /** Time of day, "HH:MM[:SS]". */
  Hora?: string;
  PROPOSTA?: string;
  Pendente?: string;
  Privado?: string;
  Retranca?: string;
  SolicitanteChave?: string;
  Status?: string;
  Statusdoimóvel?: string;
  Texto?: string;
  ValorProposta?: string;
  VeiculoPublicado?: string;
  /** Added by `detalhes` (docs/vista-api.md §3.1). */
  FinalidadeStatus?: string;
  Prontuario_Codigo?: string;
}

/** The `Caracteristicas` / `InfraEstrutura` object: spaced display label → flag (docs/vista-api.md §4.2). Maybe `[]` when empty. */
export type VistaAmenitiesWire = Record<string, VistaFlagWire> | [];

/** The wire type of a value of a given {@link VistaFieldKind} (docs/vista-api.md §4.5). */
export type VistaWireValue<K extends VistaFieldKind> = K extends "number"
  ? string | number
  : K extends "flag" | "amenity-flag"
    ? VistaFlagWire
    : K extends "amenities"
      ? VistaAmenitiesWire
      : K extends "nullable-text"
        ? string | null
        : string;

/** The top-level fields of {@link VistaListingWire}, typed from `LISTING_WIRE_FIELDS` (`fields.ts`). */
export type VistaListingFields = {
  -readonly [F in VistaListingFieldName]?: VistaWireValue<(typeof LISTING_WIRE_FIELDS)[F]["kind"]>;
};

/**
 * One property as Vista sends it from `listar` (one value of the keyed list)
 * or `detalhes` (the whole body). Every field is optional: Vista returns only
 * what was requested (and a few unasked keys). The top-level fields come from
 * `LISTING_WIRE_FIELDS`; see docs/vista-api.md §6.1/§6.2.
 */
export interface VistaListingWire extends VistaListingFields {
  // Sub-tables.
  Foto?: VistaSubTable<VistaPhotoWire>;
  Video?: VistaSubTable<VistaVideoWire>;
  Anexo?: VistaSubTable<VistaAttachmentWire>;
  FotoEmpreendimento?: VistaSubTable<VistaPhotoWire>;
  Corretor?: VistaSubTable<VistaBrokerWire>;
  proprietarios?: VistaSubTable<VistaOwnerWire>;
  prontuarios?: VistaSubTable<VistaProntuarioWire>;

  /** Any other field the caller requested. */
  [field: string]: unknown;
}

/**
 * Pagination counters sent beside the items when `showtotal=1`
 * (docs/vista-api.md §3.6). Usually JSON numbers; accept numeric strings too.
 */
export interface VistaListMeta {
  total?: number | string;
  paginas?: number | string;
  pagina?: number | string;
  quantidade?: number | string;
}

/**
 * The raw `listar` / `destaques` body (docs/vista-api.md §4.1): items keyed by code
 * with the counters as siblings. An empty result may be `{}`, `[]` or counters only.
 */
export type VistaListResponse<T = VistaListingWire> =
  (VistaListMeta & Record<string, T | number | string | undefined>) | [];

/** `listarConteudo` body (docs/vista-api.md §4.3): field → distinct values. */
export type VistaConteudoResponse = Record<string, (string | number | null)[]>;

/** Vista's error envelope (docs/vista-api.md §5.1); `message` is an array for field errors. */
export interface VistaErrorBody {
  status: number;
  message: string | string[];
}

/** The `lead` object inside `cadastro` (docs/vista-api.md §2.4): `nome` and `email` or `fone` are required. */
export interface VistaLeadWire {
  nome: string;
  email?: string;
  /** Digits only. */
  fone?: string;
  /** "Venda" or "Locação". */
  interesse?: "Venda" | "Locação";
  /** Listing `Codigo`. */
  anuncio?: string;
  /** Capture channel, shown in the CRM as `VeiculoCaptacao`. */
  veiculo?: string;
  /** Free text; ends up in `Observacoes`. */
  mensagem?: string;
}
