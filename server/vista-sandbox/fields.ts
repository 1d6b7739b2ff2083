/**
 * Vista's field catalogue as the sandbox enforces it: the per-group allow-lists
 * of `/imoveis/listarcampos` (vista-api.md §6.2–6.6), the sub-tables and where
 * they may be requested (§3.1), the amenity label rule (§4.2/§6.4) and the
 * field types the filter grammar needs (§3.2: ranges only on numeric/date fields).
 */

/** `imoveis` group of `listarcampos`, 271 names (vista-api.md §6.2, one tenant, 2026-04). */
export const IMOVEIS_FIELDS: readonly string[] = [
  "123iPublicationType", "Aberturas", "AceitaDacao", "AceitaFinanciamento", "AceitaPermuta",
  "AceitaPermutaCarro", "AceitaPermutaOutro", "AceitaPermutaTipoVeiculo", "AcessoDeficientes",
  "AdministradoraCondominio", "Agenciador", "AlugarJaDestaque", "AndarDoApto", "Andares",
  "AnoConstrucao", "AnoMinimoVeicPermuta", "AptosAndar", "AptosEdificio", "AreaArmazem",
  "AreaBoxPrivativa", "AreaBoxTotal", "AreaConstruida", "AreaEscritorio", "AreaLaje", "AreaLocavel",
  "AreaMezanino", "AreaPrivativa", "AreaTerreno", "AreaTotal", "AssuntoProntuario", "Bairro",
  "BairroComercial", "BanheiroSocialQtd", "Bloco", "CEP", "CampanhaImportacao", "CaptadorAccountId",
  "CasaMineiraModelo", "Categoria", "CategoriaGrupo", "CategoriaImovel", "CategoriaMestre", "Chave",
  "ChaveNaAgencia", "ChavesNaMaoDestaque", "Cidade", "ClasseDoImovel", "Closet", "Closets",
  "CodigoAgencia", "CodigoCategoria", "CodigoCorretor", "CodigoEmp", "CodigoEmpreendimento",
  "CodigoEmpresa", "CodigoMalote", "CodigoMoeda", "CodigoProprietario", "Complemento",
  "ComplementoMigrado", "Conjutos", "Construtora", "ConverterMoeda", "CorretorNome",
  "CorretorPrimeiroAge", "DataAtualizacao", "DataCadastro", "DataDisponibilizacao", "DataEntrega",
  "DataFimAutorizacao", "DataHoraAtualizacao", "DataImportacao", "DataInicioAutorizacao",
  "DataInicioProntuario", "DataLancamento", "DataProntuario", "DescricaoEmpreendimento",
  "DescricaoWeb", "DestaquePetropolisImoveis", "DestaqueWeb", "DimensoesTerreno",
  "DivulgarEndereco123i", "DivulgarEnderecoLoft", "Dormitorios", "EEmpreendimento", "Elevadores",
  "EmitiuNotaFiscalComissao", "EmpOrulo", "Empreendimento", "Endereco", "EstacionamentoVagas",
  "EstadoConservacaoEdificio", "EstadoConservacaoImovel", "EstadoProntuario", "Exclusivo",
  "ExclusivoCorretor", "ExibirComentarios", "ExibirNoSite", "Face", "Fachada", "Fci", "Finalidade",
  "FolhaSPModelo", "FormatodoGalpao", "FotoDestaque", "FotoDestaqueEmpreendimento",
  "FotoDestaqueEmpreendimentoPequena", "FotoDestaquePequena", "FotoProprietario", "Frente", "Fundos",
  "GMapsLatitude", "GMapsLongitude", "GaragemNumeroBox", "GaragemTipo", "GrupoSPTipoOferta",
  "HidroSuite", "HoraDomFim", "HoraDomInicio", "HoraFerFim", "HoraFerInicio", "HoraSabFim",
  "HoraSabInicio", "HoraSegSexFim", "HoraSegSexInicio", "IdadeDoImovel", "Iluminacao", "Imediacoes",
  "ImoCodigo", "ImoPlaca", "ImoReferenciaExterna", "ImovelaVendaDestaqueImovelaVenda",
  "ImovelwebModelo", "ImovelwebTipoPublicacao", "ImportadoMalote", "Incompleto", "Incorporadora",
  "InformacaoVenda", "InicioObra", "InscricaoGas", "InscricaoIptu", "InscricaoIptuGaragem",
  "InscricaoMunicipal", "KeywordsWeb", "Lancamento", "Latitude", "Limpeza", "ListingId",
  "LivingAmbientes", "LocacaoAnual", "LocacaoTemporada", "LocalCargaEDescarga", "LocalizacaoPermuta",
  "LoftPublicationType", "LojasEdificio", "Longitude", "Lote", "LugarCertoDestaqueLugarCerto",
  "Matricula", "MercadoLivreTipoML", "MesConstrucao", "Midia", "Modulos", "Moeda", "MoedaIndice",
  "Numero", "NumeroEnergiaEletrica", "NumeroHidrometro", "OLXFinalidadesPublicadas", "ObsLocacao",
  "ObsVenda", "Observacoes", "Ocupacao", "Orientacao", "Orulo", "PadraoConstrucao", "Pais",
  "Pavimentos", "PeDireitoAlto", "PendenteProntuario", "PercentualComissao", "Piso", "PisoAreaIntima",
  "PisoDormitorio", "PisoSala", "Plantao", "PlantaoNoLocal", "PorteEstrutural", "PortfolioUnico",
  "Posicao", "PosicaoAndar", "PotenciaKVA", "PrazoDesocupacao", "Prestacao", "ProjetoArquitetonico",
  "Proposta", "PropostaLocacao", "Proprietario", "ProprietarioPesquisa", "QTDGalpoes",
  "QntDormitoriosPermuta", "QntGaragensPermuta", "QntSuitesPermuta", "QtdVarandas", "Quadra",
  "Reajuste", "Referencia", "Regiao", "ResponsavelReserva", "Salas", "SalasEdificio", "SaldoDivida",
  "SeguroIncendio", "Setor", "Situacao", "SrProprietario", "Status", "Suites", "SummerSale",
  "SuperDestaqueWeb", "TemPlaca", "TemTourVirtual", "TextoAnuncio", "TipoEndereco", "TipoImovel",
  "TipoImovelPermuta", "TipoOferta321Achei", "TipoTeto", "TiqueImoveisEmDestaque", "TituloSite",
  "Topografia", "TotalBanheiros", "TotalComissao", "UF", "URLVideo", "UnitId", "UrlVisita", "Vagas",
  "VagasCobertas", "VagasDescobertas", "ValorACombinar", "ValorAluguelPorM2", "ValorComissao",
  "ValorCondominio", "ValorCondominioM2", "ValorDiaria", "ValorIPTUM2", "ValorIptu", "ValorLimpeza",
  "ValorLivreProprietario", "ValorLocacao", "ValorLocacaoM2", "ValorM2", "ValorPermutaImovel",
  "ValorTotalAluguel", "ValorVenda", "ValorVendaM2", "Varanda", "Venda", "VideoDestaque",
  "VideoDestaqueTipo", "Visita", "VisitaAcompanhada", "VivaRealDestaqueVivaReal",
  "VivaRealDivulgarEnderecoVivaReal", "VivaRealPublicationType", "WebEscritoriosDestaque",
  "ZapTipoOferta", "ZeladorNome", "ZeladorTelefone", "Zona"
];

