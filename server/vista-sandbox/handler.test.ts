import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_KEY, createVistaSandboxHandler } from "./handler";

let server: Server;
let origin: string;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vista-sandbox-handler-"));
  const app = express();
  app.use(
    "/vista",
    await createVistaSandboxHandler({ dataDir, requireAcceptJson: false, log: (line) => lines.push(line) }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("createVistaSandboxHandler mounted in Express", () => {
  it("routes under the mount path and builds photo URLs with it", async () => {
    const url = new URL(`${origin}/vista/imoveis/listar`);
    url.searchParams.set("key", SANDBOX_KEY);
    url.searchParams.set(
      "pesquisa",
      JSON.stringify({ fields: ["Codigo", "FotoDestaque"], paginacao: { pagina: 1, quantidade: 1 } }),
    );
    // requireAcceptJson: false → no Accept header needed.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const [item] = Object.values((await response.json()) as Record<string, { Codigo: string; FotoDestaque: string }>);
    expect(item!.FotoDestaque).toMatch(new RegExp(`^${origin}/vista/fotos/${item!.Codigo}/\\d\\.jpg$`));
    const photo = await fetch(item!.FotoDestaque);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
  });

  it("logs method, path and status, never the query string with the key", async () => {
    await fetch(`${origin}/vista/imoveis/finalidades?key=${SANDBOX_KEY}`);
    await fetch(`${origin}/vista/imoveis/finalidades?key=not-the-key`);
    expect(lines.some((line) => /GET \/imoveis\/finalidades 200/.test(line))).toBe(true);
    expect(lines.some((line) => /GET \/imoveis\/finalidades 401/.test(line))).toBe(true);
    expect(lines.join("\n")).not.toContain(SANDBOX_KEY);
    expect(lines.join("\n")).not.toContain("not-the-key");
  });
});
