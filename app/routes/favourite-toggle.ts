/**
 * `/favoritos/alternar` (POST): the no-JavaScript path of the heart buttons
 * and of the favourites page (docs/decisions/0032-favourites-and-compare.md).
 * With JavaScript the page writes the cookie itself and never posts here.
 *
 * Fields: `acao` = `alternar` (default: adds `codigo` when absent, removes it
 * when present), `remover` (removes `codigo`) or `salvar` (adds the
 * comma-separated `codigos` of a shared list); `voltar`, a same-site path to
 * return to (anything else: `/favoritos`). Answers 303 to it with the new
 * `favoritos` cookie and a toast; a full list (50) changes nothing and says
 * so. A malformed code or action: 400. The list is not stored on the server;
 * a saved listing counts one `favourite_add` event (first-party statistics).
 * A GET goes to `/favoritos`.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { recordListingEvent } from "~/.server/analytics/record";
import { getConfig } from "~/.server/config";
import { redirectWithToast } from "~/.server/flash";
import { privatePage } from "~/lib/cache-control";
import { safeReturnPath } from "~/lib/consent";
import {
  addFavourites,
  FAVOURITE_FIELDS,
  FAVOURITES_PATH,
  isListingCode,
  MAX_FAVOURITES,
  parseCodesParam,
  readFavourites,
  removeFavourite,
  serializeFavouritesCookie,
  toggleFavourite,
} from "~/lib/favourites";

/** A GET (someone opening the address) is sent to the list. */
export function loader() {
  return redirect(FAVOURITES_PATH, { status: 303, headers: privatePage() });
}

/** A plain-text 400 (the forms never send such values; only a hand-made request does). */
function badRequest(message: string): Response {
  return new Response(message, { status: 400, headers: privatePage({ "Content-Type": "text/plain; charset=utf-8" }) });
}

/** Applies the change (see the module comment). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) return badRequest("Formulário inválido.");
  const current = readFavourites(request.headers.get("Cookie"));
  const kind = form.get(FAVOURITE_FIELDS.action) ?? "alternar";
  const target = safeReturnPath(form.get(FAVOURITE_FIELDS.returnTo), FAVOURITES_PATH);

  let codes: string[];
  let title: string;
  if (kind === "salvar") {
    const raw = form.get(FAVOURITE_FIELDS.codes);
    const parsed = parseCodesParam(typeof raw === "string" ? [raw] : [], MAX_FAVOURITES);
    if (!parsed.ok) return badRequest(parsed.message);
    if (parsed.codes.length === 0) return badRequest("Nenhum imóvel informado.");
    const change = addFavourites(current, parsed.codes);
    codes = change.codes;
    title = change.full
      ? `Sua lista chegou ao limite de ${MAX_FAVOURITES} imóveis; alguns não foram salvos.`
      : "Imóveis salvos nos seus favoritos";
  } else if (kind === "alternar" || kind === "remover") {
    const code = form.get(FAVOURITE_FIELDS.code);
    if (!isListingCode(code)) return badRequest("Código de imóvel inválido.");
    if (kind === "remover") {
      codes = removeFavourite(current, code);
      title = "Imóvel removido dos favoritos";
    } else {
      const change = toggleFavourite(current, code);
      if (change.full) {
        return redirectWithToast(
          target,
          {
            type: "error",
            title: `Sua lista já tem ${MAX_FAVOURITES} imóveis`,
            description: "Remova algum dos favoritos para salvar outro.",
          },
          { status: 303, headers: privatePage() },
        );
      }
      codes = change.codes;
      title = change.saved ? "Imóvel salvo nos favoritos" : "Imóvel removido dos favoritos";
      // The count per listing (the brokers' and owners' figures); the list itself stays in the cookie.
      if (change.saved) await recordListingEvent(request, context.clientIp, "favourite_add", code);
    }
  } else {
    return badRequest("Ação inválida.");
  }

  const headers = new Headers(privatePage());
  headers.append(
    "Set-Cookie",
    serializeFavouritesCookie(codes, { secure: Boolean(getConfig().PUBLIC_URL?.startsWith("https:")) }),
  );
  return redirectWithToast(target, { type: "success", title }, { status: 303, headers });
}
