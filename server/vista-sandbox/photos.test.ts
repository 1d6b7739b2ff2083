import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue, photosOf } from "./catalogue";
import { startVistaSandbox, type RunningVistaSandbox } from "./index";
import { PHOTO_RENDER_VERSION, renderPhoto, resolvePhoto } from "./photos";

let sandbox: RunningVistaSandbox;
let dataDir: string;
const catalogue = loadCatalogue();
const [first, second] = catalogue.listings;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vista-sandbox-photos-"));
  sandbox = await startVistaSandbox({ port: 0, dataDir });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(route: string, headers: Record<string, string> = {}) {
  const response = await fetch(sandbox.url + route, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const isJpeg = (bytes: Buffer) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

describe("photo CDN", () => {
  it("serves real JPEGs with immutable caching headers and an ETag", async () => {
    const { response, bytes } = await get(`/fotos/${first!.code}/1.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{20}"$/);
    expect(isJpeg(bytes)).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 800]);

    const thumb = await get(`/fotos/${first!.code}/1-p.jpg`);
    expect(isJpeg(thumb.bytes)).toBe(true);
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 267]);
    expect(thumb.bytes.length).toBeLessThan(bytes.length);
  });

  it("draws a different picture for each listing and each photo", async () => {
    const a = (await get(`/fotos/${first!.code}/1.jpg`)).bytes;
    const b = (await get(`/fotos/${second!.code}/1.jpg`)).bytes;
    const a2 = (await get(`/fotos/${first!.code}/2.jpg`)).bytes;
    expect(a.equals(b)).toBe(false);
    expect(a.equals(a2)).toBe(false);
    // Visibly different, not just different bytes: compare small greyscale versions.
    const tiny = (bytes: Buffer) => sharp(bytes).resize(24, 16).greyscale().raw().toBuffer();
    const [ta, tb] = await Promise.all([tiny(a), tiny(b)]);
    const meanDiff = ta.reduce((sum, value, i) => sum + Math.abs(value - tb[i]!), 0) / ta.length;
    expect(meanDiff).toBeGreaterThan(8);
  });

  it("is deterministic and cached on disk under <dataDir>/vista-sandbox/fotos/", async () => {
    const request = resolvePhoto(`/fotos/${second!.code}/2.jpg`, catalogue)!;
    const [x, y] = await Promise.all([renderPhoto(request), renderPhoto(request)]);
    expect(x.equals(y)).toBe(true);
    await get(`/fotos/${second!.code}/2.jpg`);
    expect(existsSync(path.join(dataDir, "vista-sandbox", "fotos", PHOTO_RENDER_VERSION, second!.code, "2.jpg"))).toBe(
      true,
    );
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const { response } = await get(`/fotos/${first!.code}/1.jpg`);
    const again = await get(`/fotos/${first!.code}/1.jpg`, { "If-None-Match": response.headers.get("etag")! });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it("answers 404 for an unknown listing or photo number, without a key", async () => {
    expect((await get("/fotos/AP00000/1.jpg")).response.status).toBe(404);
    expect((await get(`/fotos/${first!.code}/${photosOf(first!).length + 1}.jpg`)).response.status).toBe(404);
    expect((await get(`/fotos/${first!.code}/1.png`)).response.status).toBe(404);
  });

  it("serves condominium galleries, broker portraits and the logo", async () => {
    const building = catalogue.buildings[0]!;
    const emp = await get(`/fotos/emp/${building.code}/1.jpg`);
    expect(emp.response.status).toBe(200);
    expect(isJpeg(emp.bytes)).toBe(true);
    const broker = await get(`/fotos/corretores/${catalogue.brokers[0]!.code}.jpg`);
    expect(isJpeg(broker.bytes)).toBe(true);
    const logo = await get("/fotos/logotipo.png");
    expect(logo.response.headers.get("content-type")).toBe("image/png");
    expect(logo.bytes.subarray(1, 4).toString()).toBe("PNG");
  });
});
