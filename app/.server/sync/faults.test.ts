import { describe, expect, it } from "vitest";
import { VistaServerError } from "../vista/errors";
import { lockLostError, SHUTDOWN_MESSAGE, syncErrorMessage, SyncInterruptedError } from "./faults";

describe("syncErrorMessage", () => {
  it("an aborted run records the interruption's own message, else the shutdown one", () => {
    const lost = new AbortController();
    lost.abort(lockLostError(new Error("PostgreSQL 57P01 (conexão encerrada pelo servidor): terminating connection")));
    expect(syncErrorMessage(new Error("aborted"), lost.signal)).toBe(
      "conexão do bloqueio da sincronização perdida: PostgreSQL 57P01 (conexão encerrada pelo servidor): terminating connection",
    );
    const stopped = new AbortController();
    stopped.abort(new Error("sync stopped"));
    expect(syncErrorMessage(new Error("aborted"), stopped.signal)).toBe(SHUTDOWN_MESSAGE);
    expect(syncErrorMessage(new SyncInterruptedError("parou"))).toBe("parou");
  });

  it("keeps a Vista error's (redacted) message on one line", () => {
    const error = new VistaServerError("Vista imoveis/listar: HTTP 500:\n erro", {
      status: 500,
      endpoint: "imoveis/listar",
    });
    expect(syncErrorMessage(error)).toBe("Vista imoveis/listar: HTTP 500: erro");
  });
});
