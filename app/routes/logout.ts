/**
 * `POST /login-corretores/sair` (issue 5 item 1): signs out. Origin check;
 * the session cookie is refused from now on (recorded as signed out), the
 * user's refresh tokens are revoked, the cookie is cleared, and the browser
 * goes to the home page with a toast. A GET only redirects home.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { clearSessionCookie, getIdentityBackend, getSession, signOut } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { readSessionCookie } from "~/.server/auth/session";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";

/** Nothing to show: back home. */
export function loader() {
  return redirect("/", { headers: { "Cache-Control": "private, no-store" } });
}

/** Ends the session (even an invalid cookie is cleared). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const cookie = readSessionCookie(request);
  if (cookie) {
    const session = await getSession(request);
    await signOut(getIdentityBackend(), getDb().db, cookie, session?.user.uid ?? null);
  }
  return redirectWithToast(
    "/",
    { type: "info", title: "Você saiu da área do corretor." },
    { headers: { "Cache-Control": "private, no-store", "Set-Cookie": clearSessionCookie() } },
  );
}
