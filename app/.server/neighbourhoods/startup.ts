/**
 * The neighbourhood market figures at a process's start (ADR 0090): when the
 * table is empty (the first start after the pages were added, or a restored
 * database) but a sync already succeeded, the figures are computed at once
 * from the read model, instead of waiting for the next sync that changes
 * something or a new day.
 */
import type { Db } from "../db";
import { readSyncState } from "../sync/state";
import { marketsState, refreshNeighbourhoodMarkets } from "./refresh";

/**
 * Fills the table when it is empty and the listings sync has succeeded
 * before. Never throws: a failure is logged (the next sync run fills it).
 * @returns true when the figures were computed.
 */
export async function fillNeighbourhoodMarketsIfEmpty(db: Db, log: (line: string) => void): Promise<boolean> {
  try {
    const [state, sync] = await Promise.all([marketsState(db), readSyncState(db)]);
    if (state.rows > 0 || !sync?.lastSuccessAt) return false;
    const stored = await refreshNeighbourhoodMarkets(db, { dataAsOf: sync.lastSuccessAt });
    log(`[bairros] números de ${stored} bairros calculados na partida`);
    return true;
  } catch (error) {
    log(`[bairros] falha ao calcular os números na partida: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
