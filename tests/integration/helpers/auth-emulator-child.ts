/**
 * A process that only runs the Auth emulator with a persistence folder, for
 * tests/integration/embedded-restart.test.ts: the test kills it with SIGKILL
 * to check that accounts survive a crash. Usage:
 * `tsx auth-emulator-child.ts <persistDir>`; prints one JSON line
 * `{"hostPort":…,"url":…,"accessUrl":…,"importedAccounts":…,"startMs":…}` once listening, then waits.
 */
import { startAuthEmulator } from "../../../server/auth-emulator";

const persistDir = process.argv[2];
if (!persistDir) {
  console.error("usage: auth-emulator-child.ts <persistDir>");
  process.exit(2);
}
const started = performance.now();
const emulator = await startAuthEmulator({ persistDir });
process.stdout.write(
  `${JSON.stringify({
    hostPort: emulator.hostPort,
    url: emulator.url,
    accessUrl: emulator.accessUrl,
    importedAccounts: emulator.importedAccounts,
    startMs: Math.round(performance.now() - started),
  })}\n`,
);
// Keeps running until killed.
setInterval(() => undefined, 60_000);
