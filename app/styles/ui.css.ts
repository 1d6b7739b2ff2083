/**
 * Shared style helpers for pages and components: the centred content column,
 * visually hidden text, and the button look of the site (pill buttons in the
 * brand colours). Everything reads the theme contract only.
 */
import { style, styleVariants } from "@vanilla-extract/css";
import * as fr from "./fragments.css";
import { vars } from "./theme.css";

/** Centred column, max `vars.width.content` wide, with side padding from 16 px (360 px phones) to 32 px. */
export const container = style({
  width: "100%",
  maxWidth: `calc(${vars.width.content} + 2 * ${vars.space.xl})`,
  marginInline: "auto",
  paddingInline: vars.space.md,
  "@media": {
    "(min-width: 768px)": { paddingInline: vars.space.xl },
  },
});

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = style([fr.visuallyHidden]);

/**
 * The spam guard's honeypot (`SpamGuardFields`): off screen, out of the tab
 * order. Here, in the stylesheet every page carries, because the forms that
 * hold it are islands whose own chunks' styles may come later than the first
 * paint, and a visible honeypot would invite people to fill it.
 */
export const honeypot = style({
  position: "absolute",
  left: "-10000px",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});

/** Base of every button-looking element (`<button>` or `<a>`): pill shape, 44 px touch target. */
export const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "44px",
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  border: "1px solid transparent",
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  lineHeight: 1.2,
  textDecoration: "none",
  whiteSpace: "nowrap",
  cursor: "pointer",
  transition: "background-color 150ms ease, border-color 150ms ease, color 150ms ease, box-shadow 150ms ease",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { opacity: 0.55, pointerEvents: "none" },
  },
});

/**
 * Complete buttons (base + colours): `primary` (brand secondary, the call to
 * action), `dark` (brand primary), `outline` and `ghost`.
 * Usage: `<Link className={button.primary} …>`.
 */
export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.secondary,
      color: vars.color.onSecondary,
      selectors: {
        "&:hover": { background: `color-mix(in srgb, ${vars.color.secondary} 86%, black)` },
      },
    },
  ],
  dark: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        "&:hover": { background: `color-mix(in srgb, ${vars.color.primary} 82%, white)` },
      },
    },
  ],
  outline: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: {
        "&:hover": { borderColor: vars.color.text },
      },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: "transparent",
      color: vars.color.text,
      selectors: {
        "&:hover": { background: vars.color.light },
      },
    },
  ],
});
