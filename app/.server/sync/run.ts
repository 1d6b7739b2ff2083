/**
 * One run of the listings sync: Vista → read model (docs/architecture.md "Data
 * flow" 1; ADR 0007; docs/vista-api.md §3.2 filters, §7 how others sync).
 *
 * - Full run (no watermark yet, forced, or the Vista source changed): every
 *   listing with `ExibirNoSite = Sim`.
 * - Delta run: listings with `DataAtualizacao >= watermark` and
 *   `ExibirNoSite = Sim` (`>=` so same-day edits are never missed), plus a
 *   code-only pass over all visible listings to detect removals, and to
 *   re-fetch listings that come back without a newer update date.
 * - Each listed listing gets one `detalhes` call for its media (photos,
 *   videos, attachments, condominium gallery; refused on `listar`,
 *   docs/vista-api.md §3.1), with bounded concurrency; rows are upserted in batches.
 * - Active rows whose code is no longer listed get `removed_at` (pages 410).
 * - Price history (ADR 0033): each batch's upsert also records, in the same
 *   statement, one `listing_price_changes` row per changed sale price, rent,
 *   condo fee or IPTU of a listing already stored, keeps `first_seen_at` and
 *   maintains `price_reduced_at`.
 */
import { and, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Broker, Listing } from "~/domain/listing";
import type { Database, Db } from "../db";
import { brokers, condominiums, listingPriceChanges, listings } from "../db/schema";
import {
  CODE_ONLY_FIELDS,
  DETAIL_MEDIA_FIELDS,
  LISTING_FIELDS,
  VistaBadRequestError,
  VistaFieldError,
  VistaNotFoundError,
  toCondominiumFromUnit,
  toListing,
  type VistaClient,
  type VistaFieldSpec,
  type VistaListingWire,
} from "../vista";
import { forEachConcurrent } from "./concurrency";
import { formatCount, formatSeconds, ProgressReporter } from "./progress";
import {
  AGENCY_UTC_OFFSET,
  CondominiumSlugs,
  condominiumRow,
  firstSeenAtOf,
  isoDate,
  listingRow,
  type CondominiumRow,
  type ListingRow,
} from "./rows";
import { readSyncState, sourceFingerprint, writeSyncState, type SyncCounts } from "./state";

/** Options of {@link runSync}. */
export interface RunSyncOptions {
  database: Database;
  client: VistaClient;
  /** Where progress and summary lines go (default: stdout). Lines never contain the key. */
  log?: (line: string) => void;
  /** "auto" (default): full when needed, else delta. "full": always full. */
  mode?: "auto" | "full";
  /**
   * Identity of the Vista source, normally its base URL (never the key). When
   * it differs from the one the watermark was taken from, the run is full.
   * Omitted: no source check.
   */
  source?: string;
  /** `detalhes` calls in flight at once (default 8). */
  concurrency?: number;
  /** Rows per multi-row upsert (default 200). */
  batchSize?: number;
  /** Aborts the run: in-flight Vista calls stop, the state records the interruption. */
  signal?: AbortSignal;
}

/** What a run did. Counts are listings unless named otherwise; durations in ms. */
export interface SyncResult {
  mode: "full" | "delta";
  counts: SyncCounts & {
    /** Listings received from `imoveis/listar` (full/delta pass and revived codes). */
    fetched: number;
    /** Rows written to `listings` (active and no-price). */
    upserted: number;
    /** Active rows marked removed because Vista no longer lists them. */
    removed: number;
    /** Active listings in the read model after the run. */
    total: number;
    /** Rows added to `listing_price_changes` (one per changed price of a stored listing). */
    priceChanges: number;
    durationMs: number;
  };
  /** Highest `DataAtualizacao` seen (ISO date): where the next delta starts. */
  watermark: string | null;
}

/** Counts in addition to the required ones. */
interface RunCounters {
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
  /** Time spent writing batches to the database, ms. */
  writeMs: number;
}

const defaultLog = (line: string) => {
  process.stdout.write(`${line}\n`);
};

