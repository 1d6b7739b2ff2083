/**
 * LISTEN on a PostgreSQL server for `Database.listen` (`./index`): a dedicated
 * `pg.Client` per channel, reconnected (and LISTENing again) with a growing
 * back-off when the connection breaks.
 */
import pg from "pg";
import { describeError } from "./errors";

/** An active LISTEN; `close()` stops it (idempotent). */
export interface Listening {
  close(): Promise<void>;
}

/** Longest wait (ms) between two reconnection attempts of a LISTEN connection. */
const LISTEN_MAX_BACKOFF_MS = 10_000;

/**
 * LISTEN on a dedicated `pg.Client`, reconnecting (and LISTENing again) when
 * the connection breaks. Registered in `open` until closed.
 */
export async function listenOnServer(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  open: Set<Listening>,
): Promise<Listening> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = 500;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      application_name: "imobiliaria-site-listen",
    });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotification(message.payload ?? "");
    });
    // A broken connection emits "error" (and then "end"); a server-side close may emit only "end".
    const lost = (reason: string) => {
      if (closed || client !== next) return;
      console.error(`[db] conexão de notificações (${channel}) perdida: ${reason}`);
      client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on("error", (error) => lost(describeError(error)));
    next.on("end", () => lost("conexão encerrada"));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then((next) => {
          if (closed) return void next.end().catch(() => undefined);
          client = next;
          backoffMs = 500;
          console.info(`[db] conexão de notificações (${channel}) restabelecida`);
          onReconnect?.();
        })
        .catch(() => {
          backoffMs = Math.min(backoffMs * 2, LISTEN_MAX_BACKOFF_MS);
          scheduleReconnect();
        });
    }, backoffMs);
    retry.unref();
  };

  client = await connect();
  const listening: Listening = {
    async close() {
      if (closed) return;
      closed = true;
      open.delete(listening);
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
  open.add(listening);
  return listening;
}
