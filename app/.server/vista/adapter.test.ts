import { describe, expect, it } from "vitest";
import { itMaps } from "../../../tests/mocks/unit-cases";
import { makeVistaDetail, makeVistaListing } from "~/test-support/vista-data";
import { parseCoordinates, parseDate, parseFlag, parseHttpUrl, parseNumber } from "./adapter-scalars";
import { toAmenityLabels, toBroker, toCondominiumFromUnit, toHistoryEntries, toListing } from "./adapter";
import { toPhotos, toPrivateData, toVideos } from "./adapter";
import { AMENITY_LABELS, humanizeAmenityLabel } from "./amenities";
import type { VistaListingWire } from "./contract";

/** A `listar` item merged with its `detalhes` media, shaped like docs/vista-api.md §4.1/§4.2 samples. */
const wire: VistaListingWire = {
  Codigo: "69803405",
  Categoria: "Apartamento",
  Status: "Venda e Aluguel",
  ExibirNoSite: "Sim",
  DestaqueWeb: "Sim",
  DataCadastro: "2023-03-15 10:20:00",
  DataAtualizacao: "2024-09-08",
  Latitude: "-25.4434667",
  Longitude: "-49.2766142",
  Dormitorios: "3",
  Suites: "0",
  Vagas: "2",
  TotalBanheiros: "",
  BanheiroSocialQtd: "1",
  Bairro: " Cabral ",
  Cidade: "Curitiba",
  UF: "pr",
  Endereco: "Visconde de Guarapuava",
  ValorVenda: "890000",
  ValorVendaM2: "7.416,67",
  ValorLocacao: "4500,00",
  ValorIptu: "1500,50",
  ValorCondominio: "0",
  AreaTotal: "120.5",
  AreaConstruida: "",
  AreaPrivativa: "0",
  DescricaoWeb: "Apartamento amplo,\r\nbem localizado.",
  TituloSite: "? LINDO APARTAMENTO NO CABRAL",
  TextoAnuncio: "Texto do anúncio",
  Lancamento: "Nao",
  Exclusivo: "Sim",
  EEmpreendimento: "Não",
  Empreendimento: "Residencial Jardim Botânico",
  DescricaoEmpreendimento: "Condomínio com lazer completo.",
  FotoDestaqueEmpreendimento: "https://cdn.vistahost.com.br/t/emp/capa.jpg",
  DataEntrega: "0000-00-00",
  AnoConstrucao: "0",
  Orientacao: "Norte",
  Quadra: "",
  Lote: "",
  Andares: "12",
  FotoDestaque: "",
  FotoDestaquePequena: "",
  VideoDestaque: "N-m987ZMrQw",
  VideoDestaqueTipo: "YouTube",
  Mobiliado: "Sim",
  Piscina: "",
  SalaFitness: "Nao",
  Portaria: "Sim",
  Portaria24Hrs: "Não",
  Jardim: true,
  Garagem: "Sim",
  GaragemCoberta: "Nao",
  QuadraEsportes: "",
  AceitaDacao: "Sim",
  CondominioFechado: "Nao",
  Leste: "Nao",
  Oeste: "Sim",
  Norte: "Nao",
  Sul: "",
  Caracteristicas: {
    Churrasqueira: "Sim",
    "Sala T V": "Sim",
    "Aceita Pet": "Nao",
    "W C Empregada": "Sim",
    Piscina: "Sim",
    "Agua Quente": "",
  },
  InfraEstrutura: {
    Elevador: "Sim",
    "Salao Festas": "Sim",
    "Piscina Coletiva": "Não",
    "Portaria24 Hrs": "Sim",
    "Quadra Esportes": "Sim",
    "Espaco Kids": "Sim",
  },
  Corretor: {
    "103": {
      Codigo: "103",
      Nome: "",
      Nomecompleto: "Ana Paula Ribeiro",
      Email: "Ana@Imobiliaria.com.br",
      Fone: "(41) 3333-4444",
      Celular: "+55 41 99999-0000",
      CRECI: "12345-F",
      Foto: "",
    },
  },
  Corretor_Codigo: "103",
  CodigoImobiliaria: null,
  Foto: {
    "1": {
      Foto: "https://cdn.vistahost.com.br/t/fotos/c.jpg",
      FotoPequena: "https://cdn.vistahost.com.br/t/fotos/c_p.jpg",
      Destaque: "Nao",
      Ordem: "3",
      Tipo: "Imagem",
      Descricao: "",
      ExibirNoSite: "Sim",
    },
    "2": {
      Foto: "https://cdn.vistahost.com.br/t/fotos/a.jpg",
      FotoPequena: "",
      Destaque: "Sim",
      Ordem: "1",
      Tipo: "Externa",
      Descricao: "Fachada",
      ExibirNoSite: "Sim",
    },
    "3": {
      Foto: "https://cdn.vistahost.com.br/t/fotos/hidden.jpg",
      FotoPequena: "",
      Destaque: "Nao",
      Ordem: "2",
      Tipo: "Imagem",
      Descricao: "",
      ExibirNoSite: "Nao",
    },
    "4": {
      Foto: "",
      FotoPequena: "https://cdn.vistahost.com.br/t/fotos/x_p.jpg",
      Destaque: "Nao",
      Ordem: "4",
      Tipo: "Imagem",
      Descricao: "",
      ExibirNoSite: "Sim",
    },
    "5": { Foto: "ftp://cdn.vistahost.com.br/t/fotos/ftp.jpg", Destaque: "Nao", Ordem: "5", Tipo: "Imagem" },
    "10": {
      Foto: "https://cdn.vistahost.com.br/t/fotos/b.jpg",
      FotoPequena: "https://cdn.vistahost.com.br/t/fotos/b_p.jpg",
      Destaque: "Nao",
      Ordem: "2",
      Tipo: "Planta",
      Descricao: "Planta 3 dorm.",
      ExibirNoSite: "Sim",
    },
  },
  Video: {
    "1": {
      Codigo: "69803405",
      VideoCodigo: "7",
      Data: "2024-05-01 10:00:00",
      Descricao: "Tour",
      DescricaoWeb: "Tour virtual",
      Destaque: "Sim",
      ExibirNoSite: "Sim",
      ExibirSite: "Sim",
      Video: "N-m987ZMrQw",
      Tipo: "youtube",
    },
    "2": {
      Codigo: "69803405",
      VideoCodigo: "8",
      Data: "0000-00-00",
      Descricao: "",
      DescricaoWeb: "",
      Destaque: "Nao",
      ExibirNoSite: "Nao",
      ExibirSite: "Nao",
      Video: "abc",
      Tipo: "vimeo",
    },
    "3": {
      Codigo: "69803405",
      VideoCodigo: "9",
      Data: "",
      Descricao: "",
      DescricaoWeb: "",
      Destaque: "Nao",
      ExibirNoSite: "Sim",
      ExibirSite: "",
      Video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      Tipo: "YouTube",
    },
  },
  Anexo: [],
  FotoEmpreendimento: {
    "1": {
      Foto: "https://cdn.vistahost.com.br/t/emp/2.jpg",
      FotoPequena: "",
      Destaque: "Nao",
      Ordem: "2",
      Tipo: "Imagem",
      Descricao: "Piscina",
    },
    "2": {
      Foto: "https://cdn.vistahost.com.br/t/emp/1.jpg",
      FotoPequena: "https://cdn.vistahost.com.br/t/emp/1_p.jpg",
      Destaque: "Sim",
      Ordem: "1",
      Tipo: "Externa",
      Descricao: "Fachada",
    },
  },
};

