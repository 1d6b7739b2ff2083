/**
 * The adapter: the ONE place that knows Vista's value quirks (docs/style.md §4;
 * docs/vista-api.md §4.5, §8.1 "Normalise at the boundary"). It turns wire strings
 * into the domain model of `app/domain/`:
 * - numbers from strings, accepting "," decimals ("1500,50") and thousands
 *   separators; `""` → null, and `"0"` → null where zero means "unknown"
 *   (prices, areas, coordinates, year, floors);
 * - flags: "Sim" / JSON true → true; "Nao", "Não", "" and anything else → false;
 * - dates: "YYYY-MM-DD[ HH:MM:SS]" (and "DD/MM/YYYY") → "YYYY-MM-DD"; "0000-00-00" → null;
 * - sub-tables: keyed objects or `[]` → arrays (photos sorted by `Ordem`,
 *   hidden rows dropped, empty/non-http(s) URLs dropped);
 * - amenity objects → pt-BR labels of the entries that are "Sim".
 * Pure functions, no I/O.
 */
import type { Condominium } from "~/domain/condominium";
import type { Attachment, Broker, HistoryEntry, Listing, ListingPrivateData, Photo, Video } from "~/domain/listing";
import { humanizeAmenityLabel } from "./amenities";
import type {
  VistaAmenitiesWire,
  VistaAttachmentWire,
  VistaBrokerWire,
  VistaListingWire,
  VistaOwnerWire,
  VistaPhotoWire,
  VistaProntuarioWire,
  VistaVideoWire,
} from "./wire";

// ---------------------------------------------------------------------------
// Scalars

/** Trimmed text of a wire value; numbers are stringified, anything else is "". Line endings become "\n". */
export function text(value: unknown): string {
  if (typeof value === "string") return value.replace(/\r\n?/g, "\n").trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/**
 * A number from a Vista string (docs/vista-api.md §4.5): "7000000", "1500.50",
 * "1500,50", "1.500.000", "1.500,50", "-25.4434667", or a JSON number.
 * Returns null for "", non-numeric text, NaN or infinities.
 */
export function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  let s = value.trim().replace(/\s+/g, "").replace(/^R\$/i, "");
  if (s === "") return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the last one is the decimal separator.
    s = lastComma > lastDot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (lastComma >= 0) {
    // Only commas: one comma is a decimal separator, several are thousands separators.
    s = s.indexOf(",") === lastComma ? s.replace(",", ".") : s.replace(/,/g, "");
  } else if (lastDot >= 0 && s.indexOf(".") !== lastDot) {
    // Several dots: thousands separators ("1.500.000").
    s = s.replace(/\./g, "");
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A positive amount (BRL, m²) or null: "" / "0" / negatives mean "unknown" (docs/vista-api.md §6.1). */
export function parsePositive(value: unknown): number | null {
  const n = parseNumber(value);
  return n !== null && n > 0 ? n : null;
}

/** A count (bedrooms, parking spaces…): an integer ≥ 0, "0" kept as 0; "" → null. */
export function parseCount(value: unknown): number | null {
  const n = parseNumber(value);
  return n !== null && n >= 0 ? Math.round(n) : null;
}

/** A Vista flag as a boolean: "Sim" (any case) or JSON true → true; "Nao", "Não", "" and the rest → false. */
export function parseFlag(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value !== "string") return false;
  return /^(sim|s|true|1)$/i.test(value.trim());
}

/** Explicitly "no" ("Nao", "Não", "N", false): used to hide rows whose `ExibirNoSite` says so. */
function isExplicitNo(value: unknown): boolean {
  if (value === false) return true;
  if (typeof value !== "string") return false;
  return /^(n[aã]o|n|false|0)$/i.test(value.trim());
}

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * An ISO date "YYYY-MM-DD" from Vista's "YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS",
 * "DD/MM/YYYY" or "MM/YYYY" (first of the month); null for "", zero dates
 * ("0000-00-00") and impossible dates (docs/vista-api.md §4.5).
 */
export function parseDate(value: unknown): string | null {
  const s = text(value);
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(s);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return validDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
  }
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(s);
  if (match) {
    const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return validDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) {
    const [month, year] = [Number(match[1]), Number(match[2])];
    return validDate(year, month, 1) ? `${year}-${pad(month)}-01` : null;
  }
  return null;
}

