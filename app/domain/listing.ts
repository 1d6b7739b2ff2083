/**
 * The catalogue's domain model: what the site knows about a listing once the
 * Vista adapter (`app/.server/vista/adapter.ts`) has turned Vista's wire strings
 * into typed values. Field names are English; each doc comment names the Vista
 * field it comes from (spec section 3, "Property").
 *
 * Units: money in BRL (number, not cents), areas in m², dates as ISO strings
 * (`YYYY-MM-DD`). A value Vista leaves empty (`""`, `"0"` where zero means
 * "unknown", `"0000-00-00"`) is `null`.
 *
 * This module is isomorphic (types and pure helpers only) so pages can use it.
 */

/** Offer kind, as used in URLs and filters ("venda" = sale, "aluguel" = rent). */
export type Purpose = "venda" | "aluguel";

/** A photo of a listing or condominium (Vista `Foto` / `FotoEmpreendimento` rows). */
export interface Photo {
  /** Full-size image URL (`Foto`). */
  url: string;
  /** Thumbnail URL (`FotoPequena`); falls back to `url` when Vista sends none. */
  thumbnailUrl: string;
  /** Cover photo flag (`Destaque = "Sim"`). */
  isCover: boolean;
  /** Display order (`Ordem`), ascending. */
  order: number;
  /** Caption (`Descricao`), empty when none. */
  description: string;
  /** CRM photo category (`Tipo`), e.g. "Imagem", "Planta". */
  kind: string;
}

/** A video of a listing (Vista `Video` rows). */
export interface Video {
  /** Listing code the video belongs to (`Codigo`). */
  code: string;
  /** Video row id (`VideoCodigo`). */
  videoCode: string;
  /** Upload date (`Data`), ISO. */
  date: string | null;
  /** Internal description (`Descricao`). */
  description: string;
  /** Public description (`DescricaoWeb`). */
  webDescription: string;
  /** Featured video flag (`Destaque`). */
  isFeatured: boolean;
  /** Show on site (`ExibirNoSite`, or its alias `ExibirSite`). */
  showOnSite: boolean;
  /** Provider id, e.g. a YouTube id (`Video`); not a URL. */
  videoId: string;
  /** Provider (`Tipo`): "youtube", "vimeo", "mp4"… lower-cased. */
  provider: string;
}

/** A file attached to a listing (Vista `Anexo` rows). */
export interface Attachment {
  /** File URL (`Anexo`). */
  url: string;
  /** Description (`Descricao`). */
  description: string;
}

/** One entry of a listing's history, the prontuário (Vista `prontuario`). Private. */
export interface HistoryEntry {
  /** Date (`Data`), ISO. */
  date: string | null;
  /** Time of day (`Hora`), "HH:MM" or "HH:MM:SS". */
  time: string;
  /** Subject (`Assunto`), e.g. "Colocado para venda". */
  subject: string;
  /** Free text (`Texto`). */
  text: string;
}

/** The broker responsible for a listing (Vista `Corretor` sub-table, website-safe subset). */
export interface Broker {
  /** Vista broker code (`Codigo`). */
  code: string;
  /** Display name (`Nome`, else `Nomecompleto`). */
  name: string;
  email: string;
  /** Landline or main phone (`Fone`), digits only. */
  phone: string;
  /** Mobile / WhatsApp (`Celular`), digits only. */
  mobile: string;
  /** CRECI registration (`CRECI`). */
  creci: string;
  /** Photo URL (`Foto`), empty when none. */
  photoUrl: string;
}

/**
 * A listing as the public site may show it. Owner and internal fields live in
 * {@link ListingPrivateData} and never enter this type (LGPD; docs/product.md "Privacy").
 */