describe("scalars (docs/vista-api.md §4.5)", () => {
  itMaps("parses numbers from strings, with comma or dot decimals and thousands separators", parseNumber, [
    ["7000000", 7000000],
    ["1500,50", 1500.5],
    ["1500.50", 1500.5],
    ["1.500,50", 1500.5],
    ["1,500.50", 1500.5],
    ["1.500.000", 1500000],
    ["-25.4434667", -25.4434667],
    [" 42 ", 42],
    [12, 12],
    ["", null],
    ["abc", null],
    ["12abc", null],
    [undefined, null],
    [null, null],
  ]);

  it("reads flags: Sim / true → true; Nao, Não, empty → false", () => {
    expect(parseFlag("Sim")).toBe(true);
    expect(parseFlag("SIM")).toBe(true);
    expect(parseFlag(true)).toBe(true);
    expect(parseFlag("Nao")).toBe(false);
    expect(parseFlag("Não")).toBe(false);
    expect(parseFlag("")).toBe(false);
    expect(parseFlag(undefined)).toBe(false);
    expect(parseFlag(false)).toBe(false);
  });

  it("reads dates, mapping zero and impossible dates to null", () => {
    expect(parseDate("2024-09-08")).toBe("2024-09-08");
    expect(parseDate("2024-09-08 14:30:00")).toBe("2024-09-08");
    expect(parseDate("08/09/2024")).toBe("2024-09-08");
    expect(parseDate("12/2027")).toBe("2027-12-01");
    expect(parseDate("0000-00-00")).toBeNull();
    expect(parseDate("0000-00-00 00:00:00")).toBeNull();
    expect(parseDate("2024-02-30")).toBeNull();
    expect(parseDate("")).toBeNull();
  });

  it("keeps negative coordinates and rejects 0, empty and out-of-range values", () => {
    expect(parseCoordinates("-23.5505", "-46.6333")).toEqual({ latitude: -23.5505, longitude: -46.6333 });
    expect(parseCoordinates("-23,5505", "-46,6333")).toEqual({ latitude: -23.5505, longitude: -46.6333 });
    expect(parseCoordinates("0", "0")).toEqual({ latitude: null, longitude: null });
    expect(parseCoordinates("", "-46.6")).toEqual({ latitude: null, longitude: null });
    expect(parseCoordinates("-235505000", "-46.6")).toEqual({ latitude: null, longitude: null });
    expect(parseCoordinates("-23.5", "-466.3")).toEqual({ latitude: null, longitude: null });
  });

  itMaps("keeps only http(s) URLs", parseHttpUrl, [
    ["https://cdn.vistahost.com.br/a.jpg", "https://cdn.vistahost.com.br/a.jpg"],
    ["//cdn.vistahost.com.br/a.jpg", "https://cdn.vistahost.com.br/a.jpg"],
    ["", ""],
    ["fotos/a.jpg", ""],
    ["javascript:alert(1)", ""],
    ["ftp://host/a.jpg", ""],
  ]);
});

