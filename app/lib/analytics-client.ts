/**
 * The browser half of the first-party analytics
 * (docs/decisions/0030-first-party-analytics.md), loaded by
 * `~/components/analytics-beacon` in a chunk of its own once the page has
 * hydrated (docs/decisions/0046-lighter-first-loads.md): sends small JSON
 * beacons to `POST /api/eventos` with `navigator.sendBeacon` (fallback
 * `fetch` with `keepalive`), same origin, no cookie or storage of its own,
 * and listens on the document for the events that no component needs to
 * know about (see the component's module comment).
 *
 * Nothing is sent under `/admin`, `/painel`, `/login-corretores` or `/proprietario`, nor when
 * the browser asks not to be tracked (Do Not Track or Global Privacy Control).
 */
import type { BeaconBody, ClientEventType } from "~/lib/analytics-events";
import { FAVOURITE_TOGGLE_PATH } from "~/lib/favourites";
import { ANALYTICS_EVENTS_PATH, WHATSAPP_CONTACT_PATH } from "~/lib/paths";
import { isUntrackedPath } from "~/lib/untracked-paths";

/** A listing code as the site writes it (same rule as the server's schema). */
const LISTING_CODE = /^[A-Za-z0-9._-]{1,40}$/;

/** Lead forms: the kit's forms carry `data-lead-form="<kind>"`. */
const LEAD_FORM = "form[data-lead-form]";

/** The photo gallery's section (`~/components/gallery`). */
const GALLERY = '[aria-roledescription="galeria"]';

/** Whether the visitor asked not to be tracked. */
function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

/**
 * Sends one beacon about `page` (path + query, default the current one);
 * failures are silent (analytics never disturbs the page).
 */
export function send(
  type: ClientEventType,
  extra: Omit<BeaconBody, "type" | "path"> = {},
  page: { pathname: string; search: string } = location,
): void {
  if (optedOut() || isUntrackedPath(page.pathname)) return;
  const body: BeaconBody = { type, path: `${page.pathname}${page.search}`.slice(0, 2000), ...extra };
  const data = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(ANALYTICS_EVENTS_PATH, data)) return;
  } catch {
    // Fall back to fetch.
  }
  void fetch(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    body: data,
    keepalive: true,
    credentials: "same-origin",
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
  }).catch(() => undefined);
}

/** The kind of a lead form (`data-lead-form`), for the form events. */
function formKind(form: HTMLFormElement): string | undefined {
  const kind = form.dataset.leadForm;
  return kind && /^[a-z][a-z0-9_-]{0,29}$/.test(kind) ? kind : undefined;
}

/** Installs the delegated listeners; returns their removal. */
export function listen(): () => void {
  const started = new WeakSet<HTMLFormElement>();

  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const link = target.closest("a[href]");
    if (link instanceof HTMLAnchorElement) {
      const url = new URL(link.href, location.href);
      const handOff = url.origin === location.origin && url.pathname === WHATSAPP_CONTACT_PATH;
      if (handOff || /(^|\.)wa\.me$|^api\.whatsapp\.com$/.test(url.hostname)) {
        const code = url.searchParams.get("imovel") ?? "";
        send("whatsapp_click", LISTING_CODE.test(code) ? { listing: code } : {});
      }
    }
    watchGallery(target, event);
  };

  const watchGallery = (target: Element, event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== "Enter") return;
    const gallery = target.closest(GALLERY);
    const dialog = gallery?.querySelector("dialog");
    if (!dialog || dialog.open) return;
    // The gallery opens its viewer in its own handler, after this capture listener.
    setTimeout(() => {
      if (dialog.open) send("gallery_open");
    }, 0);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof Element) watchGallery(event.target, event);
  };

  const onInput = (event: Event) => {
    const form = event.target instanceof Element ? event.target.closest(LEAD_FORM) : null;
    if (!(form instanceof HTMLFormElement) || started.has(form)) return;
    started.add(form);
    send("form_start", { form: formKind(form) });
  };

  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    favouriteAdded(form);
    if (!form.matches(LEAD_FORM) || !form.checkValidity()) return;
    send("form_submit", { form: formKind(form) });
  };

  // A heart's form, seen before its own handler toggles it: not pressed yet means "save".
  const favouriteAdded = (form: HTMLFormElement) => {
    if (new URL(form.action, location.href).pathname !== FAVOURITE_TOGGLE_PATH) return;
    const button = form.querySelector<HTMLButtonElement>("button[data-favourite-code]");
    const code = button?.dataset.favouriteCode ?? "";
    if (button?.getAttribute("aria-pressed") === "false" && LISTING_CODE.test(code))
      send("favourite_add", { listing: code });
  };

  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("input", onInput, true);
  document.addEventListener("submit", onSubmit, true);
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("input", onInput, true);
    document.removeEventListener("submit", onSubmit, true);
  };
}
