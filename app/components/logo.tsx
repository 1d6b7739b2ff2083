/**
 * The agency logo (docs/spec.txt §1 theme images logoSquare / logoHorizontal). With a
 * configured horizontal logo it shows that image; otherwise the square mark
 * drawn inline in the brand colours beside the agency name, so the default
 * logo always matches AGENCY_NAME and the run-time colours.
 */
import * as styles from "./logo.css";

/** Props of {@link Logo} and {@link LogoMark}. */
export interface LogoProps {
  /** Site title, e.g. "Horizonte Imobiliária"; the image's alt text. */
  title: string;
  /** Agency name (AGENCY_NAME); with the default logo it is set in bold. */
  agencyName: string;
  /** Horizontal logo URL, or null for the drawn default. */
  horizontalUrl: string | null;
  /** Colours for a dark background (footer). */
  inverted?: boolean;
  className?: string;
}

/** The square brand mark as inline SVG (a house on a rounded square, brand secondary colour). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 40 40"
      className={className ?? styles.mark}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="11" className={styles.markBackground} />
      <path
        className={styles.markHouse}
        d="M20 9.6a1.6 1.6 0 0 1 1 .36l9.4 7.6a1.6 1.6 0 0 1-2 2.5l-.4-.33V28.6a1.8 1.8 0 0 1-1.8 1.8h-3.9v-6.2a2.3 2.3 0 0 0-4.6 0v6.2h-3.9a1.8 1.8 0 0 1-1.8-1.8v-8.87l-.4.33a1.6 1.6 0 0 1-2-2.5l9.4-7.6a1.6 1.6 0 0 1 1-.36Z"
      />
    </svg>
  );
}

/**
 * The horizontal logo (no link; wrap it in one). The visible text (or the
 * image's alt) is the site title, so a link around it is named "{title}".
 */
export function Logo({ title, agencyName, horizontalUrl, inverted, className }: LogoProps) {
  const classes = [styles.logo, inverted ? styles.inverted : "", className ?? ""].filter(Boolean).join(" ");
  if (horizontalUrl) {
    return (
      <span className={classes}>
        <img src={horizontalUrl} alt={title} className={styles.image} height={40} />
      </span>
    );
  }
  const suffix = title.startsWith(`${agencyName} `) ? title.slice(agencyName.length + 1) : null;
  return (
    <span className={classes}>
      <LogoMark />
      <span className={styles.wordmark}>
        <span className={styles.name}>{suffix ? agencyName : title}</span>
        {suffix ? (
          <>
            {" "}
            <span className={styles.suffix}>{suffix}</span>
          </>
        ) : null}
      </span>
    </span>
  );
}
