/**
 * Waits until the site's first sync from the embedded Vista sandbox has
 * finished (`GET /health/server` reports a last success), so that every e2e
 * test browses the whole catalogue. Gives up after 5 minutes with the last
 * health report; prints how long it waited.
 */
import { baseURL } from "../../playwright.config";

/** Longest wait for the first sync, ms. */
const SYNC_DEADLINE_MS = 5 * 60_000;

/** Playwright global setup: resolves once the read model is filled. */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const deadline = started + SYNC_DEADLINE_MS;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/health/server`);
      const health = (await response.json()) as { sync?: { lastSuccessAt?: string | null; activeListings?: number } };
      last = JSON.stringify(health.sync ?? {});
      if (health.sync?.lastSuccessAt) {
        const waited = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `[e2e] catálogo sincronizado: ${health.sync.activeListings ?? "?"} imóveis ativos (espera de ${waited} s)`,
        );
        return;
      }
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the first sync did not finish within 5 minutes; last health: ${last}`);
}
