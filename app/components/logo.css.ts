/** Styles of the agency logo (`logo.tsx`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const logo = style([
  fr.inlineCenter,
  {
    gap: "10px",
    color: vars.color.primary,
    textDecoration: "none",
    lineHeight: 1,
    minWidth: 0,
  },
]);

/** Inverted colours for dark backgrounds (footer). */
export const inverted = style({ color: vars.color.onPrimary });

export const mark = style({ flex: "none", width: "36px", height: "36px" });

export const markBackground = style({ fill: vars.color.secondary });
export const markHouse = style({ fill: vars.color.onSecondary });

export const wordmark = style([fr.column, { gap: "2px", minWidth: 0 }]);

export const name = style({
  fontFamily: vars.font.heading,
  fontSize: "1.2rem",
  fontWeight: 800,
  letterSpacing: "-0.02em",
  ...fr.ellipsis,
});

export const suffix = style({
  fontSize: "0.68rem",
  fontWeight: 600,
  letterSpacing: "0.16em",
  textTransform: "uppercase",
  color: vars.color.textMuted,
  selectors: {
    [`${inverted} &`]: { color: "color-mix(in srgb, currentColor 70%, transparent)" },
  },
});

export const image = style({
  display: "block",
  height: "40px",
  width: "auto",
  maxWidth: "220px",
  objectFit: "contain",
});