/** Unit amenities (`carac`, 81 names, vista-api.md §6.3); values "Sim"/"Nao". */
export const CARAC_FIELDS: readonly string[] = [
  "AceitaPet", "Adega", "AguaQuente", "Alarme", "AntenaParabolica", "AquecimentoEletrico",
  "ArCentral", "ArCondicionado", "AreaServico", "ArmarioEmbutido", "BanheiroAuxiliar",
  "BanheiroSocial", "Bar", "Calefacao", "CanaletasNoRodape", "CercaEletrica", "Churrasqueira",
  "ConstrucaoAlvenaria", "Copa", "CopaCozinha", "Cozinha", "CozinhaAmericana", "CozinhaArmarios",
  "CozinhaComTanque", "CozinhaMontada", "CozinhaPlanejada", "Deck", "DependenciaDeEmpregada",
  "DependenciadeEmpregada", "Despensa", "DormitorioComArmario", "Edicula", "Escritorio",
  "EsperaSplit", "EstarIntimo", "Forro", "FrenteMar", "Gabinete", "Gradeado", "Hidromassagem",
  "HomeTheater", "Horta", "Internet", "JardimInverno", "Lareira", "Lavabo", "Leste", "Living",
  "LivingHall", "Mezanino", "Mobiliado", "Monitoramento", "Norte", "Oeste", "Patio", "Piscina",
  "PisoElevado", "Porao", "Quintal", "Reformado", "Sacada", "SacadaComChurrasqueira", "Sala",
  "SalaArmarios", "SalaEstar", "SalaJantar", "SalaTV", "Sauna", "SemiMobiliado", "Sotao", "Split",
  "SuiteMaster", "Sul", "TVCabo", "Terraco", "VigiaExterno", "VigiaInterno", "VistaMar",
  "VistaPanoramica", "Vitrine", "WCEmpregada"
];

