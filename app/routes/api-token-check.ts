/**
 * `GET /api/auth/token/check` (docs/spec.txt §7 Auth API "GET /auth/token/check";
 * docs/product.md "JSON API under /api"): the backend auth check. With a bearer
 * API session token (`POST /api/auth/session`; with a real Firebase project
 * also a Firebase ID token) or the session cookie it returns the
 * `firebaseAuth` object the spec's session store reads (docs/spec.txt §3: uid, name,
 * email, email_verified, phone_number, application.role), revocation
 * checked. 401 JSON when anonymous.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/.server/auth";

/** The spec's `firebaseAuth` object. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { resource: true, checkRevoked: true });
  return Response.json(
    {
      firebaseAuth: {
        uid: user.uid,
        name: user.displayName,
        email: user.email,
        email_verified: user.emailVerified,
        phone_number: user.phone,
        application: { role: user.role },
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
