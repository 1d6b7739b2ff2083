// @vitest-environment happy-dom
import { UNSAFE_RemixContext } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { renderToString } from "react-dom/server";
// react-router-dom is the router under @remix-run/react (same package instance).
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import {
  DocumentLinks,
  documentLinkDescriptors,
  InlineStylesheetsProvider,
  readInlineStylesheets,
  type StylesheetTexts,
} from "./document-links";

type RemixContextValue = NonNullable<ComponentProps<typeof UNSAFE_RemixContext.Provider>["value"]>;

const manifestRoutes = {
  root: { css: ["/assets/root.css", "/assets/ui.css"] },
  "routes/page": { css: ["/assets/ui.css", "/assets/page.css"] },
};
const routeModules = {
  root: { links: () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }] },
  "routes/page": {
    links: () => [
      { rel: "stylesheet", href: "/assets/leaflet.css" },
      { rel: "stylesheet", href: "/assets/print.css", media: "print" },
    ],
  },
};
const TEXTS: Record<string, string> = {
  "/assets/root.css": ".r{color:red}",
  "/assets/ui.css": ".u>a{margin:0}",
  "/assets/page.css": ".p{display:grid}",
  "/assets/print.css": ".x{display:none}",
};
const serverTexts: StylesheetTexts = (href) => TEXTS[href];

/** Renders DocumentLinks at `/` in a two-route app (root, then the page, whose loader may throw). */
async function renderLinks(texts: StylesheetTexts, pageLoader: () => null = () => null): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: "root",
      path: "/",
      loader: () => null,
      element: <DocumentLinks />,
      errorElement: <DocumentLinks />,
      children: [{ id: "routes/page", index: true as const, loader: pageLoader, element: null }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://site/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const remix = { manifest: { routes: manifestRoutes }, routeModules, future: {}, isSpaMode: false };
  const wrap = (children: ReactNode) => (
    <UNSAFE_RemixContext.Provider value={remix as unknown as RemixContextValue}>
      <InlineStylesheetsProvider value={texts}>{children}</InlineStylesheetsProvider>
    </UNSAFE_RemixContext.Provider>
  );
  return renderToString(wrap(<StaticRouterProvider router={router} context={context} hydrate={false} />));
}

/** The tags of `html` in order, as "style:<href>", "link:<rel>:<href>" or "disabled-link:<rel>:<href>". */
function tags(html: string): string[] {
  const container = document.createElement("div");
  container.innerHTML = html;
  return [...container.children].map((element) =>
    element.tagName === "STYLE"
      ? `style:${element.getAttribute("data-href")}`
      : `${element.hasAttribute("disabled") ? "disabled-link" : "link"}:${element.getAttribute("rel")}:${element.getAttribute("href")}`,
  );
}

describe("documentLinkDescriptors", () => {
  it("lists each route's manifest CSS then its links(), outermost route first, without repeats", () => {
    const links = documentLinkDescriptors(["root", "routes/page"], manifestRoutes, routeModules).map(({ link }) =>
      "href" in link ? link.href : "",
    );
    expect(links).toEqual([
      "/assets/root.css",
      "/assets/ui.css",
      "/favicon.svg",
      "/assets/page.css",
      "/assets/leaflet.css",
      "/assets/print.css",
    ]);
  });
});

/** What the root route writes with every text supplied: its two stylesheets inline, then its icon. */
const ROOT_INLINE = [
  "style:/assets/root.css",
  "disabled-link:stylesheet:/assets/root.css",
  "style:/assets/ui.css",
  "disabled-link:stylesheet:/assets/ui.css",
  "link:icon:/favicon.svg",
];

describe("DocumentLinks", () => {
  it("writes the stylesheets it has text for as <style data-href> (and a disabled link) in the links' order; the others stay links", async () => {
    const html = await renderLinks(serverTexts);
    expect(tags(html)).toEqual([
      ...ROOT_INLINE,
      "style:/assets/page.css",
      "disabled-link:stylesheet:/assets/page.css",
      "link:stylesheet:/assets/leaflet.css",
      // A stylesheet for another medium stays a link: inline, it would apply everywhere.
      "link:stylesheet:/assets/print.css",
    ]);
    expect(html).toContain('<style data-href="/assets/ui.css">.u>a{margin:0}</style>');
  });

  it("writes plain links, as Remix's <Links> does, when no text is supplied", async () => {
    expect(tags(await renderLinks(() => undefined))).toEqual([
      "link:stylesheet:/assets/root.css",
      "link:stylesheet:/assets/ui.css",
      "link:icon:/favicon.svg",
      "link:stylesheet:/assets/page.css",
      "link:stylesheet:/assets/leaflet.css",
      "link:stylesheet:/assets/print.css",
    ]);
  });

  it("stops at the route whose error boundary shows", async () => {
    const html = await renderLinks(serverTexts, () => {
      throw new Response("", { status: 404 });
    });
    expect(tags(html)).toEqual(ROOT_INLINE);
  });

  it("renders in the browser, from the texts read back from the server's document, the same markup", async () => {
    const serverHtml = await renderLinks(serverTexts);
    // Detached: happy-dom would try to fetch the links of a connected <head>.
    const head = document.createElement("div");
    head.innerHTML = serverHtml;
    const browserTexts = readInlineStylesheets(head);
    expect(browserTexts("/assets/page.css")).toBe(".p{display:grid}");
    expect(browserTexts("/assets/leaflet.css")).toBeUndefined();
    expect(await renderLinks(browserTexts)).toBe(serverHtml);
  });
});
