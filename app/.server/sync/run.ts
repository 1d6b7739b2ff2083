/**
 * One run of the listings sync: Vista → read model (docs/architecture.md "Data
 * flow" 1; ADR 0007; docs/vista-api.md §3.2 filters, §7 how others sync).
 *
 * - Full run (no watermark yet, forced, the Vista source changed, an admin
 *   asked for one, or the nightly reconciliation is due, see `./reconcile`):
 *   every listing with `ExibirNoSite = Sim`.
 * - Delta run: listings with `DataAtualizacao >= watermark` and
 *   `ExibirNoSite = Sim` (`>=` so same-day edits are never missed), plus a
 *   code-only pass over all visible listings to detect removals, and to
 *   re-fetch listings that come back without a newer update date.
 * - Each listed listing gets one `detalhes` call for its media (photos,
 *   videos, attachments, condominium gallery; refused on `listar`,
 *   docs/vista-api.md §3.1), with bounded concurrency; rows are upserted in batches.
 * - Active rows whose code is no longer listed get `removed_at` (pages 410),
 *   unless too many at once: the safety valve holds them (`./removal-valve`).
 * - Price history (ADR 0033): each batch's upsert also records, in the same
 *   statement, one `listing_price_changes` row per changed sale price, rent,
 *   condo fee or IPTU of a listing already stored, keeps `first_seen_at` and
 *   maintains `price_reduced_at`.
 * - Faults (docs/decisions/0068-sync-faults.md, `./wire-check`): a listing
 *   with an unreadable price or date keeps its stored data; update dates
 *   after today are clamped, so the watermark never passes today.
 */
import type { Database } from "../db";
import { refreshAfterSync } from "../neighbourhoods/refresh";
import type { VistaClient } from "../vista";
import { syncErrorMessage } from "./faults";
import { ListingPass, visibleCodes } from "./listing-pass";
import { formatCount, formatSeconds, ProgressReporter } from "./progress";
import { fullSyncReason, readSyncOverview, recordRunMarks } from "./reconcile";
import { sourceFingerprint, writeSyncState, type SyncCounts } from "./state";
import { agencyDay } from "./wire-check";
import { guardedRemovals, valveSettingsFromConfig, type RemovalNotifier, type ValveSettings } from "./removal-valve";
import { maintenanceStatement, needsAnalyze } from "./writer";

export { codeChunks } from "./listing-pass";
export { ANALYZE_CHANGE_SHARE, needsAnalyze } from "./writer";

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
  /**
   * Aborts the run: in-flight Vista calls stop, the state records the
   * interruption (the reason's message when it is a `SyncInterruptedError`).
   */
  signal?: AbortSignal;
  /**
   * The nightly reconciliation: the run is full when no full run started
   * since this instant (`lastReconcileBoundary` of `./reconcile`). Omitted: no nightly rule.
   */
  reconcileAfter?: Date | null;
  /** The clock for today's date (update dates after it are clamped); default `new Date()`. */
  now?: () => Date;
  /**
   * The safety valve on removals (`./removal-valve`, ADR 0073): its limits
   * (default: the configuration) and how the admins are told of a hold
   * (default: nobody; the scheduler e-mails them, and a hold not yet told is
   * told by the next holding run that can).
   */
  removalValve?: { settings?: Partial<ValveSettings>; notify?: RemovalNotifier | null };
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
    /** Removals the safety valve held back (the listings stay active). */
    held: number;
    /** Active listings in the read model after the run. */
    total: number;
    /** Rows added to `listing_price_changes` (one per changed price of a stored listing). */
    priceChanges: number;
    /** Listings not written because a price or date could not be read (they keep their stored data). */
    refused: number;
    /** Listings whose update date was after today (clamped to today). */
    futureDates: number;
    durationMs: number;
  };
  /** Highest `DataAtualizacao` seen, never after the agency's today (ISO date): where the next delta starts. */
  watermark: string | null;
}

const defaultLog = (line: string) => {
  process.stdout.write(`${line}\n`);
};

/**
 * Runs the sync once and records it in `sync_state` (job "listings", plus
 * the marks of `./reconcile`).
 * @returns counts, mode and the new watermark.
 * @throws the first fatal error (Vista unreachable/5xx after retries, auth,
 *   database, `signal` aborted); the state then has `lastError` (one line
 *   naming the cause, `./faults`) and `lastErrorAt`, and the watermark is
 *   unchanged, so the next run covers the same ground again.
 */
