/**
 * Vista test data as Vista sends it, for every test double of Vista (ADR 0076):
 * the adapter's tests, the msw handlers of the HTTP client's tests
 * (`tests/mocks/vista.ts`) and the in-memory {@link FakeVista} of the sync's
 * tests (`fake-vista.ts`). Strings everywhere, "0" for missing prices,
 * "Sim"/"Nao" flags, spaced amenity labels, sub-tables keyed by id.
 *
 * A field declared in the contract (`LISTING_WIRE_FIELDS`) that a factory here
 * does not set gets a default of its kind, so a new field needs no edit here.
 */
import {
  LISTING_WIRE_FIELDS,
  VISTA_NO,
  type VistaBrokerWire,
  type VistaFieldKind,
  type VistaListingWire,
  type VistaPhotoWire,
  type VistaVideoWire,
} from "~/.server/vista/contract";

/** The value Vista sends for an empty field of a kind: "" for text, "0" for numbers, "Nao" for flags, "0000-00-00" for dates. */
const EMPTY_VALUE: Record<VistaFieldKind, unknown> = {
  text: "",
  number: "0",
  date: "0000-00-00",
  flag: VISTA_NO,
  "amenity-flag": VISTA_NO,
  amenities: [],
  "nullable-text": null,
};

/**
 * A `listar` item with every "listar" field of the contract: `values` as given,
 * the rest empty as Vista sends them (see {@link EMPTY_VALUE}), in the contract's order.
 */
export function withListarDefaults(values: VistaListingWire): VistaListingWire {
  const out: VistaListingWire = {};
  for (const [name, declaration] of Object.entries(LISTING_WIRE_FIELDS)) {
    if (declaration.use === "listar" && !(name in values)) out[name] = EMPTY_VALUE[declaration.kind];
  }
  return { ...out, ...values };
}

/** The few fields the sync's tests need on a listing shown on the site, priced (the base of `FakeVista.add`). */
export function minimalVistaListing(code: string, overrides: Partial<VistaListingWire> = {}): VistaListingWire {
  return {
    Codigo: code,
    Categoria: "Apartamento",
    Bairro: "Moema",
    Cidade: "São Paulo",
    UF: "SP",
    ValorVenda: "500000",
    ValorLocacao: "0",
    DataAtualizacao: "2026-08-01",
    ExibirNoSite: "Sim",
    TituloSite: `Apartamento ${code}`,
    ...overrides,
  };
}

const NEIGHBOURHOODS = [
  "Moema",
  "Pinheiros",
  "Vila Mariana",
  "Itaim Bibi",
  "Perdizes",
  "Santana",
  "Tatuapé",
  "Brooklin",
];
const CATEGORIES = ["Apartamento", "Casa", "Cobertura", "Studio", "Sobrado"];
const BROKERS: VistaBrokerWire[] = [
  {
    Codigo: "14",
    Nome: "Rafael Souza",
    Nomecompleto: "Rafael Souza Lima",
    Email: "rafael@imobiliaria.com.br",
    Fone: "(11) 3333-4444",
    Celular: "(11) 98765-4321",
    CRECI: "123456-F",
    Foto: "https://cdn.vistahost.com.br/demo/corretores/14.jpg",
  },
  {
    Codigo: "103",
    Nome: "Ana Paula",
    Nomecompleto: "Ana Paula Ribeiro",
    Email: "ana@imobiliaria.com.br",
    Fone: "",
    Celular: "11 99888-7766",
    CRECI: "98765-F",
    Foto: "",
  },
];

/**
 * One `listar` item with Vista's quirks: every value a string, "0" for missing
 * prices, "Sim"/"Nao" flags, spaced amenity labels, a keyed `Corretor`; every
 * other "listar" field of the contract empty (see {@link withListarDefaults}).
 * Deterministic per `index`; `numericCode` gives digit-only codes ("69803405").
 */
