/**
 * pt-BR labels for Vista's amenity flags. `Caracteristicas`/`InfraEstrutura`
 * arrive keyed by spaced labels derived from the CamelCase field names
 * ("Sala T V", "Portaria24 Hrs", "Salao Festas"; docs/vista-api.md §4.2, §6.4), so
 * the table is keyed by the CamelCase name (spaces removed) and covers every
 * `carac` (docs/vista-api.md §6.3) and `infra` (§6.4) name; anything else goes through
 * {@link humanizeAmenityLabel}'s generic fallback.
 */

/** CamelCase Vista amenity name → pt-BR label (docs/vista-api.md §6.3 `carac`, §6.4 `infra`). */
export const AMENITY_LABELS: Readonly<Record<string, string>> = {
  // carac (unit)
  AceitaPet: "Aceita pet",
  Adega: "Adega",
  AguaQuente: "Água quente",
  Alarme: "Alarme",
  AntenaParabolica: "Antena parabólica",
  AquecimentoEletrico: "Aquecimento elétrico",
  ArCentral: "Ar central",
  ArCondicionado: "Ar-condicionado",
  AreaServico: "Área de serviço",
  ArmarioEmbutido: "Armário embutido",
  BanheiroAuxiliar: "Banheiro auxiliar",
  BanheiroSocial: "Banheiro social",
  Bar: "Bar",
  Calefacao: "Calefação",
  CanaletasNoRodape: "Canaletas no rodapé",
  CercaEletrica: "Cerca elétrica",
  Churrasqueira: "Churrasqueira",
  ConstrucaoAlvenaria: "Construção em alvenaria",
  Copa: "Copa",
  CopaCozinha: "Copa-cozinha",
  Cozinha: "Cozinha",
  CozinhaAmericana: "Cozinha americana",
  CozinhaArmarios: "Cozinha com armários",
  CozinhaComTanque: "Cozinha com tanque",
  CozinhaMontada: "Cozinha montada",
  CozinhaPlanejada: "Cozinha planejada",
  Deck: "Deck",
  DependenciaDeEmpregada: "Dependência de empregada",
  DependenciadeEmpregada: "Dependência de empregada",
  Despensa: "Despensa",
  DormitorioComArmario: "Dormitório com armário",
  Edicula: "Edícula",
  Escritorio: "Escritório",
  EsperaSplit: "Espera para split",
  EstarIntimo: "Estar íntimo",
  Forro: "Forro",
  FrenteMar: "Frente para o mar",
  Gabinete: "Gabinete",
  Gradeado: "Gradeado",
  Hidromassagem: "Hidromassagem",
  HomeTheater: "Home theater",
  Horta: "Horta",
  Internet: "Internet",
  JardimInverno: "Jardim de inverno",
  Lareira: "Lareira",
  Lavabo: "Lavabo",
  Leste: "Face leste",
  Living: "Living",
  LivingHall: "Living hall",
  Mezanino: "Mezanino",
  Mobiliado: "Mobiliado",
  Monitoramento: "Monitoramento",
  Norte: "Face norte",
  Oeste: "Face oeste",
  Patio: "Pátio",
  Piscina: "Piscina",
  PisoElevado: "Piso elevado",
  Porao: "Porão",
  Quintal: "Quintal",
  Reformado: "Reformado",
  Sacada: "Sacada",
  SacadaComChurrasqueira: "Sacada com churrasqueira",
  Sala: "Sala",
  SalaArmarios: "Sala com armários",
  SalaEstar: "Sala de estar",
  SalaJantar: "Sala de jantar",
  SalaTV: "Sala de TV",
  Sauna: "Sauna",
  SemiMobiliado: "Semimobiliado",
  Sotao: "Sótão",
  Split: "Ar-condicionado split",
  SuiteMaster: "Suíte master",
  Sul: "Face sul",
  TVCabo: "TV a cabo",
  Terraco: "Terraço",
  VigiaExterno: "Vigia externo",
  VigiaInterno: "Vigia interno",
  VistaMar: "Vista para o mar",
  VistaPanoramica: "Vista panorâmica",
  Vitrine: "Vitrine",
  WCEmpregada: "WC de empregada",
  // infra (building)
  Agua: "Água",
  AquecedorSolar: "Aquecedor solar",
  AquecimentoCentral: "Aquecimento central",
  Bicicletario: "Bicicletário",
  Brinquedoteca: "Brinquedoteca",
  CabineDeForca: "Cabine de força",
  Canil: "Canil",
  CapacidadePiso: "Capacidade do piso",
  ChurrasqueiraCondominio: "Churrasqueira no condomínio",
  CircuitoFechadoTV: "Circuito fechado de TV",
  CondominioFechado: "Condomínio fechado",
  ConstrucaoMista: "Construção mista",
  Coworking: "Coworking",
  Deposito: "Depósito",
  EdificioResidencial: "Edifício residencial",
  Elevador: "Elevador",
  ElevadorServico: "Elevador de serviço",
  EmpresaDeMonitoramento: "Empresa de monitoramento",
  EnergiaEletrica: "Energia elétrica",
  EnergiaTrifasica: "Energia trifásica",
  EntradaServicoIndependente: "Entrada de serviço independente",
  EspacoGourmet: "Espaço gourmet",
  EspacoZen: "Espaço zen",
  Estacionamento: "Estacionamento",
  EstacionamentoVisitantes: "Estacionamento para visitantes",
  Garagem: "Garagem",
  GaragemCoberta: "Garagem coberta",
  GasCentral: "Gás central",
  GeradorEnergia: "Gerador de energia",
  Gradil: "Gradil",
  Guarita: "Guarita",
  Heliponto: "Heliponto",
  HomeMarket: "Home market",
  HortaColetiva: "Horta coletiva",
  Interfone: "Interfone",
  Jardim: "Jardim",
  Junker: "Aquecedor a gás",
  Lavanderia: "Lavanderia",
  Marquise: "Marquise",
  NomeEmpresaMonitoramento: "Empresa de monitoramento",
  OnibusProximo: "Ônibus próximo",
  PainelSolar: "Painel solar",
  Parque: "Parque",
  Pavimentacao: "Pavimentação",
  PetPlace: "Pet place",
  Pilotis: "Pilotis",
  PiscinaAquecida: "Piscina aquecida",
  PiscinaColetiva: "Piscina coletiva",
  PiscinaInfantil: "Piscina infantil",
  PistaCaminhada: "Pista de caminhada",
  Playground: "Playground",
  PocoArtesiano: "Poço artesiano",
  PortaoEletronico: "Portão eletrônico",
  Portaria: "Portaria",
  Portaria24Hrs: "Portaria 24h",
  PortariaBlindada: "Portaria blindada",
  PorteiroEletronico: "Porteiro eletrônico",
  PortoesComEclusa: "Portões com eclusa",
  PossuiViabilidade: "Possui viabilidade",
  QuadraEsportes: "Quadra de esportes",
  QuadraPoliEsportiva: "Quadra poliesportiva",
  QuadraTenis: "Quadra de tênis",
  Quiosque: "Quiosque",
  RedeEsgoto: "Rede de esgoto",
  SalaDeRecepcao: "Sala de recepção",
  SalaFitness: "Academia",
  SalaoFestas: "Salão de festas",
  SalaoJogos: "Salão de jogos",
  SaunaCondominio: "Sauna no condomínio",
  SegurancaPatrimonial: "Segurança patrimonial",
  Shaft: "Shaft",
  Spa: "Spa",
  TerracoColetivo: "Terraço coletivo",
  Tour360: "Tour 360°",
  Tubulacao: "Tubulação",
  Vigilancia24Horas: "Vigilância 24h",
  Zelador: "Zelador",
};

