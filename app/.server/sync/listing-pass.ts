/**
 * The listing passes of one sync run (`./run`, ADR 0007): listings read from
 * Vista's `imoveis/listar` with bounded concurrency, each with one `detalhes`
 * call for its media (`./media`), checked and adapted (`./wire-check`), and
 * queued as rows on the batch writer (`./writer`). A run makes the main pass
 * (every visible listing, or those changed since the watermark) and, in a
 * delta run, the revival pass (visible codes fetched by code).
 */
import type { Db } from "../db";
import { condominiums, listings } from "../db/schema";
import {
  CODE_ONLY_FIELDS,
  LISTING_FIELDS,
  toCondominiumFromUnit,
  type VistaClient,
  type VistaListingWire,
} from "../vista";
import { forEachConcurrent, mapAsync } from "./concurrency";
import { MediaFetcher } from "./media";
import type { ProgressReporter } from "./progress";
import { CondominiumSlugs, condominiumRow, firstSeenAtOf, listingRow } from "./rows";
import { adaptChecked } from "./wire-check";
import { BatchWriter, knownCodes } from "./writer";

/** A run's counts besides the required ones (`SyncCounts`); every one starts at 0. */
export interface RunCounters {
  fetched: number;
  upserted: number;
  removed: number;
  detailsFetched: number;
  mediaErrors: number;
  noPrice: number;
  invalid: number;
  vanished: number;
  revived: number;
  visible: number;
  condominiums: number;
  brokers: number;
  priceChanges: number;
  refused: number;
  futureDates: number;
  /** Time spent writing batches to the database, ms. */
  writeMs: number;
}

/** What the passes of one run need. */
export interface ListingPassOptions {
  db: Db;
  client: VistaClient;
  log: (line: string) => void;
  reporter: ProgressReporter;
  /** The run's clock (update dates after its day are clamped). */
  now: () => Date;
  /** `detalhes` calls in flight at once. */
  concurrency: number;
  /** Rows per multi-row upsert. */
  batchSize: number;
  /** The watermark the run starts from (ISO date), null when none. */
  watermark: string | null;
  signal?: AbortSignal;
}

/**
 * The listings of one run, handled once each: what was received, what
 * vanished, the watermark reached, the counts. Open it with
 * {@link ListingPass.open}, run the passes, then {@link ListingPass.flush}.
 */
export class ListingPass {
  readonly counters: RunCounters = {
    fetched: 0,
    upserted: 0,
    removed: 0,
    detailsFetched: 0,
    mediaErrors: 0,
    noPrice: 0,
    invalid: 0,
    vanished: 0,
    revived: 0,
    visible: 0,
    condominiums: 0,
    brokers: 0,
    priceChanges: 0,
    refused: 0,
    futureDates: 0,
    writeMs: 0,
  };
  /** Codes received from `listar` in this run (a code is handled once). */
  readonly seen = new Set<string>();
  /** Listed codes whose `detalhes` answered "not found": they count as no longer listed. */
  readonly vanished = new Set<string>();
  /** Highest update date seen, never after today (ISO date): where the next delta starts. */
  watermark: string | null;
  private processed = 0;
  private total: number | null = null;
  private readonly writer: BatchWriter;
  private readonly media: MediaFetcher;

  private constructor(
    private readonly options: ListingPassOptions,
    private readonly slugs: CondominiumSlugs,
    private readonly readModelEmpty: boolean,
  ) {
    this.watermark = options.watermark;
    this.writer = new BatchWriter(options.db, options.batchSize, this.counters);
    this.media = new MediaFetcher(options.client, this.counters, options.log, options.signal);
  }

  /**
   * Reads what the passes need from the read model: the condominium slugs
   * already given, and whether the read model is empty.
   * @throws database errors.
   */
  static async open(options: ListingPassOptions): Promise<ListingPass> {
    const { db } = options;
    const slugs = new CondominiumSlugs(
      (await db.select({ key: condominiums.buildingKey, slug: condominiums.slug }).from(condominiums)).map(
        (row) => [row.key, row.slug] as const,
      ),
    );
    // The first sync of an empty read model copies a catalogue that already
    // existed: its first_seen_at comes from DataCadastro, not from now (ADR 0033).
    const readModelEmpty = (await db.select({ code: listings.code }).from(listings).limit(1)).length === 0;
    return new ListingPass(options, slugs, readModelEmpty);
  }

  /**
   * Main pass: every listing with `ExibirNoSite = Sim` (full), or those with
   * `DataAtualizacao >= since` (delta; `>=` so same-day edits are never missed).
   * @throws Vista and database errors, and the abort reason.
   */
  async listChanged(mode: "full" | "delta", since: string | null): Promise<void> {
    const { client, concurrency, signal } = this.options;
    const filter: Record<string, string | [">=", string]> =
      mode === "full" ? { ExibirNoSite: "Sim" } : { DataAtualizacao: [">=", since!], ExibirNoSite: "Sim" };
    const pages = client.listAll(
      { fields: LISTING_FIELDS, filter },
      {
        signal,
        onPage: (progress) => {
          this.total = progress.total;
        },
      },
    );
    await forEachConcurrent(
      mapAsync(pages, (page) => this.fresh(page)),
      concurrency,
      (wire) => this.handle(wire),
    );
  }