/** Share of the active listings a delta must change before statistics are refreshed. */
export const ANALYZE_CHANGE_SHARE = 0.05;

/**
 * Whether to refresh the planner statistics after a run: after a full run, or
 * a delta that wrote or removed at least {@link ANALYZE_CHANGE_SHARE} of the
 * catalogue. PGlite has no autovacuum, so without this its planner has no
 * statistics and picks poor plans for the search queries (ADR 0013; measured
 * with `npm run bench`); on a server it makes fresh statistics available at
 * once instead of at autovacuum's next pass.
 */
export function needsAnalyze(
  mode: SyncResult["mode"],
  counts: Pick<SyncResult["counts"], "upserted" | "removed" | "total">,
): boolean {
  if (mode === "full") return true;
  return counts.upserted + counts.removed >= Math.max(1, counts.total * ANALYZE_CHANGE_SHARE);
}

/**
 * Runs the sync once and records it in `sync_state` (job "listings").
 * @returns counts, mode and the new watermark.
 * @throws the first fatal error (Vista unreachable/5xx after retries, auth,
 *   database); the state then has `lastError`/`lastErrorAt` and the watermark
 *   is unchanged, so the next run covers the same ground again.
 */
export async function runSync(options: RunSyncOptions): Promise<SyncResult> {
  const { database } = options;
  const { db } = database;
  const log = options.log ?? defaultLog;
  const startedAt = new Date();
  const reporter = new ProgressReporter(log);
  const fingerprint = options.source ? sourceFingerprint(options.source) : null;

  try {
    const state = await readSyncState(db);
    const sourceChanged = fingerprint !== null && state?.watermark != null && state.sourceFingerprint !== fingerprint;
    const mode: SyncResult["mode"] = options.mode === "full" || !state?.watermark || sourceChanged ? "full" : "delta";
    await writeSyncState(db, { lastStartedAt: startedAt });
    log(
      mode === "full"
        ? `[sync] sincronização completa iniciada${sourceChanged ? " (a origem do Vista mudou)" : ""}`
        : `[sync] sincronização incremental iniciada (alterados desde ${state!.watermark})`,
    );
    const result = await execute({ ...options, log, mode, reporter, watermark: state?.watermark ?? null, startedAt });
    await writeSyncState(db, {
      lastSuccessAt: new Date(),
      counts: result.counts,
      watermark: result.watermark,
      sourceFingerprint: fingerprint ?? state?.sourceFingerprint ?? null,
      lastMode: mode,
    });
    if (needsAnalyze(mode, result.counts)) await db.execute(sql`analyze listings, condominiums, brokers`);
    const c = result.counts;
    log(
      `[sync] concluída (${mode === "full" ? "completa" : "incremental"}): ${formatCount(c.fetched)} recebidos, ` +
        `${formatCount(c.upserted)} gravados, ${formatCount(c.removed)} removidos, ` +
        `${formatCount(c.total)} imóveis ativos · ${formatSeconds(c.durationMs)}`,
    );
    return result;
  } catch (error) {
    const message = errorMessage(error, options.signal);
    log(`[sync] falhou após ${formatSeconds(reporter.elapsedMs())}: ${message}`);
    await writeSyncState(db, { lastErrorAt: new Date(), lastError: message }).catch(() => undefined);
    throw error;
  }
}