/** Accent repairs for the generic fallback: Vista's CamelCase names are unaccented. */
const ACCENTED_WORDS: Readonly<Record<string, string>> = {
  agua: "água",
  area: "área",
  armario: "armário",
  armarios: "armários",
  automatica: "automática",
  automatico: "automático",
  calefacao: "calefação",
  condominio: "condomínio",
  construcao: "construção",
  deposito: "depósito",
  dependencia: "dependência",
  dormitorio: "dormitório",
  edificio: "edifício",
  edicula: "edícula",
  eletrica: "elétrica",
  eletrico: "elétrico",
  eletronica: "eletrônica",
  eletronico: "eletrônico",
  escritorio: "escritório",
  espaco: "espaço",
  gas: "gás",
  intimo: "íntimo",
  iluminacao: "iluminação",
  juridico: "jurídico",
  onibus: "ônibus",
  panoramica: "panorâmica",
  parabolica: "parabólica",
  patio: "pátio",
  pavimentacao: "pavimentação",
  poco: "poço",
  porao: "porão",
  portao: "portão",
  portoes: "portões",
  proximo: "próximo",
  recepcao: "recepção",
  rodape: "rodapé",
  salao: "salão",
  seguranca: "segurança",
  servico: "serviço",
  sotao: "sótão",
  suite: "suíte",
  suites: "suítes",
  tenis: "tênis",
  terraco: "terraço",
  trifasica: "trifásica",
  tubulacao: "tubulação",
  vigilancia: "vigilância",
  ventilacao: "ventilação",
};