describe("toListing", () => {
  const listing = toListing(wire);

  it("fills every field of the domain type", () => {
    const expectedKeys = [
      "code",
      "category",
      "status",
      "updatedAt",
      "registeredAt",
      "latitude",
      "longitude",
      "bedrooms",
      "suites",
      "parkingSpaces",
      "bathrooms",
      "socialBathrooms",
      "neighbourhood",
      "city",
      "state",
      "address",
      "salePrice",
      "salePricePerM2",
      "rentPrice",
      "iptu",
      "condoFee",
      "totalArea",
      "builtArea",
      "privateArea",
      "description",
      "webDescription",
      "title",
      "adText",
      "isLaunch",
      "isExclusive",
      "isFeatured",
      "isDevelopment",
      "development",
      "deliveryDate",
      "furnished",
      "yearBuilt",
      "orientation",
      "facesEast",
      "facesWest",
      "facesNorth",
      "facesSouth",
      "pool",
      "fitnessRoom",
      "concierge",
      "concierge24h",
      "garden",
      "garage",
      "coveredGarage",
      "sportsCourt",
      "acceptsExchange",
      "block",
      "lot",
      "gatedCommunity",
      "floors",
      "features",
      "infrastructure",
      "coverPhotoUrl",
      "featuredVideo",
      "featuredVideoType",
      "showOnSite",
      "broker",
      "photos",
      "videos",
      "attachments",
    ];
    expect(Object.keys(listing).sort()).toEqual([...expectedKeys].sort());
    for (const key of expectedKeys) expect(listing[key as keyof typeof listing]).not.toBeUndefined();
  });

  it("turns numeric strings into numbers, with 0/empty as null where zero means unknown", () => {
    expect(listing).toMatchObject({
      code: "69803405",
      salePrice: 890000,
      salePricePerM2: 7416.67,
      rentPrice: 4500,
      iptu: 1500.5,
      condoFee: null,
      totalArea: 120.5,
      builtArea: null,
      privateArea: null,
      yearBuilt: null,
      floors: 12,
      bedrooms: 3,
      suites: 0,
      parkingSpaces: 2,
      bathrooms: null,
      socialBathrooms: 1,
    });
  });

  it("keeps negative coordinates", () => {
    expect(listing.latitude).toBe(-25.4434667);
    expect(listing.longitude).toBe(-49.2766142);
  });

  it("trims text, upper-cases the state, normalises line endings and cleans emoji marks from the title", () => {
    expect(listing.neighbourhood).toBe("Cabral");
    expect(listing.state).toBe("PR");
    expect(listing.webDescription).toBe("Apartamento amplo,\nbem localizado.");
    expect(listing.title).toBe("LINDO APARTAMENTO NO CABRAL");
  });

  it("maps dates, '0000-00-00' to null", () => {
    expect(listing.updatedAt).toBe("2024-09-08");
    expect(listing.registeredAt).toBe("2023-03-15");
    expect(listing.deliveryDate).toBeNull();
  });

  it("maps Sim / Nao / Não / '' / true flags", () => {
    expect(listing).toMatchObject({
      showOnSite: true,
      isFeatured: true,
      isExclusive: true,
      isLaunch: false,
      isDevelopment: false,
      furnished: true,
      fitnessRoom: false,
      concierge: true,
      concierge24h: false,
      garden: true,
      garage: true,
      coveredGarage: false,
      acceptsExchange: true,
      gatedCommunity: false,
      facesWest: true,
      facesEast: false,
      facesSouth: false,
    });
  });

  it("falls back to the amenity objects when a top-level flag is empty", () => {
    // Piscina "" at the top level, "Sim" in Caracteristicas; QuadraEsportes "" and "Quadra Esportes": "Sim".
    expect(listing.pool).toBe(true);
    expect(listing.sportsCourt).toBe(true);
    const bare = toListing({ Codigo: "1", InfraEstrutura: { "Portaria24 Hrs": "Sim" } });
    expect(bare.concierge24h).toBe(true);
    expect(bare.pool).toBe(false);
  });

  it("lists the amenities set to Sim as humanised pt-BR labels", () => {
    expect(listing.features).toEqual(["Churrasqueira", "Sala de TV", "WC de empregada", "Piscina"]);
    expect(listing.infrastructure).toEqual([
      "Elevador",
      "Salão de festas",
      "Portaria 24h",
      "Quadra de esportes",
      "Espaço kids",
    ]);
  });

  it("sorts keyed photos by Ordem, hides ExibirNoSite=Nao, drops empty and non-http URLs, falls back for thumbnails", () => {
    expect(listing.photos.map((p) => p.url)).toEqual([
      "https://cdn.vistahost.com.br/t/fotos/a.jpg",
      "https://cdn.vistahost.com.br/t/fotos/b.jpg",
      "https://cdn.vistahost.com.br/t/fotos/c.jpg",
    ]);
    expect(listing.photos[0]).toEqual({
      url: "https://cdn.vistahost.com.br/t/fotos/a.jpg",
      thumbnailUrl: "https://cdn.vistahost.com.br/t/fotos/a.jpg",
      isCover: true,
      order: 1,
      description: "Fachada",
      kind: "Externa",
    });
    expect(listing.photos[1].thumbnailUrl).toBe("https://cdn.vistahost.com.br/t/fotos/b_p.jpg");
    expect(listing.photos.some((p) => p.url.includes("hidden"))).toBe(false);
  });

  it("uses the gallery's cover when FotoDestaque is empty", () => {
    expect(listing.coverPhotoUrl).toBe("https://cdn.vistahost.com.br/t/fotos/a.jpg");
    expect(toListing({ ...wire, FotoDestaque: "https://cdn.vistahost.com.br/t/capa.jpg" }).coverPhotoUrl).toBe(
      "https://cdn.vistahost.com.br/t/capa.jpg",
    );
  });

  it("keeps visible videos with every field, reducing a YouTube URL to its id", () => {
    expect(listing.videos).toEqual([
      {
        code: "69803405",
        videoCode: "7",
        date: "2024-05-01",
        description: "Tour",
        webDescription: "Tour virtual",
        isFeatured: true,
        showOnSite: true,
        videoId: "N-m987ZMrQw",
        provider: "youtube",
      },
      {
        code: "69803405",
        videoCode: "9",
        date: null,
        description: "",
        webDescription: "",
        isFeatured: false,
        showOnSite: true,
        videoId: "dQw4w9WgXcQ",
        provider: "youtube",
      },
    ]);
    expect(listing.featuredVideo).toBe("N-m987ZMrQw");
    expect(listing.featuredVideoType).toBe("youtube");
  });

  it("accepts [] sub-tables", () => {
    expect(listing.attachments).toEqual([]);
    const empty = toListing({
      Codigo: "X1",
      Foto: [],
      Video: [],
      Anexo: [],
      Corretor: [],
      Caracteristicas: [],
      InfraEstrutura: [],
    });
    expect(empty.photos).toEqual([]);
    expect(empty.videos).toEqual([]);
    expect(empty.attachments).toEqual([]);
    expect(empty.broker).toBeNull();
    expect(empty.features).toEqual([]);
    expect(empty.infrastructure).toEqual([]);
  });

  it("maps the first Corretor to a broker with digit-only phones", () => {
    expect(listing.broker).toEqual({
      code: "103",
      name: "Ana Paula Ribeiro",
      email: "ana@imobiliaria.com.br",
      phone: "4133334444",
      mobile: "5541999990000",
      creci: "12345-F",
      photoUrl: "",
    });
  });

  it("builds the broker from CorretorNome 'code:NAME' when the sub-table is missing", () => {
    expect(toListing({ Codigo: "1", CorretorNome: "332:JOÃO SILVA" }).broker).toMatchObject({
      code: "332",
      name: "JOÃO SILVA",
    });
  });

  it("gives a pt-BR title when TituloSite is empty", () => {
    expect(
      toListing({ Codigo: "1", Categoria: "Casa", Bairro: "Moema", Cidade: "São Paulo", TituloSite: "" }).title,
    ).toBe("Casa em Moema, São Paulo");
  });

  it("handles a listing built by the shared msw factories", () => {
    const merged = { ...makeVistaListing(2), ...makeVistaDetail("AP00003") };
    const fromMock = toListing(merged);
    expect(fromMock.code).toBe("AP00003");
    expect(fromMock.photos.map((p) => p.order)).toEqual([1, 2, 3]);
    expect(fromMock.broker?.code).toBe("14");
    expect(fromMock.infrastructure).toContain("Salão de festas");
  });

  it("never exposes private fields", () => {
    const withPrivate = toListing({
      ...wire,
      Proprietario: "Fulano",
      Observacoes: "Chave na portaria",
      ObsVenda: "Aceita 10% abaixo",
    });
    const json = JSON.stringify(withPrivate);
    expect(json).not.toContain("Fulano");
    expect(json).not.toContain("Chave na portaria");
    expect(json).not.toContain("10% abaixo");
  });
});

