/**
 * The sync's writes to the read model (docs/architecture.md "Data flow" 1):
 * multi-row upserts of listings (with the price history of ADR 0033),
 * condominiums and brokers in batches ({@link BatchWriter}), removals of
 * listings Vista no longer lists, the condominiums' launch flags, and when
 * to refresh the planner statistics.
 */
import { and, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Broker } from "~/domain/listing";
import { SAO_PAULO_TIME_ZONE } from "~/lib/sao-paulo-time";
import type { Db } from "../db";
import { brokers, condominiums, listingPriceChanges, listings } from "../db/schema";
import { type CondominiumRow, type ListingRow } from "./rows";

/** Share of the active listings a delta must change before statistics are refreshed. */
export const ANALYZE_CHANGE_SHARE = 0.05;

/**
 * Whether to vacuum and refresh the planner statistics after a run: after a
 * full run, or a delta that wrote or removed at least
 * {@link ANALYZE_CHANGE_SHARE} of the catalogue. PGlite has no autovacuum, so
 * without this its planner has no statistics and picks poor plans for the
 * search queries (ADR 0013; measured with `npm run bench`), and the old row
 * versions a full run leaves behind slow every later query (ADR 0068); on a
 * server it does at once what autovacuum would do at its next pass.
 */
/**
 * The statement run when {@link needsAnalyze} says so. A full run rewrites
 * every row; PGlite has no autovacuum, and the old row versions left behind
 * made every later query slower (ADR 0068 has the figures), so there the
 * tables are rewritten compactly (`VACUUM FULL`: a pause in which PGlite's
 * one connection answers nothing else, as during any long statement). On
 * PostgreSQL a plain `VACUUM`, which never blocks readers, clears them.
 */
export function maintenanceStatement(kind: "pglite" | "postgres"): SQL {
  return kind === "pglite"
    ? sql`vacuum full analyze listings, condominiums, brokers`
    : sql`vacuum analyze listings, condominiums, brokers`;
}

export function needsAnalyze(
  mode: "full" | "delta",
  counts: { upserted: number; removed: number; total: number },
): boolean {
  if (mode === "full") return true;
  return counts.upserted + counts.removed >= Math.max(1, counts.total * ANALYZE_CHANGE_SHARE);
}

/** What {@link BatchWriter} adds to as it writes (a run's counters). */
export interface WriteCounters {
  upserted: number;
  condominiums: number;
  brokers: number;
  priceChanges: number;
  /** Time spent writing batches to the database, ms. */
  writeMs: number;
}

/** Codes that need no revival: active rows and rows hidden for having no price. */
export async function knownCodes(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ code: listings.code })
    .from(listings)
    .where(sql`${listings.removedAt} is null or ${listings.removalReason} = 'no_price'`);
  return new Set(rows.map((row) => row.code));
}

/** Marks active rows whose code is not in `listed` as removed ("unlisted"); returns how many. */
export async function markRemoved(db: Db, listed: Set<string>): Promise<number> {
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
export async function refreshCondominiumLaunchFlags(db: Db): Promise<void> {
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
    // The registration date's midnight in São Paulo, by the database's own time-zone rules (like `agencyMidnight`).
    first_seen_at: `coalesce(t.first_seen_at, ((excluded.data->>'registeredAt')::timestamp at time zone '${SAO_PAULO_TIME_ZONE}'))`,
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
export class BatchWriter {
  private listingRows: ListingRow[] = [];
  private condominiumRows: CondominiumRow[] = [];
  private brokerRows: { code: string; data: Broker; syncedAt: Date }[] = [];
  private readonly writtenCondominiums = new Set<string>();
  private readonly writtenBrokers = new Set<string>();
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly batchSize: number,
    private readonly counters: WriteCounters,
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

/**
 * Marks active rows whose code is not in `listed` as removed (unless nothing
 * was listed at all), refreshes the condominiums' launch flags, and counts
 * the active listings.
 */
export async function applyRemovals(
  db: Db,
  listed: Set<string>,
  log: (line: string) => void,
): Promise<{ removed: number; active: number }> {
  let removed = 0;
  if (listed.size === 0) {
    // An empty answer is far more likely a Vista glitch than an agency with no
    // listings left: keep the catalogue and retry on the next run.
    log("[sync] o Vista não listou nenhum imóvel; remoções ignoradas nesta rodada por segurança");
  } else {
    removed = await markRemoved(db, listed);
  }
  await refreshCondominiumLaunchFlags(db);
  const [{ active }] = (
    await db.execute<{ active: number }>(
      sql`select count(*)::int as active from ${listings} where ${listings.removedAt} is null`,
    )
  ).rows;
  return { removed, active: Number(active) };
}