/** Removes spaces, so "Sala T V" and "SalaTV" share one key. */
function amenityKey(label: string): string {
  return label.replace(/\s+/g, "");
}

/**
 * A pt-BR label for an amenity key as Vista sends it in `Caracteristicas` /
 * `InfraEstrutura` ("Sala T V" → "Sala de TV", "Portaria24 Hrs" → "Portaria
 * 24h", "Aceita Pet" → "Aceita pet") or as a CamelCase field name ("SalaTV").
 * Known names use {@link AMENITY_LABELS}; others get the generic fallback:
 * split words, merge runs of single capitals into acronyms ("T V" → "TV"),
 * lower-case every word after the first (acronyms kept), repair accents
 * ("Salao" → "Salão", "Servico" → "serviço").
 */
export function humanizeAmenityLabel(label: string): string {
  const trimmed = label.trim();
  const known = AMENITY_LABELS[amenityKey(trimmed)];
  if (known) return known;
  // Re-split: CamelCase boundaries, digit runs, existing spaces.
  const spaced = trimmed
    .replace(/_/g, " ")
    .replace(/([a-zà-ÿ])([A-ZÀ-Þ])/g, "$1 $2")
    .replace(/([A-ZÀ-Þ])([A-ZÀ-Þ][a-zà-ÿ])/g, "$1 $2")
    .replace(/([A-Za-zÀ-ÿ])(\d)/g, "$1 $2")
    .replace(/(\d)([A-Za-zÀ-ÿ])/g, "$1 $2");
  const raw = spaced.split(/\s+/).filter(Boolean);
  // Merge runs of single capital letters ("T V" → "TV", "W C" → "WC").
  const words: string[] = [];
  for (const word of raw) {
    const previous = words[words.length - 1];
    if (/^[A-Z]$/.test(word) && previous !== undefined && /^[A-Z]+$/.test(previous)) {
      words[words.length - 1] = previous + word;
      continue;
    }
    words.push(word);
  }
  return words
    .map((word, index) => {
      if (/^[A-Z]{2,}$/.test(word) || /^\d+$/.test(word)) return word;
      if (/^hrs?$/i.test(word) || /^horas$/i.test(word)) return "h";
      const lower = word.toLocaleLowerCase("pt-BR");
      const accented = ACCENTED_WORDS[lower] ?? lower;
      return index === 0 ? accented.charAt(0).toLocaleUpperCase("pt-BR") + accented.slice(1) : accented;
    })
    .join(" ")
    .replace(/(\d) h\b/g, "$1h");
}
