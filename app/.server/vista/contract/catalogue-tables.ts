/**
 * Vista's sub-tables and their sub-fields as `/imoveis/listarcampos` lists them
 * (docs/vista-api.md §6.5, §6.6), where each may be requested (§3.1), and the
 * set of every plain name a property request may use. Part of the one Vista
 * contract (ADR 0076): the sandbox enforces these lists; the product's
 * requested sub-fields (`fields.ts`) are subsets of them.
 */
import { IMOVEIS_FIELDS } from "./catalogue-listing";
import { CARAC_FIELDS, INFRA_FIELDS } from "./catalogue-amenities";

/** Extra names the sandbox accepts beyond docs/vista-api.md §6.2: the key, the amenity objects, and `Descricao` (docs/spec.txt §3 "Property"). */
export const EXTRA_LISTING_FIELDS: readonly string[] = ["Codigo", "Caracteristicas", "InfraEstrutura", "Descricao"];

/** `Foto` and `FotoEmpreendimento` sub-fields (13, docs/vista-api.md §6.5). */
export const PHOTO_FIELDS: readonly string[] = [
  "Codigo",
  "Data",
  "Descricao",
  "Destaque",
  "ExibirNoSite",
  "ExibirSite",
  "Foto",
  "FotoOriginal",
  "FotoPequena",
  "ImagemCodigo",
  "Ordem",
  "Origem",
  "Tipo",
];

/** `Video` sub-fields (10, docs/vista-api.md §6.5). */
export const VIDEO_FIELDS: readonly string[] = [
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
];

/** `Anexo` sub-fields (names seen in client code, docs/vista-api.md §4.2 "Attachments"). */
export const ATTACHMENT_FIELDS: readonly string[] = [
  "CodigoAnexo",
  "Descricao",
  "Anexo",
  "Arquivo",
  "ExibirNoSite",
  "ExibirSite",
];

/** `prontuarios` sub-fields (20, docs/vista-api.md §6.5). */
export const HISTORY_FIELDS: readonly string[] = [
  "Anunciado",
  "Assunto",
  "Bairro",
  "Cliente",
  "CodigoCorretor",
  "Corretor",
  "Data",
  "DataAnuncio",
  "Datainicio",
  "Hora",
  "PROPOSTA",
  "Pendente",
  "Privado",
  "Retranca",
  "SolicitanteChave",
  "Status",
  "Statusdoimóvel",
  "Texto",
  "ValorProposta",
  "VeiculoPublicado",
];

/** `PontoInteresse` sub-fields (13, docs/vista-api.md §6.5). */
export const POINT_OF_INTEREST_FIELDS: readonly string[] = [
  "AreaParque",
  "DiaFeira",
  "Distancia",
  "Endereco",
  "EnemEscola",
  "ExtencaoCliclovia",
  "ID",
  "LinhaCPTM",
  "LinhaMetro",
  "LojasShopping",
  "Nome",
  "NumeroFeirantes",
  "PontoInteresse",
];

/** `Corretor` sub-fields (58, docs/vista-api.md §6.6). */
export const BROKER_FIELDS: readonly string[] = [
  "Administrativo",
  "Agencia",
  "Agenciador",
  "AtuacaoLocacao",
  "AtuacaoVenda",
  "Bairro",
  "Bloco",
  "CEP",
  "CNH",
  "CNHExpedicao",
  "CNHVencimento",
  "CPF_CGC",
  "CRECI",
  "CategoriaRanking",
  "Celular",
  "Celular1",
  "Celular2",
  "Chat",
  "Cidade",
  "Codigo",
  "CodigoAgencia",
  "CodigoEquipe",
  "Corretor",
  "DataUltimoLogin",
  "Datacadastro",
  "Datasaida",
  "Diretor",
  "Email",
  "Empresa",
  "Endereco",
  "EnderecoComplemento",
  "EnderecoNumero",
  "EnderecoTipo",
  "Equipe",
  "Estadocivil",
  "Exibirnosite",
  "Fax",
  "Fone",
  "Foto",
  "Gerente",
  "Grupoacesso",
  "Grupoacesso2",
  "Inativo",
  "MetaValordeVendas",
  "MetadeCaptacoes",
  "Nacionalidade",
  "Nascimento",
  "Nome",
  "Nomecompleto",
  "Observacoes",
  "Pais",
  "RGEmissor",
  "RG_Inscricao",
  "Ramal",
  "RecebeClientesemTrocaautomática",
  "Sexo",
  "Tipo",
  "UF",
];

/** `Agencia` sub-fields (23, docs/vista-api.md §6.6; note `Uf`, `Cep`). */
export const AGENCY_FIELDS: readonly string[] = [
  "Agencia",
  "Bairro",
  "Celular",
  "Cep",
  "Cidade",
  "Cnpj",
  "Codigo",
  "CpfResponsavel",
  "DDD",
  "Email",
  "Empresa",
  "Endereco",
  "EnderecoComplemento",
  "EnderecoNumero",
  "Fone",
  "Fone2",
  "Nome",
  "Pais",
  "RazaoSocial",
  "Responsavel",
  "Rresponsavel",
  "Site",
  "Uf",
];

/**
 * `proprietarios` sub-fields. Vista has 149 (docs/vista-api.md §4.4) but only `Proprietario` and
 * `FonePrincipal` are named publicly (docs/spec.txt §3); the sandbox serves this subset.
 */
export const OWNER_FIELDS: readonly string[] = [
  "Codigo",
  "Proprietario",
  "Nome",
  "FonePrincipal",
  "FoneComercial",
  "Celular",
  "EmailResidencial",
];

/** Every sub-table the sandbox knows, with its sub-field allow-list. */
export const SUB_TABLES: Readonly<Record<string, readonly string[]>> = {
  Foto: PHOTO_FIELDS,
  FotoEmpreendimento: PHOTO_FIELDS,
  Video: VIDEO_FIELDS,
  Anexo: ATTACHMENT_FIELDS,
  Corretor: BROKER_FIELDS,
  Agencia: AGENCY_FIELDS,
  prontuarios: HISTORY_FIELDS,
  proprietarios: OWNER_FIELDS,
  PontoInteresse: POINT_OF_INTEREST_FIELDS,
};

/**
 * Sub-tables refused on `listar`/`destaques` with "A tabela X não está
 * disponível para este método" (docs/vista-api.md §3.1, §8.4). `Foto` is [LIVE]; the others [INF].
 * `prontuarios`, `proprietarios` and `PontoInteresse` are also detail-only here ([INF], docs/vista-api.md §9.8).
 */
export const DETAIL_ONLY_TABLES: ReadonlySet<string> = new Set([
  "Foto",
  "FotoEmpreendimento",
  "Video",
  "Anexo",
  "prontuarios",
  "proprietarios",
  "PontoInteresse",
]);

/** Every plain field name a property request may name (docs/vista-api.md §6.2 + §6.3 + §6.4 + extras). */
export const LISTING_FIELD_SET: ReadonlySet<string> = new Set([
  ...IMOVEIS_FIELDS,
  ...CARAC_FIELDS,
  ...INFRA_FIELDS,
  ...EXTRA_LISTING_FIELDS,
]);
