/**
 * How a failed or interrupted sync run is described in its log line and in
 * `sync_state.last_error` (docs/decisions/0068-sync-faults.md): one readable
 * line naming the cause, never the SQL of the statement that failed, never
 * the Vista key.
 */
import { describeError } from "../db/errors";
import { VistaError } from "../vista/errors";

/**
 * Why a run was aborted from outside: the process is shutting down, or the
 * connection holding the leader lock was lost. Its message (pt-BR) is what
 * the run records.
 */
export class SyncInterruptedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SyncInterruptedError";
  }
}

/** What a run records when aborted for a reason that is not a {@link SyncInterruptedError}. */
export const SHUTDOWN_MESSAGE = "sincronização interrompida (encerramento do processo)";

/** The interruption recorded when the connection holding the leader lock is lost; `cause` names the cause in one line. */
export function lockLostError(cause: unknown): SyncInterruptedError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new SyncInterruptedError(`conexão do bloqueio da sincronização perdida: ${detail}`);
}

/**
 * One line for a failed run: the interruption's message when `signal` was
 * aborted, a Vista error's own message (already redacted by the client),
 * else {@link describeError} (the PostgreSQL code and message, or the
 * system error such as "No space left on device").
 */
export function syncErrorMessage(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) {
    return signal.reason instanceof SyncInterruptedError ? signal.reason.message : SHUTDOWN_MESSAGE;
  }
  if (error instanceof SyncInterruptedError) return error.message;
  if (error instanceof VistaError) return describeError(new Error(error.message));
  return describeError(error);
}
