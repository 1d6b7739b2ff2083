import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSecretParam, REDACTED, redactUrl, REQUEST_LOG_FORMAT, requestLog } from "./request-log";

describe("redactUrl", () => {
  it("hides the token of every link that carries one in its query", () => {
    for (const path of [
      "/login-corretores/definir-senha",
      "/login-corretores/reset-de-senha",
      "/alertas",
      "/alertas/confirmar",
      "/alertas/cancelar",
      "/admin/membros/3/envio",
    ])
      expect(redactUrl(`${path}?token=abc.def-123`)).toBe(`${path}?token=${REDACTED}`);
  });

  it("hides the reset code or token in the path of the reset API, whatever the case or escapes", () => {
    expect(redactUrl("/api/auth/reset-password/123456")).toBe(`/api/auth/reset-password/${REDACTED}`);
    expect(redactUrl("/api/auth/reset-password/s.abc.def?x=1")).toBe(`/api/auth/reset-password/${REDACTED}?x=1`);
    expect(redactUrl("/API/Auth/Reset-Password/abc/")).toBe(`/API/Auth/Reset-Password/${REDACTED}/`);
    expect(redactUrl("/api/auth/reset%2Dpassword/abc")).toBe(`/api/auth/reset%2Dpassword/${REDACTED}`);
    expect(redactUrl("/api/auth/reset-password")).toBe("/api/auth/reset-password");
    expect(redactUrl("/proprietario/abc_DEF-123/cancelar")).toBe(`/proprietario/${REDACTED}/${REDACTED}`);
    expect(redactUrl("/visitas/abc_DEF-123?agendada=1")).toBe(`/visitas/${REDACTED}?agendada=1`);
    expect(redactUrl("/Visitas/abc/convite.ics")).toBe(`/Visitas/${REDACTED}/${REDACTED}`);
  });

  it("hides code-, key- and token-like parameters and keeps every other byte", () => {
    expect(redactUrl("/x?a=1&oobCode=zz&apiKey=k&b=2&access_token=t&codigo=A1#frag")).toBe(
      `/x?a=1&oobCode=${REDACTED}&apiKey=${REDACTED}&b=2&access_token=${REDACTED}&codigo=${REDACTED}`,
    );
    expect(redactUrl("/x?%74oken=abc&TOKEN=def&token")).toBe(
      `/x?%74oken=${REDACTED}&TOKEN=${REDACTED}&token=${REDACTED}`,
    );
    expect(redactUrl("/busca?q=casa%20verde&pagina=2")).toBe("/busca?q=casa%20verde&pagina=2");
    expect(redactUrl("/detalhes/x/1?foto=%E0%A4%A")).toBe("/detalhes/x/1?foto=%E0%A4%A");
    expect(redactUrl("http://localhost:3000/alertas?token=abc")).toBe(
      `http://localhost:3000/alertas?token=${REDACTED}`,
    );
  });

  it("names secret parameters", () => {
    expect(["token", "Token", "code", "key", "id_token", "client_secret", "senha"].every(isSecretParam)).toBe(true);
    expect(["q", "pagina", "imovel", "codigos", "utm_source", "redirectTo"].some(isSecretParam)).toBe(false);
  });
});

describe("requestLog", () => {
  const lines: string[] = [];
  let base = "";
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = express();
    app.use(requestLog({ stream: { write: (line) => void lines.push(line) } }));
    app.use((req, res) => void res.status(req.path.startsWith("/health") ? 200 : 404).send("x"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  /** Waits until the log has `count` lines (morgan writes once the answer has finished). */
  async function linesAfter(path: string, count: number): Promise<string[]> {
    await (await fetch(`${base}${path}`)).text();
    for (let i = 0; i < 50 && lines.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return lines;
  }

  it("prints morgan's short line with the URL redacted", async () => {
    expect(REQUEST_LOG_FORMAT).not.toContain(":url");
    const [line] = await linesAfter("/alertas?token=segredo-de-400-dias&x=1", 1);
    expect(line).toMatch(new RegExp(`^127\\.0\\.0\\.1 - GET /alertas\\?token=\\[redacted\\]&x=1 HTTP/1\\.1 404 1 - `));
    expect(line).not.toContain("segredo");
    const after = await linesAfter("/api/auth/reset-password/123456", 2);
    expect(after[1]).toContain("GET /api/auth/reset-password/[redacted] HTTP/1.1 404");
  });

  it("skips successful health checks", async () => {
    const before = lines.length;
    await (await fetch(`${base}/health/server`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toHaveLength(before);
  });
});
