/**
 * What the Express server (server/index.ts `getLoadContext`) gives every
 * loader and action as `context`.
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The visitor's IP as Express derives it under `TRUST_PROXY`; keys the per-IP rate limits. */
    clientIp?: string;
    /**
     * The socket's remote address (never a forwarded header): whether a request
     * was made on this host (`/health/server` details, ADR 0066).
     */
    peerAddress?: string;
    /** This request's Content-Security-Policy nonce (base64), for Remix's inline scripts. */
    cspNonce?: string;
    /**
     * A refusal decided before routing (server/request-guards.ts): the request
     * reaches only the "*" route, which renders the error screen with this status.
     * `path` is the requested path made printable.
     */
    rejection?: { status: number; message: string; path: string };
  }
}
