/**
 * Vista wire values of the sandbox catalogue (docs/vista-api.md §4 and §6): every
 * field value is a string ("Sim"/"Nao" flags, numbers as text, "" when empty,
 * "0000-00-00" for some empty dates), amenity objects are keyed by spaced
 * labels, sub-tables are keyed objects or `[]` (their rows: `wire-tables.ts`).
 */
import {
  photosOf,
  privateOf,
  textsOf,
  type Catalogue,
  type SandboxBuilding,
  type SandboxListing,
  type SandboxPhoto,
} from "./catalogue";
import {
  CARAC_FIELDS,
  CARAC_SET,
  INFRA_FIELDS,
  INFRA_SET,
  amenityLabel,
  vistaFlag,
} from "../../app/.server/vista/contract";
import type { SandboxBroker } from "./vocabulary";

/** What value rendering needs besides the listing. */
export interface WireContext {
  /** Origin (and path prefix) photo URLs start with, no trailing slash, e.g. "http://127.0.0.1:8787". */
  baseUrl: string;
  catalogue: Catalogue;
  /** Agency display name (`Agencia` rows). */
  agencyName: string;
  /** The agency's site (`/siteurl`, `Agencia.Site`). */
  siteUrl: string;
}

/** A sub-table row: field name → string value. */
export type WireRow = Record<string, string>;

const flag = vistaFlag;

/** The year of the catalogue's reference date, for `IdadeDoImovel`. */
const REFERENCE_YEAR = 2026;

/** Cover photo = the one with `Ordem` 1 that is shown on the site (else the first shown). */
export function coverPhoto(photos: readonly SandboxPhoto[]): { photo: SandboxPhoto; key: number } | null {
  let fallback: { photo: SandboxPhoto; key: number } | null = null;
  for (let i = 0; i < photos.length; i++) {
    const photo = photos[i] as SandboxPhoto;
    if (!photo.visible) continue;
    if (photo.order === 1) return { photo, key: i + 1 };
    fallback ??= { photo, key: i + 1 };
  }
  return fallback;
}

/** URL of a listing photo: `/fotos/{Codigo}/{n}.jpg`, or the thumbnail `/fotos/{Codigo}/{n}-p.jpg`. */
export function listingPhotoUrl(baseUrl: string, code: string, n: number, thumbnail = false): string {
  return `${baseUrl}/fotos/${code}/${n}${thumbnail ? "-p" : ""}.jpg`;
}

/** URL of a condominium photo: `/fotos/emp/{CodigoEmpreendimento}/{n}.jpg` (thumbnail `-p`). */
export function buildingPhotoUrl(baseUrl: string, code: string, n: number, thumbnail = false): string {
  return `${baseUrl}/fotos/emp/${code}/${n}${thumbnail ? "-p" : ""}.jpg`;
}

