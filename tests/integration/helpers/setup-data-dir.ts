/**
 * Set-up file of the integration project: every test file starts with its
 * own empty DATA_DIR, removed after it. The configuration is read once per
 * process and cached; a module that reads it while loading (before a test
 * sets DATA_DIR) would otherwise fix it on the default `./data` inside the
 * repository, shared by the files running in parallel and left behind for
 * the next run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imobiliaria-test-data-"));
process.env.DATA_DIR = dataDir;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
