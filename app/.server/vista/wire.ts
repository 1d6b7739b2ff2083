/**
 * Vista (Loft CRM) REST wire formats: exactly what goes over HTTP, before the
 * adapter (`adapter.ts`) turns it into the domain model. Source: docs/vista-api.md
 * §3 (`pesquisa`), §4 (response shapes), §5 (errors), §6 (field reference) and
 * the sketch in §8.1.
 *
 * Vista sends every field value as a string (numbers too), booleans as
 * "Sim"/"Nao" (sometimes "Não" or ""; defensively also JSON booleans, docs/vista-api.md §9 q13),
 * and sub-tables as objects keyed by an id, or `[]` when empty. Nothing outside
 * `app/.server/vista/` should need these types.
 */

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

/**
 * One property as Vista sends it from `listar` (one value of the keyed list)
 * or `detalhes` (the whole body). Every field is optional: Vista returns only
 * what was requested (and a few unasked keys). Values are strings unless
 * noted; see docs/vista-api.md §6.1/§6.2.
 */
export interface VistaListingWire {
  Codigo?: string;
  Categoria?: string;
  Status?: string;
  Finalidade?: string;
  DataCadastro?: string;
  DataAtualizacao?: string;
  DataHoraAtualizacao?: string;
  Latitude?: string | number;
  Longitude?: string | number;
  GMapsLatitude?: string | number;
  GMapsLongitude?: string | number;
  Dormitorios?: string | number;
  Suites?: string | number;
  Vagas?: string | number;
  TotalBanheiros?: string | number;
  BanheiroSocialQtd?: string | number;
  Bairro?: string;
  BairroComercial?: string;
  Cidade?: string;
  UF?: string;
  CEP?: string;
  Endereco?: string;
  Numero?: string;
  Complemento?: string;
  ValorVenda?: string | number;
  ValorVendaM2?: string | number;
  ValorLocacao?: string | number;
  ValorIptu?: string | number;
  ValorCondominio?: string | number;
  ValorACombinar?: VistaFlagWire;
  AreaTotal?: string | number;
  AreaConstruida?: string | number;
  AreaPrivativa?: string | number;
  AreaTerreno?: string | number;
  /** Not in every tenant's field list; read when present. */
  Descricao?: string;
  DescricaoWeb?: string;
  TituloSite?: string;
  TextoAnuncio?: string;
  Lancamento?: VistaFlagWire;
  Exclusivo?: VistaFlagWire;
  ExibirNoSite?: VistaFlagWire;
  DestaqueWeb?: VistaFlagWire;
  SuperDestaqueWeb?: VistaFlagWire;
  EEmpreendimento?: VistaFlagWire;
  Empreendimento?: string;
  CodigoEmpreendimento?: string;
  Construtora?: string;
  Incorporadora?: string;
  DescricaoEmpreendimento?: string;
  FotoDestaqueEmpreendimento?: string;
  FotoDestaqueEmpreendimentoPequena?: string;
  DataEntrega?: string;
  AnoConstrucao?: string | number;
  Orientacao?: string;
  Quadra?: string;
  Lote?: string;
  Andares?: string | number;
  FotoDestaque?: string;
  FotoDestaquePequena?: string;
  VideoDestaque?: string;
  VideoDestaqueTipo?: string;
  URLVideo?: string;
  CodigoCorretor?: string;
  /** Composite "code:NAME", e.g. "332:JOÃO SILVA" (docs/vista-api.md §4.5). */
  CorretorNome?: string;
  /** Flat copy of the first broker's code, added when `Corretor` is requested. */
  Corretor_Codigo?: string;
  /** Unasked key: `null` or a numeric string (docs/vista-api.md §4.1). */
  CodigoImobiliaria?: string | null;

  // Top-level amenity flags (carac / infra names, docs/vista-api.md §6.3/§6.4).
  Mobiliado?: VistaFlagWire;
  Piscina?: VistaFlagWire;
  SalaFitness?: VistaFlagWire;
  Portaria?: VistaFlagWire;
  Portaria24Hrs?: VistaFlagWire;
  Jardim?: VistaFlagWire;
  Garagem?: VistaFlagWire;
  GaragemCoberta?: VistaFlagWire;
  QuadraEsportes?: VistaFlagWire;
  AceitaDacao?: VistaFlagWire;
  CondominioFechado?: VistaFlagWire;
  Leste?: VistaFlagWire;
  Oeste?: VistaFlagWire;
  Norte?: VistaFlagWire;
  Sul?: VistaFlagWire;

  Caracteristicas?: VistaAmenitiesWire;
  InfraEstrutura?: VistaAmenitiesWire;

  // Private fields (broker area only; never stored in the public read model).
  Observacoes?: string;
  ObsVenda?: string;
  AssuntoProntuario?: string;
  Proprietario?: string;
  CodigoProprietario?: string;

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
