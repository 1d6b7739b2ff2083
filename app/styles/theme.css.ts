/**
 * The theme contract (docs/style.md §7; docs/spec.txt §1 "Theme settings"). Components read
 * only these variables. Defaults live on `:root`; the root layout overrides the
 * three brand colours at run time (from the admin "Aparência" screen when
 * saved, else configuration; `~/.server/theme`) by setting the same CSS
 * variables inline.
 *
 * Spec defaults: primary is black, secondary a red-pink, light a grey.
 * Stacking order (docs/spec.txt §9): modal 1100, overlay 1000, menu 1000, tooltip 1100.
 */
import { createGlobalTheme, createGlobalThemeContract } from "@vanilla-extract/css";
import { defaultColors } from "./brand";

/**
 * Variables have stable names (`--theme-color-primary` …) so the root layout can
 * override the brand colours with an inline style; see {@link brandColorVariables}.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      /** Brand primary (spec default: black). */
      primary: "primary",
      /** Brand secondary, accents and calls to action (spec default: red-pink). */
      secondary: "secondary",
      /** Light background tint (spec default: grey). */
      light: "light",
      text: null,
      textMuted: null,
      background: null,
      surface: null,
      border: null,
      onPrimary: null,
      onSecondary: null,
      success: null,
      error: null,
      warning: null,
      info: null,
    },
    font: { body: null, heading: null },
    radius: { sm: null, md: null, lg: null, pill: null },
    shadow: { card: null, raised: null },
    space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
    zIndex: { menu: null, overlay: null, modal: null, tooltip: null, toast: null },
    width: { content: null },
    /** Type scale (rem; the two largest steps grow with the viewport). */
    fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
    /** Page chrome sizes: sticky header height (hash targets scroll below it), narrow text column. */
    layout: { headerHeight: null, narrow: null },
  },
  (_value, path) => `theme-${path.join("-")}`,
);

createGlobalTheme(":root", vars, {
  color: {
    primary: defaultColors.primary,
    secondary: defaultColors.secondary,
    light: defaultColors.light,
    text: "#1a1a1a",
    textMuted: "#5f6368",
    background: "#ffffff",
    surface: "#ffffff",
    border: "#e2e2e6",
    onPrimary: "#ffffff",
    onSecondary: "#ffffff",
    success: "#15803d",
    error: "#b91c1c",
    warning: "#b45309",
    info: "#1d4ed8",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  radius: { sm: "6px", md: "10px", lg: "16px", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgba(0,0,0,.06), 0 2px 8px rgba(0,0,0,.06)",
    raised: "0 8px 24px rgba(0,0,0,.14)",
  },
  space: { xs: "4px", sm: "8px", md: "16px", lg: "24px", xl: "32px", xxl: "48px" },
  zIndex: { menu: "1000", overlay: "1000", modal: "1100", tooltip: "1100", toast: "1200" },
  width: { content: "1200px" },
  fontSize: {
    xs: "0.75rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.125rem",
    xl: "1.375rem",
    xxl: "clamp(1.5rem, 1.2rem + 1.2vw, 2rem)",
    display: "clamp(1.875rem, 1.3rem + 2.6vw, 3rem)",
  },
  layout: { headerHeight: "64px", narrow: "760px" },
});
