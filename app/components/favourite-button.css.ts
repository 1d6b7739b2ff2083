/**
 * Styles of the heart button (`favourite-button.tsx`). Theme variables only
 * (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Frame around a listing card: positions the heart over the photo, outside the card's link. */
export const cardFrame = style({ position: "relative", height: "100%" });

/** The form (no box of its own). */
export const form = style({ margin: 0, display: "contents" });

/** The round heart over a card's photo (top right; the badges sit top left). 44 px touch target. */
export const cardButton = style([
  fr.centered,
  {
    position: "absolute",
    top: vars.space.sm,
    right: vars.space.sm,
    zIndex: 1,
    width: "44px",
    height: "44px",
    padding: 0,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.pill,
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.card,
    cursor: "pointer",
    selectors: {
      "&:hover": { color: vars.color.secondary },
      "&:focus-visible": fr.focusRing,
      "&[aria-pressed='true']": { color: vars.color.secondary },
    },
  },
]);

/** The labelled heart of the listing page (an outline pill). */
export const pageButton = style([
  fr.pillLink,
  {
    minHeight: "44px",
    cursor: "pointer",
    fontWeight: 600,
    selectors: {
      "&:hover": { borderColor: vars.color.text },
      "&:focus-visible": fr.focusRing,
      "&[aria-pressed='true']": { color: vars.color.secondary, borderColor: vars.color.secondary },
    },
  },
]);

/** The heart drawing: filled when saved. */
export const heart = style({
  flexShrink: 0,
  selectors: {
    "[aria-pressed='true'] > &": { fill: "currentColor" },
  },
});
