/**
 * Waits until the site's first sync from the embedded Vista sandbox has
 * finished (`GET /health/server` reports a last success), so that every e2e
 * test browses the whole catalogue.
 */
import { baseURL } from "../../playwright.config";

export default async function globalSetup(): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/health/server`);
      const health = (await response.json()) as { sync?: { lastSuccessAt?: string | null; activeListings?: number } };
      last = JSON.stringify(health.sync ?? {});
      if (health.sync?.lastSuccessAt) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the first sync did not finish within 5 minutes; last health: ${last}`);
}
