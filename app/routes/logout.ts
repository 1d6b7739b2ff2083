/**
 * `POST /login-corretores/sair`: signs out. Origin check;
 * the session's row is deleted, so its cookie is refused from now on (with a
 * real project the user's refresh tokens are revoked too, see `signOut`),
 * the cookie is cleared, and the browser goes to the home page with a toast.
 * A GET only redirects home.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { clearSessionCookie, getIdentityBackend, getSession, readSessionToken, signOut } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { privatePage } from "~/lib/cache-control";

/** Nothing to show: back home. */
export function loader() {
  return redirect("/", { headers: privatePage() });
}

/** Ends the session (even an invalid cookie is cleared). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = await readSessionToken(request);
  if (token) {
    const session = await getSession(request);
    await signOut(getIdentityBackend(), getDb().db, token, session?.user.uid ?? null);
  }
  return redirectWithToast(
    "/",
    { type: "info", title: "Você saiu da área do corretor." },
    { headers: privatePage({ "Set-Cookie": await clearSessionCookie() }) },
  );
}
