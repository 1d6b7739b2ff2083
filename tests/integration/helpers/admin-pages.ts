/**
 * What the tests of the admin pages check alike: the guard (an anonymous
 * visitor is sent to the sign-in page, an agent is refused) and a saved
 * settings form (back to the form, the change announced to the page cache).
 */
import { expect } from "vitest";
import { onPublicContentChanged } from "~/.server/admin/content-changed";
import type { Who } from "./auth-env";

/**
 * Expects the page to send an anonymous visitor to the sign-in page (302 to
 * `/login-corretores…`) and to refuse an agent (403).
 * @param load answers the page's loader as `who` (a GET of the page).
 */
export async function expectAdminOnlyPage(load: (who: Who) => Promise<Response>): Promise<void> {
  const anonymous = await load("anonymous");
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toMatch(/^\/login-corretores/);
  expect((await load("agent")).status).toBe(403);
}

/**
 * Expects `save` (the admin's post of a settings form) to redirect back to
 * `path` and to announce exactly `change` (`onPublicContentChanged`).
 */
export async function expectSavedAndAnnounced(save: () => Promise<Response>, path: string, change: string) {
  const changes: string[] = [];
  const stop = onPublicContentChanged((announced) => changes.push(announced));
  const response = await save().finally(stop);
  expect([302, 303]).toContain(response.status);
  expect(response.headers.get("Location")).toBe(path);
  expect(changes).toEqual([change]);
}
