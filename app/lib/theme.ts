/**
 * The shape of the site's public theme (title, description, agency name,
 * colours, logos): resolved on the server (`app/.server/theme.ts`), sent in
 * the root loader's data and drawn by the layouts and components.
 */

/** Brand colours as CSS hex strings (`#rrggbb` or `#rgb`, lower case). */
export interface ThemeColors {
  primary: string;
  secondary: string;
  light: string;
  /** Readable text colour on `primary`: white or near-black (WCAG contrast). */
  onPrimary: string;
  /** Readable text colour on `secondary`: white or near-black (WCAG contrast). */
  onSecondary: string;
}

/**
 * Everything the browser may know about the theme; safe to send in loader data
 * (contains no secret).
 */
export interface PublicTheme {
  /** Site title, "{AGENCY_NAME} Imobiliária" by default (docs/spec.txt §1). */
  title: string;
  /** Default meta description of the site. */
  description: string;
  /** The agency's name (AGENCY_NAME), used for og:site_name and the footer. */
  agencyName: string;
  /** The agency's CRECI registration (AGENCY_CRECI), or null when not configured. */
  creci: string | null;
  /** Brand colours, applied with `brandColorVariables()` (app/styles/brand.ts). */
  colors: ThemeColors;
  logos: {
    /** Square logo URL (absolute or site path); default the generated `/logo-square.svg`. */
    square: string;
    /**
     * Horizontal logo URL, or null: the header then draws the square mark beside
     * the title as text, so the default logo always matches AGENCY_NAME and the
     * run-time colours.
     */
    horizontal: string | null;
  };
}