export async function runSync(options: RunSyncOptions): Promise<SyncResult> {
  const { database } = options;
  const { db } = database;
  const log = options.log ?? defaultLog;
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const reporter = new ProgressReporter(log);
  const fingerprint = options.source ? sourceFingerprint(options.source) : null;

  try {
    const { state, marks } = await readSyncOverview(db);
    const sourceChanged = fingerprint !== null && state?.watermark != null && state.sourceFingerprint !== fingerprint;
    const reconcile = fullSyncReason(marks, options.reconcileAfter ?? null);
    const mode: SyncResult["mode"] =
      options.mode === "full" || !state?.watermark || sourceChanged || reconcile ? "full" : "delta";
    // A watermark from the future (stored before dates were clamped) would make every delta empty.
    const today = agencyDay(startedAt);
    let watermark = state?.watermark ?? null;
    if (watermark && watermark > today) {
      log(`[sync] marca incremental no futuro (${watermark}) ignorada; usando ${today}`);
      watermark = today;
    }
    await writeSyncState(db, { lastStartedAt: startedAt });
    log(
      mode === "full"
        ? `[sync] sincronização completa iniciada${fullRunReason(options.mode, sourceChanged, reconcile)}`
        : `[sync] sincronização incremental iniciada (alterados desde ${watermark})`,
    );
    const result = await execute({ ...options, log, mode, reporter, watermark, now });
    const finishedAt = now();
    await writeSyncState(db, {
      lastSuccessAt: finishedAt,
      counts: result.counts,
      watermark: result.watermark,
      sourceFingerprint: fingerprint ?? state?.sourceFingerprint ?? null,
      lastMode: mode,
    });
    await recordRunMarks(db, { mode, startedAt, finishedAt, fetched: result.counts.fetched });
    if (needsAnalyze(mode, result.counts)) await db.execute(maintenanceStatement(database.kind));
    // The neighbourhood market figures follow the catalogue (ADR 0090); a failure there is logged, not fatal.
    await refreshAfterSync(db, { counts: result.counts, finishedAt }, log);
    const c = result.counts;
    log(
      `[sync] concluída (${mode === "full" ? "completa" : "incremental"}): ${formatCount(c.fetched)} recebidos, ` +
        `${formatCount(c.upserted)} gravados, ${formatCount(c.removed)} removidos, ` +
        `${formatCount(c.total)} imóveis ativos · ${formatSeconds(c.durationMs)}`,
    );
    return result;
  } catch (error) {
    const message = syncErrorMessage(error, options.signal);
    log(`[sync] falhou após ${formatSeconds(reporter.elapsedMs())}: ${message}`);
    await writeSyncState(db, { lastErrorAt: now(), lastError: message }).catch(() => undefined);
    throw error;
  }
}

/** Why a run is full, for its first log line (pt-BR, with a leading space), or "" when not said. */
function fullRunReason(
  requested: RunSyncOptions["mode"],
  sourceChanged: boolean,
  reconcile: ReturnType<typeof fullSyncReason>,
): string {
  if (sourceChanged) return " (a origem do Vista mudou)";
  if (requested === "full") return "";
  if (reconcile === "requested") return " (pedida pela administração)";
  if (reconcile === "nightly") return " (reconciliação diária)";
  return "";
}

interface ExecuteOptions extends Omit<RunSyncOptions, "mode" | "log" | "now"> {
  log: (line: string) => void;
  mode: SyncResult["mode"];
  reporter: ProgressReporter;
  watermark: string | null;
  now: () => Date;
}

/**
 * The phases of a run after its mode is known: open the listing pass, list
 * the visible codes (delta), the main pass, the revival pass (delta), the
 * last writes, the removals through the safety valve, and the result.
 * @throws the first fatal error (see {@link runSync}).
 */
async function execute(options: ExecuteOptions): Promise<SyncResult> {
  const { database, client, log, mode, reporter, signal } = options;
  const pass = await ListingPass.open({
    db: database.db,
    client,
    log,
    reporter,
    now: options.now,
    concurrency: options.concurrency ?? 8,
    batchSize: options.batchSize ?? 200,
    watermark: options.watermark,
    signal,
  });
  // Removal detection and revival need the set of visible codes. A full run
  // sees them all in its main pass; a delta run lists them first (code only).
  const visible = mode === "delta" ? await visibleCodes(client, signal) : null;
  await pass.listChanged(mode, options.watermark);
  if (visible) await pass.listRevived(visible);
  await pass.flush();
  const { active, held } = await removeUnlisted(options, pass, visible);
  const { counters } = pass;
  const durationMs = Math.round(reporter.elapsedMs());
  return {
    mode,
    watermark: pass.watermark,
    counts: { ...counters, held, writeMs: Math.round(counters.writeMs), total: active, durationMs },
  };
}

/**
 * Removals: active rows no longer listed with `ExibirNoSite = Sim` (neither
 * visible nor received, or vanished on `detalhes`) get `removed_at`, unless
 * the safety valve holds them (`./removal-valve`, ADR 0073). Sets the
 * pass's `visible` and `removed` counts.
 * @returns the active listings after the removals and the removals held back.
 * @throws database errors and the abort reason.
 */
async function removeUnlisted(
  options: ExecuteOptions,
  pass: ListingPass,
  visible: ReadonlySet<string> | null,
): Promise<{ active: number; held: number }> {
  const { counters } = pass;
  const listed = new Set([...(visible ?? []), ...pass.seen]);
  for (const code of pass.vanished) listed.delete(code);
  counters.visible = listed.size;
  options.signal?.throwIfAborted();
  const { removed, active, held } = await guardedRemovals(options.database.db, listed, {
    settings: { ...valveSettingsFromConfig(), ...options.removalValve?.settings },
    notify: options.removalValve?.notify,
    log: options.log,
    now: options.now,
    signal: options.signal,
  });
  counters.removed = removed;
  return { active, held };
}
