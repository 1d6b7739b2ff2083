/**
 * The sandbox catalogue: the real São Paulo listings of
 * `dataset/sao-paulo-properties-april-2019.csv` (13,645 rows), repaired and
 * completed deterministically with what a Vista tenant would hold and the data
 * set lacks (shared/datasets/README.md; B brief §2): codes, addresses, titles
 * and descriptions, dates, brokers, flags, amenities, condominiums (listings at
 * identical coordinates), photos, owners, internal notes and prontuário.
 *
 * Real (from the CSV): price (sale or monthly rent), condominium fee, size,
 * bedrooms, bathrooms, suites, parking spaces, elevator, furnished, pool, new
 * (launch), neighbourhood, city, coordinates (repaired). Everything else is
 * derived from a seeded PRNG (no Math.random), so two builds are identical.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { repairCoordinates } from "./coordinates";
import { Rng, hashString } from "./prng";
import {
  composeAdText,
  composeBuildingDescription,
  composeDescription,
  composeKeywords,
  composeTitle,
  composeWebDescription,
  brl,
  type ListingFacts,
} from "./text";
import {
  BROKERS,
  BUILDERS,
  BUILDING_HEADS,
  BUILDING_PREFIXES,
  BUILDING_SOLO,
  BUILDING_TAILS,
  DEVELOPERS,
  FIRST_NAMES,
  ROMAN,
  STREET_NAMES,
  STREET_TYPES,
  SURNAMES,
  foldAccents,
  type SandboxBroker,
} from "./vocabulary";

/**
 * The fixed "today" of the catalogue: update and registration dates are spread
 * over the ~10 months before it, so the data never changes between runs.
 * `touch` (mutations) stamps the real current date, which is later.
 */
export const REFERENCE_DATE = "2026-11-01";

/** Absolute path of the copied data set (never `../shared` at run time). */
export const DATASET_PATH = fileURLToPath(new URL("./dataset/sao-paulo-properties-april-2019.csv", import.meta.url));

/** One CSV row, typed. Money in BRL, size in m². */
export interface DatasetRow {
  /** Sale price (sale rows) or monthly rent (rent rows); 0 in 5 rows. */
  price: number;
  /** Monthly condominium fee; 0 = unknown. */
  condo: number;
  /** m². */
  size: number;
  rooms: number;
  toilets: number;
  suites: number;
  parking: number;
  elevator: boolean;
  furnished: boolean;
  pool: boolean;
  isNew: boolean;
  /** "Bairro/Cidade", e.g. "Artur Alvim/São Paulo". */
  district: string;
  negotiation: "rent" | "sale";
  propertyType: string;
  /** Raw, broken coordinate text (see coordinates.ts). */
  latitude: string;
  longitude: string;
}

const HEADER =
  "Price,Condo,Size,Rooms,Toilets,Suites,Parking,Elevator,Furnished,Swimming Pool,New,District,Negotiation Type,Property Type,Latitude,Longitude";

/**
 * Parses the data set (no quoting in this file; every row has 16 cells).
 * @throws {Error} on an unexpected header or a malformed row (names the line).
 */
export function parseDataset(text: string): DatasetRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER) throw new Error("Unexpected data set header");
  const rows: DatasetRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const cells = line.split(",");
    if (cells.length !== 16) throw new Error(`Malformed data set line ${i + 1}: ${cells.length} cells`);
    const negotiation = cells[12];
    if (negotiation !== "rent" && negotiation !== "sale") throw new Error(`Bad negotiation type on line ${i + 1}`);
    for (let c = 0; c <= 6; c++) {
      if (!/^\d+(\.\d+)?$/.test(cells[c] as string))
        throw new Error(`Malformed number on data set line ${i + 1}, column ${c + 1}`);
    }
    rows.push({
      price: Number(cells[0]),
      condo: Number(cells[1]),
      size: Number(cells[2]),
      rooms: Number(cells[3]),
      toilets: Number(cells[4]),
      suites: Number(cells[5]),
      parking: Number(cells[6]),
      elevator: cells[7] === "1",
      furnished: cells[8] === "1",
      pool: cells[9] === "1",
      isNew: cells[10] === "1",
      district: cells[11] as string,
      negotiation,
      propertyType: cells[13] as string,
      latitude: cells[14] as string,
      longitude: cells[15] as string,
    });
  }
  return rows;
}

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
  /** How this listing writes "no" inside the amenity objects ("Nao", sometimes "Não", §4.2). */
  no: "Nao" | "Não";
  building: SandboxBuilding | null;
  /** Gallery, planned on first use by {@link photosOf} (start-up stays fast). */
  photos?: readonly SandboxPhoto[];
  /** Texts, composed on first use by {@link textsOf} (start-up stays fast). */
  texts?: ListingTexts;
  /** Owner data, notes and prontuário, composed on first use by {@link privateOf}. */
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

/** Options of {@link buildCatalogue}. */
export interface CatalogueOptions {
  /** Share (0..1) of listings with `ExibirNoSite = "Nao"`; default 0.02 (B brief: "~98% Sim"). */
  hiddenShare?: number;
}

