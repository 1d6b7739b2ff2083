import { describe, expect, it } from "vitest";
import { modulePreloadHrefs } from "./module-preloads";

const manifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/react-1.js", "/assets/shared-1.js"] },
  routes: {
    root: { module: "/assets/root-1.js", imports: ["/assets/shared-1.js", "/assets/shell-1.js"] },
    "routes/map": { module: "/assets/map-1.js", imports: ["/assets/shell-1.js", "/assets/filters-1.js"] },
    "routes/about": { module: "/assets/about-1.js" },
  },
};

describe("modulePreloadHrefs", () => {
  it("lists the manifest, the entry and its imports, then each matched route's imports and module, once each", () => {
    expect(modulePreloadHrefs(manifest, ["root", "routes/map"], false)).toEqual([
      "/assets/manifest-1.js",
      "/assets/entry.client-1.js",
      "/assets/react-1.js",
      "/assets/shared-1.js",
      "/assets/shell-1.js",
      "/assets/root-1.js",
      "/assets/filters-1.js",
      "/assets/map-1.js",
    ]);
  });

  it("leaves out the manifest under lazy route discovery, routes without imports and unknown route ids", () => {
    expect(modulePreloadHrefs(manifest, ["routes/about", "routes/gone"], true)).toEqual([
      "/assets/entry.client-1.js",
      "/assets/react-1.js",
      "/assets/shared-1.js",
      "/assets/about-1.js",
    ]);
  });
});
