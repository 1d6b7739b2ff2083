/**
 * Pieces of the listing page (`/detalhes/{condominio}/{id}`, docs/product.md
 * "Public site"): its header, its aside (prices, contact, broker, sharing),
 * the phone contact bar and the 410 notice of a listing that left the catalogue.
 */
import { Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import type { Broker, Listing, Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { formatPrice } from "~/lib/format";
import { LISTINGS_PATH } from "~/lib/paths";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import type { BrokerFace } from "~/lib/broker-credential";
import { BrokerCard } from "./broker-card";
import { AddressLine } from "./detail-sections";
import { ListingsSection } from "./detail-layout";
import * as p from "./detail-page.css";
import { FavouriteButton } from "./favourite-button";
import { BuildingIcon, CalendarIcon, MailIcon, WhatsAppIcon } from "./icons";
import { ListingFacts } from "./listing-facts";
import { PriceBox, type PriceBoxProps } from "./price-box";
import { ShareButtons } from "./share-buttons";

/** Names that already say what the building is: no "Condomínio " before them. */
const BUILDING_WORD = /^(condom[ií]nio|edif[ií]cio|residencial)\b/i;

/** Props of {@link ListingHeader}. */
export interface ListingHeaderProps {
  listing: Listing;
  title: string;
  badges: readonly { label: string; accent: boolean }[];
  /** "à venda", "para alugar" or both (`purposePhrase()`). */
  purposeText: string;
  /** The listing's condominium and its page, null when it belongs to none. */
  condominium: { name: string; path: string } | null;
}

/**
 * A sale price in short pt-BR form for the narrow contact bar: "R$ 850 mil",
 * "R$ 1,2 mi" (BRL, one decimal at most); amounts under R$ 100.000 stay exact
 * ("R$ 4.500"). Written out by hand, not with ICU's compact notation, so that
 * server and browser render the same text.
 */
export function shortPrice(value: number): string {
  if (value < 100_000) return formatPrice(value);
  if (value < 999_500) return `R$ ${Math.round(value / 1_000)} mil`;
  const millions = Math.round(value / 100_000) / 10;
  return `R$ ${String(millions).replace(".", ",")} mi`;
}

/** The listing's offers, sale first, for the compact price displays. */
function offers(listing: Pick<Listing, "salePrice" | "rentPrice">) {
  const list: { key: "venda" | "aluguel"; label: string; value: number }[] = [];
  if (listing.salePrice) list.push({ key: "venda", label: "Venda", value: listing.salePrice });
  if (listing.rentPrice) list.push({ key: "aluguel", label: "Aluguel", value: listing.rentPrice });
  return list;
}

/** The price line under the title, below 1024 px (the price box comes later there). */
function HeaderPrice({ listing }: { listing: Pick<Listing, "salePrice" | "rentPrice"> }) {
  const list = offers(listing);
  return (
    <p className={p.headerPrice} data-testid="header-price">
      {list.length ? (
        list.map((offer) => (
          <span key={offer.key} className={p.headerPriceItem}>
            <span className={p.headerPriceLabel}>{offer.label}</span>
            {formatPrice(offer.value)}
            {offer.key === "aluguel" ? <span className={p.headerPriceLabel}>/mês</span> : null}
          </span>
        ))
      ) : (
        <span className={p.headerPriceItem}>Consulte o valor</span>
      )}
    </p>
  );
}

/**
 * Badges, type, offer and code, the title, the compact price (below 1024 px),
 * the key facts, the address and the condominium link: price and facts come
 * first so they show in the first screen (docs/decisions/0036-listing-contact-bar.md).
 */
export function ListingHeader({ listing, title, badges, purposeText, condominium }: ListingHeaderProps) {
  return (
    <header className={p.header}>
      <p className={p.kicker}>
        {badges.map((b) => (
          <span key={b.label} className={b.accent ? `${p.badge} ${p.badgeAccent}` : p.badge}>
            {b.label}
          </span>
        ))}
        <span>
          {listing.category} {purposeText} · Cód. {listing.code}
        </span>
      </p>
      <h1 className={p.title}>{title}</h1>
      <div className={p.headerActions}>
        <FavouriteButton code={listing.code} title={title} variant="page" />
      </div>
      <HeaderPrice listing={listing} />
      <ListingFacts listing={listing} />
      <AddressLine place={listing} />
      {condominium ? (
        <p className={p.condoLine}>
          <BuildingIcon size={18} />
          <span>
            {BUILDING_WORD.test(condominium.name) ? "" : "Condomínio "}
            <Link to={condominium.path}>{condominium.name}</Link>
          </span>
        </p>
      ) : null}
    </header>
  );
}

/** Props of {@link ListingAside}. */
export interface ListingAsideProps {
  listing: Listing & { broker?: Broker | null };
  title: string;
  /** Absolute URL of the page (shared, named in the broker's WhatsApp message). */
  canonicalUrl: string;
  /** `/obrigado-whatsapp?…` path, null when neither the broker nor the agency has WhatsApp. */
  whatsapp: string | null;
  /** How the broker is shown: the team member carrying the code, else Vista's broker (ADR 0085). */
  brokerFace: BrokerFace | null;
  /** Notes under the sale price / the rent (`PriceBoxProps.notes`). */
  priceNotes?: PriceBoxProps["notes"];
  /** The booking page `…/agendar` (ADR 0088); no button without it. */
  visitPath?: string;
}

/** Prices with the contact buttons, the broker card and the share buttons. */
export function ListingAside({
  listing,
  title,
  canonicalUrl,
  whatsapp,
  brokerFace,
  priceNotes,
  visitPath,
}: ListingAsideProps) {
  return (
    <aside className={p.aside} aria-label="Valores e contato">
      <PriceBox listing={listing} notes={priceNotes}>
        {visitPath ? (
          <Link className={`${button.dark} ${p.fullWidth}`} to={visitPath} data-testid="agendar-visita">
            <CalendarIcon size={20} />
            Agendar visita
          </Link>
        ) : null}
        <a className={`${button.outline} ${p.fullWidth}`} href={`#${INFO_FORM_ID}`} onClick={openInfoForm}>
          Pedir mais informações
        </a>
        {whatsapp ? (
          <WhatsAppLink href={whatsapp} className={p.fullWidth} iconSize={20}>
            Falar no WhatsApp
          </WhatsAppLink>
        ) : null}
      </PriceBox>
      {listing.broker ? (
        <BrokerCard
          broker={listing.broker}
          listing={{ code: listing.code, title }}
          url={canonicalUrl}
          face={brokerFace}
          whatsappHref={whatsapp}
        />
      ) : null}
      <ShareButtons url={canonicalUrl} title={title} />
    </aside>
  );
}

/**
 * A WhatsApp button of the listing (`/obrigado-whatsapp?…`, which records the
 * contact): a new tab, with neither the opener nor the referrer passed on, and
 * no link for crawlers to follow.
 */
function WhatsAppLink({
  href,
  className,
  iconSize,
  iconClassName,
  children,
}: {
  href: string;
  /** Width and spacing of the place it stands in. */
  className: string;
  /** Icon size, px. */
  iconSize: number;
  /** Class of the icon (the contact bar's icons give way on the narrowest phones). */
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={`${button.primary} ${p.whatsapp} ${className}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
    >
      <WhatsAppIcon size={iconSize} className={iconClassName} />
      {children}
    </a>
  );
}

/** Id of the "mais informações" form (the anchor of every "Mensagem" button). */
export const INFO_FORM_ID = "mais-informacoes";

/**
 * Scrolls to the "mais informações" form and puts the cursor in its first
 * field (after hydration; without JavaScript the `#mais-informacoes` link does the scrolling).
 */
function openInfoForm(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(INFO_FORM_ID);
  if (!form) return;
  event.preventDefault();
  form.scrollIntoView({ behavior: "smooth", block: "start" });
  const first = form.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), textarea");
  (first ?? form).focus({ preventScroll: true });
  history.replaceState(history.state, "", `#${INFO_FORM_ID}`);
}

/** Props of {@link ContactBar}. */
export interface ContactBarProps {
  listing: Pick<Listing, "salePrice" | "rentPrice">;
  /** `/obrigado-whatsapp?…` path (records the contact), null without a WhatsApp number. */
  whatsapp: string | null;
  /** The booking page `…/agendar` (ADR 0088): an "Agendar" button. */
  visitPath?: string;
}

/**
 * The fixed contact bar of a listing below 1024 px: the short price ("R$ 850
 * mil", "R$ 4.500/mês"), "WhatsApp" (through `/obrigado-whatsapp`, new tab)
 * and "Mensagem" (the "mais informações" form). Always there, so a contact
 * is one tap away wherever the visitor has scrolled; hidden while the cookie
 * banner waits for a choice (docs/decisions/0036-listing-contact-bar.md).
 */
export function ContactBar({ listing, whatsapp, visitPath }: ContactBarProps) {
  const [first] = offers(listing);
  return (
    <nav className={p.contactBar} aria-label="Contato sobre este imóvel" data-contact-bar="">
      <p className={p.contactBarPrice}>
        {first ? (
          <>
            <span className={p.contactBarLabel}>{first.key === "venda" ? "Venda" : "Aluguel/mês"}</span>
            <span className={p.contactBarValue} data-testid="contact-bar-price">
              {first.key === "venda" ? shortPrice(first.value) : formatPrice(first.value)}
            </span>
          </>
        ) : (
          <span className={p.contactBarValue}>Consulte</span>
        )}
      </p>
      {whatsapp ? (
        <WhatsAppLink href={whatsapp} className={p.contactBarButton} iconSize={16} iconClassName={p.contactBarIcon}>
          WhatsApp
        </WhatsAppLink>
      ) : null}
      <a className={`${button.outline} ${p.contactBarButton}`} href={`#${INFO_FORM_ID}`} onClick={openInfoForm}>
        <MailIcon size={16} className={p.contactBarIcon} />
        Mensagem
      </a>
      {visitPath ? (
        <Link className={`${button.dark} ${p.contactBarButton}`} to={visitPath} data-testid="barra-agendar-visita">
          <CalendarIcon size={16} className={p.contactBarIcon} />
          Agendar<span className={visuallyHidden}> visita</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** Props of {@link RemovedListing}. */
export interface RemovedListingProps {
  listing: { code: string; title: string; neighbourhood: string; city: string };
  similar: ListingSummary[];
  neighbourhoodPath: string;
  purpose: Purpose | null;
}

/** The 410 page: the notice and similar listings (docs/product.md: "not a bare 404"). */
export function RemovedListing({ listing, similar, neighbourhoodPath, purpose }: RemovedListingProps) {
  return (
    <div className={`${container} ${p.page}`}>
      <section className={p.gone} aria-labelledby="indisponivel">
        <p className={p.kicker}>Cód. {listing.code}</p>
        <h1 id="indisponivel" className={p.title}>
          Este imóvel não está mais disponível
        </h1>
        <p>
          O imóvel “{listing.title}”{listing.neighbourhood ? ` em ${listing.neighbourhood}` : ""}
          {listing.city ? `, ${listing.city}` : ""} saiu do nosso catálogo
          {similar.length ? ". Separamos opções parecidas para você." : "."}
        </p>
        <div className={p.actions}>
          {listing.neighbourhood ? (
            <Link className={button.primary} to={neighbourhoodPath}>
              Ver imóveis em {listing.neighbourhood}
            </Link>
          ) : null}
          <Link className={button.outline} to={LISTINGS_PATH}>
            Todos os imóveis
          </Link>
        </div>
      </section>
      <ListingsSection
        id="semelhantes"
        title="Imóveis semelhantes"
        listings={similar}
        purpose={purpose ?? undefined}
        eagerCount={2}
        bare
      />
    </div>
  );
}
