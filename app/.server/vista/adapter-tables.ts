/**
 * The adapter's sub-table readers (docs/vista-api.md §4.2): keyed objects or
 * `[]` → arrays; photos sorted by `Ordem`, hidden rows dropped, empty or
 * non-http(s) URLs dropped; amenity objects → pt-BR labels; the broker row.
 * Pure functions, no I/O; `adapter.ts` is the public face.
 */
import type { Attachment, Broker, Photo, Video } from "~/domain/listing";
import { digitsOnly, isExplicitNo, parseDate, parseFlag, parseHttpUrl, parseNumber, text } from "./adapter-scalars";
import { humanizeAmenityLabel } from "./amenities";
import type {
  VistaAmenitiesWire,
  VistaAttachmentWire,
  VistaBrokerWire,
  VistaListingWire,
  VistaPhotoWire,
  VistaVideoWire,
} from "./contract";

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
export function amenityFlag(amenities: unknown, camelName: string): boolean {
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
export function listingBroker(wire: VistaListingWire): Broker | null {
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
