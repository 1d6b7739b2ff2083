/**
 * The public site footer: the agency (logo, description, CRECI), quick links
 * to the catalogue and the privacy policy (`/lgpd`), the agency's contacts
 * (address, phone, WhatsApp, e-mail, opening hours, social profiles; from
 * the agency profile of `/admin/imobiliaria`) and the copyright line
 * "© {year} {title}" with the razão social and CNPJ.
 */
import { Link } from "@remix-run/react";
import type { PublicTheme } from "~/lib/theme";
import {
  addressLines,
  type AgencyProfile,
  formatOpeningHoursLine,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "~/lib/agency";
import { LGPD_PATH } from "~/lib/paths";
import { formatPhone, telHref } from "~/lib/phone";
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
  /**
   * The agency profile (root loader), or null when unknown (root error
   * boundary). The contact column shows only when the profile has a contact.
   */
  agency?: AgencyProfile | null;
}

/** "5511912345678" → "(11) 91234-5678"; another country's number as "+<digits>". */
function formatWhatsApp(number: string): string {
  return number.startsWith("55") && number.length >= 12 ? formatPhone(number.slice(2)) : `+${number}`;
}

/** Footer of the public layouts. */
export function SiteFooter({ theme, year, agency = null }: SiteFooterProps) {
  const creci = agency?.creci ?? theme.creci;
  const address = agency ? addressLines(agency) : [];
  const social = agency
    ? (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).flatMap((network) => {
        const url = agency.social[network];
        return url ? [{ network, url }] : [];
      })
    : [];
  // No "Contato" heading over an empty column (a fresh install before the admin fills the profile in).
  const hasContact = agency
    ? address.length > 0 ||
      Boolean(agency.phone || agency.whatsapp || agency.email) ||
      agency.openingHours.length > 0 ||
      social.length > 0
    : false;
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <Link to="/" className={styles.homeLink} aria-label={`${theme.title} – página inicial`}>
              <Logo title={theme.title} agencyName={theme.agencyName} horizontalUrl={theme.logos.horizontal} inverted />
            </Link>
            <p className={styles.text}>{theme.description}</p>
            {creci ? <p className={styles.text}>{creci}</p> : null}
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
              <li>
                <Link to={LGPD_PATH} className={styles.link}>
                  Privacidade e LGPD
                </Link>
              </li>
            </ul>
          </nav>
          {agency && hasContact ? (
            <section aria-labelledby="rodape-contato" data-testid="rodape-contato">
              <h2 id="rodape-contato" className={styles.heading}>
                Contato
              </h2>
              <address className={styles.contact}>
                {address.length ? (
                  <p className={styles.text}>
                    {address.map((line, index) => (
                      <span key={index} className={styles.line}>
                        {line}
                      </span>
                    ))}
                  </p>
                ) : null}
                {agency.phone ? (
                  <a href={telHref(agency.phone)} className={styles.link}>
                    Telefone: {formatPhone(agency.phone)}
                  </a>
                ) : null}
                {agency.whatsapp ? (
                  <a href={`https://wa.me/${agency.whatsapp}`} className={styles.link} rel="noopener">
                    WhatsApp: {formatWhatsApp(agency.whatsapp)}
                  </a>
                ) : null}
                {agency.email ? (
                  <a href={`mailto:${agency.email}`} className={styles.link}>
                    {agency.email}
                  </a>
                ) : null}
              </address>
              {agency.openingHours.length ? (
                <p className={styles.text}>
                  <span className={styles.line}>Horário de atendimento:</span>
                  {agency.openingHours.map((line, index) => (
                    <span key={index} className={styles.line}>
                      {formatOpeningHoursLine(line)}
                    </span>
                  ))}
                </p>
              ) : null}
              {social.length ? (
                <ul className={styles.links} aria-label="Redes sociais">
                  {social.map(({ network, url }) => (
                    <li key={network}>
                      <a href={url} className={styles.link} rel="noopener me" target="_blank">
                        {SOCIAL_NETWORKS[network].label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
        </div>
        <div className={styles.bottom}>
          <p>
            © {year} {theme.title}. Todos os direitos reservados.
          </p>
          {agency ? (
            <p data-testid="rodape-razao-social">
              {agency.cnpj ? `${agency.legalName} · CNPJ ${agency.cnpj}` : agency.legalName}
            </p>
          ) : null}
          {creci ? <p>{creci}</p> : null}
        </div>
      </div>
    </footer>
  );
}
