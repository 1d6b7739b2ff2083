/**
 * The sync's safety valve (docs/decisions/0073-sync-safety-valve.md): a run
 * that would unpublish more than a set share of the active catalogue, or more
 * than a set number of listings, does not apply those removals. A
 * well-formed but wrong Vista answer (fields switched off for the account, a
 * paging quirk) looks exactly like a catalogue that shrank, and applying it
 * would answer 410 for most listings and make alerts, favourites and the
 * statistics see them disappear.
 *
 * - Under the limit nothing changes: a listing Vista stops listing (sold,
 *   rented, unpublished) leaves at once.
 * - Over it the run keeps the catalogue and records a hold; the admins are
 *   told once per hold (the `notify` callback, `./valve-mail`), and
 *   `/health/server` says "degraded".
 * - The held removals are applied when {@link ValveSettings.confirmRuns}
 *   consecutive runs agree (each one's removal set contains the previous
 *   one's), or when an admin confirmed them on `/admin` and the next run's
 *   removals go beyond the confirmed set by no more than the limit.
 * - A run whose removals fall back under the limit ends the hold (the
 *   listings are listed again): its few removals apply as usual.
 *
 * No schema change: the hold lives in `sync_state` rows of its own, like the
 * marks of `./reconcile`, so it survives a restart and every server sees it:
 * - {@link HELD_JOB}: `last_started_at` = start of the hold (its first
 *   run), `last_error_at` = the last run that held, `last_success_at` = when
 *   the admins were e-mailed (null until a mail went out), `counts` =
 *   `{ removals, active, limit, runs }`;
 * - {@link HELD_CODES_JOB}: `counts` = the held codes as `{ code: 1 }`;
 * - {@link HELD_CONFIRMED_JOB}: `last_started_at` = when an admin confirmed,
 *   `counts` = the codes the admin saw, as `{ code: 1 }`.
 */
import { inArray, isNull, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Db } from "../db";
import { listings, syncState } from "../db/schema";
import { formatCount } from "./progress";
import { writeSyncState } from "./state";
import { applyRemovals, refreshCondominiumLaunchFlags } from "./writer";

/** Job row of the hold's summary. */
export const HELD_JOB = "listings:held";
/** Job row of the held codes. */
export const HELD_CODES_JOB = "listings:held-codes";
/** Job row of an admin's confirmation. */
export const HELD_CONFIRMED_JOB = "listings:held-confirmed";

/** Default largest share of the active listings one run may unpublish (configuration `SYNC_MAX_REMOVAL_SHARE`). */
export const DEFAULT_MAX_REMOVAL_SHARE = 0.1;
/** Default number of consecutive runs that must agree before held removals apply (`SYNC_REMOVAL_CONFIRM_RUNS`). */
export const DEFAULT_CONFIRM_RUNS = 3;

/** The valve's limits. */
export interface ValveSettings {
  /** Largest share (0–1) of the active listings one run may unpublish. */
  maxShare: number;
  /** Largest number of listings one run may unpublish; null: no count limit. */
  maxCount: number | null;
  /** Consecutive runs (≥ 2, the holding run included) that must see the removals before they apply. */
  confirmRuns: number;
}

/** A hold of removals, as stored. Dates are instants; counts are listings. */
export interface RemovalHold {
  /** The first run that held (the hold's identity, also in the admin's form). */
  since: Date;
  /** The last run that held. */
  lastHeldAt: Date;
  /** How many listings the last holding run would have removed. */
  removals: number;
  /** Their codes, sorted (empty when read without them, see {@link readRemovalHold}). */
  codes: string[];
  /** Active listings when the last holding run decided. */
  active: number;
  /** The most that run could remove ({@link removalLimit}). */
  limit: number;
  /** Consecutive runs that agreed so far (1 after the first). */
  runs: number;
  /** When the admins were e-mailed, or null. */
  notifiedAt: Date | null;
  /** When an admin confirmed, or null. */
  confirmedAt: Date | null;
  /** The codes the admin confirmed, or null. */
  confirmedCodes: string[] | null;
}

/** What the admins are told (see `./valve-mail`). */
export type RemovalNotifier = (hold: RemovalHold, signal?: AbortSignal) => Promise<void>;

/**
 * The most listings one run may remove out of `active`: the share of the
 * catalogue (never below 1, so a small catalogue still loses a sold listing
 * at once), capped by `maxCount` when set.
 */
export function removalLimit(active: number, settings: Pick<ValveSettings, "maxShare" | "maxCount">): number {
  const byShare = Math.max(1, Math.floor(active * settings.maxShare));
  return settings.maxCount ? Math.min(byShare, settings.maxCount) : byShare;
}

/** What a run does with its removals (see {@link decideRemovals}). */
export type ValveDecision =
  | { action: "apply"; why: "under-limit" | "agreed" | "confirmed"; limit: number }
  | { action: "hold"; runs: number; limit: number };

