/**
 * The public site header: the horizontal logo linking home and the main
 * navigation ("Comprar", "Alugar", "Todos os imóveis", "Condomínios", "Mapa",
 * "Quero vender", "Sobre"), the search, favourites and WhatsApp icons. The
 * bar stays one line at every width, the way the big portals lay it out: from
 * 1240 px the whole navigation is in the bar; from 960 px the bar keeps the
 * primary items (buying, renting, the catalogue) and a "Menu" drop-down holds
 * all of them; narrower screens fold the navigation into the menu alone. The
 * menu is a `<details>`, which opens and closes without JavaScript; with
 * JavaScript it also closes on navigation, Escape and a click outside.
 */
import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PublicTheme } from "~/lib/theme";
import { container } from "~/styles/ui.css";
import { mapLinkFor } from "~/lib/map-link";
import { ABOUT_PATH, CONDOMINIUMS_PATH, LISTINGS_PATH, MAP_PATH, whatsAppContactPath } from "~/lib/paths";
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
  /** Kept in the bar at medium widths (960–1239 px), where the others are only in the menu. */
  primary: boolean;
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
    primary: true,
    to: `${LISTINGS_PATH}/venda`,
    isCurrent: (pathname) => /^venda(?:-|$)/.test(listingFilters(pathname) ?? "-"),
  },
  {
    label: "Alugar",
    primary: true,
    to: `${LISTINGS_PATH}/aluguel`,
    isCurrent: (pathname) => /^aluguel(?:-|$)/.test(listingFilters(pathname) ?? "-"),
  },
  {
    label: "Todos os imóveis",
    primary: true,
    to: LISTINGS_PATH,
    isCurrent: (pathname) => {
      const filters = listingFilters(pathname);
      return filters !== null && !/^(?:venda|aluguel)(?:-|$)/.test(filters);
    },
  },
  {
    label: "Condomínios",
    primary: false,
    to: CONDOMINIUMS_PATH,
    isCurrent: (pathname) => isPage(pathname, CONDOMINIUMS_PATH),
  },
  {
    label: "Mapa",
    primary: false,
    to: MAP_PATH,
    isCurrent: (pathname) => isPage(pathname, MAP_PATH),
  },
  {
    // The owner's instant estimate and contact (ADR 0089); the home page keeps its "quero vender" form.
    label: "Quero vender",
    primary: false,
    to: "/anunciar",
    isCurrent: (pathname) => isPage(pathname, "/anunciar"),
  },
  {
    // The agency and its team; a member's page (/membro/{id}) belongs to it.
    label: "Sobre",
    primary: false,
    to: ABOUT_PATH,
    isCurrent: (pathname) => isPage(pathname, ABOUT_PATH) || pathname.startsWith("/membro/"),
  },
];

/** Whether `pathname` is `path`, with or without a trailing slash. */
function isPage(pathname: string, path: string): boolean {
  return pathname === path || pathname === `${path}/`;
}

/**
 * The navigation items as a list of links, the current section marked with
 * `aria-current`; `secondaryClassName` goes on the items that are not
 * {@link NavItem.primary}.
 */
function NavLinks({
  pathname,
  search = "",
  listClassName,
  linkClassName,
  secondaryClassName,
  withChevron = false,
}: {
  pathname: string;
  /** The location's query string: the "Mapa" link carries a list's or `/busca`'s filters (`mapLinkFor`). */
  search?: string;
  listClassName: string;
  linkClassName: string;
  secondaryClassName?: string;
  withChevron?: boolean;
}) {
  return (
    <ul className={listClassName}>
      {mainNavigation.map((item) => (
        <li key={item.to} className={item.primary ? undefined : secondaryClassName}>
          <Link
            to={item.to === MAP_PATH ? mapLinkFor(pathname, search) : item.to}
            className={linkClassName}
            aria-current={item.isCurrent(pathname) ? "page" : undefined}
          >
            {item.label}
            {withChevron ? <ChevronRightIcon size={20} className={styles.menuLinkIcon} /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The header's id (`#site-header`). */
export const SITE_HEADER_ID = "site-header";

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
    <header id={SITE_HEADER_ID} className={styles.header}>
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
          <NavLinks
            pathname={pathname}
            search={search}
            listClassName={styles.navList}
            linkClassName={`${styles.navLink} ${styles.barNavLink}`}
            secondaryClassName={styles.secondaryItem}
          />
        </nav>

        <details ref={menuRef} className={styles.menu}>
          <summary className={styles.menuButton}>
            <MenuIcon size={20} />
            <span className={styles.menuButtonText}>Menu</span>
          </summary>
          <nav aria-label="Principal (menu)" className={styles.menuPanel}>
            <NavLinks
              pathname={pathname}
              search={search}
              listClassName={styles.menuList}
              linkClassName={styles.menuLink}
              withChevron
            />
            <FavouritesLink variant="menu" className={styles.menuLink} current={pathname === "/favoritos"} />
          </nav>
        </details>
      </div>
    </header>
  );
}
