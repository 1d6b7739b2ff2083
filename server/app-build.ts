/**
 * The Remix build the server answers with, and the files served beside it:
 * in production the compiled build (`build/server/index.js`) with the
 * precompressed client files and the access log; in development Vite's
 * middleware (a dev dependency, absent from the production image) and
 * `public/`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express, { type Express } from "express";
import expressStaticGzip from "express-static-gzip";
import { setBuildId } from "../app/.server/build-info";
import { setStylesheetDirectory } from "../app/.server/stylesheets";
import { requestLog } from "./request-log";

/** What {@link mountBuild} gives the server: the build (or its loader in development) and what closes Vite. */
export interface MountedBuild {
  build: ServerBuild | (() => Promise<ServerBuild>);
  closeVite?: () => Promise<void>;
}

/**
 * Mounts the static files of the build on `app` and returns the build.
 * @param options.buildDir the `build/` folder (production); `root` the repository (development).
 * @throws when the production build is missing, or Vite fails to start.
 */
export async function mountBuild(
  app: Express,
  options: { production: boolean; buildDir: string; root: string },
): Promise<MountedBuild> {
  const { buildDir, root } = options;
  if (options.production) {
    const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    setBuildId(build.assets.version);
    // The first load's stylesheets travel inside the document (ADR 0045).
    setStylesheetDirectory(path.join(buildDir, "client"));
    // Precompressed at build time (.br, .gz beside each file; vite.config.ts): sent as they are, so the
    // compression before this skips them (they already carry Content-Encoding).
    const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"] };
    app.use(
      "/assets",
      expressStaticGzip(path.join(buildDir, "client/assets"), {
        ...precompressed,
        // Hashed names never change: no revalidation or range headers to send with each of them (ADR 0047).
        serveStatic: { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false },
      }),
    );
    app.use(expressStaticGzip(path.join(buildDir, "client"), { ...precompressed, serveStatic: { maxAge: "1h" } }));
    // The access log, without the tokens some URLs carry (server/request-log.ts).
    app.use(requestLog());
    return { build };
  }
  const vite = await import("vite");
  // VITE_HMR_PORT: lets several development servers run side by side (Vite's default is 24678).
  const hmrPort = Number(process.env.VITE_HMR_PORT) || undefined;
  const viteServer = await vite.createServer({
    root,
    server: { middlewareMode: true, hmr: hmrPort ? { port: hmrPort } : undefined },
  });
  app.use(viteServer.middlewares);
  setBuildId("dev");
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  return {
    build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    closeVite: () => viteServer.close(),
  };
}
