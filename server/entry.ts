/**
 * Entry of the server process (`build/node/server.js` once bundled, `tsx
 * server/entry.ts` in development): listens for stop signals first, then loads
 * the server (`server/index.ts`) and everything it imports
 * (docs/decisions/0025-production-process-and-image.md).
 */
import { listenForStopSignals } from "./stop-signal";

listenForStopSignals();
console.log(`[server] iniciando (pid ${process.pid}, Node ${process.version})`);
// Stack traces of the bundle name the TypeScript sources (build/node/*.js.map).
process.setSourceMapsEnabled(true);
await import("./index");