/** A log-safe message: Vista errors are already redacted by the client; only `message` is kept. */
function errorMessage(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return "sincronização interrompida (encerramento do processo)";
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

interface ExecuteOptions extends Omit<RunSyncOptions, "mode" | "log"> {
  log: (line: string) => void;
  mode: SyncResult["mode"];
  reporter: ProgressReporter;
  watermark: string | null;
  startedAt: Date;
}

async function execute(options: ExecuteOptions): Promise<SyncResult> {
  const { database, client, log, mode, reporter, signal } = options;
  const { db } = database;
  const concurrency = options.concurrency ?? 8;
  const batchSize = options.batchSize ?? 200;
  const counters: RunCounters = {
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
    writeMs: 0,
  };
  let total: number | null = null;
  let processed = 0;
  let watermark = options.watermark;
  const seen = new Set<string>();
  const vanished = new Set<string>();
  let mediaFields: VistaFieldSpec[] = [...DETAIL_MEDIA_FIELDS];

  const slugs = new CondominiumSlugs(
    (await db.select({ key: condominiums.buildingKey, slug: condominiums.slug }).from(condominiums)).map(
      (row) => [row.key, row.slug] as const,
    ),
  );
  const writer = new BatchWriter(db, batchSize, counters);
  // The first sync of an empty read model copies a catalogue that already
  // existed: its first_seen_at comes from DataCadastro, not from now (ADR 0033).
  const readModelEmpty = (await db.select({ code: listings.code }).from(listings).limit(1)).length === 0;

  // Removal detection and revival need the set of visible codes. A full run
  // sees them all in its main pass; a delta run lists them first (code only).
  let visible: Set<string> | null = null;
  if (mode === "delta") {
    visible = new Set<string>();
    for await (const page of client.listAll(
      { fields: CODE_ONLY_FIELDS, filter: { ExibirNoSite: "Sim" } },
      { signal },
    )) {
      for (const wire of page) if (wire.Codigo) visible.add(wire.Codigo);
    }
  }

  /** Details + adapt + queue one listed listing. */
  const handle = async (wire: VistaListingWire): Promise<void> => {
    const code = wire.Codigo;
    if (!code) return;
    signal?.throwIfAborted();
    const media = await fetchMedia(code);
    processed++;
    reporter.report(processed, total);
    if (media === "vanished") {
      counters.vanished++;
      vanished.add(code);
      return;
    }
    const merged: VistaListingWire = media ? { ...wire, ...media, Codigo: code } : wire;
    let listing: Listing;
    try {
      listing = toListing(merged);
    } catch (error) {
      counters.invalid++;
      if (counters.invalid <= 3) log(`[sync] imóvel ${code} ignorado: ${(error as Error).message}`);
      return;
    }
    const day = isoDate(listing.updatedAt);
    if (day && (!watermark || day > watermark)) watermark = day;
    const unit = toCondominiumFromUnit(merged);
    const condominiumSlug = unit ? slugs.slugFor(unit) : null;
    const now = new Date();
    const row = listingRow(listing, condominiumSlug, now);
    row.firstSeenAt = firstSeenAtOf(listing, readModelEmpty, now);
    if (row.removalReason === "no_price") counters.noPrice++;
    await writer.add(
      row,
      unit && condominiumSlug ? condominiumRow(unit, condominiumSlug, row.syncedAt!) : null,
      listing.broker,
    );
  };

  /**
   * The listing's media sub-tables, or null when unavailable (then the
   * listing keeps its `listar` cover photo), or "vanished" when Vista no
   * longer knows the code. Fields the key may not read are dropped for the
   * rest of the run (docs/vista-api.md §3.1 per-key permissions).
   */
  const fetchMedia = async (code: string): Promise<VistaListingWire | null | "vanished"> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (mediaFields.length <= 1) return null;
      const fields = mediaFields;
      try {
        const detail = await client.detalhes(code, fields, { signal });
        counters.detailsFetched++;
        return detail;
      } catch (error) {
        if (error instanceof VistaNotFoundError) return "vanished";
        if (error instanceof VistaFieldError && error.fields.length) {
          if (mediaFields === fields) {
            mediaFields = dropFields(fields, error.fields);
            log(`[sync] campos recusados pelo Vista e ignorados: ${error.fields.join(", ")}`);
          }
          continue;
        }
        if (error instanceof VistaBadRequestError) {
          counters.mediaErrors++;
          if (counters.mediaErrors <= 3) log(`[sync] fotos do imóvel ${code} indisponíveis: ${error.message}`);
          return null;
        }
        throw error;
      }
    }
    return null;
  };

  const fresh = <T extends { Codigo?: string }>(page: readonly T[]): T[] => {
    const out: T[] = [];
    for (const wire of page) {
      if (!wire.Codigo || seen.has(wire.Codigo)) continue;
      seen.add(wire.Codigo);
      out.push(wire);
    }
    counters.fetched += out.length;
    return out;
  };

  // Main pass: everything (full) or what changed since the watermark (delta).
  const filter: Record<string, string | [">=", string]> =
    mode === "full" ? { ExibirNoSite: "Sim" } : { DataAtualizacao: [">=", options.watermark!], ExibirNoSite: "Sim" };
  const mainPages = client.listAll(
    { fields: LISTING_FIELDS, filter },
    {
      signal,
      onPage: (progress) => {
        total = progress.total;
      },
    },
  );
  await forEachConcurrent(mapAsync(mainPages, fresh), concurrency, handle);

  // Delta: visible codes that have no active row and were not in the delta
  // (a listing shown again without a newer update date) are fetched by code.
  if (visible) {
    const known = await knownCodes(db);
    const revived = [...visible].filter((code) => !seen.has(code) && !known.has(code));
    if (revived.length) {
      counters.revived = revived.length;
      total = (total ?? 0) + revived.length;
      const pages = (async function* () {
        for (const codes of codeChunks(revived, 50)) {
          yield* client.listAll({ fields: LISTING_FIELDS, filter: { Codigo: codes, ExibirNoSite: "Sim" } }, { signal });
        }
      })();
      await forEachConcurrent(mapAsync(pages, fresh), concurrency, handle);
    }
  }
  await writer.flush();
  reporter.report(processed, total, true);

  // Removals: active rows no longer listed with ExibirNoSite = Sim.
  const listed = new Set([...(visible ?? []), ...seen]);
  for (const code of vanished) listed.delete(code);
  counters.visible = listed.size;
  signal?.throwIfAborted();
  if (listed.size === 0) {
    // An empty answer is far more likely a Vista glitch than an agency with no
    // listings left: keep the catalogue and retry on the next run.
    log("[sync] o Vista não listou nenhum imóvel; remoções ignoradas nesta rodada por segurança");
  } else {
    counters.removed = await markRemoved(db, listed);
  }
  await refreshCondominiumLaunchFlags(db);

  const [{ active }] = (
    await db.execute<{ active: number }>(
      sql`select count(*)::int as active from ${listings} where ${listings.removedAt} is null`,
    )
  ).rows;
  const durationMs = Math.round(reporter.elapsedMs());
  return {
    mode,
    watermark,
    counts: { ...counters, writeMs: Math.round(counters.writeMs), total: Number(active), durationMs },
  };
}

