/**
 * The budget of the image service's disk cache (`<DATA_DIR>/cache/images/`,
 * ADR 0006): files in two-character folders, the oldest deleted first.
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Keeps the disk cache under `maxBytes` (bytes): when the files under
 * `cacheDir` add up to more, the oldest (by modification time) are deleted
 * until 80 % of the budget remains. A deleted image is simply produced again
 * on its next request.
 * @returns the bytes in the cache after pruning and how many files were deleted.
 */
export async function pruneImageCache(cacheDir: string, maxBytes: number): Promise<{ bytes: number; deleted: number }> {
  const files: { path: string; size: number; mtimeMs: number }[] = [];
  let folders: string[];
  try {
    folders = await readdir(cacheDir);
  } catch {
    return { bytes: 0, deleted: 0 };
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(path.join(cacheDir, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(cacheDir, folder, name);
      try {
        const info = await stat(file);
        if (info.isFile()) files.push({ path: file, size: info.size, mtimeMs: info.mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
  }
  let bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes <= maxBytes) return { bytes, deleted: 0 };
  let deleted = 0;
  files.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const file of files) {
    if (bytes <= maxBytes * 0.8) break;
    try {
      await unlink(file.path);
      bytes -= file.size;
      deleted += 1;
    } catch {
      // already gone
    }
  }
  return { bytes, deleted };
}