/** URL of a broker's portrait: `/fotos/corretores/{Codigo}.jpg`. */
export function brokerPhotoUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/fotos/corretores/${code}.jpg`;
}

function perM2(price: number, area: number, decimals: number): string {
  if (price <= 0 || area <= 0) return "0";
  return (price / area).toFixed(decimals);
}

/** The listing's broker in the catalogue, if any. */
export function brokerOf(listing: SandboxListing, ctx: WireContext): SandboxBroker | undefined {
  return ctx.catalogue.brokersByCode.get(listing.brokerCode);
}

type Getter = (listing: SandboxListing, ctx: WireContext) => string;

const b = (listing: SandboxListing): SandboxBuilding | null => listing.building;

/** Wire value of every plain field the catalogue has data for; other allowed fields are "". */
const GETTERS: Readonly<Record<string, Getter>> = {
  Codigo: (l) => l.code,
  Referencia: (l) => l.code,
  Categoria: (l) => l.category,
  TipoImovel: (l) => l.category,
  CategoriaGrupo: () => "Residencial",
  Status: (l) => l.status,
  Finalidade: () => "Residencial",
  Moeda: () => "R$",
  ValorVenda: (l) => String(l.salePrice),
  ValorLocacao: (l) => String(l.rentPrice),
  ValorCondominio: (l) => (l.condoFee === null ? "" : String(l.condoFee)),
  ValorIptu: (l) => String(l.iptu),
  ValorACombinar: (l) => flag(l.salePrice === 0 && l.rentPrice === 0),
  ValorVendaM2: (l) => perM2(l.salePrice, l.area, 0),
  ValorM2: (l) => (l.salePrice > 0 ? perM2(l.salePrice, l.area, 0) : perM2(l.rentPrice, l.area, 2)),
  ValorLocacaoM2: (l) => perM2(l.rentPrice, l.area, 2),
  ValorAluguelPorM2: (l) => perM2(l.rentPrice, l.area, 2),
  ValorCondominioM2: (l) => (l.condoFee === null ? "" : perM2(l.condoFee, l.area, 2)),
  ValorIPTUM2: (l) => perM2(l.iptu, l.area, 2),
  ValorTotalAluguel: (l) => (l.rentPrice > 0 ? String(Math.round(l.rentPrice + (l.condoFee ?? 0) + l.iptu / 12)) : "0"),
  AreaTotal: (l) => String(l.area),
  AreaPrivativa: (l) => String(l.area),
  Dormitorios: (l) => String(l.bedrooms),
  Suites: (l) => String(l.suites),
  Vagas: (l) => String(l.parking),
  VagasCobertas: (l) => String(l.infra.has("GaragemCoberta") ? l.parking : 0),
  VagasDescobertas: (l) => String(l.infra.has("GaragemCoberta") ? 0 : l.parking),
  TotalBanheiros: (l) => String(l.bathrooms),
  BanheiroSocialQtd: (l) => String(Math.max(0, l.bathrooms - l.suites)),
  Salas: (l) => (l.features.has("SalaJantar") ? "2" : "1"),
  QtdVarandas: (l) => (l.features.has("Sacada") || l.features.has("Terraco") ? "1" : "0"),
  Varanda: (l) => flag(l.features.has("Sacada") || l.features.has("Terraco")),
  Bairro: (l) => l.neighbourhood,
  BairroComercial: (l) => l.neighbourhood,
  Cidade: (l) => l.city,
  UF: (l) => l.state,
  Pais: () => "Brasil",
  CEP: (l) => l.cep,
  Zona: (l) => l.zone,
  Regiao: (l) => l.zone,
  TipoEndereco: (l) => l.streetType,
  Endereco: (l) => `${l.streetType} ${l.street}`,
  Numero: (l) => l.number,
  Complemento: (l) => l.complement,
  Latitude: (l) => (l.latitude === null ? "" : String(l.latitude)),
  Longitude: (l) => (l.longitude === null ? "" : String(l.longitude)),
  GMapsLatitude: (l) => (l.latitude === null ? "" : String(l.latitude)),
  GMapsLongitude: (l) => (l.longitude === null ? "" : String(l.longitude)),
  TituloSite: (l) => textsOf(l).title,
  DescricaoWeb: (l) => textsOf(l).webDescription,
  Descricao: (l) => textsOf(l).description,
  TextoAnuncio: (l) => textsOf(l).adText,
  KeywordsWeb: (l) => textsOf(l).keywords,
  FotoDestaque: (l, ctx) => {
    const cover = coverPhoto(photosOf(l));
    return cover ? listingPhotoUrl(ctx.baseUrl, l.code, cover.key) : "";
  },
  FotoDestaquePequena: (l, ctx) => {
    const cover = coverPhoto(photosOf(l));
    return cover ? listingPhotoUrl(ctx.baseUrl, l.code, cover.key, true) : "";
  },
  ExibirNoSite: (l) => flag(l.showOnSite),
  DestaqueWeb: (l) => flag(l.featured),
  SuperDestaqueWeb: (l) => flag(l.superFeatured),
  Lancamento: (l) => flag(l.launch),
  Exclusivo: (l) => flag(l.exclusive),
  TemPlaca: (l) => flag(l.hasSign),
  AceitaFinanciamento: (l) => flag(l.acceptsFinancing),
  AceitaPermuta: (l) => flag(l.acceptsExchange),
  AceitaDacao: (l) => flag(l.acceptsDacao),
  TemTourVirtual: () => "Nao",
  EEmpreendimento: () => "Nao",
  Empreendimento: (l) => b(l)?.name ?? "",
  CodigoEmpreendimento: (l) => b(l)?.code ?? "",
  DescricaoEmpreendimento: (l) => b(l)?.description ?? "",
  Construtora: (l) => b(l)?.builder ?? "",
  Incorporadora: (l) => b(l)?.developer ?? "",
  FotoDestaqueEmpreendimento: (l, ctx) => {
    const building = b(l);
    return building ? buildingPhotoUrl(ctx.baseUrl, building.code, 1) : "";
  },
  FotoDestaqueEmpreendimentoPequena: (l, ctx) => {
    const building = b(l);
    return building ? buildingPhotoUrl(ctx.baseUrl, building.code, 1, true) : "";
  },
  DataEntrega: (l) => l.deliveryDate || "0000-00-00",
  DataLancamento: (l) => (l.launch ? l.createdAt : "0000-00-00"),
  InicioObra: (l) => b(l)?.workStart || "0000-00-00",
  Andares: (l) => String(l.floors),
  Pavimentos: (l) => String(l.floors),
  AndarDoApto: (l) => String(l.floor),
  AptosAndar: (l) => String(b(l)?.unitsPerFloor ?? ""),
  AptosEdificio: (l) => {
    const building = b(l);
    return building ? String(building.floors * building.unitsPerFloor) : "";
  },
  Elevadores: (l) => String(b(l)?.elevators ?? (l.infra.has("Elevador") ? 1 : 0)),
  AnoConstrucao: (l) => String(l.yearBuilt),
  IdadeDoImovel: (l) => String(Math.max(0, REFERENCE_YEAR - l.yearBuilt)),
  DataCadastro: (l) => l.createdAt,
  DataAtualizacao: (l) => l.updatedAt,
  DataHoraAtualizacao: (l) => `${l.updatedAt} ${l.updatedTime}`,
  DataDisponibilizacao: (l) => l.createdAt,
  CodigoCorretor: (l) => l.brokerCode,
  CorretorNome: (l, ctx) => {
    const broker = brokerOf(l, ctx);
    return broker ? `${broker.code}:${broker.fullName.toUpperCase()}` : "";
  },
  Agenciador: (l, ctx) => brokerOf(l, ctx)?.fullName ?? "",
  CodigoAgencia: () => "1",
  Situacao: (l) => l.situation,
  Ocupacao: (l) => l.occupancy,
  Orientacao: (l) => l.orientation,
  Proprietario: (l) => privateOf(l).owners[0]?.name ?? "",
  CodigoProprietario: (l) => privateOf(l).owners[0]?.code ?? "",
  Observacoes: (l) => privateOf(l).notes,
  ObsVenda: (l) => privateOf(l).saleNotes,
  ObsLocacao: (l) => privateOf(l).rentNotes,
  AssuntoProntuario: (l) => {
    const history = privateOf(l).history;
    return history[history.length - 1]?.subject ?? "";
  },
  DataProntuario: (l) => {
    const history = privateOf(l).history;
    return history[history.length - 1]?.date ?? "";
  },
};

/**
 * Wire value of a plain field (not `Caracteristicas`/`InfraEstrutura`, not a
 * sub-table): a string, "Sim"/"Nao" for amenity flags, "" for a field the
 * catalogue has no data for.
 */
export function fieldValue(listing: SandboxListing, name: string, ctx: WireContext): string {
  const getter = GETTERS[name];
  if (getter) return getter(listing, ctx);
  if (CARAC_SET.has(name)) return listing.features.has(name) ? "Sim" : "Nao";
  if (INFRA_SET.has(name)) {
    if (name === "NomeEmpresaMonitoramento") return "";
    return listing.infra.has(name) ? "Sim" : "Nao";
  }
  return "";
}

/**
 * The nested `Caracteristicas` or `InfraEstrutura` object (docs/vista-api.md §4.2): every
 * amenity of the group under its spaced label, "Sim" or the listing's "no"
 * spelling ("Nao", in some listings "Não", as real tenants mix them).
 */
export function amenityObject(
  listing: SandboxListing,
  group: "Caracteristicas" | "InfraEstrutura",
): Record<string, string> {
  const [names, labels] = group === "Caracteristicas" ? [CARAC_FIELDS, CARAC_LABELS] : [INFRA_FIELDS, INFRA_LABELS];
  const present = group === "Caracteristicas" ? listing.features : listing.infra;
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    out[labels[i] as string] = name === "NomeEmpresaMonitoramento" ? "" : present.has(name) ? "Sim" : listing.no;
  }
  return out;
}

const CARAC_LABELS = CARAC_FIELDS.map(amenityLabel);
const INFRA_LABELS = INFRA_FIELDS.map(amenityLabel);