/**
 * The rule of the valve (ADR 0073), without side effects: apply when `gone`
 * is within the limit; when an admin confirmed and `gone` exceeds the
 * confirmed codes by no more than the limit; or when this run agrees with the
 * hold (`gone` contains every held code) and makes `confirmRuns` agreeing
 * runs. Otherwise hold, counting this run as the first or the next agreeing one.
 */
export function decideRemovals(
  gone: ReadonlySet<string>,
  active: number,
  hold: RemovalHold | null,
  settings: ValveSettings,
): ValveDecision {
  const limit = removalLimit(active, settings);
  if (gone.size <= limit) return { action: "apply", why: "under-limit", limit };
  if (hold?.confirmedCodes) {
    const confirmed = new Set(hold.confirmedCodes);
    let beyond = 0;
    for (const code of gone) if (!confirmed.has(code)) beyond++;
    if (beyond <= limit) return { action: "apply", why: "confirmed", limit };
  }
  const agrees = hold !== null && hold.codes.every((code) => gone.has(code));
  const runs = agrees ? hold.runs + 1 : 1;
  if (runs >= settings.confirmRuns) return { action: "apply", why: "agreed", limit };
  return { action: "hold", runs, limit };
}

/**
 * The stored hold, or null when none. `options.codes: false` leaves the
 * codes out (`codes` empty, `confirmedCodes` empty when confirmed), for
 * readers that show the figures only (health, the admin panel).
 */
export async function readRemovalHold(db: Db, options: { codes?: boolean } = {}): Promise<RemovalHold | null> {
  const withCodes = options.codes !== false;
  const rows = await db
    .select({
      job: syncState.job,
      lastStartedAt: syncState.lastStartedAt,
      lastErrorAt: syncState.lastErrorAt,
      lastSuccessAt: syncState.lastSuccessAt,
      // Without codes, only the summary's small counts are read.
      counts: withCodes
        ? syncState.counts
        : sql<Record<string, number> | null>`case when ${syncState.job} = ${HELD_JOB} then ${syncState.counts} end`,
    })
    .from(syncState)
    .where(
      inArray(
        syncState.job,
        withCodes ? [HELD_JOB, HELD_CODES_JOB, HELD_CONFIRMED_JOB] : [HELD_JOB, HELD_CONFIRMED_JOB],
      ),
    );
  const byJob = new Map(rows.map((row) => [row.job, row]));
  const summary = byJob.get(HELD_JOB);
  if (!summary?.lastStartedAt) return null;
  const confirmed = byJob.get(HELD_CONFIRMED_JOB);
  const counts = summary.counts ?? {};
  return {
    since: summary.lastStartedAt,
    lastHeldAt: summary.lastErrorAt ?? summary.lastStartedAt,
    removals: Number(counts.removals ?? 0),
    codes: Object.keys(byJob.get(HELD_CODES_JOB)?.counts ?? {}).sort(),
    active: Number(counts.active ?? 0),
    limit: Number(counts.limit ?? 0),
    runs: Number(counts.runs ?? 1),
    notifiedAt: summary.lastSuccessAt ?? null,
    confirmedAt: confirmed?.lastStartedAt ?? null,
    confirmedCodes: confirmed?.lastStartedAt ? Object.keys(confirmed.counts ?? {}).sort() : null,
  };
}

/** `{ code: 1 }` for each code: how a set of codes fits the `counts` column. */
function codeMap(codes: readonly string[]): Record<string, number> {
  return Object.fromEntries(codes.map((code) => [code, 1]));
}

/** Stores `hold` (summary and codes; an admin's confirmation is written by {@link confirmRemovalHold}). */
async function saveRemovalHold(db: Db, hold: RemovalHold): Promise<void> {
  // Codes first: the summary row is what makes a hold exist for readers.
  await writeSyncState(db, { counts: codeMap(hold.codes) }, HELD_CODES_JOB);
  await writeSyncState(
    db,
    {
      lastStartedAt: hold.since,
      lastErrorAt: hold.lastHeldAt,
      lastSuccessAt: hold.notifiedAt,
      counts: { removals: hold.removals, active: hold.active, limit: hold.limit, runs: hold.runs },
    },
    HELD_JOB,
  );
}

/** Ends the hold (applied, confirmed, or the listings came back). */
export async function clearRemovalHold(db: Db): Promise<void> {
  await db.delete(syncState).where(inArray(syncState.job, [HELD_JOB, HELD_CODES_JOB, HELD_CONFIRMED_JOB]));
}

/**
 * Records an admin's confirmation of the hold that started at `since` (the
 * value the panel showed): the next run applies the held removals, plus at
 * most the limit of others.
 * @returns "confirmed"; "none" when nothing is held; "changed" when the hold
 *   is another one than the admin saw (nothing recorded).
 */
