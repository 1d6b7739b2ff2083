/**
 * The guard of every admin form post: an admin whose access is checked
 * against revocation (`requireRole`, `./guards`), then the Origin check
 * (`assertSameOrigin`, `./protection`), in that order, so that an anonymous
 * visitor is sent to sign in and a signed-in non-admin is refused before the
 * origin is looked at.
 */
import type { SessionUser } from "~/lib/auth";
import { requireRole } from "./guards";
import { assertSameOrigin } from "./protection";

/**
 * The admin posting `request`.
 * @throws {Response} a redirect to the sign-in page, or 403 (not an admin, access revoked, another origin).
 */
export async function requireAdminPost(request: Request): Promise<SessionUser> {
  const admin = await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  return admin;
}
