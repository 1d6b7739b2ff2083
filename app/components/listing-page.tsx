/**
 * Pieces of the listing page (`/detalhes/{condominio}/{id}`, docs/product.md
 * "Public site"): its header, its aside (prices, contact, broker, sharing)
 * and the 410 notice of a listing that left the catalogue.
 */
import { Link } from "@remix-run/react";
import type { Broker, Listing, Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { LISTINGS_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";
import { BrokerCard } from "./broker-card";
import { AddressLine } from "./detail-sections";
import { ListingsSection } from "./detail-layout";
import * as p from "./detail-page.css";
import { BuildingIcon, WhatsAppIcon } from "./icons";
import { ListingFacts } from "./listing-facts";
import { PriceBox } from "./price-box";
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

/** Badges, type, offer and code, the title, the address, the condominium link and the key facts. */
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
      <ListingFacts listing={listing} />
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
  /** The broker's portfolio page. */
  brokerPath: string | null;
}

/** Prices with the contact buttons, the broker card and the share buttons. */
export function ListingAside({ listing, title, canonicalUrl, whatsapp, brokerPath }: ListingAsideProps) {
  return (
    <aside className={p.aside} aria-label="Valores e contato">
      <PriceBox listing={listing}>
        <a className={`${button.outline} ${p.fullWidth}`} href="#mais-informacoes">
          Pedir mais informações
        </a>
        {whatsapp ? (
          <a
            className={`${button.primary} ${p.whatsapp} ${p.fullWidth}`}
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            <WhatsAppIcon size={20} />
            Falar no WhatsApp
          </a>
        ) : null}
      </PriceBox>
      {listing.broker ? (
        <BrokerCard
          broker={listing.broker}
          listing={{ code: listing.code, title }}
          url={canonicalUrl}
          profilePath={brokerPath}
          whatsappHref={whatsapp}
        />
      ) : null}
      <ShareButtons url={canonicalUrl} title={title} />
    </aside>
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