describe("sub-table helpers", () => {
  it("puts photos without Ordem after the ordered ones and removes duplicate URLs", () => {
    const photos = toPhotos({
      "1": { Foto: "https://x.test/z.jpg" },
      "2": { Foto: "https://x.test/a.jpg", Ordem: "2" },
      "3": { Foto: "https://x.test/a.jpg", Ordem: "5" },
      "4": { Foto: "https://x.test/b.jpg", Ordem: "1", ExibirSite: "Não" },
    });
    expect(photos.map((p) => [p.url, p.order])).toEqual([
      ["https://x.test/a.jpg", 2],
      ["https://x.test/z.jpg", 3],
    ]);
  });

  it("accepts photo rows as an array", () => {
    expect(
      toPhotos([
        { Foto: "https://x.test/2.jpg", Ordem: "2" },
        { Foto: "https://x.test/1.jpg", Ordem: "1" },
      ]).map((p) => p.url),
    ).toEqual(["https://x.test/1.jpg", "https://x.test/2.jpg"]);
  });

  it("drops videos without an id", () => {
    expect(toVideos({ "1": { Video: "", Tipo: "youtube" } })).toEqual([]);
  });

  it("ignores amenity entries that are not Sim, and dedupes labels", () => {
    expect(
      toAmenityLabels({
        "Dependencia De Empregada": "Sim",
        "Dependenciade Empregada": "Sim",
        Lareira: "Nao",
        "Nome Empresa Monitoramento": "Acme",
      }),
    ).toEqual(["Dependência de empregada"]);
  });

  it("toBroker uses the fallback code and Nome before Nomecompleto", () => {
    expect(toBroker({ Nome: "Rafa", Nomecompleto: "Rafael Souza", Celular: "(11) 9 8765-4321" }, "14")).toMatchObject({
      code: "14",
      name: "Rafa",
      mobile: "11987654321",
    });
  });
});

