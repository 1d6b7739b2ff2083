/**
 * The document shell (docs/spec.txt §2, §4): `<html lang="pt-BR">`,
 * the brand colours as CSS variables, default meta tags, the toast area on
 * every page (fed by server flash messages), scroll handling, build polling and
 * the root error boundary.
 */
import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { type CSSProperties, type ReactNode, useEffect } from "react";
import { getBuildId } from "~/.server/build-info";
import { getConfig } from "~/.server/config";
import { getToast } from "~/.server/flash";
import { getAgencyProfile } from "~/.server/agency";
import { consentView } from "~/.server/consent";
import { readFavourites } from "~/lib/favourites";
import { getOptionalUser } from "~/.server/auth";
import { getTheme } from "~/.server/theme";
import { AnalyticsBeacon } from "~/components/analytics-beacon";
import { ConsentBannerIsland } from "~/components/consent-banner-island";
import { DocumentLinks } from "~/components/document-links";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { GoogleTag } from "~/components/google-tag";
import * as errorStyles from "~/components/error-screen.css";
import { IconSprite } from "~/components/icons";
import { SiteShell } from "~/components/site-shell";
import { ToastProvider } from "~/components/toast";
import { markHydrated } from "~/components/use-hydrated";
import { errorScreenTexts } from "~/lib/errors";
import { type RootData, useOptionalRootData, useRootData } from "~/lib/root-data";
import type { ThemeColors } from "~/lib/theme";
import { useNonce } from "~/lib/nonce";
import { ModuleLoader } from "~/components/module-loader";
import { saoPauloYear } from "~/lib/sao-paulo-time";
import { useBuildPolling } from "~/lib/use-build-polling";
import { brandColorVariables } from "~/styles/brand";
import "~/styles/global.css";

/** Current year in São Paulo (copyright line). */
function currentYear(now: Date = new Date()): number {
  return saoPauloYear(now);
}

/**
 * Public theme, pending flash toast, build id and year. Reading a flash toast
 * clears its cookie, so such a response is `Cache-Control: private, no-store`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  // The signed-in user: a page that shows it must never reach a shared cache.
  const user = await getOptionalUser(request).catch((error: unknown) => {
    console.error(`[auth] falha ao verificar a sessão: ${(error as Error).message}`);
    return null;
  });
  const rootData: RootData = {
    user,
    theme: getTheme(),
    toast,
    buildId: getBuildId(),
    year: currentYear(),
    contact: { whatsapp: Boolean(getConfig().WHATSAPP_NUMBER) },
    agency: await getAgencyProfile(),
    consent: consentView(request),
    favourites: readFavourites(request.headers.get("Cookie")),
  };
  const responseHeaders = new Headers(headers ?? undefined);
  // Favourites fill the hearts: a page that shows them is the visitor's own (ADR 0032).
  if (headers || user || rootData.favourites.length) responseHeaders.set("Cache-Control", "private, no-store");
  return data(rootData, { headers: responseHeaders });
}

/**
 * Passes the root loader's `Cache-Control` (set only when a flash cookie was
 * consumed) to the document; routes with their own `headers` receive it as
 * `parentHeaders` and should keep `private, no-store` when present.
 */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/** Icons; the square mark doubles as favicon (docs/spec.txt §1 theme images). */
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Default title and description (pages replace them with their own `meta`);
 * on an error page, the error screen's title and `noindex`.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const siteTitle = data?.theme.title ?? "Imobiliária";
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: `${errorScreenTexts(status).title} | ${siteTitle}` }, { name: "robots", content: "noindex" }];
  }
  const description = data?.theme.description ?? "";
  return [
    { title: siteTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: siteTitle },
    { property: "og:description", content: description },
  ];
};

/** Inline CSS variables for the run-time brand colours and their text colours. */
function colorVariables(colors: ThemeColors): CSSProperties {
  return {
    ...brandColorVariables(colors),
    "--theme-color-onPrimary": colors.onPrimary,
    "--theme-color-onSecondary": colors.onSecondary,
  } as CSSProperties;
}

/**
 * The HTML document around the app and the root error boundary. Tags every
 * page needs whatever its own `meta` says (charset, viewport, theme colour,
 * site name, locale) are written here, not in `meta`, which pages replace.
 */
export function Layout({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const theme = data?.theme;
  const nonce = useNonce();

  useEffect(() => {
    markHydrated();
  }, []);

  return (
    <html lang="pt-BR" style={theme ? colorVariables(theme.colors) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        {theme ? <meta name="theme-color" content={theme.colors.primary} /> : null}
        {theme ? <meta property="og:site_name" content={theme.title} /> : null}
        <meta property="og:locale" content="pt_BR" />
        <Meta />
        <DocumentLinks />
        <GoogleTag />
      </head>
      <body>
        <IconSprite />
        <ToastProvider flash={data?.toast ?? null}>{children}</ToastProvider>
        {/* Top of the page on every navigation unless the URL has a hash (docs/spec.txt §2). */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Runs <Scripts>' module script, made inert by the server, after the first paint (ADR 0049). */}
        <ModuleLoader nonce={nonce} />
      </body>
    </html>
  );
}

/** The page: polls for new builds around the matched layout. */
export default function App() {
  const { buildId, consent } = useRootData();
  useBuildPolling(buildId);
  return (
    <>
      <Outlet />
      {/* Only when there is something to consent to; the banner itself hides once a choice is sent. */}
      {consent?.google && consent.variant === "none" ? <ConsentBannerIsland /> : null}
      <AnalyticsBeacon />
    </>
  );
}

/**
 * Root error boundary: the error screen inside the site's header and footer,
 * or alone when the root loader itself failed. Routes reuse the same body
 * through `GeneralErrorBoundary` (`app/components/error-screen.tsx`).
 */
export function ErrorBoundary() {
  const data = useOptionalRootData();
  if (!data) {
    return (
      <main id="main-content" className={errorStyles.bare}>
        <GeneralErrorBoundary />
      </main>
    );
  }
  return (
    <SiteShell theme={data.theme} year={data.year}>
      <GeneralErrorBoundary />
    </SiteShell>
  );
}
