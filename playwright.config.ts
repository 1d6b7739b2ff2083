/**
 * End-to-end tests in Debian's Chromium (`/usr/bin/chromium`; `npx playwright
 * install` cannot work offline). The web server is the production build on the
 * embedded defaults (Vista sandbox + PGlite) in a throw-away data folder; the
 * global setup waits until the first sync has filled the read model.
 *
 * Projects: "desktop" (1280×800) runs every spec; "phone" (360×800, touch,
 * mobile user agent) runs the main browsing path (`browse.spec.ts`).
 *
 * Every browser context starts with the consent cookie set to "rejected"
 * ({@link consentStorageState}), so the consent banner never covers what
 * other specs click; `consent.spec.ts` tests the banner in contexts without it.
 *
 * While writing tests, `E2E_REUSE_SERVER=1 E2E_PORT=<port>` reuses a server
 * already running (and already synced) on that port instead of starting one;
 * start it with `FORM_MIN_FILL_MS=0` ({@link formMinFillMs}).
 */
import { defineConfig, devices } from "@playwright/test";
import { HEADLESS_CHROMIUM_FLAGS } from "./bench/chromium-flags";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
/** Port of the e2e server's Firebase Auth emulator: the auth fixtures create users there. */
export const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? port + 5000);
/**
 * The e2e servers' minimum form fill time (`FORM_MIN_FILL_MS`, the spam
 * guard's): none, so a spec sends a form once it is filled instead of waiting
 * out a clock. The refusal of a form sent too fast is tested by the integration tests.
 */
export const formMinFillMs = 0;
/** Data folder of the e2e server (PGlite, sandbox photos, the flash-cookie secret). */
export const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";
/**
 * Browser state with the consent cookie meaning "rejected" (`v1:analytics=0`,
 * app/lib/consent.ts) on 127.0.0.1 (any port): the default of every context,
 * and what hand-made contexts pass as `storageState`.
 */
export const consentStorageState = {
  cookies: [
    {
      name: "consentimento",
      value: "v1:analytics=0",
      domain: "127.0.0.1",
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    },
  ],
  origins: [],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    storageState: consentStorageState,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: HEADLESS_CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined, viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      testMatch: /browse\.spec\.ts$/,
      use: {
        ...devices["Pixel 5"],
        channel: undefined,
        viewport: { width: 360, height: 800 },
        screen: { width: 360, height: 800 },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && NODE_ENV=production PORT=${port} DATA_DIR=${dataDir} VISTA_SANDBOX_PORT=0 SYNC_INTERVAL_SECONDS=3600 FORM_MIN_FILL_MS=${formMinFillMs} FIREBASE_AUTH_EMULATOR_PORT=${authEmulatorPort} WHATSAPP_NUMBER=5511900001111 node build/node/server.js`,
    url: `${baseURL}/health/server`,
    timeout: 120_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe",
    stderr: "pipe",
  },
});