/** Maps each batch of an async stream. */
async function* mapAsync<T, U>(source: AsyncIterable<T[]>, fn: (batch: T[]) => U[]): AsyncGenerator<U[]> {
  for await (const batch of source) yield fn(batch);
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

/** A field list without the rejected fields / sub-tables (and empty sub-tables). */
function dropFields(fields: readonly VistaFieldSpec[], rejected: readonly string[]): VistaFieldSpec[] {
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

/** Codes that need no revival: active rows and rows hidden for having no price. */
async function knownCodes(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ code: listings.code })
    .from(listings)
    .where(sql`${listings.removedAt} is null or ${listings.removalReason} = 'no_price'`);
  return new Set(rows.map((row) => row.code));
}

/** Marks active rows whose code is not in `listed` as removed ("unlisted"); returns how many. */
async function markRemoved(db: Db, listed: Set<string>): Promise<number> {
  const active = await db.select({ code: listings.code }).from(listings).where(isNull(listings.removedAt));
  const gone = active.map((row) => row.code).filter((code) => !listed.has(code));
  for (let i = 0; i < gone.length; i += 1000) {
    await db
      .update(listings)
      .set({ removedAt: sql`now()`, removalReason: "unlisted" })
      .where(and(inArray(listings.code, gone.slice(i, i + 1000)), isNull(listings.removedAt)));
  }
  return gone.length;
}

