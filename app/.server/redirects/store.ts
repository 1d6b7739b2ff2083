/**
 * Stored route rules and their in-memory cache. Every
 * request is matched against the cache (`lookupRedirect`, synchronous); a
 * save in the admin area reloads it at once and empties the page cache
 * (`publicContentChanged`); other processes reload when its notification
 * arrives (`../cluster-events`, docs/decisions/0026-several-servers.md), and
 * at the latest within {@link REDIRECT_REFRESH_MS} (the cache reloads in the
 * background when older: a safety net for a lost notification).
 * The cache lives in `singleton()` (ADR 0001): the Express middleware and the
 * Remix bundle share it.
 */
import { asc, eq, sql } from "drizzle-orm";
import { isServableRule, type RedirectFormValue } from "~/lib/redirects";
import { AdminError } from "../admin-error";
import { publicContentChanged } from "../admin/content-changed";
import { type Db, getDb } from "../db";
import { redirects } from "../db/schema";
import { singleton } from "../singleton";
import {
  buildRuleTable,
  findCycle,
  type RedirectDecision,
  type RedirectRule,
  resolveRedirect,
  type RuleTable,
} from "./rules";

/** Age (ms) after which a lookup reloads the rules in the background (several processes; in case a notification was lost). */
export const REDIRECT_REFRESH_MS = 30_000;

/** A stored rule with its timestamps (admin list). */
export type StoredRedirect = typeof redirects.$inferSelect;

interface RedirectCache {
  table: RuleTable;
  loadedAt: number;
  /** Database to reload from; set by the first {@link loadRedirects}. */
  db: Db | null;
  loading: Promise<void> | null;
}

function cache(): RedirectCache {
  return singleton("redirect-cache", (): RedirectCache => ({ table: new Map(), loadedAt: 0, db: null, loading: null }));
}

/** Every rule, by from-path. */
export async function listRedirects(db: Db = getDb().db): Promise<StoredRedirect[]> {
  return db.select().from(redirects).orderBy(asc(redirects.fromPath));
}

/**
 * (Re)loads the active rules into the cache, and remembers `db` for the
 * background refreshes. Call at start (server/index.ts) and after a change.
 * A stored rule the form would refuse today (`isServableRule`: an `http://`
 * or `javascript:` target, a line break, "//host") is left out with a
 * warning, so it can never reach a `Location` header.
 * @throws database errors (the previous cache stays in use).
 */
export async function loadRedirects(db: Db = getDb().db): Promise<void> {
  const state = cache();
  state.db = db;
  const rows = await db.select().from(redirects).where(eq(redirects.active, true));
  const servable = rows.filter((row) => {
    if (isServableRule(row)) return true;
    console.warn(
      `[redirects] regra ${row.id} ignorada: origem ou destino inválido (${JSON.stringify(row.fromPath).slice(0, 120)})`,
    );
    return false;
  });
  state.table = buildRuleTable(servable);
  state.loadedAt = Date.now();
}

function refreshInBackground(state: RedirectCache): void {
  if (!state.db || state.loading) return;
  state.loading = loadRedirects(state.db)
    .catch((error: unknown) => console.error("[redirects] falha ao recarregar os redirecionamentos", error))
    .finally(() => {
      state.loading = null;
    });
}

/**
 * The redirect for a request path and query, from the cache (docs/spec.txt §2
 * route-rules lookup), or null. Starts a background reload when the cache is
 * older than {@link REDIRECT_REFRESH_MS}. A loop (possible only through
 * concurrent edits in several processes) is logged and answers null.
 */
export function lookupRedirect(pathname: string, search = "", now: number = Date.now()): RedirectDecision | null {
  const state = cache();
  if (state.db && now - state.loadedAt > REDIRECT_REFRESH_MS) refreshInBackground(state);
  const resolution = resolveRedirect(state.table, pathname, search);
  if (resolution.kind === "loop") {
    console.warn(`[redirects] ciclo ignorado: ${resolution.chain.join(" → ")}`);
    return null;
  }
  return resolution.kind === "redirect" ? resolution.decision : null;
}

/** Resolves when the background reload started by {@link lookupRedirect} (if any) has finished. */
export async function redirectsReloaded(): Promise<void> {
  await cache().loading;
}

/** Message for a cycle "/a → /b → /a". */
function cycleMessage(chain: readonly string[]): string {
  return `Este destino criaria um ciclo de redirecionamentos: ${chain.join(" → ")}.`;
}

const GONE = "Este redirecionamento não existe mais. Recarregue a página.";

/** The refusal of a from-path that another rule already has (400, beside `fromPath`). */
function duplicateError(fromPath: string): AdminError {
  const message = `Já existe um redirecionamento de ${fromPath}.`;
  return new AdminError(message, 400, { fromPath: [message] });
}

/**
 * Creates (no `id`) or updates a rule after checking, against the stored
 * rules, that its from-path is free and that it creates no cycle (docs/spec.txt
 * §2: the per-path lookup follows one rule to the next). Reloads the cache and
 * announces the change.
 * @returns the saved row.
 * @throws {AdminError} 400 with messages per field (`fromPath` taken, `target`
 *   closing a cycle, `""` for a rule that no longer exists).
 * @throws database errors other than a duplicate from-path.
 */
export async function saveRedirect(value: RedirectFormValue, db: Db = getDb().db): Promise<StoredRedirect> {
  const rules = await db.select().from(redirects);
  if (rules.some((rule) => rule.fromPath === value.fromPath && rule.id !== value.id))
    throw duplicateError(value.fromPath);
  if (value.id && !rules.some((rule) => rule.id === value.id)) throw new AdminError(GONE, 400, { "": [GONE] });
  const candidate: RedirectRule = {
    id: value.id ?? "(novo)",
    fromPath: value.fromPath,
    target: value.target,
    statusCode: value.statusCode,
    active: value.active,
  };
  const cycle = findCycle(rules, candidate);
  if (cycle) throw new AdminError(cycleMessage(cycle), 400, { target: [cycleMessage(cycle)] });
  const fields = {
    fromPath: value.fromPath,
    target: value.target,
    statusCode: value.statusCode,
    active: value.active,
    updatedAt: sql`now()`,
  };
  let saved: StoredRedirect | undefined;
  try {
    [saved] = value.id
      ? await db.update(redirects).set(fields).where(eq(redirects.id, value.id)).returning()
      : await db.insert(redirects).values(fields).returning();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw duplicateError(value.fromPath);
    throw error;
  }
  if (!saved) throw new AdminError(GONE, 400, { "": [GONE] });
  await changed(db);
  return saved;
}

/**
 * Turns a rule on or off.
 * @throws {AdminError} 400 when the rule no longer exists, or when turning it
 *   on would close a cycle (the message names the cycle).
 */
export async function setRedirectActive(id: string, active: boolean, db: Db = getDb().db): Promise<void> {
  const rules = await db.select().from(redirects);
  const rule = rules.find((candidate) => candidate.id === id);
  if (!rule) throw new AdminError("Este redirecionamento não existe mais.", 400);
  if (active) {
    const cycle = findCycle(rules, { ...rule, active: true });
    if (cycle) throw new AdminError(cycleMessage(cycle), 400);
  }
  await db
    .update(redirects)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(redirects.id, id));
  await changed(db);
}

/** Deletes a rule (no error when it is already gone). */
export async function deleteRedirect(id: string, db: Db = getDb().db): Promise<void> {
  await db.delete(redirects).where(eq(redirects.id, id));
  await changed(db);
}

async function changed(db: Db): Promise<void> {
  await loadRedirects(db);
  publicContentChanged("redirects");
}
