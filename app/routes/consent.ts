/**
 * `/preferencias-de-cookies` (POST): records the visitor's cookie choice
 * (docs/decisions/0029-consent-and-google-analytics.md). The banner and the
 * preferences section of `/lgpd` post here, with or without JavaScript:
 *
 * - `escolha=aceitar|rejeitar|salvar` (+ `analytics=on` with `salvar`) sets
 *   the consent cookie (6 months) and answers 303 to `voltar`, a same-site
 *   path (anything else → "/"); a fetcher submission (the hidden field `via-fetcher`, added once the page is hydrated) gets JSON
 *   instead, so the banner hides without a page load.
 * - `escolha=configurar` records nothing and answers 303 to `/lgpd#cookies`.
 * - Anything else: 400.
 *
 * A GET (someone opening the address) is sent to the preferences on `/lgpd`.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { consentSetCookie } from "~/.server/consent";
import { redirectWithToast } from "~/.server/flash";
import { privatePage } from "~/lib/cache-control";
import {
  type ConsentActionData,
  CONSENT_CHOICE_FIELD,
  CONSENT_FETCHER_FIELD,
  CONSENT_RETURN_FIELD,
  safeReturnPath,
  stateForChoice,
} from "~/lib/consent";
import { COOKIE_PREFERENCES_PATH } from "~/lib/paths";

/** A GET is sent to the preferences section of `/lgpd`. */
export function loader() {
  return redirect(COOKIE_PREFERENCES_PATH, { status: 303, headers: privatePage() });
}

/** Records the choice (see the module comment). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const isFetcher = form?.get(CONSENT_FETCHER_FIELD) === "1";
  const state = stateForChoice(form?.get(CONSENT_CHOICE_FIELD), form?.get("analytics"));
  if (state === undefined) {
    return Response.json({ ok: false } satisfies ConsentActionData, { status: 400, headers: privatePage() });
  }
  if (state === null) return redirect(COOKIE_PREFERENCES_PATH, { status: 303, headers: privatePage() });

  const headers = new Headers(privatePage());
  headers.append("Set-Cookie", consentSetCookie(state));
  if (isFetcher)
    return Response.json({ ok: true, analytics: state.analytics } satisfies ConsentActionData, { headers });
  const target = safeReturnPath(form?.get(CONSENT_RETURN_FIELD));
  if (form?.get(CONSENT_CHOICE_FIELD) === "salvar") {
    return redirectWithToast(
      target,
      { type: "success", title: "Preferências de cookies salvas" },
      { status: 303, headers },
    );
  }
  return redirect(target, { status: 303, headers });
}