/** A condominium is a launch while any of its active units is one (domain `Condominium.isLaunch`). */
async function refreshCondominiumLaunchFlags(db: Db): Promise<void> {
  await db.execute(sql`
    update ${condominiums} c
       set data = jsonb_set(c.data, '{isLaunch}', to_jsonb(x.launch))
      from (
        select c2.slug,
               coalesce((select bool_or(l.is_launch) from ${listings} l
                          where l.condominium_slug = c2.slug and l.removed_at is null), false) as launch
          from ${condominiums} c2
      ) x
     where x.slug = c.slug
       and (c.data->>'isLaunch')::boolean is distinct from x.launch`);
}

/** Options of {@link jsonUpsert}. */
interface JsonUpsertOptions {
  /**
   * Column name → SQL expression it gets on conflict instead of
   * `excluded.<column>`; the stored row is `t`, the incoming one `excluded`.
   */
  onConflict?: Record<string, string>;
  /**
   * Further common table expressions (`name as (…)`, comma-separated) run by
   * the same statement, before the upsert's own effects are visible: they
   * read the batch as `incoming` and the table as it was.
   */
  with?: string;
  /** A `returning` list (e.g. a count from a data-modifying CTE). */
  returning?: string;
}

/**
 * A multi-row upsert that sends the whole batch as one JSON parameter,
 * expanded by `jsonb_to_recordset` (far cheaper than thousands of bind
 * parameters, on PGlite and on a server): `with incoming as (…) insert …
 * select … from incoming on conflict (key) do update set <every other column>
 * = excluded.<column>` (or the expression in `options.onConflict`). Rows must
 * carry every column (drizzle property names; undefined is NULL).
 */
function jsonUpsert<T extends PgTable>(
  table: T,
  key: keyof T["_"]["columns"] & string,
  options: JsonUpsertOptions = {},
) {
  const columns = Object.entries(getTableColumns(table)).map(([property, column]) => ({
    property,
    name: column.name,
    type: column.getSQLType(),
  }));
  const keyColumn = columns.find((column) => column.property === key)!;
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const list = columns.map((column) => quoted(column.name)).join(", ");
  const recordType = columns.map((column) => `${quoted(column.name)} ${column.type}`).join(", ");
  const updates = columns
    .filter((column) => column !== keyColumn)
    .map(
      (column) => `${quoted(column.name)} = ${options.onConflict?.[column.name] ?? `excluded.${quoted(column.name)}`}`,
    )
    .join(", ");
  const tableName = quoted(getTableConfig(table).name);
  const head = "with incoming as (select * from jsonb_to_recordset(";
  const tail =
    `::jsonb) as x(${recordType}))${options.with ? `, ${options.with}` : ""} ` +
    `insert into ${tableName} as t (${list}) select ${list} from incoming ` +
    `on conflict (${quoted(keyColumn.name)}) do update set ${updates}` +
    (options.returning ? ` returning ${options.returning}` : "");
  return (rows: readonly Record<string, unknown>[]): SQL => {
    const records = rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (const column of columns) {
        const value = row[column.property];
        record[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return record;
    });
    return sql`${sql.raw(head)}${JSON.stringify(records)}${sql.raw(tail)}`;
  };
}

/**
 * The listings upsert, with the price history (ADR 0033) in the same
 * statement: for every incoming listing already stored, one
 * `listing_price_changes` row per price (sale, rent, condo fee, IPTU) whose
 * value differs from the stored one (a price appearing or disappearing
 * included); a listing seen for the first time records nothing.
 * `first_seen_at` is never overwritten (a stored row without one, synced
 * before the column existed, gets its `DataCadastro`). `price_reduced_at`
 * becomes the sync time when the sale or rent price dropped, null when one
 * rose (and none dropped), else stays. Returns one row per listing written,
 * each with `price_changes`, the number of change rows inserted.
 */
