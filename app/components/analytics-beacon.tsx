/**
 * The browser half of the first-party analytics
 * (docs/decisions/0030-first-party-analytics.md): renders nothing; sends
 * small JSON beacons to `POST /api/eventos` with `navigator.sendBeacon`
 * (fallback `fetch` with `keepalive`), same origin, no cookie or storage of
 * its own:
 *
 * - a page view on the first load and on every client-side navigation
 *   (path + query; the server derives listing views, searches, filters and
 *   map searches from it), sent once the page has loaded and the browser is
 *   idle, so it never competes with the page;
 * - `gallery_open` when a click or Enter opens a photo gallery's full-screen
 *   viewer, `whatsapp_click` on a link to the WhatsApp hand-off or to
 *   WhatsApp, `form_start` on the first input in a lead form and
 *   `form_submit` when a valid lead form is sent (delegated listeners on the
 *   document: no component needs to know about analytics).
 *
 * Nothing is sent under `/admin`, `/painel` or `/login-corretores`, nor when
 * the browser asks not to be tracked (Do Not Track or Global Privacy Control).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { BeaconBody, ClientEventType } from "~/lib/analytics-events";
import { ADMIN_PATH, ANALYTICS_EVENTS_PATH, LOGIN_PATH, PANEL_PATH, WHATSAPP_CONTACT_PATH } from "~/lib/paths";

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

/** Whether a path is in an area never recorded (the server checks again). */
function untracked(pathname: string): boolean {
  return [ADMIN_PATH, PANEL_PATH, LOGIN_PATH].some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/**
 * Sends one beacon about `page` (path + query, default the current one);
 * failures are silent (analytics never disturbs the page).
 */
function send(
  type: ClientEventType,
  extra: Omit<BeaconBody, "type" | "path"> = {},
  page: { pathname: string; search: string } = location,
): void {
  if (optedOut() || untracked(page.pathname)) return;
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

/** Runs `work` after the load event, when the browser is idle. */
function whenIdle(work: () => void): void {
  const idle = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(work, { timeout: 3000 }) : setTimeout(work, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/** The kind of a lead form (`data-lead-form`), for the form events. */
function formKind(form: HTMLFormElement): string | undefined {
  const kind = form.dataset.leadForm;
  return kind && /^[a-z][a-z0-9_-]{0,29}$/.test(kind) ? kind : undefined;
}

/** Installs the delegated listeners; returns their removal. */
function listen(): () => void {
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
    if (!(form instanceof HTMLFormElement) || !form.matches(LEAD_FORM) || !form.checkValidity()) return;
    send("form_submit", { form: formKind(form) });
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

/** Mount once in the root: records page views and the delegated events (see the module comment). */
export function AnalyticsBeacon(): null {
  const { pathname, search } = useLocation();
  const lastSent = useRef<string | null>(null);

  useEffect(listen, []);

  useEffect(() => {
    const key = `${pathname}${search}`;
    if (lastSent.current === key) return;
    const first = lastSent.current === null;
    lastSent.current = key;
    whenIdle(() => {
      const referrer = first && document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {};
      send("pageview", referrer, { pathname, search });
    });
  }, [pathname, search]);

  return null;
}
