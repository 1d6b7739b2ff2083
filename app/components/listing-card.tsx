/**
 * A listing card: cover photo, badges, title, location, key figures and
 * prices. The whole card is one link to the listing page (`listing.path`)
 * named by its content, so the name holds every word the card shows (WCAG
 * 2.5.3 Label in Name): the kind, code and title come first in the markup
 * (the photo is drawn above them by CSS), the photo itself is decorative
 * (`alt=""`, the title is beside it) and the lists inside carry no label of
 * their own, which would replace their items in the link's name. Money in BRL
 * (`formatPrice`), area in m²; the photo goes through `imageUrl()`. The photo
 * shows how many photos the listing has ("📷 12", read "12 fotos"); the title
 * is clamped to two lines (the full title in its `title` attribute) and every
 * amount stays on one line, wrapping between amounts, never inside one.
 * Used by the home sections, the listings page and (F) the similar listings.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { formatArea, formatPrice, plural } from "~/lib/format";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { linkPrefetch } from "~/lib/prefetch";
import { visuallyHidden } from "~/styles/ui.css";
import { AreaIcon, BedIcon, CameraIcon, CarIcon, BathIcon } from "./icons";
import { FavouriteButton } from "./favourite-button";
import * as fav from "./favourite-button.css";
import * as s from "./listing-card.css";

/** Props of {@link ListingCard}. */
export interface ListingCardProps {
  listing: ListingSummary;
  /** Offer to put first (e.g. the filtered purpose); both prices show when omitted. */
  purpose?: Purpose;
  /** Level of the title heading, 3 by default (2 in a page whose sections have no H2). */
  headingLevel?: 2 | 3;
  /** Load the photo eagerly (first row of a page, above the fold). Default false. */
  eager?: boolean;
}

/** Rendered width/height (px) of the cover, 4:3; the browser picks from the srcset. */
const PHOTO_WIDTH = 480;
const PHOTO_HEIGHT = 360;
const PHOTO_SIZES = "(min-width: 1200px) 300px, (min-width: 700px) 45vw, 100vw";

/** One listing as a clickable card (single link named by its content; the heart button beside it). */
export function ListingCard({ listing, purpose, headingLevel = 3, eager = false }: ListingCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = listing.title || `${listing.category} em ${listing.neighbourhood}`;
  const location = [listing.neighbourhood, listing.city].filter(Boolean).join(", ");
  const showSale = listing.salePrice != null && purpose !== "aluguel";
  const showRent = listing.rentPrice != null && purpose !== "venda";
  const rentFirst = purpose === "aluguel";
  const badges: { label: string; accent?: boolean }[] = [];
  if (listing.isLaunch) badges.push({ label: "Lançamento", accent: true });
  if (listing.isExclusive) badges.push({ label: "Exclusivo" });
  if (listing.isFeatured) badges.push({ label: "Destaque" });
  if (listing.priceReduced) badges.push({ label: "Preço reduzido", accent: true });
  if (listing.isNew) badges.push({ label: "Novo" });

  const facts: { key: string; icon: ReactNode; text: string }[] = [];
  if (listing.area != null) facts.push({ key: "area", icon: <AreaIcon size={16} />, text: formatArea(listing.area) });
  // Zero counts are left out like unknown ones ("0 vagas" reads as a defect; see `listingFacts`).
  if (listing.bedrooms) {
    const suites = listing.suites ? ` (${plural(listing.suites, "suíte", "suítes")})` : "";
    facts.push({
      key: "bedrooms",
      icon: <BedIcon size={16} />,
      text: plural(listing.bedrooms, "quarto", "quartos") + suites,
    });
  } else if (listing.suites) {
    facts.push({ key: "suites", icon: <BedIcon size={16} />, text: plural(listing.suites, "suíte", "suítes") });
  }
  if (listing.bathrooms)
    facts.push({
      key: "bathrooms",
      icon: <BathIcon size={16} />,
      text: plural(listing.bathrooms, "banheiro", "banheiros"),
    });
  if (listing.parkingSpaces)
    facts.push({ key: "parking", icon: <CarIcon size={16} />, text: plural(listing.parkingSpaces, "vaga", "vagas") });

  const saleLine = showSale ? (
    <p className={s.price} key="venda">
      <span className={s.priceLabel}>Venda</span> {formatPrice(listing.salePrice)}
    </p>
  ) : null;
  const rentLine = showRent ? (
    <p className={s.price} key="aluguel">
      <span className={s.priceLabel}>Aluguel</span> {formatPrice(listing.rentPrice)}
      <span className={s.perMonth}>/mês</span>
    </p>
  ) : null;
  const fees: string[] = [];
  if (listing.condoFee) fees.push(`Condomínio ${formatPrice(listing.condoFee)}`);
  if (listing.iptu) fees.push(`IPTU ${formatPrice(listing.iptu)}/ano`);
  const feeLine = fees.map((fee) => (
    <span key={fee} className={s.fee}>
      {fee}
    </span>
  ));
  const photoCount = listing.photoCount ?? 0;

  const card = (
    <Link className={s.card} to={listing.path} prefetch={linkPrefetch} data-listing-code={listing.code}>
      <div className={s.body}>
        <p className={s.kicker}>
          {listing.category}
          {listing.code ? ` · Cód. ${listing.code}` : ""}
        </p>
        <Heading className={s.title} title={title}>
          {title}
        </Heading>
        {location ? <p className={s.location}>{location}</p> : null}
        {facts.length > 0 ? (
          <ul className={s.facts}>
            {facts.map((f) => (
              <li key={f.key} className={s.fact}>
                {f.icon}
                {f.text}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={s.prices}>
          {rentFirst ? [rentLine, saleLine] : [saleLine, rentLine]}
          {!showSale && !showRent ? <p className={s.price}>Consulte</p> : null}
          {fees.length > 0 ? <p className={s.fees}>{feeLine}</p> : null}
        </div>
      </div>
      <div className={s.media}>
        {listing.coverPhotoUrl ? (
          <img
            className={s.photo}
            src={imageUrl(listing.coverPhotoUrl, PHOTO_WIDTH)}
            srcSet={imageSrcSet(listing.coverPhotoUrl)}
            sizes={PHOTO_SIZES}
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            // Decorative here: the link already carries the title (an image beside its text in one link).
            alt=""
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <span className={s.noPhoto}>Sem foto</span>
        )}
        {photoCount > 1 ? (
          <span className={s.photoCount} data-testid="card-photo-count">
            <CameraIcon size={14} />
            <span aria-hidden="true">{photoCount}</span>
            <span className={visuallyHidden}>{photoCount} fotos</span>
          </span>
        ) : null}
        {badges.length > 0 ? (
          <ul className={s.badges}>
            {badges.map((b) => (
              <li key={b.label} className={b.accent ? `${s.badge} ${s.badgeAccent}` : s.badge}>
                {b.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Link>
  );
  // The heart sits over the photo, outside the card's link (no button inside a link).
  return (
    <div className={fav.cardFrame}>
      {card}
      {listing.code ? <FavouriteButton code={listing.code} title={title} /> : null}
    </div>
  );
}