  /**
   * Revival pass of a delta run: visible codes that have no active row and
   * were not in the delta (a listing shown again without a newer update
   * date) are fetched by code.
   * @throws Vista and database errors, and the abort reason.
   */
  async listRevived(visible: ReadonlySet<string>): Promise<void> {
    const { db, client, concurrency, signal } = this.options;
    const known = await knownCodes(db);
    const revived = [...visible].filter((code) => !this.seen.has(code) && !known.has(code));
    if (!revived.length) return;
    this.counters.revived = revived.length;
    this.total = (this.total ?? 0) + revived.length;
    const pages = (async function* () {
      for (const codes of codeChunks(revived, 50)) {
        yield* client.listAll({ fields: LISTING_FIELDS, filter: { Codigo: codes, ExibirNoSite: "Sim" } }, { signal });
      }
    })();
    await forEachConcurrent(
      mapAsync(pages, (page) => this.fresh(page)),
      concurrency,
      (wire) => this.handle(wire),
    );
  }

  /** Writes the rows still buffered and reports the final progress line. @throws database errors. */
  async flush(): Promise<void> {
    await this.writer.flush();
    this.options.reporter.report(this.processed, this.total, true);
  }

  /** The listings of a page not received before in this run (counted as fetched). */
  private fresh<T extends { Codigo?: string }>(page: readonly T[]): T[] {
    const out: T[] = [];
    for (const wire of page) {
      if (!wire.Codigo || this.seen.has(wire.Codigo)) continue;
      this.seen.add(wire.Codigo);
      out.push(wire);
    }
    this.counters.fetched += out.length;
    return out;
  }

  /** Details + check + adapt + queue one listed listing. */
  private async handle(wire: VistaListingWire): Promise<void> {
    const { log, signal } = this.options;
    const code = wire.Codigo;
    if (!code) return;
    signal?.throwIfAborted();
    const media = await this.media.fetch(code);
    this.processed++;
    this.options.reporter.report(this.processed, this.total);
    if (media === "vanished") {
      this.counters.vanished++;
      this.vanished.add(code);
      return;
    }
    const merged: VistaListingWire = media ? { ...wire, ...media, Codigo: code } : wire;
    const now = this.options.now();
    const checked = adaptChecked(merged, now);
    if (!checked.ok) {
      if (checked.reason === "unreadable") {
        // Written, the adapter would read the value as "none" and hide the listing as "no price".
        if (++this.counters.refused <= 3) {
          log(
            `[sync] imóvel ${code} não atualizado: valor ilegível em ${checked.fields.join(", ")} (mantidos os últimos dados)`,
          );
        }
      } else if (++this.counters.invalid <= 3) log(`[sync] imóvel ${code} ignorado: ${checked.message}`);
      return;
    }
    const { listing, day } = checked;
    if (checked.futureDay && ++this.counters.futureDates <= 3) {
      log(`[sync] imóvel ${code} com data de atualização no futuro (${checked.futureDay}); considerada ${day}`);
    }
    if (day && (!this.watermark || day > this.watermark)) this.watermark = day;
    const unit = toCondominiumFromUnit(merged);
    const condominiumSlug = unit ? this.slugs.slugFor(unit) : null;
    const row = listingRow(listing, condominiumSlug, now);
    row.firstSeenAt = firstSeenAtOf(listing, this.readModelEmpty, now);
    if (row.removalReason === "no_price") this.counters.noPrice++;
    await this.writer.add(
      row,
      unit && condominiumSlug ? condominiumRow(unit, condominiumSlug, row.syncedAt!) : null,
      listing.broker,
    );
  }
}

/** Codes of every listing shown on the site (`ExibirNoSite = Sim`), from a code-only pass. */
export async function visibleCodes(client: VistaClient, signal: AbortSignal | undefined): Promise<Set<string>> {
  const visible = new Set<string>();
  for await (const page of client.listAll({ fields: CODE_ONLY_FIELDS, filter: { ExibirNoSite: "Sim" } }, { signal })) {
    for (const wire of page) if (wire.Codigo) visible.add(wire.Codigo);
  }
  return visible;
}

/**
 * Splits codes into IN lists of at most `size`, never of exactly two: Vista
 * may read a two-value array on a numeric-looking field as an inclusive range
 * (docs/vista-api.md §3.2 "Ambiguity in two-element arrays"), so a pair is sent as
 * two single codes.
 */
export function codeChunks(codes: readonly string[], size: number): string[][] {
  const chunks: string[][] = [];
  for (let i = 0; i < codes.length; i += size) {
    const chunk = codes.slice(i, i + size);
    if (chunk.length === 2) chunks.push([chunk[0]], [chunk[1]]);
    else chunks.push(chunk);
  }
  return chunks;
}
