/**
 * The typed records of the sandbox catalogue: listings, buildings, photos,
 * owners, prontuário entries. Wire strings are produced from them by wire.ts.
 */
import type { SandboxBroker } from "../vocabulary";

/** A photo of the gallery; the image itself is drawn on request (photos.ts). */
export interface SandboxPhoto {
  /** Scene drawn: "living", "kitchen", "bedroom", "bathroom", "balcony", "facade", "plan", "lobby", "pool", "gym", "party", "playground", "garden", "gourmet". */
  scene: string;
  /** pt-BR caption (`Descricao`). */
  description: string;
  /** Vista photo category (`Tipo`): "Imagem", "Externa", "Planta". */
  kind: string;
  /** Display order (`Ordem`), 1-based. Key order and `Ordem` differ in some listings, as in real tenants. */
  order: number;
  /** `ExibirNoSite`. */
  visible: boolean;
}

/** One owner of a listing (private; `proprietarios` rows). */
export interface SandboxOwner {
  code: string;
  name: string;
  phone: string;
  mobile: string;
  email: string;
}

/** One prontuário entry (private; docs/vista-api.md §6.5). */
export interface SandboxHistoryEntry {
  /** `Prontuario_Codigo`, numeric string, ascending in time. */
  id: string;
  /** ISO date. */
  date: string;
  /** "HH:MM". */
  time: string;
  subject: string;
  text: string;
  brokerCode: string;
  /** BRL, only on proposals. */
  proposalValue: number;
}

/** A building: two or more listings at identical repaired coordinates. */
export interface SandboxBuilding {
  /** `CodigoEmpreendimento`, numeric string. */
  code: string;
  /** `Empreendimento`, unique across the catalogue. */
  name: string;
  description: string;
  /** Majority neighbourhood of its units. */
  neighbourhood: string;
  city: string;
  latitude: number;
  longitude: number;
  streetType: string;
  street: string;
  number: string;
  cep: string;
  zone: string;
  floors: number;
  unitsPerFloor: number;
  elevators: number;
  yearBuilt: number;
  builder: string;
  developer: string;
  launch: boolean;
  /** ISO or "". */
  deliveryDate: string;
  /** ISO or "". */
  workStart: string;
  /** `infra` names present (shared by every unit). */
  infra: ReadonlySet<string>;
  photos: readonly SandboxPhoto[];
  /** Codes of its units, catalogue order. */
  unitCodes: string[];
}

/** One listing of the catalogue (typed; wire strings are produced by wire.ts). */
export interface SandboxListing {
  /** Position in the catalogue (= CSV row order), the default sort. */
  index: number;
  /** `Codigo`, "AP" + 5 digits, stable per CSV row. */
  code: string;
  /** `Status`: "Venda" or "Aluguel" (mutations may set others). */
  status: string;
  category: string;
  /** BRL; 0 = not for sale. */
  salePrice: number;
  /** BRL per month; 0 = not for rent. */
  rentPrice: number;
  /** BRL per month; null = unknown ("" on the wire). */
  condoFee: number | null;
  /** BRL per year. */
  iptu: number;
  /** m² (private = total for apartments in this data set). */
  area: number;
  bedrooms: number;
  bathrooms: number;
  suites: number;
  parking: number;
  neighbourhood: string;
  city: string;
  state: string;
  /** Repaired WGS84 degrees, null when unrepairable. */
  latitude: number | null;
  longitude: number | null;
  zone: string;
  cep: string;
  streetType: string;
  street: string;
  number: string;
  complement: string;
  floor: number;
  floors: number;
  yearBuilt: number;
  /** Delivery date of a launch (`DataEntrega`), ISO or "". */
  deliveryDate: string;
  /** ISO dates. */
  createdAt: string;
  updatedAt: string;
  /** "HH:MM:SS" of the last update. */
  updatedTime: string;
  brokerCode: string;
  featured: boolean;
  superFeatured: boolean;
  launch: boolean;
  exclusive: boolean;
  showOnSite: boolean;
  acceptsFinancing: boolean;
  acceptsExchange: boolean;
  acceptsDacao: boolean;
  hasSign: boolean;
  situation: string;
  occupancy: string;
  orientation: string;
  /** `carac` names that are "Sim". */
  features: ReadonlySet<string>;
  /** `infra` names that are "Sim" (the building's when in one). */
  infra: ReadonlySet<string>;
  /** How this listing writes "no" inside the amenity objects ("Nao", sometimes "Não", docs/vista-api.md §4.2). */
  no: "Nao" | "Não";
  building: SandboxBuilding | null;
  /** Gallery, planned on first use by `photosOf` (../catalogue.ts) (start-up stays fast). */
  photos?: readonly SandboxPhoto[];
  /** Texts, composed on first use by `textsOf` (../catalogue.ts) (start-up stays fast). */
  texts?: ListingTexts;
  /** Owner data, notes and prontuário, composed on first use by `privateOf` (./private-data.ts). */
  privateData?: ListingPrivate;
}

/** The Portuguese texts of a listing (see text.ts). */
export interface ListingTexts {
  /** `TituloSite`. */
  title: string;
  /** `Descricao`. */
  description: string;
  /** `DescricaoWeb`. */
  webDescription: string;
  /** `TextoAnuncio`. */
  adText: string;
  /** `KeywordsWeb`. */
  keywords: string;
}

/** The private part of a listing: owners, internal notes, prontuário (docs/spec.txt §3; never public). */
export interface ListingPrivate {
  owners: readonly SandboxOwner[];
  /** `Observacoes`. */
  notes: string;
  /** `ObsVenda`. */
  saleNotes: string;
  /** `ObsLocacao`. */
  rentNotes: string;
  /** Prontuário, oldest first. */
  history: readonly SandboxHistoryEntry[];
}

/** The built catalogue plus lookup tables. */
export interface Catalogue {
  listings: readonly SandboxListing[];
  byCode: ReadonlyMap<string, SandboxListing>;
  buildings: readonly SandboxBuilding[];
  buildingsByCode: ReadonlyMap<string, SandboxBuilding>;
  brokers: readonly SandboxBroker[];
  brokersByCode: ReadonlyMap<string, SandboxBroker>;
  referenceDate: string;
}

/** Options of `buildCatalogue` (../catalogue.ts). */
export interface CatalogueOptions {
  /** Share (0..1) of listings with `ExibirNoSite = "Nao"`; default 0.02 (about 98% of a real tenant's listings are shown). */
  hiddenShare?: number;
  /**
   * Serve every data set row this many times (1 to 20, default 1), copies
   * with new codes and nearby coordinates (`catalogue/multiply.ts`): growth
   * measurements (`npm run bench:growth`).
   */
  multiply?: number;
}
