/**
 * The public site header: the horizontal logo linking home and the main
 * navigation ("Comprar", "Alugar", "Todos os imóveis", "Condomínios", "Mapa",
 * "Quero vender", "Sobre"). On small screens the
 * navigation folds into a `<details>` menu, which opens and closes without
 * JavaScript; with JavaScript it also closes on navigation, Escape and a click
 * outside.
 */
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PublicTheme } from "~/.server/theme";
import { container } from "~/styles/ui.css";
import { ABOUT_PATH, CONDOMINIUMS_PATH, LISTINGS_PATH, MAP_PATH } from "~/lib/paths";
import { whatsAppContactPath } from "~/lib/urls";
import { ChevronRightIcon, MenuIcon, SearchIcon, WhatsAppIcon } from "./icons";
import { BrokerBar } from "./broker-bar";
import { FavouritesLink } from "./favourites-link";
import { Logo } from "./logo";
import * as styles from "./site-header.css";

/** One entry of the main navigation. */
export interface NavItem {
  label: string;
  to: string;
  /** Whether the item is the current section for a pathname. */
  isCurrent: (pathname: string) => boolean;
}

/** First segment after `/todos-os-imoveis/`, e.g. "venda-apartamento-moema", or "". */
function listingFilters(pathname: string): string | null {
  if (pathname === LISTINGS_PATH || pathname === `${LISTINGS_PATH}/`) return "";
  if (!pathname.startsWith(`${LISTINGS_PATH}/`)) return null;
  return pathname.slice(LISTINGS_PATH.length + 1);
}

/**
 * The main navigation: sale and rent listings and the whole catalogue, the
 * condominium index, the map, the home page's "quero vender" form and the
 * agency's "Sobre" page (the team). Filter segments start with the purpose
 * ("venda…", "aluguel…"), which marks the matching item as current.
 */
export const mainNavigation: readonly NavItem[] = [
  {
    label: "Comprar",
    to: `${LISTINGS_PATH}/venda`,
    isCurrent: (pathname) => /^venda(?:-|$)/.test(listingFilters(pathname) ?? "-"),
  },
  {
    label: "Alugar",
    to: `${LISTINGS_PATH}/aluguel`,
    isCurrent: (pathname) => /^aluguel(?:-|$)/.test(listingFilters(pathname) ?? "-"),
  },
  {
    label: "Todos os imóveis",
    to: LISTINGS_PATH,
    isCurrent: (pathname) => {
      const filters = listingFilters(pathname);
      return filters !== null && !/^(?:venda|aluguel)(?:-|$)/.test(filters);
    },
  },
  {
    label: "Condomínios",
    to: CONDOMINIUMS_PATH,
    isCurrent: (pathname) => isPage(pathname, CONDOMINIUMS_PATH),
  },
  {
    label: "Mapa",
    to: MAP_PATH,
    isCurrent: (pathname) => isPage(pathname, MAP_PATH),
  },
  {
    // The "quero vender" form's own section on the home page.
    label: "Quero vender",
    to: "/#quero-vender",
    isCurrent: () => false,
  },
  {
    // The agency and its team; a member's page (/membro/{id}) belongs to it.
    label: "Sobre",
    to: ABOUT_PATH,
    isCurrent: (pathname) => isPage(pathname, ABOUT_PATH) || pathname.startsWith("/membro/"),
  },
];

/** Whether `pathname` is `path`, with or without a trailing slash. */
function isPage(pathname: string, path: string): boolean {
  return pathname === path || pathname === `${path}/`;
}

/** The navigation items as a list of links, the current section marked with `aria-current`. */
function NavLinks({
  pathname,
  listClassName,
  linkClassName,
  withChevron = false,
}: {
  pathname: string;
  listClassName: string;
  linkClassName: string;
  withChevron?: boolean;
}) {
  return (
    <ul className={listClassName}>
      {mainNavigation.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName} aria-current={item.isCurrent(pathname) ? "page" : undefined}>
            {item.label}
            {withChevron ? <ChevronRightIcon size={20} className={styles.menuLinkIcon} /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Props of {@link SiteHeader}. */
export interface SiteHeaderProps {
  theme: Pick<PublicTheme, "title" | "agencyName" | "logos">;
  /** Show the WhatsApp button (the agency has a number). */
  whatsapp?: boolean;
}

/** The sticky header of the public layouts. */
export function SiteHeader({ theme, whatsapp = false }: SiteHeaderProps) {
  const { pathname, search, key } = useLocation();
  const menuRef = useRef<HTMLDetailsElement>(null);

  // Close the mobile menu whenever the location changes.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [key]);

  // While open: Escape or a click outside closes it.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const close = () => {
      menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.open) {
        close();
        menu.querySelector("summary")?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  return (
    <header className={styles.header}>
      {/* Who is signed in and "Sair"; nothing for visitors. */}
      <BrokerBar />
      <div className={`${container} ${styles.bar}`}>
        <Link to="/" className={styles.homeLink} aria-label={`${theme.title} – página inicial`}>
          <Logo title={theme.title} agencyName={theme.agencyName} horizontalUrl={theme.logos.horizontal} />
        </Link>

        {/* Free-text search: a link to /busca, on every screen size. */}
        <Link
          to="/busca"
          className={`${styles.navLink} ${styles.searchLink}`}
          aria-label="Busca"
          title="Buscar por bairro, cidade, condomínio ou código"
          aria-current={pathname === "/busca" ? "page" : undefined}
        >
          <SearchIcon size={20} />
        </Link>

        {/* Favourites kept in this browser, with their count (ADR 0032). */}
        <FavouritesLink className={styles.navLink} current={pathname === "/favoritos"} />

        {/* WhatsApp: through /obrigado-whatsapp, which records the contact and names the listing of this page. */}
        {whatsapp ? (
          <a
            href={whatsAppContactPath({ page: pathname, search })}
            className={`${styles.navLink} ${styles.whatsappLink}`}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label="Falar no WhatsApp"
            title="Falar no WhatsApp"
          >
            <WhatsAppIcon size={20} />
            <span className={styles.whatsappText}>WhatsApp</span>
          </a>
        ) : null}

        <nav aria-label="Principal" className={styles.desktopNav}>
          <NavLinks pathname={pathname} listClassName={styles.navList} linkClassName={styles.navLink} />
        </nav>

        <details ref={menuRef} className={styles.menu}>
          <summary className={styles.menuButton}>
            <MenuIcon size={20} />
            <span>Menu</span>
          </summary>
          <nav aria-label="Principal (menu)" className={styles.menuPanel}>
            <NavLinks pathname={pathname} listClassName={styles.menuList} linkClassName={styles.menuLink} withChevron />
            <FavouritesLink variant="menu" className={styles.menuLink} current={pathname === "/favoritos"} />
          </nav>
        </details>
      </div>
    </header>
  );
}
