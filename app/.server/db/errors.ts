/**
 * One readable line for an error that came from the database or the
 * operating system, for logs and `sync_state.last_error`. drizzle wraps a
 * failed statement as "Failed query: <the whole SQL> params: <every
 * parameter>", which hides the cause behind kilobytes of SQL; the cause is
 * the PostgreSQL error (a SQLSTATE code and the server's message, the same
 * on PGlite) or a system error such as `ENOSPC`, found on the `cause` chain.
 */
import { getSystemErrorMap } from "node:util";

/** Longest line {@link describeError} returns, in characters. */
export const ERROR_LINE_MAX = 300;

/**
 * Short pt-BR labels of the SQLSTATE codes an operator meets when the
 * database, not the query, is the problem (PostgreSQL manual, appendix A
 * "PostgreSQL Error Codes"); classes by their two-character prefix.
 */
const SQLSTATE_LABELS: Record<string, string> = {
  "53100": "disco cheio",
  "53200": "memória esgotada",
  "53300": "conexões demais",
  "57P01": "conexão encerrada pelo servidor",
  "57P02": "conexão encerrada pelo servidor",
  "57P03": "servidor indisponível",
  "08": "falha de conexão",
  "25P03": "transação ociosa por tempo demais",
  "40001": "conflito de serialização",
  "40P01": "impasse entre transações",
  "57014": "consulta cancelada",
};

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  severity?: unknown;
  detail?: unknown;
  errno?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first (at most 8, cycles cut). */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current !== null && typeof current === "object" && chain.length < 8 && !chain.includes(current)) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

/** A PostgreSQL (or PGlite) error: a five-character SQLSTATE and a severity. */
function sqlState(error: ErrorLike): string | null {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === "string"
    ? error.code
    : null;
}

/** Node's text of a system error code ("ENOSPC" → "No space left on device"), or null when unknown. */
function systemErrorText(code: string): string | null {
  for (const [name, text] of getSystemErrorMap().values()) {
    if (name === code) return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return null;
}

/** Whitespace collapsed to single spaces, cut at `max` characters with "…". */
function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `message` of an error-like value, else its string form. */
function messageOf(error: unknown): string {
  if (error !== null && typeof error === "object" && typeof (error as ErrorLike).message === "string") {
    return (error as { message: string }).message;
  }
  return String(error);
}

/**
 * One line naming the cause of `error`:
 * - a PostgreSQL error anywhere on the cause chain: `PostgreSQL 53100 (disco
 *   cheio): could not extend file "base/1/2": No space left on device`;
 * - else a system error: `No space left on device (ENOSPC): <message>`;
 * - else the innermost message that is not drizzle's "Failed query" wrapper.
 * Never the SQL text nor its parameters; at most {@link ERROR_LINE_MAX} characters.
 */
export function describeError(error: unknown, max = ERROR_LINE_MAX): string {
  return describe(error, max, true);
}

/**
 * {@link describeError} without PostgreSQL's `detail`, which quotes the row's values ("Key
 * (email)=(…) already exists", "Failing row contains (…)"): for failures of writes that carry a
 * visitor's personal data, whose logs must not (LGPD art. 46).
 */
export function describeErrorWithoutData(error: unknown, max = ERROR_LINE_MAX): string {
  return describe(error, max, false);
}

function describe(error: unknown, max: number, withDetail: boolean): string {
  const chain = chainOf(error);
  for (const link of chain) {
    const code = sqlState(link);
    if (!code) continue;
    const label = SQLSTATE_LABELS[code] ?? SQLSTATE_LABELS[code.slice(0, 2)];
    const detail = withDetail && typeof link.detail === "string" && link.detail ? ` (${link.detail})` : "";
    return oneLine(`PostgreSQL ${code}${label ? ` (${label})` : ""}: ${messageOf(link)}${detail}`, max);
  }
  for (const link of chain) {
    if (typeof link.code !== "string" || !/^E[A-Z0-9]+$/.test(link.code)) continue;
    const text = systemErrorText(link.code);
    if (text) return oneLine(`${text} (${link.code}): ${messageOf(link)}`, max);
  }
  const readable = chain.filter((link) => !/^Failed query:/.test(messageOf(link)));
  const innermost = readable.at(-1) ?? chain.at(-1);
  if (innermost) {
    const message = messageOf(innermost);
    // Nothing readable: keep drizzle's first line without the statement.
    return oneLine(/^Failed query:/.test(message) ? "falha ao executar uma consulta no banco de dados" : message, max);
  }
  return oneLine(String(error), max);
}
