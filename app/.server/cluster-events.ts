/**
 * Cross-process events (docs/decisions/0026-several-servers.md): several server
 * processes share one PostgreSQL, and each keeps in memory the route rules,
 * the appearance and a page cache. A change announced in one process
 * (`publicContentChanged`, ~/.server/admin/content-changed) is sent to the
 * others with PostgreSQL NOTIFY on {@link CLUSTER_CHANNEL}; a receiving
 * process reloads the rules or the appearance from the database and then runs
 * its local listeners (which empty its page cache).
 *
 * Payload: JSON `{"change": ContentChange, "origin": <process id>}`. A
 * process ignores its own notifications (it already applied the change). A
 * malformed payload is logged and ignored. After the LISTEN connection was
 * lost and re-established, every cache is reloaded (notifications sent
 * meanwhile are lost).
 *
 * On PGlite (one process) the same path runs in-process, so behaviour and
 * tests are the same on both databases.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  CONTENT_CHANGES,
  type ContentChange,
  notifyLocalListeners,
  setContentChangePublisher,
} from "./admin/content-changed";
import { loadAgencyProfile } from "./agency";
import { loadAppearance } from "./appearance";
import { clearCaches } from "./cache";
import type { Database } from "./db";
import { loadRedirects } from "./redirects";

/** The PostgreSQL notification channel of the site's events. */
export const CLUSTER_CHANNEL = "site_events";

const payloadSchema = z.object({
  change: z.enum(CONTENT_CHANGES as [ContentChange, ...ContentChange[]]),
  origin: z.string().min(1).max(100),
});

/** Options of {@link startClusterEvents}. */
export interface ClusterEventsOptions {
  /** The process's database: NOTIFY is sent and LISTENed on it. */
  database: Database;
  /**
   * Reloads what this process caches for a change received from another
   * process, before its local listeners run (default {@link reloadForChange}).
   * @throws reload failures (logged; the local listeners still run).
   */
  reload?: (change: ContentChange, database: Database) => Promise<void>;
  /** Called after a received change was applied (tests, metrics). */
  onApplied?: (change: ContentChange) => void;
  /** This process's id in payloads (default: a random UUID). */
  origin?: string;
}

/** The running subscription. */
export interface ClusterEvents {
  /** This process's id in payloads. */
  readonly origin: string;
  /** Sends `change` to the other processes (what `publicContentChanged` does through the publisher). */
  publish(change: ContentChange): Promise<void>;
  /** Stops listening and publishing (idempotent). */
  stop(): Promise<void>;
}

/**
 * Reloads the in-memory copy a change affects: the route rules for
 * "redirects", the appearance for "appearance", the agency profile for
 * "agency", and for "catalogue" empties
 * the in-memory catalogue caches (`clearCaches`, as the syncing process
 * does itself); "members" are read from the database per request, so only
 * the page cache (the local listeners) needs emptying.
 * @throws database errors.
 */
export async function reloadForChange(change: ContentChange, database: Database): Promise<void> {
  if (change === "redirects") await loadRedirects(database.db);
  else if (change === "appearance") await loadAppearance(database.db);
  else if (change === "agency") await loadAgencyProfile(database.db);
  else if (change === "catalogue") clearCaches();
}

/**
 * LISTENs on {@link CLUSTER_CHANNEL} and registers the publisher that sends
 * this process's changes there. Call once at start, after the route rules
 * and the appearance were loaded (server/index.ts); `stop()` before the
 * database closes.
 * @throws when the LISTEN cannot be set up (the database is unreachable).
 */
export async function startClusterEvents(options: ClusterEventsOptions): Promise<ClusterEvents> {
  const { database } = options;
  const origin = options.origin ?? randomUUID();
  const reload = options.reload ?? reloadForChange;
  // Received changes are applied one after another, in arrival order.
  let queue: Promise<void> = Promise.resolve();

  const apply = (change: ContentChange) => {
    queue = queue.then(async () => {
      try {
        await reload(change, database);
      } catch (error) {
        console.error(`[cluster] falha ao recarregar após mudança (${change})`, error);
      }
      notifyLocalListeners(change);
      options.onApplied?.(change);
    });
  };

  const listening = await database.listen(
    CLUSTER_CHANNEL,
    (payload) => {
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(payload));
      } catch {
        console.warn(`[cluster] notificação inválida ignorada: ${payload.slice(0, 120)}`);
        return;
      }
      if (parsed.origin !== origin) apply(parsed.change);
    },
    // Changes may have been missed while disconnected: reload everything.
    () => {
      for (const change of ["redirects", "appearance", "agency"] as const) apply(change);
    },
  );

  const publish = async (change: ContentChange) => {
    await database.notify(CLUSTER_CHANNEL, JSON.stringify({ change, origin }));
  };
  const removePublisher = setContentChangePublisher((change) => {
    publish(change).catch((error: unknown) =>
      console.error(`[cluster] falha ao avisar os outros processos (${change})`, error),
    );
  });

  let stopped = false;
  return {
    origin,
    publish,
    async stop() {
      if (stopped) return;
      stopped = true;
      removePublisher();
      await listening.close();
      await queue;
    },
  };
}
