/**
 * pt-BR phrases for the amenities the sandbox's listing descriptions mention,
 * keyed by Vista's amenity names (`carac`, `infra`; docs/vista-api.md §6.3, §6.4).
 */

/** pt-BR phrases for unit amenities (`carac`) that descriptions mention. */
export const FEATURE_PHRASES: Readonly<Record<string, string>> = {
  AreaServico: "área de serviço",
  ArmarioEmbutido: "armários embutidos",
  Sacada: "sacada",
  SacadaComChurrasqueira: "sacada com churrasqueira",
  Churrasqueira: "churrasqueira",
  CozinhaAmericana: "cozinha americana",
  CozinhaPlanejada: "cozinha planejada",
  Lavabo: "lavabo",
  SuiteMaster: "suíte master",
  ArCondicionado: "ar-condicionado",
  Hidromassagem: "banheira de hidromassagem",
  VistaPanoramica: "vista panorâmica",
  Terraco: "terraço",
  WCEmpregada: "banheiro de serviço",
  DependenciaDeEmpregada: "dependência de empregada",
  Piscina: "piscina",
  DormitorioComArmario: "dormitórios com armários",
  Escritorio: "escritório",
  Despensa: "despensa",
  Split: "ar-condicionado split",
  Closet: "closet",
};

/** pt-BR phrases for building amenities (`infra`) that descriptions mention. */
export const INFRA_PHRASES: Readonly<Record<string, string>> = {
  Elevador: "elevador",
  PiscinaColetiva: "piscina",
  PiscinaInfantil: "piscina infantil",
  PiscinaAquecida: "piscina aquecida",
  Portaria24Hrs: "portaria 24 horas",
  Portaria: "portaria",
  SalaoFestas: "salão de festas",
  Playground: "playground",
  SalaFitness: "academia",
  ChurrasqueiraCondominio: "churrasqueira",
  EspacoGourmet: "espaço gourmet",
  QuadraPoliEsportiva: "quadra poliesportiva",
  QuadraEsportes: "quadra esportiva",
  Jardim: "jardim",
  Bicicletario: "bicicletário",
  Brinquedoteca: "brinquedoteca",
  PetPlace: "pet place",
  Coworking: "coworking",
  Lavanderia: "lavanderia coletiva",
  SaunaCondominio: "sauna",
  SalaoJogos: "salão de jogos",
  CircuitoFechadoTV: "circuito fechado de TV",
  GeradorEnergia: "gerador de energia",
  EstacionamentoVisitantes: "estacionamento para visitantes",
};