/** The time part "HH:MM[:SS]" of a value, or "". */
function parseTime(value: unknown): string {
  const match = /(?:^|[ T])(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(text(value));
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return "";
  return `${pad(Number(match[1]))}:${match[2]}${match[3] ? `:${match[3]}` : ""}`;
}

/** An http(s) URL or "" (empty, relative, `javascript:`… dropped; "//host/x" becomes https). */
export function parseHttpUrl(value: unknown): string {
  let s = text(value);
  if (s.startsWith("//")) s = `https:${s}`;
  if (!/^https?:\/\/[^\s/]+/i.test(s) || /\s/.test(s)) return "";
  try {
    return new URL(s).href;
  } catch {
    return "";
  }
}

/** Digits only ("(11) 99999-0000" → "11999990000"). */
export function digitsOnly(value: unknown): string {
  return text(value).replace(/\D+/g, "");
}

/**
 * Coordinates in WGS84 degrees, or both null (docs/vista-api.md §4.5): negatives
 * kept; "", "0", non-numbers and out-of-range values (|lat| > 90, |lon| > 180)
 * rejected; one bad half voids the pair (a point needs both).
 */
export function parseCoordinates(
  latitude: unknown,
  longitude: unknown,
): { latitude: number | null; longitude: number | null } {
  const lat = parseNumber(latitude);
  const lon = parseNumber(longitude);
  const ok = lat !== null && lon !== null && lat !== 0 && lon !== 0 && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return ok ? { latitude: lat, longitude: lon } : { latitude: null, longitude: null };
}

/** A plausible year (1800…next decade) or null ("0", "" and typos like "19" → null). */
function parseYear(value: unknown): number | null {
  const n = parseNumber(value);
  if (n === null || !Number.isInteger(n)) return null;
  return n >= 1800 && n <= new Date().getUTCFullYear() + 10 ? n : null;
}

// ---------------------------------------------------------------------------
// Sub-tables

/**
 * The rows of a sub-table: keyed object (in key order, which JSON.parse made
 * numeric-ascending for "1", "2"…) or array; `[]`, null and scalars give [].
 * Each row comes with its key.
 */
export function subTableRows<T>(value: unknown): { key: string; row: T }[] {
  if (Array.isArray(value)) {
    return value
      .map((row, index) => ({ key: String(index + 1), row }))
      .filter((entry) => entry.row !== null && typeof entry.row === "object" && !Array.isArray(entry.row)) as {
      key: string;
      row: T;
    }[];
  }
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, row]) => row !== null && typeof row === "object" && !Array.isArray(row))
    .map(([key, row]) => ({ key, row: row as T }));
}

function hidden(row: { ExibirNoSite?: unknown; ExibirSite?: unknown }): boolean {
  return isExplicitNo(row.ExibirNoSite) || isExplicitNo(row.ExibirSite);
}

/**
 * Photos of a `Foto` / `FotoEmpreendimento` sub-table (docs/vista-api.md §4.2 "Media
 * details"): rows with `ExibirNoSite`/`ExibirSite` "Nao" hidden, empty or
 * non-http(s) `Foto` dropped, thumbnail falling back to the full URL, sorted by
 * `Ordem` (rows without one after the others, in key order), duplicates removed.
 */
export function toPhotos(subTable: unknown): Photo[] {
  const rows = subTableRows<VistaPhotoWire>(subTable);
  const photos: (Photo & { position: number; hasOrder: boolean })[] = [];
  const seen = new Set<string>();
  rows.forEach(({ row }, position) => {
    if (hidden(row)) return;
    const url = parseHttpUrl(row.Foto) || parseHttpUrl(row.FotoOriginal);
    if (!url || seen.has(url)) return;
    seen.add(url);
    const order = parseNumber(row.Ordem);
    photos.push({
      url,
      thumbnailUrl: parseHttpUrl(row.FotoPequena) || url,
      isCover: parseFlag(row.Destaque),
      order: order ?? 0,
      description: text(row.Descricao),
      kind: text(row.Tipo),
      position,
      hasOrder: order !== null,
    });
  });
  photos.sort((a, b) => {
    if (a.hasOrder !== b.hasOrder) return a.hasOrder ? -1 : 1;
    return a.order - b.order || a.position - b.position;
  });
  // Rows without `Ordem` go last, numbered after the highest known order.
  let nextOrder = Math.max(0, ...photos.filter((p) => p.hasOrder).map((p) => p.order));
  return photos.map(({ position: _position, hasOrder, ...photo }) => ({
    ...photo,
    order: hasOrder ? photo.order : ++nextOrder,
  }));
}

