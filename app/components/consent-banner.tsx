/**
 * The cookie consent banner and the cookie preferences form of `/lgpd`
 * (docs/decisions/0029-consent-and-google-analytics.md; ANPD's cookie guide,
 * 2022: rejecting must be as easy as accepting).
 *
 * Both are plain `<form method="post">` to {@link CONSENT_PATH}: without
 * JavaScript the action sets the cookie and answers 303 back to this page;
 * with JavaScript they are fetcher forms, so the banner disappears without a
 * page load and the root loader's revalidation (new consent state) lets
 * `GoogleTag` load the tag at once after "Aceitar".
 */
import { Link, useFetcher, useLocation } from "@remix-run/react";
import {
  type ConsentActionData,
  CONSENT_CATEGORIES,
  CONSENT_COOKIE_NAME,
  CONSENT_CHOICE_FIELD,
  CONSENT_FETCHER_FIELD,
  CONSENT_RETURN_FIELD,
} from "~/lib/consent";
import { FAVOURITES_COOKIE } from "~/lib/favourites";
import { FLASH_COOKIE_NAME, SESSION_COOKIE_NAMES } from "~/lib/site-cookies";
import { CONSENT_PATH, COOKIE_PREFERENCES_PATH, LGPD_PATH } from "~/lib/paths";
import { useOptionalRootData } from "~/lib/root-data";
import { button } from "~/styles/ui.css";
import * as s from "./consent-banner.css";
import { useHydrated } from "./use-hydrated";

/** Id of the cookie preferences section on `/lgpd` (the banner's "Configurar" target). */
export const COOKIE_PREFERENCES_ID = "cookies";

/**
 * The banner: shown while the visitor has made no choice (root data consent
 * variant `none`; crawlers get `bot` and no banner), and only when a Google
 * tag is configured: without one every cookie of the site is strictly
 * necessary, so there is nothing to consent to (LGPD art. 7, V and IX; the
 * ANPD cookie guide asks consent for the non-necessary ones) and `/lgpd`
 * lists them. A labelled region at the bottom of the viewport, not a modal:
 * the page stays usable behind it.
 */
