/**
 * The height of the consent banner while it is shown (0 without it), kept
 * current as the banner comes, resizes and goes: what a floating button at
 * the bottom of the screen moves up by, so that it never covers nor is
 * covered by the banner.
 */
import { useEffect, useLayoutEffect, useState } from "react";

/** The consent banner's height in px (`data-testid="consent-banner"`), 0 when there is none. */
export function useConsentBannerHeight(): number {
  const [lift, setLift] = useState(0);
  // Placed before its first paint: a button that appears where it stays is no layout shift.
  useLayoutEffect(() => {
    const banner = document.querySelector('[data-testid="consent-banner"]');
    if (banner) setLift(banner.getBoundingClientRect().height);
  }, []);
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    let banner: Element | null = null;
    const resize = new ResizeObserver(() => setLift(banner?.isConnected ? banner.getBoundingClientRect().height : 0));
    const find = () => {
      const found = document.querySelector('[data-testid="consent-banner"]');
      if (found === banner) return;
      if (banner) resize.unobserve(banner);
      banner = found;
      if (banner) resize.observe(banner);
      else setLift(0);
    };
    find();
    // The banner is a sibling of the page's layout: its parent's own children are enough (no subtree).
    const mutations = new MutationObserver(find);
    mutations.observe((banner as Element | null)?.parentElement ?? document.body, { childList: true });
    return () => {
      mutations.disconnect();
      resize.disconnect();
    };
  }, []);
  return lift;
}