export interface Listing {
  /** Vista `Codigo`, the listing's id in URLs (`/detalhes/{condominio}/{id}`). */
  code: string;
  /** Property type (`Categoria`), e.g. "Apartamento". */
  category: string;
  /** Vista `Status`: "Venda", "Aluguel" or "Venda e Aluguel". */
  status: string;
  /** Last update in the CRM (`DataAtualizacao`), ISO date. */
  updatedAt: string | null;
  /** When the listing was registered in the CRM (`DataCadastro`), ISO date; null when unknown. Optional: rows synced before it was read lack it. */
  registeredAt?: string | null;
  /** WGS84 degrees (`Latitude`); null when missing or unrepairable. */
  latitude: number | null;
  /** WGS84 degrees (`Longitude`). */
  longitude: number | null;
  /** Bedrooms (`Dormitorios`). */
  bedrooms: number | null;
  /** Suites (`Suites`). */
  suites: number | null;
  /** Parking spaces (`Vagas`). */
  parkingSpaces: number | null;
  /** Bathrooms in total (`TotalBanheiros`). */
  bathrooms: number | null;
  /** Social bathrooms (`BanheiroSocialQtd`). */
  socialBathrooms: number | null;
  /** Neighbourhood (`Bairro`). */
  neighbourhood: string;
  /** City (`Cidade`). */
  city: string;
  /** State, two letters (`UF`). */
  state: string;
  /** Street address (`Endereco`), possibly empty. */
  address: string;
  /** Sale price in BRL (`ValorVenda`); null when not for sale. */
  salePrice: number | null;
  /** Sale price per m² in BRL (`ValorVendaM2`). */
  salePricePerM2: number | null;
  /** Monthly rent in BRL (`ValorLocacao`); null when not for rent. */
  rentPrice: number | null;
  /** IPTU (property tax) in BRL per year (`ValorIptu`). */
  iptu: number | null;
  /** Monthly condominium fee in BRL (`ValorCondominio`). */
  condoFee: number | null;
  /** Total area in m² (`AreaTotal`). */
  totalArea: number | null;
  /** Built area in m² (`AreaConstruida`). */
  builtArea: number | null;
  /** Private (usable) area in m² (`AreaPrivativa`). */
  privateArea: number | null;
  /** Description (`Descricao`). */
  description: string;
  /** Website description (`DescricaoWeb`); preferred over `description`. */
  webDescription: string;
  /** Website title (`TituloSite`). */
  title: string;
  /** Portal ad text (`TextoAnuncio`). */
  adText: string;
  /** Launch (`Lancamento`). */
  isLaunch: boolean;
  /** Exclusive to the agency (`Exclusivo`). */
  isExclusive: boolean;
  /** Featured on the website (`DestaqueWeb`). */
  isFeatured: boolean;
  /** Is the listing a development itself (`EEmpreendimento`). */
  isDevelopment: boolean;
  /** Condominium / development name (`Empreendimento`), empty when none. */
  development: string;
  /** Delivery date of a development (`DataEntrega`), ISO. */
  deliveryDate: string | null;
  /** Furnished (`Mobiliado`). */
  furnished: boolean;
  /** Year built (`AnoConstrucao`). */
  yearBuilt: number | null;
  /** Sun orientation text (`Orientacao`). */
  orientation: string;
  /** Faces east/west/north/south (`Leste`, `Oeste`, `Norte`, `Sul`). */
  facesEast: boolean;
  facesWest: boolean;
  facesNorth: boolean;
  facesSouth: boolean;
  /** Swimming pool (`Piscina`). */
  pool: boolean;
  /** Gym (`SalaFitness`). */
  fitnessRoom: boolean;
  /** Doorman (`Portaria`). */
  concierge: boolean;
  /** 24-hour doorman (`Portaria24Hrs`). */
  concierge24h: boolean;
  /** Garden (`Jardim`). */
  garden: boolean;
  /** Garage (`Garagem`). */
  garage: boolean;
  /** Covered garage (`GaragemCoberta`). */
  coveredGarage: boolean;
  /** Sports court (`QuadraEsportes`). */
  sportsCourt: boolean;
  /** Owner accepts a property as part payment (`AceitaDacao`). */
  acceptsExchange: boolean;
  /** Block of a subdivision (`Quadra`). */
  block: string;
  /** Lot of a subdivision (`Lote`). */
  lot: string;
  /** Gated community (`CondominioFechado`). */
  gatedCommunity: boolean;
  /** Number of floors of the building (`Andares`). */
  floors: number | null;
  /** Unit amenities present, as pt-BR labels (`Caracteristicas` entries = "Sim"). */
  features: string[];
  /** Building amenities present, as pt-BR labels (`InfraEstrutura` entries = "Sim"). */
  infrastructure: string[];
  /** Cover photo URL (`FotoDestaque`), empty when none. */
  coverPhotoUrl: string;
  /** Featured video id (`VideoDestaque`). */
  featuredVideo: string;
  /** Featured video provider (`VideoDestaqueTipo`). */
  featuredVideoType: string;
  /** Show on the website (`ExibirNoSite`). */
  showOnSite: boolean;
  /** Responsible broker (`Corretor`), null when none. */
  broker: Broker | null;
  /** Gallery, sorted by `order`, only rows to show on the site. */
  photos: Photo[];
  /** Videos to show on the site. */
  videos: Video[];
  /** Attachments. */
  attachments: Attachment[];
}

/**
 * The private part of a listing (owner, internal notes, history). Only ever
 * fetched live from Vista for a signed-in broker (the broker area); never stored in
 * the public read model nor sent to anonymous visitors.
 */
export interface ListingPrivateData {
  /** Internal notes (`Observacoes`). */
  notes: string;
  /** Sale notes (`ObsVenda`). */
  saleNotes: string;
  /** Subject of the last history entry (`AssuntoProntuario`). */
  historySubject: string;
  /** Owner name (`Proprietario`). */
  ownerName: string;
  /** Owner code (`CodigoProprietario`). */
  ownerCode: string;
  /** Owners (`proprietarios` rows: `Proprietario`, `FonePrincipal`). */
  owners: { name: string; phone: string }[];
}

/** What `/painel/imovel/{code}` returns (JSON for the panel, HTML for the page). */
export interface PrivateListingData {
  code: string;
  /** Null when Vista does not know the code or failed (`error` says which). */
  listing: {
    data: ListingPrivateData;
    history: HistoryEntry[];
    unavailable: ("owners" | "history")[];
    fetchedAt: string;
  } | null;
  /** Public page of the listing, when it is in the catalogue. */
  publicPath: string | null;
  /** pt-BR message when the data could not be shown. */
  error: string | null;
}

/** Offer kinds a listing has: sale when it has a sale price, rent when it has a rent price. */
export function purposesOf(listing: Pick<Listing, "salePrice" | "rentPrice">): Purpose[] {
  const purposes: Purpose[] = [];
  if (listing.salePrice) purposes.push("venda");
  if (listing.rentPrice) purposes.push("aluguel");
  return purposes;
}

/**
 * Monthly cost in BRL (docs/product.md): rent + condo fee + IPTU/12 for rent;
 * condo fee + IPTU/12 for sale. Missing parts count as zero; null when the
 * listing has no price for that purpose.
 */
export function monthlyCost(
  listing: Pick<Listing, "salePrice" | "rentPrice" | "condoFee" | "iptu">,
  purpose: Purpose,
): number | null {
  const charges = (listing.condoFee ?? 0) + (listing.iptu ?? 0) / 12;
  if (purpose === "aluguel") return listing.rentPrice ? listing.rentPrice + charges : null;
  return listing.salePrice ? charges : null;
}
