/**
 * The statements of the shared outbox (`./outbox`, ADR 0014 and ADR 0069)
 * on an outbox table, one function each, and the rules they share:
 *
 * - a pass claims rows with a claim token (a uuid of its own) written with
 *   the lease; every later statement of that pass on a row — renewing the
 *   lease, recording it sent, rescheduling it, deferring it — compares the
 *   token in its `where`, so a worker whose lease expired and whose row was
 *   claimed again by another worker changes nothing;
 * - `waiting_on` names the transport (e.g. "smtp", "vista") a row waits for
 *   when its last attempt failed because that transport was unreachable;
 *   such rows become due at once when the transport is seen working again
 *   (a send through it succeeded) or when a probe picks one early;
 * - a delivery runs under {@link deliverBounded}, which keeps its claim
 *   renewed and aborts it before the claim can pass to another worker.
 */
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./db";

/** Timestamps the outbox writes are computed on the application's clock and passed as text. */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * `update <table> set <set>` on row `id` while this pass holds it: its claim token is `token` and
 * it is still pending (the fence every statement after the claim shares).
 * @returns whether the row was still this pass's (false: nothing written).
 */
async function updateHeld(db: Db, table: PgTable, id: string, token: string, set: SQL): Promise<boolean> {
  const updated = await db.execute<{ id: string }>(sql`
    update ${table} set ${set}
    where id = ${id} and claim_token = ${token}::uuid and status = 'pending'
    returning id`);
  return updated.rows.length > 0;
}

/**
 * Claims up to `batch` due rows (pending, `next_attempt_at` ≤ now, lease
 * free), oldest due first, with `for update skip locked` so concurrent
 * claimers never take the same row, writing `token` and the lease end.
 * @returns the ids claimed.
 */
