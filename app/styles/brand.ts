/**
 * Run-time brand colours (docs/spec.txt §1 theme: primary, secondary, light):
 * their defaults and the CSS variables that override them. A plain module, so
 * the server (`~/.server/theme`) and the stylesheets (`./theme.css`) share it.
 */

/** Spec default colours (docs/spec.txt §1: black, a red-pink, a grey), also used when configuration gives none. */
export const defaultColors = {
  primary: "#000000",
  secondary: "#e11d48",
  light: "#f1f1f3",
} as const;

/**
 * Inline CSS custom properties that override the three brand colours at run
 * time, e.g. `<html style={brandColorVariables(theme)}>`. Colours are CSS hex.
 * The names match the theme contract (`vars.color.*` in `./theme.css`).
 */
export function brandColorVariables(colors: {
  primary: string;
  secondary: string;
  light: string;
}): Record<string, string> {
  return {
    "--theme-color-primary": colors.primary,
    "--theme-color-secondary": colors.secondary,
    "--theme-color-light": colors.light,
  };
}