export async function confirmRemovalHold(
  db: Db,
  since: Date | null,
  at = new Date(),
): Promise<"confirmed" | "none" | "changed"> {
  const hold = await readRemovalHold(db);
  if (!hold) return "none";
  if (!since || hold.since.getTime() !== since.getTime()) return "changed";
  await writeSyncState(db, { lastStartedAt: at, counts: codeMap(hold.codes) }, HELD_CONFIRMED_JOB);
  return "confirmed";
}

/** Options of {@link guardedRemovals}. */
export interface GuardedRemovalOptions {
  settings: ValveSettings;
  log: (line: string) => void;
  /** The run's clock. */
  now: () => Date;
  /** Tells the admins about a hold they were not told about yet; a throw is logged and retried by the next run. */
  notify?: RemovalNotifier | null;
  signal?: AbortSignal;
}

/**
 * The run's removals through the valve: computes the active rows Vista no
 * longer lists, applies them (`applyRemovals` of `./writer`) unless
 * {@link decideRemovals} holds them, records or ends the hold, and tells the
 * admins once per hold. An empty `listed` is left to `applyRemovals`, which
 * never removes then (a Vista glitch), and leaves any hold as it is.
 * @returns removed and active listings after the run, and how many removals are held.
 * @throws database errors (the run then fails as any other).
 */
export async function guardedRemovals(
  db: Db,
  listed: Set<string>,
  options: GuardedRemovalOptions,
): Promise<{ removed: number; active: number; held: number }> {
  const { log, settings } = options;
  if (listed.size === 0) return { ...(await applyRemovals(db, listed, log)), held: 0 };
  const activeCodes = (await db.select({ code: listings.code }).from(listings).where(isNull(listings.removedAt))).map(
    (row) => row.code,
  );
  const gone = new Set(activeCodes.filter((code) => !listed.has(code)));
  const hold = await readRemovalHold(db);
  const decision = decideRemovals(gone, activeCodes.length, hold, settings);

  if (decision.action === "apply") {
    const result = await applyRemovals(db, listed, log);
    if (hold) {
      await clearRemovalHold(db);
      log(
        decision.why === "under-limit"
          ? "[sync] remoções retidas descartadas: o Vista voltou a listar os imóveis"
          : `[sync] ${formatCount(result.removed)} remoções aplicadas: ${
              decision.why === "confirmed"
                ? "confirmadas pela administração"
                : `confirmadas por ${settings.confirmRuns} rodadas seguidas`
            }`,
      );
    }
    return { ...result, held: 0 };
  }

  const next: RemovalHold = {
    // One hold from its first run until it ends, even when the set changes: the admins are told once.
    since: hold?.since ?? options.now(),
    lastHeldAt: options.now(),
    removals: gone.size,
    codes: [...gone].sort(),
    active: activeCodes.length,
    limit: decision.limit,
    runs: decision.runs,
    notifiedAt: hold?.notifiedAt ?? null,
    confirmedAt: null,
    confirmedCodes: null,
  };
  await saveRemovalHold(db, next);
  await refreshCondominiumLaunchFlags(db);
  log(
    `[sync] ${formatCount(gone.size)} remoções retidas por segurança (${percent(gone.size, activeCodes.length)} dos ` +
      `${formatCount(activeCodes.length)} imóveis ativos; limite ${formatCount(decision.limit)}): catálogo mantido; ` +
      `rodada ${decision.runs} de ${settings.confirmRuns} para aplicar sem confirmação`,
  );
  if (!next.notifiedAt && options.notify) await notifyOnce(db, next, options);
  return { removed: 0, active: activeCodes.length, held: gone.size };
}

/** Tells the admins and records when; a failure is logged, and the next holding run tries again. */
async function notifyOnce(db: Db, hold: RemovalHold, options: GuardedRemovalOptions): Promise<void> {
  try {
    await options.notify!(hold, options.signal);
  } catch (error) {
    options.log(
      `[sync] não foi possível avisar os administradores por e-mail: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  await writeSyncState(db, { lastSuccessAt: options.now() }, HELD_JOB);
}

/** `part` of `whole` as a whole percentage, e.g. "90%". */
export function percent(part: number, whole: number): string {
  return `${whole > 0 ? Math.round((part / whole) * 100) : 0}%`;
}

/**
 * The valve's settings from the configuration (`SYNC_MAX_REMOVAL_SHARE`,
 * `SYNC_MAX_REMOVALS`, `SYNC_REMOVAL_CONFIRM_RUNS`); the defaults when it
 * cannot be read (a process with a bad configuration never starts the sync).
 */
export function valveSettingsFromConfig(): ValveSettings {
  try {
    const config = getConfig();
    return {
      maxShare: config.SYNC_MAX_REMOVAL_SHARE,
      maxCount: config.SYNC_MAX_REMOVALS > 0 ? config.SYNC_MAX_REMOVALS : null,
      confirmRuns: config.SYNC_REMOVAL_CONFIRM_RUNS,
    };
  } catch {
    return { maxShare: DEFAULT_MAX_REMOVAL_SHARE, maxCount: null, confirmRuns: DEFAULT_CONFIRM_RUNS };
  }
}
