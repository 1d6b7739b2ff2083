/**
 * The retention job's keyset-paged anonymisation, shared by its parts for
 * leads (`./retention`) and visits (`./visits`): small transactions, so a
 * long backlog never holds locks for long and a failure keeps the batches
 * already committed.
 */
import { and, asc, gt, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db";

/** Rows anonymised per transaction. */
export const ANONYMISE_BATCH = 200;

/** The rows {@link anonymiseCreatedBefore} pages through. */
export interface AnonymisableRows {
  table: PgTable;
  /** The uuid primary key, the order of the pages. */
  id: PgColumn;
  /** Creation time (timestamptz), compared with the cutoff. */
  createdAt: PgColumn;
  /** SQL condition: the row still holds personal data (so a finished row is not read again). */
  stillPersonal: SQL | undefined;
}

/**
 * Anonymises every row of `rows` created before `cutoff` that still holds
 * personal data, {@link ANONYMISE_BATCH} ids at a time, each batch in its own
 * transaction through `anonymise`, and adds up the counts it returns.
 * Idempotent when `anonymise` is.
 * @param totals the counts to add to (their keys are the ones summed); returned.
 * @throws database errors (the batches committed before stay done).
 */
export async function anonymiseCreatedBefore<Counts extends Record<string, number>>(
  db: Db,
  rows: AnonymisableRows,
  cutoff: Date,
  totals: Counts,
  anonymise: (tx: Db, ids: string[]) => Promise<Counts>,
): Promise<Counts> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = (await db
      .select({ id: rows.id })
      .from(rows.table)
      .where(and(lt(rows.createdAt, cutoff), rows.stillPersonal, gt(rows.id, after)))
      .orderBy(asc(rows.id))
      .limit(ANONYMISE_BATCH)) as { id: string }[];
    if (!batch.length) return totals;
    after = batch[batch.length - 1]!.id;
    const counts = await db.transaction((tx) =>
      anonymise(
        tx as unknown as Db,
        batch.map((row) => row.id),
      ),
    );
    for (const key of Object.keys(totals) as (keyof Counts)[]) {
      totals[key] = (totals[key] + counts[key]) as Counts[keyof Counts];
    }
  }
}
