import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeError, ERROR_LINE_MAX } from "./errors";

/** A server error as `pg` builds it from PostgreSQL's ErrorResponse. */
function serverError(code: string, message: string, detail?: string): Error {
  const error = new pg.DatabaseError(message, message.length, "error");
  Object.assign(error, { code, severity: "ERROR", detail });
  return error;
}

describe("describeError", () => {
  const statement = `with incoming as (select * from jsonb_to_recordset(${"x".repeat(5000)}))`;

  it("names the PostgreSQL code and message behind drizzle's 'Failed query' wrapper, never the SQL", () => {
    const cause = serverError("53100", 'could not extend file "base/16384/16397": No space left on device');
    const wrapped = new DrizzleQueryError(statement, ["[{…}]"], cause);
    expect(wrapped.message.length).toBeGreaterThan(1000);
    expect(describeError(wrapped)).toBe(
      'PostgreSQL 53100 (disco cheio): could not extend file "base/16384/16397": No space left on device',
    );
  });

  it("labels a terminated connection and keeps the server's detail", () => {
    expect(describeError(serverError("57P01", "terminating connection due to administrator command"))).toBe(
      "PostgreSQL 57P01 (conexão encerrada pelo servidor): terminating connection due to administrator command",
    );
    expect(describeError(serverError("23505", "duplicate key value", "Key (code)=(C1) already exists."))).toBe(
      "PostgreSQL 23505: duplicate key value (Key (code)=(C1) already exists.)",
    );
    expect(describeError(serverError("08006", "connection failure"))).toBe(
      "PostgreSQL 08006 (falha de conexão): connection failure",
    );
  });

  it("names a system error by its text, e.g. a full disk", () => {
    const error = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28 });
    expect(describeError(new DrizzleQueryError(statement, [], error))).toBe(
      "No space left on device (ENOSPC): ENOSPC: no space left on device, write",
    );
  });

  it("keeps other messages on one line, cut at the limit", () => {
    expect(describeError(new Error("linha 1\n   linha 2"))).toBe("linha 1 linha 2");
    expect(describeError("texto")).toBe("texto");
    const long = describeError(new Error("a".repeat(2000)));
    expect(long).toHaveLength(ERROR_LINE_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(describeError(new DrizzleQueryError(statement, [], undefined as unknown as Error))).toBe(
      "falha ao executar uma consulta no banco de dados",
    );
  });
});
