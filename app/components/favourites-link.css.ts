/** Styles of the header's favourites link (`favourites-link.tsx`). Theme variables only (docs/style.md §7). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Icon link, 44 px square like the search link; the badge is placed against it. */
export const link = style({
  position: "relative",
  minWidth: "44px",
  justifyContent: "center",
  paddingInline: "12px",
  selectors: { "&:focus-visible": fr.focusRing },
});

/** The bar's link: from 480 px only (on narrower phones it would squeeze the logo; the menu has it). */
export const barOnly = style({
  // Doubled class: wins over the header link's own display whatever the stylesheet order.
  selectors: { "&&": { display: "none" } },
  "@media": { "(min-width: 480px)": { selectors: { "&&": { display: "inline-flex" } } } },
});

/** The menu's item: the word and the count. */
export const menuItem = style([fr.inlineCenter, { gap: vars.space.sm }]);

/**
 * The count bubble on the heart's top right corner, ringed in the surface
 * colour to stand off the drawing (hidden from assistive technology: the
 * link's name carries the count).
 */
export const count = style([
  fr.centered,
  {
    position: "absolute",
    top: "3px",
    insetInlineStart: "calc(50% + 2px)",
    minWidth: "20px",
    height: "20px",
    paddingInline: "5px",
    border: `2px solid ${vars.color.surface}`,
    borderRadius: vars.radius.pill,
    background: vars.color.secondary,
    color: vars.color.onSecondary,
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
    lineHeight: 1,
  },
]);