/** Condominium amenities (`infra`, 77 names, vista-api.md §6.4); values "Sim"/"Nao" (NomeEmpresaMonitoramento is text). */
export const INFRA_FIELDS: readonly string[] = [
  "Agua", "AquecedorSolar", "AquecimentoCentral", "Bicicletario", "Brinquedoteca", "CabineDeForca",
  "Canil", "CapacidadePiso", "ChurrasqueiraCondominio", "CircuitoFechadoTV", "CondominioFechado",
  "ConstrucaoMista", "Coworking", "Deposito", "EdificioResidencial", "Elevador", "ElevadorServico",
  "EmpresaDeMonitoramento", "EnergiaEletrica", "EnergiaTrifasica", "EntradaServicoIndependente",
  "EspacoGourmet", "EspacoZen", "Estacionamento", "EstacionamentoVisitantes", "Garagem",
  "GaragemCoberta", "GasCentral", "GeradorEnergia", "Gradil", "Guarita", "Heliponto", "HomeMarket",
  "HortaColetiva", "Interfone", "Jardim", "Junker", "Lavanderia", "Marquise",
  "NomeEmpresaMonitoramento", "OnibusProximo", "PainelSolar", "Parque", "Pavimentacao", "PetPlace",
  "Pilotis", "PiscinaAquecida", "PiscinaColetiva", "PiscinaInfantil", "PistaCaminhada", "Playground",
  "PocoArtesiano", "PortaoEletronico", "Portaria", "Portaria24Hrs", "PortariaBlindada",
  "PorteiroEletronico", "PortoesComEclusa", "PossuiViabilidade", "QuadraEsportes",
  "QuadraPoliEsportiva", "QuadraTenis", "Quiosque", "RedeEsgoto", "SalaDeRecepcao", "SalaFitness",
  "SalaoFestas", "SalaoJogos", "SaunaCondominio", "SegurancaPatrimonial", "Shaft", "Spa",
  "TerracoColetivo", "Tour360", "Tubulacao", "Vigilancia24Horas", "Zelador"
];

/** Extra names the sandbox accepts beyond §6.2: the key, the amenity objects, and `Descricao` (spec §3 "Property"). */
export const EXTRA_LISTING_FIELDS: readonly string[] = ["Codigo", "Caracteristicas", "InfraEstrutura", "Descricao"];

/** `Foto` and `FotoEmpreendimento` sub-fields (13, vista-api.md §6.5). */
export const PHOTO_FIELDS: readonly string[] = [
  "Codigo", "Data", "Descricao", "Destaque", "ExibirNoSite", "ExibirSite", "Foto", "FotoOriginal", "FotoPequena",
  "ImagemCodigo", "Ordem", "Origem", "Tipo",
];

/** `Video` sub-fields (10, §6.5). */
export const VIDEO_FIELDS: readonly string[] = [
  "Codigo", "Data", "Descricao", "DescricaoWeb", "Destaque", "ExibirNoSite", "ExibirSite", "Tipo", "Video",
  "VideoCodigo",
];

/** `Anexo` sub-fields (names seen in client code, §4.2 "Attachments"). */
export const ATTACHMENT_FIELDS: readonly string[] = [
  "CodigoAnexo", "Descricao", "Anexo", "Arquivo", "ExibirNoSite", "ExibirSite",
];

/** `prontuarios` sub-fields (20, §6.5). */
export const HISTORY_FIELDS: readonly string[] = [
  "Anunciado", "Assunto", "Bairro", "Cliente", "CodigoCorretor", "Corretor", "Data", "DataAnuncio", "Datainicio",
  "Hora", "PROPOSTA", "Pendente", "Privado", "Retranca", "SolicitanteChave", "Status", "Statusdoimóvel", "Texto",
  "ValorProposta", "VeiculoPublicado",
];

/** `PontoInteresse` sub-fields (13, §6.5). */
export const POINT_OF_INTEREST_FIELDS: readonly string[] = [
  "AreaParque", "DiaFeira", "Distancia", "Endereco", "EnemEscola", "ExtencaoCliclovia", "ID", "LinhaCPTM",
  "LinhaMetro", "LojasShopping", "Nome", "NumeroFeirantes", "PontoInteresse",
];

/** `Corretor` sub-fields (58, §6.6). */
export const BROKER_FIELDS: readonly string[] = [
  "Administrativo", "Agencia", "Agenciador", "AtuacaoLocacao", "AtuacaoVenda", "Bairro", "Bloco", "CEP", "CNH",
  "CNHExpedicao", "CNHVencimento", "CPF_CGC", "CRECI", "CategoriaRanking", "Celular", "Celular1", "Celular2", "Chat",
  "Cidade", "Codigo", "CodigoAgencia", "CodigoEquipe", "Corretor", "DataUltimoLogin", "Datacadastro", "Datasaida",
  "Diretor", "Email", "Empresa", "Endereco", "EnderecoComplemento", "EnderecoNumero", "EnderecoTipo", "Equipe",
  "Estadocivil", "Exibirnosite", "Fax", "Fone", "Foto", "Gerente", "Grupoacesso", "Grupoacesso2", "Inativo",
  "MetaValordeVendas", "MetadeCaptacoes", "Nacionalidade", "Nascimento", "Nome", "Nomecompleto", "Observacoes",
  "Pais", "RGEmissor", "RG_Inscricao", "Ramal", "RecebeClientesemTrocaautomática", "Sexo", "Tipo", "UF",
];

