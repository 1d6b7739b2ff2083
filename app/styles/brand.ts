/** Run-time brand colours (docs/spec.txt §1 theme: primary, secondary, light). */
/**
 * Inline CSS custom properties that override the three brand colours at run
 * time, e.g. `<html style={brandColorVariables(theme)}>`. Colours are CSS hex.
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
