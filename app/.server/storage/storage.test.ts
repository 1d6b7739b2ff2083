/**
 * The storage backends (ADR 0019): local disk (round trip,
 * keys refused when they could escape the folder, delete of a missing key),
 * the Google Cloud Storage backend's calls on a fake bucket, and the
 * configuration's choice of backend (an unknown one is refused).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import {
  type BucketLike,
  contentTypeOfKey,
  createGcsStorage,
  createLocalStorage,
  isValidStorageKey,
  newStorageKey,
  storageKind,
} from ".";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("storage keys", () => {
  it("accept only server-made keys", () => {
    const key = newStorageKey("membros/3/foto", "webp");
    expect(key).toMatch(/^membros\/3\/foto-[0-9a-f]{24}\.webp$/);
    expect(isValidStorageKey(key)).toBe(true);
    expect(contentTypeOfKey(key)).toBe("image/webp");
    for (const bad of [
      "../etc/passwd.pdf",
      "membros/../x.webp",
      "/abs/x.webp",
      "membros/x.exe",
      "membros/X.webp",
      "membros//x.pdf",
    ]) {
      expect([bad, isValidStorageKey(bad)]).toEqual([bad, false]);
    }
  });
});

describe("local storage", () => {
  it("stores, reads back and deletes under its root", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "storage-"));
    dirs.push(root);
    const storage = createLocalStorage(root);
    await storage.put("membros/1/arquivo-abc.pdf", Buffer.from("%PDF-1.4"), "application/pdf");
    expect(await fs.readFile(path.join(root, "membros", "1", "arquivo-abc.pdf"), "utf8")).toBe("%PDF-1.4");
    expect(await storage.get("membros/1/arquivo-abc.pdf")).toEqual({
      body: Buffer.from("%PDF-1.4"),
      contentType: "application/pdf",
    });
    await storage.delete("membros/1/arquivo-abc.pdf");
    await storage.delete("membros/1/arquivo-abc.pdf");
    expect(await storage.get("membros/1/arquivo-abc.pdf")).toBeNull();
    await expect(storage.put("../fora.pdf", Buffer.from("x"), "application/pdf")).rejects.toThrow(/invalid key/);
  });
});

describe("Google Cloud Storage backend", () => {
  it("saves with the content type and a year of cache, downloads, treats 404 as missing and deletes ignoring missing objects", async () => {
    const calls: unknown[][] = [];
    const objects = new Map<string, { body: Buffer; contentType: string }>();
    const bucket: BucketLike = {
      file: (name) => ({
        save: async (body, options) => {
          calls.push(["save", name, options]);
          objects.set(name, { body, contentType: options.contentType });
        },
        download: async () => {
          const found = objects.get(name);
          if (!found) throw Object.assign(new Error("No such object"), { code: 404 });
          return [found.body];
        },
        getMetadata: async () => [{ contentType: objects.get(name)?.contentType }],
        delete: async (options) => {
          calls.push(["delete", name, options]);
          objects.delete(name);
        },
      }),
    };
    const storage = createGcsStorage(bucket);
    await storage.put("membros/2/foto-abc.webp", Buffer.from("webp"), "image/webp");
    expect(calls[0]).toEqual([
      "save",
      "membros/2/foto-abc.webp",
      {
        contentType: "image/webp",
        resumable: false,
        metadata: { cacheControl: "public, max-age=31536000, immutable" },
      },
    ]);
    expect(await storage.get("membros/2/foto-abc.webp")).toEqual({
      body: Buffer.from("webp"),
      contentType: "image/webp",
    });
    await storage.delete("membros/2/foto-abc.webp");
    expect(calls[1]).toEqual(["delete", "membros/2/foto-abc.webp", { ignoreNotFound: true }]);
    expect(await storage.get("membros/2/foto-abc.webp")).toBeNull();
  });
});

describe("configuration", () => {
  it("local by default, gcs with a bucket; an unknown backend or gcs without a bucket is refused", () => {
    expect(storageKind(parseConfig({}))).toBe("local");
    expect(storageKind(parseConfig({ STORAGE_BUCKET: "imobiliaria-prod.appspot.com" }))).toBe("gcs");
    expect(storageKind(parseConfig({ STORAGE_BUCKET: "imobiliaria-prod.appspot.com", STORAGE_BACKEND: "local" }))).toBe(
      "local",
    );
    expect(() => parseConfig({ STORAGE_BACKEND: "s3" })).toThrow(/STORAGE_BACKEND: deve ser "local" ou "gcs"/);
    expect(() => parseConfig({ STORAGE_BACKEND: "gcs" })).toThrow(
      /STORAGE_BUCKET: obrigatória quando STORAGE_BACKEND é gcs/,
    );
  });
});