/** `Agencia` sub-fields (23, §6.6; note `Uf`, `Cep`). */
export const AGENCY_FIELDS: readonly string[] = [
  "Agencia", "Bairro", "Celular", "Cep", "Cidade", "Cnpj", "Codigo", "CpfResponsavel", "DDD", "Email", "Empresa",
  "Endereco", "EnderecoComplemento", "EnderecoNumero", "Fone", "Fone2", "Nome", "Pais", "RazaoSocial", "Responsavel",
  "Rresponsavel", "Site", "Uf",
];

/**
 * `proprietarios` sub-fields. Vista has 149 (§4.4) but only `Proprietario` and
 * `FonePrincipal` are named publicly (spec §3); the sandbox serves this subset.
 */
export const OWNER_FIELDS: readonly string[] = [
  "Codigo", "Proprietario", "Nome", "FonePrincipal", "FoneComercial", "Celular", "EmailResidencial",
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
 * disponível para este método" (§3.1, §8.4). `Foto` is [LIVE]; the others [INF].
 * `prontuarios`, `proprietarios` and `PontoInteresse` are also detail-only here ([INF], §9.8).
 */
export const DETAIL_ONLY_TABLES: ReadonlySet<string> = new Set([
  "Foto", "FotoEmpreendimento", "Video", "Anexo", "prontuarios", "proprietarios", "PontoInteresse",
]);

/** Every plain field name a property request may name (§6.2 + §6.3 + §6.4 + extras). */
export const LISTING_FIELD_SET: ReadonlySet<string> = new Set([
  ...IMOVEIS_FIELDS, ...CARAC_FIELDS, ...INFRA_FIELDS, ...EXTRA_LISTING_FIELDS,
]);

/** The `carac` names, as a set. */
export const CARAC_SET: ReadonlySet<string> = new Set(CARAC_FIELDS);
/** The `infra` names, as a set. */
export const INFRA_SET: ReadonlySet<string> = new Set(INFRA_FIELDS);

/**
 * The display label Vista uses as a key inside the nested `Caracteristicas` /
 * `InfraEstrutura` objects (§4.2, §6.4 [LIVE]): a space before every capital
 * letter but the first. "SalaTV" → "Sala T V", "WCEmpregada" → "W C Empregada",
 * "SalaoFestas" → "Salao Festas", "Portaria24Hrs" → "Portaria24 Hrs" (the live
 * examples keep digits attached to the word before them, so the sandbox does too).
 */
export function amenityLabel(name: string): string {
  return name.replace(/(?<=.)([A-Z])/g, " $1");
}

const NUMERIC_EXTRA = new Set([
  "Dormitorios", "Suites", "Vagas", "VagasCobertas", "VagasDescobertas", "TotalBanheiros", "BanheiroSocialQtd",
  "Salas", "QtdVarandas", "Latitude", "Longitude", "GMapsLatitude", "GMapsLongitude", "Andares", "AndarDoApto",
  "AnoConstrucao", "AptosAndar", "AptosEdificio", "Elevadores", "Fci", "SeguroIncendio", "IdadeDoImovel",
  "Pavimentos", "Closets", "LojasEdificio", "SalasEdificio", "EstacionamentoVagas", "PercentualComissao",
  "TotalComissao", "SaldoDivida", "Prestacao", "MesConstrucao", "QTDGalpoes", "QntDormitoriosPermuta",
  "QntGaragensPermuta", "QntSuitesPermuta", "LivingAmbientes", "PotenciaKVA", "Frente", "Fundos",
  "ImagemCodigo", "Ordem", "Distancia",
]);

/**
 * True for numeric fields: two-element arrays are inclusive ranges and order is
 * numeric (§3.2 "Ambiguity in two-element arrays" [INF]).
 */
export function isNumericField(name: string): boolean {
  return /^(Valor|Area)/.test(name) || NUMERIC_EXTRA.has(name);
}

/** True for date/date-time fields ("YYYY-MM-DD", compared as text, §4.5). */
export function isDateField(name: string): boolean {
  return /^Data/.test(name) || name === "InicioObra" || name === "Datainicio" || name === "Datacadastro";
}
