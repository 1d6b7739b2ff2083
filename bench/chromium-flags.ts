/**
 * Flags of Debian's Chromium (`/usr/bin/chromium`) for headless runs on this
 * machine: no sandbox (it runs as root in a container), no GPU and no
 * background traffic (updates, sync, first-run pages) to disturb a test or a
 * measurement. Shared by the benchmarks and the e2e tests' Playwright config;
 * it imports nothing, so neither side pulls in the other's code.
 */
export const HEADLESS_CHROMIUM_FLAGS: string[] = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