const upsertListings = jsonUpsert(listings, "code", {
  with: `price_changes as (
    insert into ${quotedName(listingPriceChanges)} (listing_code, field, old_value, new_value, changed_at)
    select i.code, f.field, f.old_value, f.new_value, i.synced_at
      from incoming i
      join listings l on l.code = i.code
     cross join lateral (values ('sale', l.sale_price, i.sale_price),
                                ('rent', l.rent_price, i.rent_price),
                                ('condo_fee', l.condo_fee, i.condo_fee),
                                ('iptu', l.iptu, i.iptu)) as f(field, old_value, new_value)
     where f.old_value is distinct from f.new_value
    returning 1)`,
  onConflict: {
    first_seen_at: `coalesce(t.first_seen_at, ((excluded.data->>'registeredAt') || 'T00:00:00${AGENCY_UTC_OFFSET}')::timestamptz)`,
    price_reduced_at: `case
      when excluded.sale_price < t.sale_price or excluded.rent_price < t.rent_price then excluded.synced_at
      when excluded.sale_price > t.sale_price or excluded.rent_price > t.rent_price then null
      else t.price_reduced_at end`,
  },
  returning: "(select count(*) from price_changes)::int as price_changes",
});
const upsertCondominiums = jsonUpsert(condominiums, "slug");
const upsertBrokers = jsonUpsert(brokers, "code");

/**
 * Buffers rows and writes them as multi-row upserts (`insert … on conflict do
 * update`), one transaction per batch; each building and broker once per run.
 * `add` waits while a batch is being written (backpressure).
 */
class BatchWriter {
  private listingRows: ListingRow[] = [];
  private condominiumRows: CondominiumRow[] = [];
  private brokerRows: { code: string; data: Broker; syncedAt: Date }[] = [];
  private readonly writtenCondominiums = new Set<string>();
  private readonly writtenBrokers = new Set<string>();
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly batchSize: number,
    private readonly counters: RunCounters,
  ) {}

  async add(row: ListingRow, condominium: CondominiumRow | null, broker: Broker | null): Promise<void> {
    this.listingRows.push(row);
    if (condominium && !this.writtenCondominiums.has(condominium.slug)) {
      this.writtenCondominiums.add(condominium.slug);
      this.condominiumRows.push(condominium);
    }
    if (broker?.code && !this.writtenBrokers.has(broker.code)) {
      this.writtenBrokers.add(broker.code);
      this.brokerRows.push({ code: broker.code, data: broker, syncedAt: row.syncedAt ?? new Date() });
    }
    if (this.listingRows.length >= this.batchSize) await this.flush();
  }

  /** Writes what is buffered (after any write in progress). */
  flush(): Promise<void> {
    const rows = this.listingRows;
    const condos = this.condominiumRows;
    const brokerRows = this.brokerRows;
    this.listingRows = [];
    this.condominiumRows = [];
    this.brokerRows = [];
    const write = async () => {
      if (!rows.length && !condos.length && !brokerRows.length) return;
      const started = performance.now();
      await this.db.transaction(async (tx) => {
        if (condos.length) await tx.execute(upsertCondominiums(condos));
        if (brokerRows.length) await tx.execute(upsertBrokers(brokerRows));
        if (rows.length) {
          const written = await tx.execute<{ price_changes: number }>(upsertListings(dedupe(rows)));
          this.counters.priceChanges += Number(written.rows[0]?.price_changes ?? 0);
        }
      });
      this.counters.writeMs += performance.now() - started;
      this.counters.upserted += rows.length;
      this.counters.condominiums += condos.length;
      this.counters.brokers += brokerRows.length;
    };
    this.pending = this.pending.then(write);
    return this.pending;
  }
}

/** The quoted SQL name of a table. */
function quotedName(table: PgTable): string {
  return `"${getTableConfig(table).name.replace(/"/g, '""')}"`;
}

/** Last row per code (one statement may not update a row twice). */
function dedupe(rows: ListingRow[]): ListingRow[] {
  const byCode = new Map<string, ListingRow>();
  for (const row of rows) byCode.set(row.code, row);
  return [...byCode.values()];
}
