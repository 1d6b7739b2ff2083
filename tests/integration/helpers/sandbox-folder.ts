/**
 * A test file's Vista sandbox and scratch folder, shared by its tests: the
 * lead tests send leads to the sandbox and give the mail outbox a folder.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startTestSandbox, type TestSandbox } from "./sandbox";

/** What {@link useSandboxAndFolder} returns, filled in once its `beforeAll` has run. */
export interface SandboxAndFolder {
  sandbox: TestSandbox;
  /** A temporary folder (`imobiliaria-<name>-…`). */
  folder: string;
}

/**
 * Registers the file's hooks: starts the sandbox and creates the folder
 * before all its tests, closes and removes both after them.
 * @param name names the folder.
 */
export function useSandboxAndFolder(name: string): SandboxAndFolder {
  const files = {} as SandboxAndFolder;
  beforeAll(async () => {
    files.sandbox = await startTestSandbox();
    files.folder = await fs.mkdtemp(path.join(os.tmpdir(), `imobiliaria-${name}-`));
  });
  afterAll(async () => {
    await files.sandbox?.close();
    if (files.folder) await fs.rm(files.folder, { recursive: true, force: true });
  });
  return files;
}