/** A provider id from a `Video` value: YouTube URLs are reduced to their id; other values are kept. */
function videoIdOf(value: unknown, provider: string): string {
  const raw = text(value);
  if (provider === "youtube" && /^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      const fromQuery = url.searchParams.get("v");
      if (fromQuery) return fromQuery;
      const last = url.pathname.split("/").filter(Boolean).at(-1);
      if (last) return last;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Videos of a `Video` sub-table (docs/spec.txt §3 "Video item"; docs/vista-api.md §4.2): hidden rows and empty ids dropped, key order kept. */
export function toVideos(subTable: unknown): Video[] {
  return subTableRows<VistaVideoWire>(subTable)
    .filter(({ row }) => !hidden(row))
    .map(({ key, row }) => {
      const provider = text(row.Tipo).toLowerCase();
      return {
        code: text(row.Codigo),
        videoCode: text(row.VideoCodigo) || key,
        date: parseDate(row.Data),
        description: text(row.Descricao),
        webDescription: text(row.DescricaoWeb),
        isFeatured: parseFlag(row.Destaque),
        showOnSite: true,
        videoId: videoIdOf(row.Video, provider),
        provider,
      };
    })
    .filter((video) => video.videoId !== "");
}

/** Attachments of an `Anexo` sub-table: hidden rows and empty/non-http(s) URLs dropped (docs/spec.txt §3 "Anexo"). */
export function toAttachments(subTable: unknown): Attachment[] {
  return subTableRows<VistaAttachmentWire>(subTable)
    .filter(({ row }) => !hidden(row))
    .map(({ row }) => ({
      url: parseHttpUrl(row.Anexo) || parseHttpUrl(row.Arquivo),
      description: text(row.Descricao),
    }))
    .filter((attachment) => attachment.url !== "");
}

/**
 * pt-BR labels of the amenities set to "Sim" in a `Caracteristicas` /
 * `InfraEstrutura` object (docs/vista-api.md §4.2), in Vista's order, deduplicated.
 */
export function toAmenityLabels(amenities: VistaAmenitiesWire | unknown): string[] {
  if (amenities === null || typeof amenities !== "object" || Array.isArray(amenities)) return [];
  const labels: string[] = [];
  for (const [label, value] of Object.entries(amenities as Record<string, unknown>)) {
    if (!parseFlag(value)) continue;
    const human = humanizeAmenityLabel(label);
    if (human && !labels.includes(human)) labels.push(human);
  }
  return labels;
}

/** Whether an amenity object has a given CamelCase flag set ("Sala T V" matches "SalaTV"). */
function amenityFlag(amenities: unknown, camelName: string): boolean {
  if (amenities === null || typeof amenities !== "object" || Array.isArray(amenities)) return false;
  for (const [label, value] of Object.entries(amenities as Record<string, unknown>)) {
    if (label.replace(/\s+/g, "") === camelName) return parseFlag(value);
  }
  return false;
}

/**
 * A broker from a `Corretor` row (docs/vista-api.md §6.6 website-safe subset):
 * name from `Nome`, else `Nomecompleto`; phones digits only; photo URL
 * http(s) or "". `fallbackCode` (the row's key) is used when `Codigo` is empty.
 */
export function toBroker(wire: VistaBrokerWire, fallbackCode = ""): Broker {
  return {
    code: text(wire.Codigo) || fallbackCode,
    name: text(wire.Nome) || text(wire.Nomecompleto),
    email: text(wire.Email).toLowerCase(),
    phone: digitsOnly(wire.Fone),
    mobile: digitsOnly(wire.Celular),
    creci: text(wire.CRECI),
    photoUrl: parseHttpUrl(wire.Foto),
  };
}

/**
 * The listing's broker: the first `Corretor` row; else, when only the flat
 * fields exist, `CorretorNome` "332:JOÃO SILVA" / `CodigoCorretor`
 * (docs/vista-api.md §4.5 "Composite strings"). Null when none.
 */
function listingBroker(wire: VistaListingWire): Broker | null {
  const first = subTableRows<VistaBrokerWire>(wire.Corretor)[0];
  if (first) {
    const broker = toBroker(first.row, text(wire.Corretor_Codigo) || first.key);
    if (broker.code || broker.name) return broker;
  }
  const composite = text(wire.CorretorNome);
  const [codePart, ...nameParts] = composite.includes(":") ? composite.split(":") : ["", composite];
  const code = text(wire.CodigoCorretor) || text(wire.Corretor_Codigo) || codePart.trim();
  const name = nameParts.join(":").trim();
  if (!code && !name) return null;
  return { code, name, email: "", phone: "", mobile: "", creci: "", photoUrl: "" };
}

// ---------------------------------------------------------------------------
// Listing

/** Removes "?" left by emojis that Vista could not store (docs/vista-api.md §4.5) at the start of a title. */
function cleanTitle(value: unknown): string {
  return text(value)
    .replace(/^(\?+\s*)+/, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** A fallback title in pt-BR when `TituloSite` is empty: "Apartamento em Moema, São Paulo". */
function fallbackTitle(category: string, neighbourhood: string, city: string): string {
  const place = [neighbourhood, city].filter(Boolean).join(", ");
  return place ? `${category || "Imóvel"} em ${place}` : category || "Imóvel";
}

/**
 * A listing in the domain model from a `listar` item, possibly merged with a
 * `detalhes` reply (media sub-tables). Every field of {@link Listing} is filled
 * (docs/spec.txt §3 "Property", "Foto", "Video", "Anexo"). Top-level amenity flags fall
 * back to the `Caracteristicas`/`InfraEstrutura` objects when not requested.
 * Owner/internal fields are never read here (see {@link toPrivateData}).
 */
export function toListing(wire: VistaListingWire): Listing {
  const carac = wire.Caracteristicas;
  const infra = wire.InfraEstrutura;
  const flag = (name: keyof VistaListingWire & string) =>
    wire[name] !== undefined && wire[name] !== ""
      ? parseFlag(wire[name])
      : amenityFlag(carac, name) || amenityFlag(infra, name);
  const category = text(wire.Categoria);
  const neighbourhood = text(wire.Bairro) || text(wire.BairroComercial);
  const city = text(wire.Cidade);
  const primary = parseCoordinates(wire.Latitude, wire.Longitude);
  const coordinates = primary.latitude !== null ? primary : parseCoordinates(wire.GMapsLatitude, wire.GMapsLongitude);
  const floors = parsePositive(wire.Andares);
  const photos = toPhotos(wire.Foto);
  const coverFromGallery = photos.find((photo) => photo.isCover) ?? photos[0];

  return {
    code: text(wire.Codigo),
    category,
    status: text(wire.Status),
    updatedAt: parseDate(wire.DataAtualizacao) ?? parseDate(wire.DataHoraAtualizacao),
    registeredAt: parseDate(wire.DataCadastro),
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    bedrooms: parseCount(wire.Dormitorios),
    suites: parseCount(wire.Suites),
    parkingSpaces: parseCount(wire.Vagas),
    bathrooms: parseCount(wire.TotalBanheiros),
    socialBathrooms: parseCount(wire.BanheiroSocialQtd),
    neighbourhood,
    city,
    state: text(wire.UF).toUpperCase(),
    address: text(wire.Endereco),
    salePrice: parsePositive(wire.ValorVenda),
    salePricePerM2: parsePositive(wire.ValorVendaM2),
    rentPrice: parsePositive(wire.ValorLocacao),
    iptu: parsePositive(wire.ValorIptu),
    condoFee: parsePositive(wire.ValorCondominio),
    totalArea: parsePositive(wire.AreaTotal),
    builtArea: parsePositive(wire.AreaConstruida),
    privateArea: parsePositive(wire.AreaPrivativa),
    description: text(wire.Descricao),
    webDescription: text(wire.DescricaoWeb),
    title: cleanTitle(wire.TituloSite) || fallbackTitle(category, neighbourhood, city),
    adText: text(wire.TextoAnuncio),
    isLaunch: parseFlag(wire.Lancamento),
    isExclusive: parseFlag(wire.Exclusivo),
    isFeatured: parseFlag(wire.DestaqueWeb),
    isDevelopment: parseFlag(wire.EEmpreendimento),
    development: text(wire.Empreendimento),
    deliveryDate: parseDate(wire.DataEntrega),
    furnished: flag("Mobiliado"),
    yearBuilt: parseYear(wire.AnoConstrucao),
    orientation: text(wire.Orientacao),
    facesEast: flag("Leste"),
    facesWest: flag("Oeste"),
    facesNorth: flag("Norte"),
    facesSouth: flag("Sul"),
    pool: flag("Piscina"),
    fitnessRoom: flag("SalaFitness"),
    concierge: flag("Portaria"),
    concierge24h: flag("Portaria24Hrs"),
    garden: flag("Jardim"),
    garage: flag("Garagem"),
    coveredGarage: flag("GaragemCoberta"),
    sportsCourt: flag("QuadraEsportes"),
    acceptsExchange: flag("AceitaDacao"),
    block: text(wire.Quadra),
    lot: text(wire.Lote),
    gatedCommunity: flag("CondominioFechado"),
    floors: floors !== null ? Math.round(floors) : null,
    features: toAmenityLabels(carac),
    infrastructure: toAmenityLabels(infra),
    coverPhotoUrl: parseHttpUrl(wire.FotoDestaque) || coverFromGallery?.url || "",
    featuredVideo: text(wire.VideoDestaque),
    featuredVideoType: text(wire.VideoDestaqueTipo).toLowerCase(),
    showOnSite: parseFlag(wire.ExibirNoSite),
    broker: listingBroker(wire),
    photos,
    videos: toVideos(wire.Video),
    attachments: toAttachments(wire.Anexo),
  };
}

/**
 * The condominium a unit belongs to (docs/vista-api.md §2.2: no endpoint, derived
 * from unit fields): name `Empreendimento`, description
 * `DescricaoEmpreendimento`, amenities from `InfraEstrutura`, gallery from
 * `FotoEmpreendimento`, place from the unit. Null when `Empreendimento` is
 * empty. The slug is the caller's (it must be unique across buildings).
 */
export function toCondominiumFromUnit(wire: VistaListingWire): Omit<Condominium, "slug"> | null {
  const name = text(wire.Empreendimento).replace(/\s{2,}/g, " ");
  if (!name) return null;
  const coordinates = parseCoordinates(wire.Latitude, wire.Longitude);
  const photos = toPhotos(wire.FotoEmpreendimento);
  const cover = photos.find((photo) => photo.isCover) ?? photos[0];
  const floors = parsePositive(wire.Andares);
  return {
    name,
    description: text(wire.DescricaoEmpreendimento),
    neighbourhood: text(wire.Bairro) || text(wire.BairroComercial),
    city: text(wire.Cidade),
    state: text(wire.UF).toUpperCase(),
    address: text(wire.Endereco),
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    infrastructure: toAmenityLabels(wire.InfraEstrutura),
    photos,
    coverPhotoUrl: parseHttpUrl(wire.FotoDestaqueEmpreendimento) || cover?.url || "",
    floors: floors !== null ? Math.round(floors) : null,
    yearBuilt: parseYear(wire.AnoConstrucao),
    isLaunch: parseFlag(wire.Lancamento),
  };
}

/**
 * The private part of a listing (docs/spec.txt §3: Observacoes, ObsVenda,
 * AssuntoProntuario, Proprietario, CodigoProprietario, proprietarios) from a
 * `detalhes` reply requested with `PRIVATE_FIELDS`. Broker area only.
 */
export function toPrivateData(wire: VistaListingWire): ListingPrivateData {
  return {
    notes: text(wire.Observacoes),
    saleNotes: text(wire.ObsVenda),
    historySubject: text(wire.AssuntoProntuario),
    ownerName: text(wire.Proprietario),
    ownerCode: text(wire.CodigoProprietario),
    owners: subTableRows<VistaOwnerWire>(wire.proprietarios)
      .map(({ row }) => ({ name: text(row.Proprietario), phone: digitsOnly(row.FonePrincipal) }))
      .filter((owner) => owner.name !== "" || owner.phone !== ""),
  };
}

/**
 * History entries (docs/spec.txt §3 "Prontuario": Data, Hora, Assunto, Texto) from
 * `/imoveis/prontuario` rows or a `prontuarios` sub-table, newest first. A
 * time inside `Data` ("2024-09-08 14:30:00") is used when `Hora` is empty.
 * Rows without date, subject and text are dropped.
 */
export function toHistoryEntries(rows: readonly VistaProntuarioWire[] | unknown): HistoryEntry[] {
  const list = subTableRows<VistaProntuarioWire>(rows).map(({ row }) => row);
  return list
    .map((row, index) => ({
      entry: {
        date: parseDate(row.Data),
        time: parseTime(text(row.Hora) || row.Data),
        subject: text(row.Assunto),
        text: text(row.Texto),
      },
      index,
    }))
    .filter(({ entry }) => entry.date !== null || entry.subject !== "" || entry.text !== "")
    .sort((a, b) => {
      const ka = `${a.entry.date ?? ""} ${a.entry.time}`;
      const kb = `${b.entry.date ?? ""} ${b.entry.time}`;
      return kb.localeCompare(ka) || a.index - b.index;
    })
    .map(({ entry }) => entry);
}
