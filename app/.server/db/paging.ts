/**
 * The count behind a paged admin or panel list: how many rows match, and
 * where the page asked for lies among them (`pageOf` of `~/lib/list-filters`).
 */
import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { pageOf, type PageWindow } from "~/lib/list-filters";
import type { Db } from "./index";

/** A {@link PageWindow} with the number of matching rows. */
export interface CountedPage extends PageWindow {
  /** Rows of the table matching the condition. */
  total: number;
}

/**
 * Counts the rows of `table` matching `where` (all rows when undefined) and
 * places page `requested` (1-based; clamped, so a stale link past the end
 * gives the last page) of `pageSize` rows among them.
 * @throws database errors.
 */
export async function countedPage(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  requested: number | undefined,
  pageSize: number,
): Promise<CountedPage> {
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(table).where(where);
  return { total, ...pageOf(total, requested, pageSize) };
}
