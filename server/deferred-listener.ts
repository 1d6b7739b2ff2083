/**
 * A request listener for a server that binds its port before it can answer
 * (the embedded Auth emulator and Vista sandbox, ADR 0041): requests that
 * arrive meanwhile wait for the real listener; when it fails to load, they
 * get `onFailure`'s answer; its start waits with {@link readyOrClosed}.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/**
 * The listener to give `createServer`: hands each request to the listener
 * `loaded` resolves with, once it has. `loaded` is marked handled, so a load
 * failure nobody else awaits is not an unhandled rejection.
 */
export function deferredListener(
  loaded: Promise<RequestListener>,
  onFailure: (res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  loaded.catch(() => undefined);
  return (req, res) => {
    loaded.then(
      (listener) => listener(req, res),
      () => onFailure(res),
    );
  };
}

/**
 * Waits for such a server to finish loading: resolves with `ready`'s value,
 * or, when loading fails, closes the server (`close`, which frees the port)
 * and rejects with the load's error.
 */
export async function readyOrClosed<T>(ready: Promise<T>, close: () => Promise<unknown>): Promise<T> {
  try {
    return await ready;
  } catch (error) {
    await close();
    throw error;
  }
}
