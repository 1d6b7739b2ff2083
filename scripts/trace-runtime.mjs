/**
 * Copies into `<out>/node_modules` only the files of `node_modules` that the
 * production server can load at run time, found by tracing its imports with
 * @vercel/nft (the file tracer behind Next.js's standalone output):
 *
 *   node scripts/trace-runtime.mjs <out>
 *
 * Entry points: the compiled server (`build/node/*.js`, after `npm run build`)
 * and the Remix server build (`build/server/index.js`, imported by a computed
 * path the tracer cannot follow). Native addons (sharp's libvips) and files
 * read beside a module (PGlite's WebAssembly and data bundle) are traced as
 * assets. What only development or the embedded demo loads — Vite, tsx and
 * firebase-tools behind dynamic imports — is ignored, so the production image
 * ships none of it (docs/decisions/0025-production-process-and-image.md).
 *
 * Prints the number of files and their size (MB). Exits 1 when the output
 * folder exists already, so that a stale tree is never merged.
 */
import { copyFile, mkdir, readdir, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeFileTrace } from "@vercel/nft";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!out) {
  console.error("uso: node scripts/trace-runtime.mjs <pasta de saída>");
  process.exit(2);
}
if (existsSync(out)) {
  console.error(`${out} já existe: apague-a antes`);
  process.exit(1);
}

/** Packages only development or the demo image loads (dynamic imports the production server never reaches). */
const IGNORED = ["vite", "tsx", "firebase-tools", "esbuild", "typescript", "@vitejs", "@remix-run/dev"];

const nodeDir = path.join(root, "build/node");
const entries = [
  ...(await readdir(nodeDir)).filter((name) => name.endsWith(".js")).map((name) => path.join(nodeDir, name)),
  path.join(root, "build/server/index.js"),
];
const { fileList, warnings } = await nodeFileTrace(entries, {
  base: root,
  processCwd: root,
  // Node 20.19+ resolves `require` of some packages through "module-sync" exports (require of ESM).
  conditions: ["node", "module-sync", "production"],
  ignore: (file) => IGNORED.some((name) => file.startsWith(`node_modules/${name}/`)),
});

let files = 0;
let bytes = 0;
for (const file of fileList) {
  if (!file.startsWith("node_modules/")) continue;
  const source = path.join(root, file);
  const info = await stat(source);
  if (!info.isFile()) continue;
  const target = path.join(out, file);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  files += 1;
  bytes += info.size;
}
const unresolved = [...warnings].filter((warning) => !String(warning.message).includes("Failed to resolve dependency"));
for (const warning of unresolved) console.warn(`[trace] ${warning.message}`);
console.info(`[trace] ${files} arquivos de node_modules, ${(bytes / 1024 / 1024).toFixed(1)} MB, em ${out}`);
