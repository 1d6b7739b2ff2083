/**
 * {@link ConsentBanner} as an island (`./island`): the banner shows only when
 * a Google tag is configured and the visitor has not chosen yet, so its code
 * is not part of every page's first load (docs/performance.md). When it does
 * show, it sits in the viewport and its code comes at once; until then its
 * server-rendered form works without JavaScript.
 */
import type { ConsentBanner } from "./consent-banner";
import { island } from "./island";
// The banner's stylesheet, for the document's first paint (its code comes later).
import "./consent-banner.css";

/** The cookie banner, hydrated as soon as it is on screen. */
export const ConsentBannerIsland = island<object>(
  () => import("./consent-banner").then((module): typeof ConsentBanner => module.ConsentBanner),
  "aviso-de-cookies",
);
