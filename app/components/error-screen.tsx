/**
 * The error screen and the error boundary every route can reuse (docs/spec.txt §2
 * "Error screen", §4 "App root: shows the error page when an app error exists …
 * Bot clients … never see the error page; the error is only logged", §8).
 *
 * Bots: an error thrown in the browser (render or hydration, not a Response
 * from the server) is logged with `console.error`; instead of the error screen
 * a bot keeps the server-rendered content of the page (captured before
 * hydration by {@link captureServerMarkup}), or an empty main area after a
 * client-side navigation. See docs/decisions (bots and client-side errors).
 *
 * Whether the server itself rendered an error boundary is read from the
 * server HTML ({@link SERVER_ERROR_ATTRIBUTE}), not from Remix's internal
 * hydration data (docs/decisions/0078-internals-behind-one-door.md).
 */
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { type MouseEvent, useEffect, useState } from "react";
import { errorScreenTexts } from "~/lib/errors";
import { useOptionalRootData } from "~/lib/root-data";
import { button } from "~/styles/ui.css";
import { ArrowLeftIcon } from "./icons";
import * as styles from "./error-screen.css";
import { useHydrated } from "./use-hydrated";

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** HTTP status; 404 gets the "not found" texts, any other the generic ones. */
  status: number;
  /** Optional pt-BR line under the spec's description (e.g. why a form post was refused). */
  detail?: string;
  /** Rendered by an error boundary: carries {@link SERVER_ERROR_ATTRIBUTE}. */
  boundary?: boolean;
}

/**
 * Goes back one step in history (docs/spec.txt §2). The link points to "/" so it works
 * without JavaScript and when there is no previous entry (page opened directly).
 */
function goBack(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}

/**
 * Attribute the error boundary's screen carries: the server HTML has it when
 * the server rendered an error boundary (every route's boundary is
 * {@link GeneralErrorBoundary}).
 */
export const SERVER_ERROR_ATTRIBUTE = "data-error-boundary";

/** The error screen: status code, title, description and "Voltar para o início" (docs/spec.txt §2). */
export function ErrorScreen({ status, detail, boundary = false }: ErrorScreenProps) {
  const { title, description } = errorScreenTexts(status);
  return (
    <section
      className={styles.screen}
      aria-labelledby="error-title"
      data-status={status}
      {...(boundary ? { [SERVER_ERROR_ATTRIBUTE]: "" } : {})}
    >
      <div className={styles.content}>
        <p className={styles.status}>{status}</p>
        <h1 id="error-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.description}>{description}</p>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
        {/* Plain <a>, not <Link>: without JavaScript it still leads somewhere useful. */}
        <a href="/" className={button.primary} onClick={goBack}>
          <ArrowLeftIcon size={18} />
          Voltar para o início
        </a>
      </div>
    </section>
  );
}

/** The server-rendered main content captured before hydration, kept for bots. */
let serverMarkup: { href: string; html: string } | null = null;
/** Whether the server HTML held an error boundary's screen (captured before hydration). */
let serverRenderedAnError = false;

/** Id of the element whose server HTML {@link captureServerMarkup} keeps. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * Keeps the server-rendered HTML of `#main-content`, and whether the server
 * rendered an error boundary ({@link SERVER_ERROR_ATTRIBUTE}); call in
 * `entry.client.tsx` before hydrating. Browser only.
 */
export function captureServerMarkup(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (main) serverMarkup = { href: window.location.pathname + window.location.search, html: main.innerHTML };
  serverRenderedAnError = document.querySelector(`[${SERVER_ERROR_ATTRIBUTE}]`) !== null;
}

/**
 * Whether `error` is a client-side error seen by a bot: not a Response, not
 * the server's own error page being hydrated, and `bot` (the server found a
 * crawler's User-Agent, see {@link isBotPage}). Exported for tests.
 */
export function isClientErrorForBot(error: unknown, bot: boolean, fromServer: boolean): boolean {
  return !isRouteErrorResponse(error) && !fromServer && bot;
}

/**
 * Whether the server rendered this page for a crawler: the root loader's
 * consent variant `bot` (isbot on the request's User-Agent, no consent
 * cookie; `~/lib/consent`). Read from the page's data so that the browser
 * does not load isbot's pattern list; false when the root data is missing.
 */
function isBotPage(root: ReturnType<typeof useOptionalRootData>): boolean {
  return root?.consent.variant === "bot";
}

/** What a bot sees instead of the error screen: the server HTML of the same URL, or nothing. */
function BotFallback() {
  const location = useLocation();
  const [markup] = useState(() =>
    serverMarkup && serverMarkup.href === location.pathname + location.search ? serverMarkup.html : null,
  );
  return markup ? <div dangerouslySetInnerHTML={{ __html: markup }} /> : null;
}

/**
 * Error boundary body for any route: `export { GeneralErrorBoundary as
 * ErrorBoundary } from "~/components/error-screen"` renders the error screen
 * in place of the route, inside its layout. Thrown Responses use their status
 * (404 → "Página não encontrada"); anything else is a 500. Non-Response errors
 * are logged with `console.error`; bots never see the screen for
 * client-side errors.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  // False while the page hydrates: an error then is the server's own page, or one of this browser's.
  const hydrated = useHydrated();
  const [fromServer] = useState(() => typeof document === "undefined" || (!hydrated && serverRenderedAnError));
  const bot = isBotPage(useOptionalRootData());
  const hideFromBot = typeof document !== "undefined" && isClientErrorForBot(error, bot, fromServer);

  useEffect(() => {
    if (!isResponse) console.error(error);
  }, [error, isResponse]);

  if (hideFromBot) return <BotFallback />;
  return (
    <ErrorScreen
      status={isResponse ? error.status : 500}
      detail={isResponse ? errorDetail(error.data) : undefined}
      boundary
    />
  );
}

/**
 * The detail line a thrown Response may carry as JSON `{ detail }` (see
 * `rejectionResponse` in `~/lib/errors`); any other body shows none.
 */
function errorDetail(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const detail = (data as { detail?: unknown }).detail;
  return typeof detail === "string" && detail.length <= 300 ? detail : undefined;
}
