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
 * Pure functions, no I/O. The scalar readers are in `adapter-scalars.ts`
 * (imported from there, or through `./index`), the sub-table readers in
 * `adapter-tables.ts`, which this module re-exports.
 */
import type { Condominium } from "~/domain/condominium";
import type { HistoryEntry, Listing, ListingPrivateData } from "~/domain/listing";
import {
  digitsOnly,
  parseCoordinates,
  parseDate,
  parseFlag,
  parseHttpUrl,
  parsePositive,
  parseCount,
  parseTime,
  parseYear,
  text,
} from "./adapter-scalars";
import {
  amenityFlag,
  listingBroker,
  subTableRows,
  toAmenityLabels,
  toAttachments,
  toPhotos,
  toVideos,
} from "./adapter-tables";
import type { VistaListingWire, VistaOwnerWire, VistaProntuarioWire } from "./contract";

export { subTableRows, toAmenityLabels, toAttachments, toBroker, toPhotos, toVideos } from "./adapter-tables";

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