export function makeVistaListing(
  index: number,
  overrides: Partial<VistaListingWire> = {},
  options: { numericCode?: boolean } = {},
): VistaListingWire {
  const forRent = index % 3 === 0;
  const broker = BROKERS[index % BROKERS.length];
  const code = options.numericCode ? String(69_803_400 + index * 7) : `AP${String(index + 1).padStart(5, "0")}`;
  const neighbourhood = NEIGHBOURHOODS[index % NEIGHBOURHOODS.length];
  const category = CATEGORIES[index % CATEGORIES.length];
  const area = 45 + ((index * 17) % 200);
  return withListarDefaults({
    Codigo: code,
    Categoria: category,
    Status: forRent ? "Aluguel" : "Venda",
    ExibirNoSite: index % 10 === 9 ? "Nao" : "Sim",
    DestaqueWeb: index % 7 === 0 ? "Sim" : "Nao",
    DataAtualizacao: `2026-0${1 + (index % 8)}-${String(1 + (index % 28)).padStart(2, "0")}`,
    Latitude: (-23.55 - (index % 50) / 1000).toFixed(7),
    Longitude: (-46.63 - (index % 40) / 1000).toFixed(7),
    Dormitorios: String(1 + (index % 4)),
    Suites: String(index % 3),
    Vagas: String(index % 3),
    TotalBanheiros: String(1 + (index % 3)),
    BanheiroSocialQtd: "1",
    Bairro: neighbourhood,
    Cidade: "São Paulo",
    UF: "SP",
    Endereco: `Rua Exemplo ${index + 1}`,
    ValorVenda: forRent ? "0" : String(350_000 + index * 12_500),
    ValorVendaM2: forRent ? "0" : String(Math.round((350_000 + index * 12_500) / area)),
    ValorLocacao: forRent ? String(1_800 + index * 50) : "0",
    ValorIptu: String(900 + index * 10),
    ValorCondominio: index % 5 === 4 ? "" : String(450 + index * 5),
    AreaTotal: String(area + 20),
    AreaConstruida: "",
    AreaPrivativa: String(area),
    DescricaoWeb: `${category} com ${1 + (index % 4)} dormitórios em ${neighbourhood}, próximo ao metrô.`,
    TituloSite: `${category} em ${neighbourhood}`,
    TextoAnuncio: "",
    Lancamento: index % 11 === 0 ? "Sim" : "Nao",
    Exclusivo: "Nao",
    EEmpreendimento: "Nao",
    Empreendimento: index % 2 === 0 ? `Edifício ${neighbourhood}` : "",
    DescricaoEmpreendimento: index % 2 === 0 ? `Condomínio completo em ${neighbourhood}.` : "",
    FotoDestaqueEmpreendimento: "",
    DataEntrega: "0000-00-00",
    AnoConstrucao: index % 4 === 0 ? "0" : String(1990 + (index % 30)),
    Orientacao: "",
    Quadra: "",
    Lote: "",
    Andares: String(8 + (index % 12)),
    FotoDestaque: `https://cdn.vistahost.com.br/demo/vista.imobi/fotos/${code}/destaque.jpg`,
    FotoDestaquePequena: `https://cdn.vistahost.com.br/demo/vista.imobi/fotos/${code}/destaque_p.jpg`,
    VideoDestaque: "",
    VideoDestaqueTipo: "",
    Mobiliado: index % 4 === 1 ? "Sim" : "Nao",
    Piscina: "Nao",
    SalaFitness: index % 2 === 0 ? "Sim" : "Nao",
    Portaria: "Sim",
    Portaria24Hrs: index % 2 === 0 ? "Sim" : "Nao",
    Jardim: "Nao",
    Garagem: "Sim",
    GaragemCoberta: "Nao",
    QuadraEsportes: "Nao",
    AceitaDacao: "Nao",
    CondominioFechado: "Nao",
    Leste: "Nao",
    Oeste: "Nao",
    Norte: index % 2 === 0 ? "Sim" : "Nao",
    Sul: "Nao",
    Caracteristicas: {
      "Aceita Pet": index % 2 === 0 ? "Sim" : "Nao",
      Churrasqueira: "Sim",
      "Sala T V": "Nao",
      "Area Servico": "Sim",
      Mobiliado: index % 4 === 1 ? "Sim" : "Nao",
    },
    InfraEstrutura: {
      Elevador: "Sim",
      "Salao Festas": index % 2 === 0 ? "Sim" : "Não",
      "Piscina Coletiva": "",
      "Portaria24 Hrs": index % 2 === 0 ? "Sim" : "Nao",
      "Sala Fitness": index % 2 === 0 ? "Sim" : "Nao",
    },
    Corretor: { [String(broker.Codigo)]: broker },
    Corretor_Codigo: broker.Codigo,
    CodigoImobiliaria: null,
    ...overrides,
  });
}

/** `count` listings, `makeVistaListing(0…count-1)`. */
export function makeVistaCatalogue(count: number, options: { numericCode?: boolean } = {}): VistaListingWire[] {
  return Array.from({ length: count }, (_, index) => makeVistaListing(index, {}, options));
}

/** A photo row (strings everywhere). */
export function makeVistaPhoto(code: string, ordem: number, overrides: Partial<VistaPhotoWire> = {}): VistaPhotoWire {
  return {
    Foto: `https://cdn.vistahost.com.br/demo/vista.imobi/fotos/${code}/${ordem}.jpg`,
    FotoPequena: `https://cdn.vistahost.com.br/demo/vista.imobi/fotos/${code}/${ordem}_p.jpg`,
    Destaque: ordem === 1 ? "Sim" : "Nao",
    Ordem: String(ordem),
    Descricao: "",
    Tipo: "Imagem",
    ExibirNoSite: "Sim",
    ...overrides,
  };
}

/**
 * A `detalhes` reply for `DETAIL_MEDIA_FIELDS`: flat object, photos keyed
 * "1", "2"… with `Ordem` out of key order, one YouTube video, `Anexo: []`.
 */
export function makeVistaDetail(code: string, overrides: Partial<VistaListingWire> = {}): VistaListingWire {
  const video: VistaVideoWire = {
    Codigo: code,
    VideoCodigo: "1",
    Data: "2026-03-10",
    Descricao: "Tour",
    DescricaoWeb: "Tour pelo apartamento",
    Destaque: "Sim",
    ExibirNoSite: "Sim",
    ExibirSite: "Sim",
    Video: "N-m987ZMrQw",
    Tipo: "youtube",
  };
  return {
    Codigo: code,
    Foto: {
      "1": makeVistaPhoto(code, 3),
      "2": makeVistaPhoto(code, 1),
      "3": makeVistaPhoto(code, 2, { Tipo: "Planta", Descricao: "Planta 2 dorm." }),
    },
    Video: { "1": video },
    Anexo: [],
    FotoEmpreendimento: [],
    ...overrides,
  };
}
