import { renderToString } from "react-dom/server";
// react-router-dom is the router under @remix-run/react (same package instance),
// used here to render route error boundaries without a Remix build.
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageNotFound } from "~/lib/errors";
import {
  captureServerMarkup,
  ErrorScreen,
  GeneralErrorBoundary,
  isClientErrorForBot,
  SERVER_ERROR_ATTRIBUTE,
} from "./error-screen";

/** Renders a one-route app whose loader does `load`, with GeneralErrorBoundary as its boundary. */
async function renderRoute(
  load: () => never,
  url = "http://site/qualquer/caminho",
): Promise<{ html: string; status: number }> {
  const routes = [{ path: "*", loader: load, element: <p>conteúdo</p>, errorElement: <GeneralErrorBoundary /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />),
    status: context.statusCode,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ErrorScreen", () => {
  it("shows status, the spec's 404 texts and the back button", () => {
    const html = renderToString(<ErrorScreen status={404} />);
    expect(html).toContain(">404<");
    expect(html).toContain("Página não encontrada");
    expect(html).toContain("Desculpe, não encontramos a página que você está procurando.");
    expect(html).toMatch(/<a href="\/"[^>]*>.*Voltar para o início<\/a>/s);
  });

  it("shows the generic texts for any other status", () => {
    const html = renderToString(<ErrorScreen status={503} />);
    expect(html).toContain(">503<");
    expect(html).toContain("Ops! Ocorreu um erro");
    expect(html).toContain("Desculpe, no momento a página que está tentando acessar está indisponível");
    expect(html).not.toContain("Página não encontrada");
  });
});

describe("GeneralErrorBoundary", () => {
  it("renders the 404 screen for pageNotFound, with status 404", async () => {
    const { html, status } = await renderRoute(() => {
      throw pageNotFound("/qualquer/caminho");
    });
    expect(status).toBe(404);
    expect(html).toContain("Página não encontrada");
    expect(html).not.toContain("conteúdo");
  });

  it("renders the generic screen with the Response's status (410)", async () => {
    const { html, status } = await renderRoute(() => {
      throw new Response("Gone", { status: 410 });
    });
    expect(status).toBe(410);
    expect(html).toContain(">410<");
    expect(html).toContain("Ops! Ocorreu um erro");
  });

  it("renders a 500 for an unexpected error on the server (bots included: the status says it all)", async () => {
    const { html, status } = await renderRoute(() => {
      throw new Error("boom");
    });
    expect(status).toBe(500);
    expect(html).toContain(">500<");
    expect(html).toContain("Ops! Ocorreu um erro");
    expect(html).not.toContain("boom");
  });
});

describe("GeneralErrorBoundary in the browser", () => {
  /**
   * Renders an error below a root route whose loader gives `variant`, as the
   * browser would show an error of its own (a client loader or navigation):
   * `document` exists and the page's server data holds no error.
   */
  async function renderClientError(variant: string): Promise<string> {
    vi.stubGlobal("document", {});
    vi.stubGlobal("window", { location: { pathname: "/", search: "" } });
    try {
      const routes = [
        {
          id: "root",
          path: "/",
          loader: () => ({ consent: { variant, google: null } }),
          element: <Outlet />,
          children: [
            {
              index: true,
              loader: () => {
                throw new Error("failed in the browser");
              },
              element: <p>conteúdo</p>,
              errorElement: <GeneralErrorBoundary />,
            },
          ],
        },
      ];
      const handler = createStaticHandler(routes);
      const context = await handler.query(new Request("http://site/"));
      if (context instanceof Response) throw new Error("unexpected redirect");
      const router = createStaticRouter(handler.dataRoutes, context);
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    } finally {
      vi.unstubAllGlobals();
    }
  }

  it("hides a client-side error from a page the server rendered for a crawler", async () => {
    expect(await renderClientError("bot")).not.toContain("Ops! Ocorreu um erro");
  });

  it("shows the error screen to a person", async () => {
    expect(await renderClientError("none")).toContain("Ops! Ocorreu um erro");
    expect(await renderClientError("granted")).toContain("Ops! Ocorreu um erro");
  });

  /** Runs `captureServerMarkup` on a server document with or without an error boundary's screen. */
  function captureFrom(serverShowedError: boolean): void {
    vi.stubGlobal("window", { location: { pathname: "/", search: "" } });
    vi.stubGlobal("document", {
      getElementById: () => null,
      querySelector: (selector: string) =>
        serverShowedError && selector === `[${SERVER_ERROR_ATTRIBUTE}]` ? {} : null,
    });
    captureServerMarkup();
    vi.unstubAllGlobals();
  }

  it("keeps the server's own error page for a crawler while it hydrates (the server HTML had the boundary's screen)", async () => {
    captureFrom(true);
    try {
      expect(await renderClientError("bot")).toContain("Ops! Ocorreu um erro");
    } finally {
      captureFrom(false);
    }
    expect(await renderClientError("bot")).not.toContain("Ops! Ocorreu um erro");
  });
});

describe("the server error marker", () => {
  it("is on the boundary's screen only", async () => {
    const { html } = await renderRoute(() => {
      throw new Error("boom");
    });
    expect(html).toContain(`${SERVER_ERROR_ATTRIBUTE}=""`);
    expect(renderToString(<ErrorScreen status={404} />)).not.toContain(SERVER_ERROR_ATTRIBUTE);
  });
});

describe("isClientErrorForBot", () => {
  const clientError = new Error("render failed");

  it("hides client-side errors from a page rendered for a crawler or auditor", () => {
    expect(isClientErrorForBot(clientError, true, false)).toBe(true);
  });

  it("shows the screen to people", () => {
    expect(isClientErrorForBot(clientError, false, false)).toBe(false);
  });

  it("keeps server responses (404, 410) and server-rendered errors visible to bots", async () => {
    const { UNSAFE_ErrorResponseImpl: ErrorResponse } = await import("react-router-dom");
    expect(isClientErrorForBot(new ErrorResponse(404, "Not Found", "x"), true, false)).toBe(false);
    expect(isClientErrorForBot(clientError, true, true)).toBe(false);
  });
});