describe("amenity labels", () => {
  itMaps("maps Vista's amenity names to labels", humanizeAmenityLabel, [
    ["Sala T V", "Sala de TV"],
    ["SalaTV", "Sala de TV"],
    ["Portaria24 Hrs", "Portaria 24h"],
    ["Aceita Pet", "Aceita pet"],
    ["Piscina Coletiva", "Piscina coletiva"],
    ["Salao Festas", "Salão de festas"],
    ["Churrasqueira", "Churrasqueira"],
    ["W C Empregada", "WC de empregada"],
    ["Agua Quente", "Água quente"],
    ["Area Servico", "Área de serviço"],
    // Not in AMENITY_LABELS: the generic fallback (words split, acronyms merged, accents repaired).
    ["Salao Beleza", "Salão beleza"],
    ["Espaco Kids", "Espaço kids"],
    ["Quarto De Servico", "Quarto de serviço"],
    ["Circuito Fechado T V Digital", "Circuito fechado TV digital"],
    ["Vigilancia12 Hrs", "Vigilância 12h"],
    ["GasEncanado", "Gás encanado"],
  ]);

  it("has a label for every carac/infra name it knows, each starting with a capital", () => {
    for (const label of Object.values(AMENITY_LABELS)) expect(label).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/);
  });
});

