/**
 * The public site footer: the agency (logo, description, CRECI), quick links
 * to the catalogue and the copyright line "© {year} {title}".
 */
import { Link } from "@remix-run/react";
import type { PublicTheme } from "~/.server/theme";
import { container } from "~/styles/ui.css";
import { LinkItems } from "./link-items";
import { Logo } from "./logo";
import { mainNavigation } from "./site-header";
import * as styles from "./site-footer.css";

/** Props of {@link SiteFooter}. */
export interface SiteFooterProps {
  theme: Pick<PublicTheme, "title" | "agencyName" | "description" | "creci" | "logos">;
  /** Year of the copyright line (from the root loader, so server and browser agree). */
  year: number;
}

/** Footer of the public layouts. */
export function SiteFooter({ theme, year }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <Link to="/" className={styles.homeLink} aria-label={`${theme.title} – página inicial`}>
              <Logo title={theme.title} agencyName={theme.agencyName} horizontalUrl={theme.logos.horizontal} inverted />
            </Link>
            <p className={styles.text}>{theme.description}</p>
            {theme.creci ? <p className={styles.text}>{theme.creci}</p> : null}
          </div>
          <nav aria-label="Links do rodapé">
            <h2 className={styles.heading}>Imóveis</h2>
            <ul className={styles.links}>
              <LinkItems links={mainNavigation} className={styles.link} />
              <li>
                <Link to="/" className={styles.link}>
                  Página inicial
                </Link>
              </li>
              <li>
                <Link to="/sobre" className={styles.link}>
                  Sobre nós
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
          <p>
            © {year} {theme.title}. Todos os direitos reservados.
          </p>
          {theme.creci ? <p>{theme.creci}</p> : null}
        </div>
      </div>
    </footer>
  );
}
