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
 */
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { type MouseEvent, useEffect, useState } from "react";
import { errorScreenTexts } from "~/lib/errors";
import { useOptionalRootData } from "~/lib/root-data";
import { button } from "~/styles/ui.css";
import { ArrowLeftIcon } from "./icons";
import * as styles from "./error-screen.css";

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** HTTP status; 404 gets the "not found" texts, any other the generic ones. */
  status: number;
  /** Optional pt-BR line under the spec's description (e.g. why a form post was refused). */
  detail?: string;
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

/** The error screen: status code, title, description and "Voltar para o início" (docs/spec.txt §2). */
export function ErrorScreen({ status, detail }: ErrorScreenProps) {
  const { title, description } = errorScreenTexts(status);
  return (
    <section className={styles.screen} aria-labelledby="error-title" data-status={status}>
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
/** Whether hydration has completed (set by {@link markHydrated}). */
let hydrated = false;

/** Id of the element whose server HTML {@link captureServerMarkup} keeps. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * Keeps the server-rendered HTML of `#main-content`; call in
 * `entry.client.tsx` before hydrating. Browser only.
 */
export function captureServerMarkup(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (main) serverMarkup = { href: window.location.pathname + window.location.search, html: main.innerHTML };
}

/** Marks hydration as complete; called once from the root layout's effect. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * Whether the page's hydration has completed: false on the server and during
 * the first commit (the root layout's effect runs after its children's),
 * true for anything React renders afterwards, such as a client-side navigation.
 */
export function isHydrated(): boolean {
  return hydrated;
}

/** Whether the server itself rendered an error boundary for this page load. */
function serverRenderedAnError(): boolean {
  const context = (window as unknown as { __remixContext?: { state?: { errors?: unknown } } }).__remixContext;
  return Boolean(context?.state?.errors);
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
  const [fromServer] = useState(() => typeof document === "undefined" || (!hydrated && serverRenderedAnError()));
  const bot = isBotPage(useOptionalRootData());
  const hideFromBot = typeof document !== "undefined" && isClientErrorForBot(error, bot, fromServer);

  useEffect(() => {
    if (!isResponse) console.error(error);
  }, [error, isResponse]);

  if (hideFromBot) return <BotFallback />;
  return (
    <ErrorScreen status={isResponse ? error.status : 500} detail={isResponse ? errorDetail(error.data) : undefined} />
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
