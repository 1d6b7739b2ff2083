/**
 * The Playwright `test` every e2e spec imports (docs/style.md §11: "`console.error`
 * during a test fails it").
 *
 * The automatic `consoleGuard` fixture records, for every page of the test's
 * browser context, each `console.error` message and each uncaught page error
 * (`pageerror`), and fails the test at its end when any was recorded. Nothing
 * is allowlisted by default.
 *
 * One narrow, explicit exception: Chromium itself logs "Failed to load
 * resource: the server responded with a status of 404 (Not Found)" as a
 * console error whenever a document or fetch answers with an HTTP error
 * status. A test that deliberately requests an error page (the 404 screen)
 * declares that URL with `consoleGuard.expectHttpError(url, status)`; only
 * Chromium's message for that exact URL and status is then ignored. Any other
 * error (a script error, a React warning, a CSP violation, an image that fails
 * to load, an unexpected 404 elsewhere) still fails the test.
 *
 * A second automatic fixture installs the hydration probe of `helpers.ts`, so
 * that `waitForHydration(page)` works in every spec.
 *
 * `seedToast(toast)` seeds state directly (docs/style.md §11): it puts a server
 * flash toast in the browser context's cookie jar, signed like the site's own
 * (`app/.server/flash.ts`: cookie `__flash`, key "toast", the secret the
 * server keeps in `DATA_DIR/session-secret`), so the next page load shows it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Page } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";
import { consentStorageState, dataDir } from "../../playwright.config";
import { installHydrationProbe } from "./helpers";

/** One console error or page error seen during a test. */
export interface RecordedError {
  kind: "console.error" | "pageerror";
  text: string;
  /** URL of the page (or resource, for Chromium's network messages) it came from. */
  url: string;
}

/** The handle a test gets to declare expected HTTP error responses. */
export interface ConsoleGuard {
  /**
   * Declares that the test deliberately loads `url` (absolute, or a path on the
   * base URL; a RegExp is matched against the absolute URL) and expects it to
   * answer `status`; Chromium's "Failed to load resource" message for it is
   * then not an error.
   */
  expectHttpError(url: string | RegExp, status: number): void;
  /** The errors recorded so far (for diagnostics). */
  readonly errors: readonly RecordedError[];
}

/** Chromium's own message for a resource answered with an HTTP error status. */
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/** A server flash toast (docs/spec.txt §3 "Notification"; `FlashToast` in `app/lib/toast.ts`). */
export interface SeededToast {
  type: "success" | "error" | "warning" | "info";
  title: string;
  description?: string;
  /** ms; the site's default is 3000 (docs/spec.txt §9). */
  duration?: number;
}

/** Fixtures added to Playwright's defaults. */
interface Fixtures {
  consoleGuard: ConsoleGuard;
  hydrationProbe: void;
  /** Seeds a flash toast for the next page load of this test's browser context. */
  seedToast: (toast: SeededToast) => Promise<void>;
}

/** Name of the flash cookie and its session key (`app/.server/flash.ts`). */
export const FLASH_COOKIE = "__flash";
const FLASH_KEY = "toast";
/** The project root: the server runs there, so `dataDir` is relative to it. */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The secret that signs the server's cookies: `SESSION_SECRET` (first of the
 * list) when the server inherited it, else the file the server creates in its
 * data folder on the first page it renders (`getSessionSecrets`).
 */
async function flashSecret(request: APIRequestContext): Promise<string> {
  const fromEnv = process.env.SESSION_SECRET?.split(",")[0]?.trim();
  if (fromEnv) return fromEnv;
  // Rendering a page (the root loader reads the flash cookie) creates the secret file if needed.
  expect((await request.get("/")).ok()).toBe(true);
  return fs.readFileSync(path.resolve(projectRoot, dataDir, "session-secret"), "utf8").trim();
}

/**
 * The value of a `__flash` cookie carrying `toast`, signed with the e2e
 * server's secret; send it as `Cookie: __flash=<value>`.
 * @param request any request context on the e2e server (used to make the server create its secret).
 * @throws {Error} when the secret cannot be read.
 */
export async function flashCookieValue(request: APIRequestContext, toast: SeededToast): Promise<string> {
  const secret = await flashSecret(request);
  const storage = createCookieSessionStorage({ cookie: { name: FLASH_COOKIE, secrets: [secret] } });
  const session = await storage.getSession();
  session.flash(FLASH_KEY, { description: "", duration: 3000, ...toast, id: randomBytes(8).toString("hex") });
  const header = await storage.commitSession(session);
  const value = new RegExp(`^${FLASH_COOKIE}=([^;]*)`).exec(header)?.[1];
  if (!value) throw new Error(`unexpected Set-Cookie: ${header}`);
  return value;
}

/** Playwright's `test` with the automatic {@link ConsoleGuard}. */
export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ context, baseURL }, use) => {
      const errors: RecordedError[] = [];
      const expected: { url: string | RegExp; status: number }[] = [];

      const isExpected = (message: ConsoleMessage): boolean => {
        const match = FAILED_RESOURCE.exec(message.text());
        if (!match) return false;
        const status = Number(match[1]);
        const url = message.location().url;
        return expected.some(
          (entry) =>
            entry.status === status &&
            (typeof entry.url === "string" ? new URL(entry.url, baseURL).href === url : entry.url.test(url)),
        );
      };

      const watch = (page: Page) => {
        page.on("console", (message) => {
          if (message.type() !== "error" || isExpected(message)) return;
          errors.push({ kind: "console.error", text: message.text(), url: message.location().url || page.url() });
        });
        page.on("pageerror", (error) => {
          errors.push({ kind: "pageerror", text: error.stack ?? String(error), url: page.url() });
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);

      await use({
        expectHttpError(url, status) {
          expected.push({ url, status });
        },
        get errors() {
          return errors;
        },
      });

      expect(errors, "console.error or uncaught page errors during the test (docs/style.md §11)").toEqual([]);
    },
    { auto: true },
  ],
  seedToast: async ({ context, request, baseURL }, use) => {
    await use(async (toast) => {
      const value = await flashCookieValue(request, toast);
      await context.addCookies([{ name: FLASH_COOKIE, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
    });
  },
  hydrationProbe: [
    async ({ context }, use) => {
      await installHydrationProbe(context);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
/** The preset "rejected" consent cookie: pass it as `storageState` to contexts made with `browser.newContext`. */
export { consentStorageState };
