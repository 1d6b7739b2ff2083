/**
 * The `detalhes` call of each listed listing, for its media sub-tables
 * (photos, videos, attachments, condominium gallery; refused on `listar`,
 * docs/vista-api.md §3.1). Fields the key may not read are dropped for the
 * rest of the run (§3.1 per-key permissions).
 */
import {
  DETAIL_MEDIA_FIELDS,
  VistaBadRequestError,
  VistaFieldError,
  VistaNotFoundError,
  type VistaClient,
  type VistaFieldSpec,
  type VistaListingWire,
} from "../vista";

/** What {@link MediaFetcher} adds to as it works (a run's counters). */
export interface MediaCounters {
  /** `detalhes` calls answered. */
  detailsFetched: number;
  /** Listings whose media Vista refused with a 400 (they keep their `listar` cover photo). */
  mediaErrors: number;
}

/** Fetches media for one run; remembers the fields Vista refused. */
export class MediaFetcher {
  private fields: VistaFieldSpec[] = [...DETAIL_MEDIA_FIELDS];

  constructor(
    private readonly client: VistaClient,
    private readonly counters: MediaCounters,
    private readonly log: (line: string) => void,
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * The listing's media sub-tables, or null when unavailable (then the
   * listing keeps its `listar` cover photo), or "vanished" when Vista no
   * longer knows the code.
   * @throws other Vista errors (server, network, auth) and the abort reason.
   */
  async fetch(code: string): Promise<VistaListingWire | null | "vanished"> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.fields.length <= 1) return null;
      const fields = this.fields;
      try {
        const detail = await this.client.detalhes(code, fields, { signal: this.signal });
        this.counters.detailsFetched++;
        return detail;
      } catch (error) {
        if (error instanceof VistaNotFoundError) return "vanished";
        if (error instanceof VistaFieldError && error.fields.length) {
          if (this.fields === fields) {
            this.fields = dropFields(fields, error.fields);
            this.log(`[sync] campos recusados pelo Vista e ignorados: ${error.fields.join(", ")}`);
          }
          continue;
        }
        if (error instanceof VistaBadRequestError) {
          this.counters.mediaErrors++;
          if (this.counters.mediaErrors <= 3)
            this.log(`[sync] fotos do imóvel ${code} indisponíveis: ${error.message}`);
          return null;
        }
        throw error;
      }
    }
    return null;
  }
}

/** A field list without the rejected fields / sub-tables (and empty sub-tables). */
export function dropFields(fields: readonly VistaFieldSpec[], rejected: readonly string[]): VistaFieldSpec[] {
  const out: VistaFieldSpec[] = [];
  for (const spec of fields) {
    if (typeof spec === "string") {
      if (!rejected.includes(spec) || spec === "Codigo") out.push(spec);
      continue;
    }
    const entries = Object.entries(spec)
      .filter(([table]) => !rejected.includes(table))
      .map(
        ([table, subFields]) =>
          [table, subFields.filter((f) => !rejected.includes(f) && !rejected.includes(`${table}.${f}`))] as const,
      )
      .filter(([, subFields]) => subFields.length > 0);
    if (entries.length) out.push(Object.fromEntries(entries));
  }
  return out;
}