describe("toCondominiumFromUnit", () => {
  it("derives the condominium from the unit's development fields", () => {
    expect(toCondominiumFromUnit(wire)).toEqual({
      name: "Residencial Jardim Botânico",
      description: "Condomínio com lazer completo.",
      neighbourhood: "Cabral",
      city: "Curitiba",
      state: "PR",
      address: "Visconde de Guarapuava",
      latitude: -25.4434667,
      longitude: -49.2766142,
      infrastructure: ["Elevador", "Salão de festas", "Portaria 24h", "Quadra de esportes", "Espaço kids"],
      photos: [
        {
          url: "https://cdn.vistahost.com.br/t/emp/1.jpg",
          thumbnailUrl: "https://cdn.vistahost.com.br/t/emp/1_p.jpg",
          isCover: true,
          order: 1,
          description: "Fachada",
          kind: "Externa",
        },
        {
          url: "https://cdn.vistahost.com.br/t/emp/2.jpg",
          thumbnailUrl: "https://cdn.vistahost.com.br/t/emp/2.jpg",
          isCover: false,
          order: 2,
          description: "Piscina",
          kind: "Imagem",
        },
      ],
      coverPhotoUrl: "https://cdn.vistahost.com.br/t/emp/capa.jpg",
      floors: 12,
      yearBuilt: null,
      isLaunch: false,
    });
  });

  it("is null when Empreendimento is empty", () => {
    expect(toCondominiumFromUnit({ ...wire, Empreendimento: "  " })).toBeNull();
    expect(toCondominiumFromUnit({ Codigo: "1" })).toBeNull();
  });
});

describe("private data and history", () => {
  it("maps owner fields and proprietarios rows", () => {
    expect(
      toPrivateData({
        Observacoes: "Chave na portaria",
        ObsVenda: "Aceita proposta",
        AssuntoProntuario: "Colocado para venda",
        Proprietario: "Maria Souza",
        CodigoProprietario: "5521",
        proprietarios: {
          "1": { Proprietario: "Maria Souza", FonePrincipal: "(11) 91234-5678" },
          "2": { Proprietario: "", FonePrincipal: "" },
        },
      }),
    ).toEqual({
      notes: "Chave na portaria",
      saleNotes: "Aceita proposta",
      historySubject: "Colocado para venda",
      ownerName: "Maria Souza",
      ownerCode: "5521",
      owners: [{ name: "Maria Souza", phone: "11912345678" }],
    });
    expect(toPrivateData({ proprietarios: [] }).owners).toEqual([]);
  });

  it("maps prontuário rows newest first, with the time from Hora or from Data", () => {
    expect(
      toHistoryEntries([
        { Data: "2024-01-10", Hora: "09:05", Assunto: "Colocado para venda", Texto: "Captação" },
        { Data: "2024-03-02 14:30:00", Hora: "", Assunto: "Visita", Texto: "Cliente gostou" },
        { Data: "0000-00-00", Hora: "", Assunto: "", Texto: "" },
        { Data: "2024-03-02", Hora: "08:00:00", Assunto: "Ligação", Texto: "" },
      ]),
    ).toEqual([
      { date: "2024-03-02", time: "14:30:00", subject: "Visita", text: "Cliente gostou" },
      { date: "2024-03-02", time: "08:00:00", subject: "Ligação", text: "" },
      { date: "2024-01-10", time: "09:05", subject: "Colocado para venda", text: "Captação" },
    ]);
    expect(toHistoryEntries({ "1": { Data: "2024-01-10", Assunto: "X" } })).toHaveLength(1);
    expect(toHistoryEntries([])).toEqual([]);
  });
});