/** Stable listing code of a CSV row: "AP" + 5 digits, a bijection of the row index (unique below 90,000 rows). */
export function listingCode(rowIndex: number): string {
  return `AP${10000 + ((rowIndex * 7919 + 1237) % 90000)}`;
}

/** Days since 1970-01-01 of an ISO date (proleptic Gregorian; H. Hinnant's algorithm, no Date objects: fast at start-up). */
function epochDay(iso: string): number {
  let y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** ISO date of an epoch day (inverse of {@link epochDay}). */
function isoOfEpochDay(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** ISO date `days` after (negative: before) `iso` ("YYYY-MM-DD"). */
export function addDays(iso: string, days: number): string {
  return isoOfEpochDay(epochDay(iso) + days);
}

function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Sé cathedral, the centre São Paulo addresses are zoned around. */
const CITY_CENTRE = { latitude: -23.5505, longitude: -46.6333 };

/** Zone name ("Centro", "Zona Norte"…) and a plausible CEP prefix from a position. */
function zoneOf(latitude: number, longitude: number): { zone: string; cepPrefix: number } {
  const dLat = latitude - CITY_CENTRE.latitude;
  const dLon = longitude - CITY_CENTRE.longitude;
  if (Math.hypot(dLat, dLon) < 0.03) return { zone: "Centro", cepPrefix: 1 };
  if (Math.abs(dLat) >= Math.abs(dLon))
    return dLat > 0 ? { zone: "Zona Norte", cepPrefix: 2 } : { zone: "Zona Sul", cepPrefix: 4 };
  if (dLon > 0) return { zone: "Zona Leste", cepPrefix: longitude > -46.5 ? 8 : 3 };
  return { zone: "Zona Oeste", cepPrefix: 5 };
}

function cepFor(prefix: number, rng: Rng): string {
  return `${String(prefix).padStart(2, "0")}${rng.int(0, 9)}${rng.int(0, 9)}${rng.int(0, 9)}-${pad2(rng.int(0, 99))}0`;
}

/** The streets of a neighbourhood: a fixed handful of the fictional names, picked by its name. */
const streetsCache = new Map<string, { type: string; name: string }[]>();
function streetsOf(neighbourhood: string): { type: string; name: string }[] {
  let streets = streetsCache.get(neighbourhood);
  if (!streets) {
    const rng = new Rng(`streets:${neighbourhood}`);
    streets = [];
    for (let i = 0; i < 8; i++) streets.push({ type: rng.pick(STREET_TYPES), name: rng.pick(STREET_NAMES) });
    streetsCache.set(neighbourhood, streets);
  }
  return streets;
}

const foldedNames = new Map<string, string>();
/** {@link foldAccents} memoised: only a few hundred distinct names exist. */
function folded(name: string): string {
  let value = foldedNames.get(name);
  if (value === undefined) {
    value = foldAccents(name);
    foldedNames.set(name, value);
  }
  return value;
}

function mobilePhone(rng: Rng): string {
  return `(11) 9${rng.int(6000, 9999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`;
}

const ORIENTATIONS: [name: string, flags: string[]][] = [
  ["Norte", ["Norte"]],
  ["Sul", ["Sul"]],
  ["Leste", ["Leste"]],
  ["Oeste", ["Oeste"]],
  ["Nordeste", ["Norte", "Leste"]],
  ["Noroeste", ["Norte", "Oeste"]],
  ["Sudeste", ["Sul", "Leste"]],
  ["Sudoeste", ["Sul", "Oeste"]],
];

/** Adds `name` to `set` with probability `p` (clamped to 0..1). */
function maybeAdd(set: Set<string>, rng: Rng, name: string, p: number): void {
  if (rng.chance(Math.min(1, Math.max(0, p)))) set.add(name);
}

/** Building amenities drawn from the units' real flags plus a price-tier-driven share of extras. */
function deriveInfra(
  rng: Rng,
  facts: { elevator: boolean; pool: boolean; parking: boolean; tier: number; launch: boolean; floors: number },
): Set<string> {
  const infra = new Set<string>(["EdificioResidencial", "Interfone"]);
  const t = facts.tier;
  const lift = facts.launch ? 0.25 : 0;
  if (facts.elevator) {
    infra.add("Elevador");
    if (facts.floors >= 10) maybeAdd(infra, rng, "ElevadorServico", 0.6);
  }
  if (facts.pool) {
    infra.add("PiscinaColetiva");
    maybeAdd(infra, rng, "PiscinaInfantil", 0.4);
    maybeAdd(infra, rng, "PiscinaAquecida", 0.1 + 0.35 * t + lift);
  }
  if (facts.parking) {
    infra.add("Garagem");
    maybeAdd(infra, rng, "GaragemCoberta", 0.7);
  }
  const rich = (facts.pool ? 0.25 : 0) + (facts.elevator ? 0.1 : 0) + 0.35 * t + lift;
  maybeAdd(infra, rng, "Portaria", 0.75 + (facts.elevator ? 0.2 : 0));
  if (infra.has("Portaria")) maybeAdd(infra, rng, "Portaria24Hrs", 0.3 + 0.5 * t + lift);
  maybeAdd(infra, rng, "SalaoFestas", 0.3 + rich);
  maybeAdd(infra, rng, "Playground", 0.2 + rich);
  maybeAdd(infra, rng, "SalaFitness", 0.1 + rich);
  maybeAdd(infra, rng, "ChurrasqueiraCondominio", 0.2 + rich);
  maybeAdd(infra, rng, "EspacoGourmet", 0.05 + rich * 0.6);
  maybeAdd(infra, rng, "SalaoJogos", 0.1 + rich * 0.5);
  maybeAdd(infra, rng, "QuadraPoliEsportiva", 0.05 + rich * 0.4);
  if (!infra.has("QuadraPoliEsportiva")) maybeAdd(infra, rng, "QuadraEsportes", 0.05 + rich * 0.2);
  maybeAdd(infra, rng, "Jardim", 0.35);
  maybeAdd(infra, rng, "Bicicletario", 0.1 + rich * 0.3);
  maybeAdd(infra, rng, "Brinquedoteca", 0.05 + rich * 0.3);
  maybeAdd(infra, rng, "PetPlace", 0.03 + rich * 0.2 + lift);
  maybeAdd(infra, rng, "Coworking", 0.02 + rich * 0.1 + lift);
  maybeAdd(infra, rng, "Lavanderia", 0.08);
  maybeAdd(infra, rng, "SaunaCondominio", 0.04 + rich * 0.25);
  maybeAdd(infra, rng, "CircuitoFechadoTV", 0.45 + 0.3 * t);
  maybeAdd(infra, rng, "PortaoEletronico", 0.8);
  maybeAdd(infra, rng, "CondominioFechado", 0.25);
  maybeAdd(infra, rng, "EstacionamentoVisitantes", 0.1 + rich * 0.2);
  maybeAdd(infra, rng, "GeradorEnergia", 0.1 + rich * 0.2);
  maybeAdd(infra, rng, "Zelador", 0.55);
  maybeAdd(infra, rng, "GasCentral", 0.35);
  maybeAdd(infra, rng, "AquecimentoCentral", 0.05 + 0.1 * t);
  return infra;
}

/** Order in which the scenes of a building gallery are considered. */
const BUILDING_SCENES: [scene: string, description: string, infra: string | null][] = [
  ["facade", "Fachada", null],
  ["lobby", "Hall de entrada", null],
  ["pool", "Piscina", "PiscinaColetiva"],
  ["gym", "Academia", "SalaFitness"],
  ["party", "Salão de festas", "SalaoFestas"],
  ["playground", "Playground", "Playground"],
  ["gourmet", "Espaço gourmet", "EspacoGourmet"],
  ["gourmet", "Churrasqueira", "ChurrasqueiraCondominio"],
  ["garden", "Jardim", "Jardim"],
  ["garden", "Área comum", null],
];

function buildingPhotos(rng: Rng, infra: ReadonlySet<string>): SandboxPhoto[] {
  const count = rng.int(3, 6);
  const photos: SandboxPhoto[] = [];
  const used = new Set<string>();
  for (const [scene, description, needs] of BUILDING_SCENES) {
    if (photos.length === count) break;
    if (needs && !infra.has(needs)) continue;
    if (used.has(`${scene}:${description}`)) continue;
    used.add(`${scene}:${description}`);
    photos.push({
      scene,
      description,
      kind: scene === "facade" ? "Externa" : "Imagem",
      order: photos.length + 1,
      visible: true,
    });
  }
  while (photos.length < count) {
    photos.push({
      scene: "garden",
      description: "Área comum",
      kind: "Imagem",
      order: photos.length + 1,
      visible: true,
    });
  }
  return photos;
}

function listingPhotos(
  rng: Rng,
  facts: {
    bedrooms: number;
    suites: number;
    features: ReadonlySet<string>;
    category: string;
    area: number;
    building: boolean;
  },
): SandboxPhoto[] {
  const count = Math.min(
    8,
    Math.max(3, rng.int(3, 5) + (facts.area >= 90 ? rng.int(0, 2) : 0) + (facts.bedrooms >= 3 ? 1 : 0)),
  );
  const plan: [scene: string, description: string, kind: string][] = [];
  plan.push(["living", facts.features.has("SalaJantar") ? "Sala de estar e jantar" : "Sala de estar", "Imagem"]);
  plan.push(["kitchen", facts.features.has("CozinhaAmericana") ? "Cozinha americana" : "Cozinha", "Imagem"]);
  plan.push(["bedroom", facts.suites > 0 ? "Suíte" : "Dormitório", "Imagem"]);
  if (facts.features.has("Sacada") || facts.features.has("Terraco")) {
    plan.push([
      facts.features.has("SacadaComChurrasqueira") ? "balcony-grill" : "balcony",
      facts.features.has("Terraco")
        ? "Terraço"
        : facts.features.has("SacadaComChurrasqueira")
          ? "Sacada com churrasqueira"
          : "Sacada",
      "Imagem",
    ]);
  }
  plan.push(["bathroom", "Banheiro", "Imagem"]);
  if (facts.bedrooms >= 2) plan.push(["bedroom", "Dormitório", "Imagem"]);
  if (rng.chance(0.5) || facts.building) plan.push(["facade", "Fachada", "Externa"]);
  if (facts.bedrooms >= 3) plan.push(["bedroom", "Dormitório", "Imagem"]);
  plan.push(["living", "Sala de jantar", "Imagem"]);
  const photos: SandboxPhoto[] = [];
  for (let i = 0; i < Math.min(count, plan.length); i++) {
    const [scene, description, kind] = plan[i] as [string, string, string];
    photos.push({ scene, description, kind, order: i + 1, visible: true });
  }
  while (photos.length < count) {
    photos.push({ scene: "living", description: "Ambiente", kind: "Imagem", order: photos.length + 1, visible: true });
  }
  // A floor plan closes about a third of the galleries.
  if (rng.chance(0.35)) {
    const last = photos[photos.length - 1] as SandboxPhoto;
    photos[photos.length - 1] = {
      ...last,
      scene: "plan",
      description: `Planta ${facts.bedrooms} dorm.`,
      kind: "Planta",
    };
  }
  // Quirks of real tenants (docs/vista-api.md §4.2): a photo hidden from the site,
  // and galleries whose keys are not in `Ordem` order.
  if (rng.chance(0.1)) {
    // Keys keep their position; `Ordem` rotates so the cover ("Ordem" 1) sits at another key.
    const n = photos.length;
    const shift = rng.int(1, n - 1);
    for (let i = 0; i < n; i++) photos[i] = { ...(photos[i] as SandboxPhoto), order: ((i + shift) % n) + 1 };
  }
  if (rng.chance(0.05) && photos.length > 3) {
    const last = photos[photos.length - 1] as SandboxPhoto;
    if (last.order !== 1) photos[photos.length - 1] = { ...last, visible: false };
  }
  return photos;
}

function chooseCategory(rng: Rng, row: DatasetRow): string {
  if (row.size <= 40 && row.rooms <= 1 && rng.chance(0.5)) return "Studio";
  if (row.size >= 150 && row.suites >= 2 && rng.chance(0.25)) return "Cobertura";
  if (row.size >= 110 && row.rooms >= 3 && rng.chance(0.07)) return "Apartamento Duplex";
  return "Apartamento";
}

function deriveFeatures(
  rng: Rng,
  row: DatasetRow,
  category: string,
  tier: number,
  floor: number,
  orientationFlags: string[],
): Set<string> {
  const features = new Set<string>(["Cozinha", "Sala"]);
  const studio = category === "Studio";
  if (row.furnished) features.add("Mobiliado");
  else maybeAdd(features, rng, "SemiMobiliado", 0.08);
  if (row.pool) features.add("Piscina");
  maybeAdd(features, rng, "AreaServico", studio ? 0.4 : 0.92);
  maybeAdd(features, rng, "CozinhaAmericana", studio ? 0.85 : 0.3);
  maybeAdd(features, rng, "CozinhaPlanejada", 0.25 + 0.35 * tier);
  maybeAdd(features, rng, "ArmarioEmbutido", 0.6);
  maybeAdd(features, rng, "DormitorioComArmario", 0.45);
  maybeAdd(features, rng, "Sacada", category === "Cobertura" ? 0.5 : 0.45);
  if (category === "Cobertura") {
    features.add("Terraco");
    maybeAdd(features, rng, "Churrasqueira", 0.8);
  } else {
    maybeAdd(features, rng, "Churrasqueira", 0.12 + 0.25 * tier);
  }
  if (features.has("Sacada") && features.has("Churrasqueira")) maybeAdd(features, rng, "SacadaComChurrasqueira", 0.6);
  if (row.suites > 0) maybeAdd(features, rng, "SuiteMaster", 0.65);
  if (row.size >= 80) maybeAdd(features, rng, "Lavabo", 0.5);
  if (row.rooms >= 2) {
    features.add("SalaEstar");
    maybeAdd(features, rng, "SalaJantar", 0.7);
  }
  maybeAdd(features, rng, "AceitaPet", 0.55);
  maybeAdd(features, rng, "ArCondicionado", 0.1 + 0.3 * tier);
  if (features.has("ArCondicionado")) maybeAdd(features, rng, "Split", 0.7);
  maybeAdd(features, rng, "Internet", 0.3);
  maybeAdd(features, rng, "TVCabo", 0.25);
  if (row.size >= 120) {
    maybeAdd(features, rng, "WCEmpregada", 0.6);
    maybeAdd(features, rng, "DependenciaDeEmpregada", 0.45);
    maybeAdd(features, rng, "Escritorio", 0.3);
  }
  if (tier > 0.75) maybeAdd(features, rng, "Hidromassagem", 0.3);
  if (floor >= 10) maybeAdd(features, rng, "VistaPanoramica", 0.35);
  maybeAdd(features, rng, "Despensa", 0.15);
  if (row.toilets - row.suites >= 1) features.add("BanheiroSocial");
  for (const flag of orientationFlags) features.add(flag);
  return features;
}

/** Quantile rank (0..1) of price per m² within each purpose, so "richer" listings get richer extras. */
function priceTiers(rows: readonly DatasetRow[]): number[] {
  const tiers = new Array<number>(rows.length).fill(0.5);
  for (const purpose of ["sale", "rent"] as const) {
    const indexes = rows
      .map((row, index) => ({
        index,
        ppm: row.price > 0 && row.size > 0 ? row.price / row.size : -1,
        purpose: row.negotiation,
      }))
      .filter((entry) => entry.purpose === purpose && entry.ppm > 0)
      .sort((a, b) => a.ppm - b.ppm || a.index - b.index);
    indexes.forEach((entry, rank) => {
      tiers[entry.index] = indexes.length > 1 ? rank / (indexes.length - 1) : 0.5;
    });
  }
  return tiers;
}

/** Annual IPTU in BRL: ~0.45% of an estimated market value (sale price, or 250 × the monthly rent). */
function estimateIptu(rng: Rng, row: DatasetRow): number {
  if (row.price <= 0) return 0;
  const marketValue = row.negotiation === "sale" ? row.price : row.price * 250;
  return Math.round((marketValue * 0.0045 * rng.float(0.7, 1.3)) / 10) * 10;
}

const OBSERVATIONS = [
  "Chaves na portaria.",
  "Chaves com o proprietário; combinar a visita com 24 horas de antecedência.",
  "Proprietário prefere visitas após as 18h.",
  "Imóvel desocupado, chaves na imobiliária.",
  "Imóvel ocupado pelo inquilino; avisar com antecedência.",
  "Zelador acompanha as visitas durante a semana.",
  "Vaga de garagem demarcada, número no contrato.",
  "Pintura nova; piso trocado recentemente.",
];

const HISTORY_VISITS = [
  "Visita com cliente interessado; gostou da planta e da iluminação.",
  "Visita realizada; cliente achou o condomínio alto para o padrão do prédio.",
  "Cliente visitou com a família e pediu uma segunda visita.",
  "Visita realizada; cliente vai comparar com outro imóvel da região.",
  "Visita acompanhada pelo zelador; cliente elogiou a localização.",
];

const HISTORY_CONTACTS = [
  "Proprietário confirmou disponibilidade e valor.",
  "Contato com o proprietário para atualizar a documentação.",
  "Proprietário autorizou a divulgação nos portais.",
  "Proprietário pediu retorno semanal sobre as visitas.",
];

function historyEvent(
  rng: Rng,
  kind: number,
  listing: { brokerCode: string },
  sale: boolean,
  price: number,
): Omit<SandboxHistoryEntry, "id" | "date" | "time"> {
  switch (kind) {
    case 0:
    case 1:
      return {
        subject: "Visita realizada",
        text: rng.pick(HISTORY_VISITS),
        brokerCode: kind === 0 ? (rng.pick(BROKERS) as SandboxBroker).code : listing.brokerCode,
        proposalValue: 0,
      };
    case 2:
      return {
        subject: "Contato com proprietário",
        text: rng.pick(HISTORY_CONTACTS),
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    case 3: {
      const step = sale ? 1000 : 10;
      const value = Math.round((price * rng.float(0.86, 0.96)) / step) * step;
      return {
        subject: "Proposta recebida",
        text: sale
          ? `Proposta de ${brl(value)} recebida e encaminhada ao proprietário.`
          : `Proposta de locação por ${brl(value)} por mês encaminhada ao proprietário.`,
        brokerCode: (rng.pick(BROKERS) as SandboxBroker).code,
        proposalValue: value,
      };
    }
    case 4:
      return {
        subject: "Fotos atualizadas",
        text: "Novas fotos do imóvel publicadas no site e nos portais.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    case 5:
      return {
        subject: "Anúncio publicado",
        text: "Anúncio publicado nos portais parceiros.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    default:
      return {
        subject: "Placa instalada",
        text: "Placa da imobiliária instalada na fachada.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
  }
}

function compareHistory(a: { date: string; time: string }, b: { date: string; time: string }): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.time < b.time ? -1 : a.time > b.time ? 1 : 0;
}

function compareNumbers(a: number, b: number): number {
  return a - b;
}

/** 2–6 prontuário entries: the listing's registration first, then visits, proposals, contacts… up to its last update. */
function buildHistory(
  rng: Rng,
  listing: {
    index: number;
    createdAt: string;
    updatedAt: string;
    salePrice: number;
    rentPrice: number;
    brokerCode: string;
    hasSign: boolean;
  },
  broker: SandboxBroker,
): SandboxHistoryEntry[] {
  const sale = listing.salePrice > 0;
  const price = sale ? listing.salePrice : listing.rentPrice;
  const span = Math.max(1, daysBetween(listing.createdAt, listing.updatedAt));
  const count = rng.int(2, 6);
  const entries: SandboxHistoryEntry[] = [
    {
      id: "",
      date: listing.createdAt,
      time: `${pad2(rng.int(9, 17))}:${pad2(rng.int(0, 59))}`,
      subject: sale ? "Colocado para venda" : "Colocado para locação",
      text: `Imóvel captado por ${broker.fullName}. Autorização de ${sale ? "venda" : "locação"} assinada pelo proprietário.`,
      brokerCode: listing.brokerCode,
      proposalValue: 0,
    },
  ];
  const offsets: number[] = [];
  for (let k = 1; k < count; k++) offsets.push(rng.int(1, span));
  offsets.sort(compareNumbers);
  const kinds = listing.hasSign ? 7 : 6;
  for (const offset of offsets) {
    const event = historyEvent(rng, rng.int(0, kinds - 1), listing, sale, price);
    entries.push({
      id: "",
      ...event,
      date: addDays(listing.createdAt, offset),
      time: `${pad2(rng.int(8, 19))}:${pad2(rng.int(0, 59))}`,
    });
  }
  entries.sort(compareHistory);
  for (let k = 0; k < entries.length; k++)
    (entries[k] as SandboxHistoryEntry).id = String(100000 + listing.index * 10 + k);
  return entries;
}

interface BuildingSeed {
  key: string;
  rows: number[];
}

/**
 * Builds the catalogue from the data set text. Pure and deterministic: the same
 * text and options give the same catalogue. Takes a few hundred ms for 13,645 rows.
 * @throws {Error} when the CSV is malformed (see {@link parseDataset}).
 */
export function buildCatalogue(csvText: string, options: CatalogueOptions = {}): Catalogue {
  const hiddenShare = options.hiddenShare ?? 0.02;
  const rows = parseDataset(csvText);
  const tiers = priceTiers(rows);
  const coordinates = rows.map((row) => repairCoordinates(row.latitude, row.longitude));
  const neighbourhoodOf = (row: DatasetRow) => row.district.split("/")[0]?.trim() ?? "";
  const cityOf = (row: DatasetRow) => row.district.split("/")[1]?.trim() || "São Paulo";

  // Neighbourhood centroids: zone and CEP for listings without coordinates.
  const centroidSums = new Map<string, { lat: number; lon: number; n: number }>();
  rows.forEach((row, i) => {
    const c = coordinates[i];
    if (!c) return;
    const key = neighbourhoodOf(row);
    const sum = centroidSums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += c.latitude;
    sum.lon += c.longitude;
    sum.n += 1;
    centroidSums.set(key, sum);
  });
  const centroidOf = (neighbourhood: string) => {
    const sum = centroidSums.get(neighbourhood);
    return sum ? { latitude: sum.lat / sum.n, longitude: sum.lon / sum.n } : CITY_CENTRE;
  };

  // Buildings: identical repaired coordinates shared by two or more rows.
  const groups = new Map<string, BuildingSeed>();
  rows.forEach((_, i) => {
    const c = coordinates[i];
    if (!c) return;
    const key = `${c.latitude},${c.longitude}`;
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(i);
    groups.set(key, group);
  });
  const usedNames = new Set<string>();
  const buildingOfRow = new Map<number, SandboxBuilding>();
  const buildings: SandboxBuilding[] = [];
  for (const group of groups.values()) {
    if (group.rows.length < 2) continue;
    const rng = new Rng(`building:${group.key}`);
    const units = group.rows.map((i) => rows[i] as DatasetRow);
    const counts = new Map<string, number>();
    for (const unit of units) counts.set(neighbourhoodOf(unit), (counts.get(neighbourhoodOf(unit)) ?? 0) + 1);
    const neighbourhood = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
    const c = coordinates[group.rows[0] as number] as { latitude: number; longitude: number };
    const elevator = units.some((u) => u.elevator);
    const launch = units.some((u) => u.isNew);
    const tier = group.rows.reduce((sum, i) => sum + (tiers[i] as number), 0) / group.rows.length;
    const floors = launch ? rng.int(12, 30) : elevator ? rng.int(5, 24) : rng.int(2, 4);
    const infra = deriveInfra(rng, {
      elevator,
      pool: units.some((u) => u.pool),
      parking: units.some((u) => u.parking > 0),
      tier,
      launch,
      floors,
    });

    let base: string;
    const prefix = rng.pick(BUILDING_PREFIXES);
    base = rng.chance(0.55)
      ? `${prefix} ${rng.pick(BUILDING_HEADS)} ${rng.pick(BUILDING_TAILS)}`
      : `${prefix} ${rng.pick(BUILDING_SOLO)}`;
    base = base
      .replace("Residencial Residencial", "Residencial")
      .replace("Condomínio Residencial Residencial", "Condomínio Residencial");
    let name = base;
    for (let k = 0; usedNames.has(name); k++) {
      name = k < ROMAN.length ? `${base} ${ROMAN[k]}` : `${base} ${neighbourhood} ${k}`;
    }
    usedNames.add(name);

    const street = rng.pick(streetsOf(neighbourhood));
    const { zone, cepPrefix } = zoneOf(c.latitude, c.longitude);
    const yearBuilt = launch ? rng.int(2027, 2028) : elevator ? rng.int(1972, 2022) : rng.int(1962, 2005);
    const deliveryDate = launch ? `${yearBuilt}-${pad2(rng.int(1, 12))}-01` : "";
    const unitsPerFloor = rng.int(2, 8);
    const builder = rng.pick(BUILDERS);
    const building: SandboxBuilding = {
      code: String(1001 + buildings.length),
      name,
      description: "",
      neighbourhood,
      city: cityOf(units[0] as DatasetRow),
      latitude: c.latitude,
      longitude: c.longitude,
      streetType: street.type,
      street: street.name,
      number: String(rng.int(10, 3999)),
      cep: cepFor(cepPrefix, rng),
      zone,
      floors,
      unitsPerFloor,
      elevators: elevator ? (floors >= 15 ? rng.int(2, 3) : rng.int(1, 2)) : 0,
      yearBuilt,
      builder,
      developer: launch || rng.chance(0.3) ? rng.pick(DEVELOPERS) : "",
      launch,
      deliveryDate,
      workStart: launch ? `${yearBuilt - 3 + rng.int(0, 1)}-${pad2(rng.int(1, 12))}-01` : "",
      infra,
      photos: buildingPhotos(rng, infra),
      unitCodes: group.rows.map((i) => listingCode(i)),
    };
    building.description = composeBuildingDescription(
      {
        name,
        neighbourhood,
        floors,
        unitsPerFloor,
        yearBuilt,
        launch,
        deliveryDate,
        builder: launch ? builder : "",
        infra: [...infra],
      },
      rng,
    );
    buildings.push(building);
    for (const i of group.rows) buildingOfRow.set(i, building);
  }

  const brokersByCode = new Map(BROKERS.map((broker) => [broker.code, broker]));
  const listings: SandboxListing[] = rows.map((row, index) => {
    const rng = new Rng(`listing:${index}`);
    const code = listingCode(index);
    const building = buildingOfRow.get(index) ?? null;
    const neighbourhood = neighbourhoodOf(row);
    const city = cityOf(row);
    const c = coordinates[index] ?? null;
    const tier = tiers[index] as number;
    const sale = row.negotiation === "sale";
    const category = chooseCategory(rng, row);

    const floors = building?.floors ?? (row.elevator ? rng.int(4, 20) : rng.int(2, 4));
    const floor = category === "Cobertura" ? floors : rng.int(1, floors);
    const yearBuilt =
      building?.yearBuilt ??
      (row.isNew ? rng.int(2027, 2028) : row.elevator ? rng.int(1970, 2022) : rng.int(1960, 2005));
    const [orientation, orientationFlags] = rng.pick(ORIENTATIONS);
    const features = deriveFeatures(rng, row, category, tier, floor, orientationFlags);
    const infra = building
      ? building.infra
      : deriveInfra(rng, {
          elevator: row.elevator,
          pool: row.pool,
          parking: row.parking > 0,
          tier,
          launch: row.isNew,
          floors,
        });

    const position = c ?? centroidOf(neighbourhood);
    const { zone, cepPrefix } = zoneOf(position.latitude, position.longitude);
    const street = building ? { type: building.streetType, name: building.street } : rng.pick(streetsOf(neighbourhood));
    const number = building?.number ?? String(rng.int(10, 3999));
    const cep = building?.cep ?? cepFor(cepPrefix, rng);
    const complement = `Apto ${floor}${rng.int(1, building?.unitsPerFloor ?? 4)}`;

    const createdAt = addDays(REFERENCE_DATE, -(row.isNew ? rng.int(15, 150) : rng.int(20, 300)));
    const span = daysBetween(createdAt, REFERENCE_DATE);
    // Spread evenly up to the day before the reference date, so a delta sync
    // (`DataAtualizacao >= last seen`) re-reads only a day's worth of listings.
    const updatedAt = addDays(REFERENCE_DATE, -1 - Math.floor((span - 1) * rng.next()));
    const updatedTime = `${pad2(rng.int(8, 19))}:${pad2(rng.int(0, 59))}:${pad2(rng.int(0, 59))}`;

    const broker = BROKERS[hashString(`${neighbourhood}:${index % 3}`) % BROKERS.length] as SandboxBroker;
    const launch = row.isNew;
    const deliveryDate = building?.deliveryDate || (launch ? `${yearBuilt}-${pad2(rng.int(1, 12))}-01` : "");
    const featured = rng.chance(0.02);
    const exclusive = rng.chance(0.1);
    const hasSign = rng.chance(0.3);
    const acceptsFinancing = sale && rng.chance(0.85);
    const condoFee = row.condo > 0 ? row.condo : null;
    const iptu = estimateIptu(rng, row);

    const listing: SandboxListing = {
      index,
      code,
      status: sale ? "Venda" : "Aluguel",
      category,
      salePrice: sale ? row.price : 0,
      rentPrice: sale ? 0 : row.price,
      condoFee,
      iptu,
      area: row.size,
      bedrooms: row.rooms,
      bathrooms: row.toilets,
      suites: row.suites,
      parking: row.parking,
      neighbourhood,
      city,
      state: "SP",
      latitude: c?.latitude ?? null,
      longitude: c?.longitude ?? null,
      zone,
      cep,
      streetType: street.type,
      street: street.name,
      number,
      complement,
      floor,
      floors,
      yearBuilt,
      deliveryDate,
      createdAt,
      updatedAt,
      updatedTime,
      brokerCode: broker.code,
      featured,
      superFeatured: featured && rng.chance(0.2),
      launch,
      exclusive,
      showOnSite: new Rng(`visibility:${code}`).next() >= hiddenShare,
      acceptsFinancing,
      acceptsExchange: rng.chance(0.15),
      acceptsDacao: rng.chance(0.08),
      hasSign,
      situation: launch ? "Novo" : yearBuilt >= 2021 ? "Novo" : "Usado",
      occupancy: rng.chance(0.7) ? "Desocupado" : "Ocupado",
      orientation,
      features,
      infra,
      no: rng.chance(0.05) ? "Não" : "Nao",
      building,
    };
    return listing;
  });

  return {
    listings,
    byCode: new Map(listings.map((listing) => [listing.code, listing])),
    buildings,
    buildingsByCode: new Map(buildings.map((building) => [building.code, building])),
    brokers: BROKERS,
    brokersByCode,
    referenceDate: REFERENCE_DATE,
  };
}

/** The facts texts are composed from. */
function factsOf(listing: SandboxListing, rng: Rng): ListingFacts {
  const sale = listing.salePrice > 0 || (listing.rentPrice === 0 && listing.status !== "Aluguel");
  return {
    category: listing.category,
    purpose: sale ? "venda" : "aluguel",
    price: sale ? listing.salePrice : listing.rentPrice,
    condoFee: listing.condoFee,
    iptu: listing.iptu,
    area: listing.area,
    bedrooms: listing.bedrooms,
    suites: listing.suites,
    bathrooms: listing.bathrooms,
    parking: listing.parking,
    neighbourhood: listing.neighbourhood,
    city: listing.city,
    furnished: listing.features.has("Mobiliado"),
    launch: listing.launch,
    deliveryDate: listing.deliveryDate,
    acceptsPets: listing.features.has("AceitaPet"),
    acceptsFinancing: listing.acceptsFinancing,
    features: rng.shuffle([...listing.features]),
    infra: rng.shuffle([...listing.infra]),
    building: listing.building?.name ?? "",
    floor: listing.floor,
  };
}

/**
 * The listing's gallery (3–8 photos), planned on first use and kept on the
 * record. Deterministic: seeded by the code.
 */
export function photosOf(listing: SandboxListing): readonly SandboxPhoto[] {
  listing.photos ??= listingPhotos(new Rng(`photos:${listing.code}`), {
    bedrooms: listing.bedrooms,
    suites: listing.suites,
    features: listing.features,
    category: listing.category,
    area: listing.area,
    building: listing.building !== null,
  });
  return listing.photos;
}

/**
 * The listing's Portuguese texts, composed on first use and kept on the record.
 * Deterministic: seeded by the code, independent of call order.
 */
export function textsOf(listing: SandboxListing): ListingTexts {
  if (!listing.texts) {
    const rng = new Rng(`texts:${listing.code}`);
    const facts = factsOf(listing, rng);
    listing.texts = {
      title: composeTitle(facts, rng),
      description: composeDescription(facts),
      webDescription: composeWebDescription(facts, rng),
      adText: composeAdText(facts, rng),
      keywords: composeKeywords(facts),
    };
  }
  return listing.texts;
}

/**
 * The listing's private data (owners, notes, prontuário), composed on first use.
 * Deterministic: seeded by the code.
 */
export function privateOf(listing: SandboxListing): ListingPrivate {
  if (!listing.privateData) {
    const rng = new Rng(`private:${listing.code}`);
    const sale = listing.salePrice > 0;
    const ownerCount = rng.chance(0.25) ? 2 : 1;
    const ownerSurname = rng.pick(SURNAMES);
    const owners: SandboxOwner[] = [];
    for (let k = 0; k < ownerCount; k++) {
      const first = rng.pick(FIRST_NAMES);
      owners.push({
        code: String(50000 + listing.index * 2 + k),
        name: `${first} ${rng.pick(SURNAMES)} ${ownerSurname}`,
        phone: mobilePhone(rng),
        mobile: mobilePhone(rng),
        email: `${folded(first)}.${folded(ownerSurname)}${rng.int(1, 99)}@email.example`,
      });
    }
    const notes = rng.shuffle(OBSERVATIONS).slice(0, rng.int(1, 2)).join(" ");
    const saleNotes = sale
      ? `Valor mínimo aceito pelo proprietário: ${brl(Math.round((listing.salePrice * rng.float(0.9, 0.97)) / 1000) * 1000)}. ${
          listing.acceptsFinancing ? "Aceita financiamento bancário." : "Somente à vista."
        } ${rng.pick(["Documentação em ordem.", "Inventário concluído; documentação em ordem.", "Matrícula atualizada na pasta do imóvel."])}`
      : "";
    const rentNotes =
      listing.rentPrice > 0
        ? `Garantias aceitas: ${rng.pick(["fiador, seguro-fiança ou título de capitalização", "seguro-fiança ou caução de três meses", "fiador com imóvel em São Paulo ou seguro-fiança"])}.`
        : "";
    const broker = BROKERS.find((b) => b.code === listing.brokerCode) ?? (BROKERS[0] as SandboxBroker);
    listing.privateData = { owners, notes, saleNotes, rentNotes, history: buildHistory(rng, listing, broker) };
  }
  return listing.privateData;
}

let cached: { key: string; catalogue: Catalogue } | undefined;

/**
 * The catalogue built from the copied data set, built once per process and
 * options (in-memory cache; mutations live in each sandbox's own state).
 * @throws {Error} when the data set file is missing or malformed.
 */
export function loadCatalogue(options: CatalogueOptions = {}): Catalogue {
  const key = JSON.stringify({ hiddenShare: options.hiddenShare ?? 0.02 });
  if (cached?.key !== key) cached = { key, catalogue: buildCatalogue(readFileSync(DATASET_PATH, "utf8"), options) };
  return cached.catalogue;
}
