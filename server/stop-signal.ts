/**
 * SIGTERM/SIGINT from the first instant of the process
 * (docs/decisions/0025-production-process-and-image.md): the entry
 * (`server/entry.ts`) listens before it loads the server module and its
 * dependencies, and a signal that arrives meanwhile is kept until the server
 * registers its shutdown, which then runs at once. Without this, a signal during
 * the module loading would kill the process with the signal's default action,
 * or be ignored when the process is a container's PID 1.
 */

/** The stop signals this process honours. */
export type StopSignal = "SIGTERM" | "SIGINT";

let listening = false;
let pending: StopSignal | undefined;
let handler: ((signal: StopSignal) => void) | undefined;

/** Starts listening for SIGTERM and SIGINT (idempotent); a signal before {@link onStopSignal} is kept. */
export function listenForStopSignals(): void {
  if (listening) return;
  listening = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (handler) handler(signal);
      else pending ??= signal;
    });
  }
}

/** Sets the one stop handler; it runs at once when a signal came before. Every later signal calls it again. */
export function onStopSignal(stop: (signal: StopSignal) => void): void {
  listenForStopSignals();
  handler = stop;
  if (pending) stop(pending);
}
