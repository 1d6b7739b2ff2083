/**
 * What the Express server (server/index.ts `getLoadContext`) gives every
 * loader and action as `context`.
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The visitor's IP as Express derives it under `TRUST_PROXY`; keys the per-IP rate limits. */
    clientIp?: string;
  }
}