export async function claimDue(
  db: Db,
  table: PgTable,
  options: { now: Date; leaseEnd: Date; batch: number; token: string },
): Promise<string[]> {
  const { now, leaseEnd, batch, token } = options;
  const claimed = await db.execute<{ id: string }>(sql`
    update ${table} set locked_until = ${at(leaseEnd)}, claim_token = ${token}::uuid
    where id in (
      select id from ${table}
      where status = 'pending' and next_attempt_at <= ${at(now)}
        and (locked_until is null or locked_until <= ${at(now)})
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  return claimed.rows.map((row) => row.id);
}

/**
 * Moves the lease of a row this pass still holds to `leaseEnd`.
 * @returns false when the row is no longer this pass's (another token, or
 * no longer pending): the caller must neither deliver nor record it.
 */
export async function renewClaim(db: Db, table: PgTable, id: string, token: string, leaseEnd: Date): Promise<boolean> {
  return updateHeld(db, table, id, token, sql`locked_until = ${at(leaseEnd)}`);
}

/**
 * Records a delivered row as sent (one more attempt, `sent_at`, lease, token,
 * error and `waiting_on` cleared). With the token first; when the claim was
 * lost meanwhile the send has still happened, so the row is recorded sent
 * while it is pending, which stops a worker that claimed it and has not sent
 * yet (its own checks compare the status).
 * @returns whether the row was still this pass's.
 */
export async function recordSent(
  db: Db,
  table: PgTable,
  row: { id: string; attempts: number; token: string; now: Date },
): Promise<boolean> {
  const set = sql`status = 'sent', sent_at = ${at(row.now)}, attempts = ${row.attempts},
    locked_until = null, claim_token = null, last_error = null, waiting_on = null`;
  if (await updateHeld(db, table, row.id, row.token, set)) return true;
  await db.execute(sql`update ${table} set ${set} where id = ${row.id} and status = 'pending'`);
  return false;
}

/**
 * Reschedules a failed attempt of a row this pass holds: `attempts`, the
 * error, `next_attempt_at`, `waiting_on` (the transport found unreachable,
 * else null); lease and token cleared.
 * @returns false when the row was no longer this pass's (nothing written).
 */
export async function recordFailure(
  db: Db,
  table: PgTable,
  row: { id: string; token: string; attempts: number; error: string; next: Date; waitingOn: string | null },
): Promise<boolean> {
  return updateHeld(
    db,
    table,
    row.id,
    row.token,
    sql`attempts = ${row.attempts}, last_error = ${row.error}, next_attempt_at = ${at(row.next)},
      waiting_on = ${row.waitingOn}, locked_until = null, claim_token = null`,
  );
}

/**
 * Gives back a claimed row without attempting it because its transport was
 * found unreachable earlier in the pass: no attempt counted, the error kept,
 * `waiting_on` = `transport`, due again at `next` (or when the transport is
 * seen working). Fenced by the token.
 */
export async function deferClaim(
  db: Db,
  table: PgTable,
  row: { id: string; token: string; transport: string; next: Date },
): Promise<void> {
  await updateHeld(
    db,
    table,
    row.id,
    row.token,
    sql`next_attempt_at = ${at(row.next)}, waiting_on = ${row.transport}, locked_until = null, claim_token = null`,
  );
}

/**
 * Makes every pending row waiting on `transport` due at `now` (a send
 * through it just succeeded). Rows that failed for another reason (a refused
 * message, bad data) keep their backoff.
 * @returns how many rows became due.
 */
export async function wakeTransport(db: Db, table: PgTable, transport: string, now: Date): Promise<number> {
  const woken = await db.execute<{ id: string }>(sql`
    update ${table} set next_attempt_at = ${at(now)}
    where status = 'pending' and waiting_on = ${transport} and next_attempt_at > ${at(now)}
    returning id`);
  return woken.rows.length;
}

/**
 * The probe: for each transport with rows waiting on it, makes the one due
 * first due at `now`, so that the next claim tries the transport again with
 * one real delivery; when it succeeds, {@link wakeTransport} brings the rest.
 * @returns the transports probed.
 */
export async function probeWaiting(db: Db, table: PgTable, now: Date): Promise<string[]> {
  const probed = await db.execute<{ waiting_on: string }>(sql`
    update ${table} set next_attempt_at = ${at(now)}
    where id in (
      select distinct on (waiting_on) id from ${table}
      where status = 'pending' and waiting_on is not null and next_attempt_at > ${at(now)}
      order by waiting_on, next_attempt_at, id
    )
    returning waiting_on`);
  return probed.rows.map((row) => row.waiting_on);
}

/**
 * When this process last probed each outbox table, so that a transport that
 * is down costs one early delivery per table per interval and process, not
 * one per pass. One instance per worker (or the process default).
 */
export class OutboxProbes {
  private readonly last = new Map<string, number>();

  /**
   * Whether a probe of `table` is due at `nowMs` (epoch ms) with
   * `intervalMs` between probes; when it is, it counts as done now. A clock
   * that went back (an injected one) counts as due.
   */
  take(table: PgTable, nowMs: number, intervalMs: number): boolean {
    const key = getTableName(table);
    const last = this.last.get(key);
    if (last !== undefined && nowMs >= last && nowMs - last < intervalMs) return false;
    this.last.set(key, nowMs);
    return true;
  }
}

/** Error codes of a transport that could not be reached or stopped answering (Node, nodemailer). */
const UNREACHABLE_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * Whether a delivery error says the transport was unreachable or silent
 * (connection refused or reset, DNS, timeouts, an abort on the delivery's
 * bound, SMTP 421 "service not available") rather than that it refused this
 * item; the error's `cause` chain is followed.
 */
export function isTransportUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, name, responseCode, cause } = current as {
      code?: unknown;
      name?: unknown;
      responseCode?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (name === "TimeoutError" || responseCode === 421) return true;
    current = cause;
  }
  return false;
}

/**
 * Whether a delivery error is a timeout (the transport stayed silent: a
 * name ending in `TimeoutError`, or code ETIMEDOUT), following `cause`.
 * Such a failure cost the pass a whole timeout, so the pass does not try
 * the same transport again; a refused connection fails at once and does not
 * count.
 */
export function isTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, name, cause } = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (code === "ETIMEDOUT" || (typeof name === "string" && name.endsWith("TimeoutError"))) return true;
    current = cause;
  }
  return false;
}

/** The claim is no longer this worker's: the reason a delivery's signal aborts with when it is lost. */
export class ClaimLostError extends Error {
  override name = "ClaimLostError";
}

/** How one delivery ended: delivered; or failed with its error (`claimLost`: cut because the claim was lost). */
export type DeliveryOutcome = { delivered: true } | { delivered: false; claimLost: boolean; error: unknown };

/**
 * Runs one delivery of a claimed row while keeping its claim: the lease is
 * renewed every quarter lease, one renewal at a time; the signal aborts
 * after `timeoutMs` (a `TimeoutError`), at once when a renewal finds the
 * claim lost, and when no renewal has succeeded for half a lease (the
 * database is unreachable), so that the delivery ends while the lease still
 * holds. A delivery that does not honour the signal is still waited for.
 * `bounds.renew` resolves false when the claim is lost; `timeoutMs` and
 * `leaseMs` are ms.
 * @returns how the delivery ended; never throws.
 */
export async function deliverBounded(
  run: (signal: AbortSignal) => Promise<void>,
  bounds: { renew: (id: string) => Promise<boolean>; leaseMs: number; timeoutMs: number },
  id: string,
): Promise<DeliveryOutcome> {
  const controller = new AbortController();
  let claimLost = false;
  let finished = false;
  const abort = (reason: Error) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timer.unref?.();
    timers.add(timer);
    return timer;
  };
  after(bounds.timeoutMs, () =>
    abort(new DOMException(`delivery took longer than ${bounds.timeoutMs} ms`, "TimeoutError")),
  );
  const unconfirmed = () => {
    claimLost = true;
    abort(new ClaimLostError("the claim could not be renewed for half a lease"));
  };
  let guard = after(bounds.leaseMs / 2, unconfirmed);
  const heartbeat = () => {
    after(bounds.leaseMs / 4, () => {
      if (finished) return;
      bounds.renew(id).then(
        (held) => {
          if (finished) return;
          if (!held) {
            claimLost = true;
            abort(new ClaimLostError("the claim was taken by another worker"));
            return;
          }
          clearTimeout(guard);
          timers.delete(guard);
          guard = after(bounds.leaseMs / 2, unconfirmed);
          heartbeat();
        },
        // A failed renewal is retried at the next beat; the guard aborts if none succeeds in time.
        () => heartbeat(),
      );
    });
  };
  heartbeat();
  try {
    await run(controller.signal);
    return { delivered: true };
  } catch (error) {
    return { delivered: false, claimLost, error };
  } finally {
    finished = true;
    for (const timer of timers) clearTimeout(timer);
  }
}