export function ConsentBanner() {
  const consent = useOptionalRootData()?.consent;
  const location = useLocation();
  const fetcher = useFetcher<ConsentActionData>({ key: "consent-banner" });
  const hydrated = useHydrated();
  // Hidden as soon as a choice is on its way (the root loader confirms it right after).
  if (!consent?.google || consent.variant !== "none" || fetcher.state !== "idle" || fetcher.data?.ok) return null;
  const here = `${location.pathname}${location.search}`;

  return (
    <section className={s.banner} role="region" aria-label="Aviso de cookies" data-testid="consent-banner">
      <fetcher.Form method="post" action={CONSENT_PATH} className={s.inner}>
        <input type="hidden" name={CONSENT_RETURN_FIELD} value={here} />
        {hydrated ? <input type="hidden" name={CONSENT_FETCHER_FIELD} value="1" /> : null}
        <p className={s.text}>
          Usamos cookies necessários para o site funcionar e, só com a sua permissão, cookies de estatística do Google
          Analytics. Você pode mudar a escolha quando quiser na <Link to={LGPD_PATH}>política de privacidade</Link>.
        </p>
        <div className={s.actions}>
          <button type="submit" name={CONSENT_CHOICE_FIELD} value="aceitar" className={s.action}>
            Aceitar
          </button>
          <button type="submit" name={CONSENT_CHOICE_FIELD} value="rejeitar" className={s.action}>
            Rejeitar
          </button>
          <Link to={COOKIE_PREFERENCES_PATH} className={s.action}>
            Configurar
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** One cookie the site may set: its name, what it is for and how long it lives (pt-BR). */
interface SiteCookie {
  name: string;
  purpose: string;
  lifetime: string;
}

/**
 * Every cookie of the site's own (the names come from the modules that set
 * them); the consent cookie only exists when there is a Google tag to consent to.
 */
function siteCookies(google: boolean): SiteCookie[] {
  return [
    {
      name: FAVOURITES_COOKIE,
      purpose: "Os imóveis que você salvou em “Favoritos”.",
      lifetime: "1 ano",
    },
    {
      name: FLASH_COOKIE_NAME,
      purpose: "A mensagem de confirmação depois de enviar um formulário.",
      lifetime: "Até ser lida",
    },
    {
      name: SESSION_COOKIE_NAMES.join(" ou "),
      purpose: "A sessão de quem entra na área do corretor (só corretores e administradores).",
      lifetime: "Até sair, no máximo 30 dias",
    },
    ...(google
      ? [{ name: CONSENT_COOKIE_NAME, purpose: "A sua escolha sobre os cookies de estatística.", lifetime: "6 meses" }]
      : []),
  ];
}

/**
 * The table of the site's cookies on `/lgpd`, with or without a Google tag:
 * what a visitor can check without anything to accept.
 */
export function SiteCookieList() {
  const google = Boolean(useOptionalRootData()?.consent?.google);
  return (
    <table className={s.cookieTable} data-testid="site-cookies">
      <caption className={s.cookieCaption}>Cookies deste site</caption>
      <thead>
        <tr>
          <th scope="col">Cookie</th>
          <th scope="col">Para que serve</th>
          <th scope="col">Duração</th>
        </tr>
      </thead>
      <tbody>
        {siteCookies(google).map((cookie) => (
          <tr key={cookie.name}>
            <th scope="row">
              <code>{cookie.name}</code>
            </th>
            <td>{cookie.purpose}</td>
            <td>{cookie.lifetime}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The "Preferências de cookies" form on `/lgpd`: "Necessários" (always on,
 * explained), "Estatísticas (Google Analytics)" only when Google's tag is
 * configured, and a note that the site's own cookieless statistics need no
 * consent. Saving posts `escolha=salvar` (+ `analytics=on`).
 */
export function CookiePreferences() {
  const consent = useOptionalRootData()?.consent;
  const fetcher = useFetcher<ConsentActionData>({ key: "cookie-preferences" });
  const hydrated = useHydrated();
  const google = consent?.google ?? null;
  const granted = consent?.variant === "granted";
  const categories = CONSENT_CATEGORIES.filter((category) => category.id === "necessary" || google);

  return (
    <fetcher.Form
      method="post"
      action={CONSENT_PATH}
      className={s.preferences}
      aria-label="Preferências de cookies"
      data-testid="cookie-preferences"
    >
      <input type="hidden" name={CONSENT_RETURN_FIELD} value={COOKIE_PREFERENCES_PATH} />
      {hydrated ? <input type="hidden" name={CONSENT_FETCHER_FIELD} value="1" /> : null}
      {categories.map((category) => {
        const id = `consent-${category.id}`;
        const necessary = category.id === "necessary";
        return (
          <div key={category.id} className={s.category}>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className={s.toggle}
              name={necessary ? undefined : "analytics"}
              defaultChecked={necessary || granted}
              disabled={necessary}
              aria-describedby={`${id}-text`}
              // The stored choice can change after a save: remount with it.
              key={necessary ? "on" : String(granted)}
            />
            <label htmlFor={id} className={s.categoryLabel}>
              {category.label}
            </label>
            <p id={`${id}-text`} className={s.categoryText}>
              {category.description}
            </p>
          </div>
        );
      })}
      <p className={s.status}>
        As estatísticas próprias do site (páginas vistas, buscas e cliques, contadas sem cookies e sem guardar o seu
        endereço IP) não identificam você e por isso não dependem desta escolha.
      </p>
      <div className={s.footer}>
        <button type="submit" name={CONSENT_CHOICE_FIELD} value="salvar" className={button.dark}>
          Salvar preferências
        </button>
        <p className={s.status} role="status">
          {fetcher.state === "idle" && fetcher.data?.ok ? "Preferências salvas." : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
