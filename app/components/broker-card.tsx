/**
 * The responsible broker of a listing (docs/product.md: "the responsible broker
 * (name, photo, CRECI, WhatsApp)") and the WhatsApp link helpers. Only the
 * website-safe broker fields are used (docs/vista-api.md §6.6).
 */
import { Link } from "@remix-run/react";
import type { Broker } from "~/domain/listing";
import { imageUrl } from "~/lib/images";
import { MailIcon, PhoneIcon, WhatsAppIcon } from "./icons";
import * as s from "./broker-card.css";
import { formatPhone } from "~/lib/format";
import { listingWhatsAppMessage, whatsAppLink, whatsAppNumber } from "~/lib/whatsapp";

export { formatPhone, listingWhatsAppMessage, whatsAppLink, whatsAppNumber };

/** The broker's WhatsApp link about a listing, or null without a usable mobile/phone. */
export function brokerWhatsAppLink(
  broker: Broker,
  listing: { code: string; title: string },
  url: string,
): string | null {
  const number = whatsAppNumber(broker.mobile) ?? whatsAppNumber(broker.phone);
  return number ? whatsAppLink(number, listingWhatsAppMessage(listing, url)) : null;
}

/** Up to two initials of a name ("Ana Lima" → "AL"). */
function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase();
}

/** Props of {@link BrokerCard}. */
export interface BrokerCardProps {
  broker: Broker;
  /** The listing the visitor is looking at (named in the WhatsApp message). */
  listing: { code: string; title: string };
  /** Absolute URL of the listing page. */
  url: string;
  /** The broker's portfolio page (`/corretor/{slug}`); no link when absent. */
  profilePath?: string | null;
  /** Link of the WhatsApp contact (through `/obrigado-whatsapp`); default: straight to `wa.me`. */
  whatsappHref?: string | null;
}

/** Photo, name, CRECI and contact links of the broker. */
export function BrokerCard({ broker, listing, url, profilePath, whatsappHref }: BrokerCardProps) {
  const direct = brokerWhatsAppLink(broker, listing, url);
  const whatsapp = direct && whatsappHref ? whatsappHref : direct;
  const phone = broker.phone || broker.mobile;
  return (
    <section className={s.card} aria-label="Corretor responsável">
      <div className={s.header}>
        {broker.photoUrl ? (
          <img
            className={s.avatar}
            src={imageUrl(broker.photoUrl, 160)}
            srcSet={`${imageUrl(broker.photoUrl, 160)} 1x, ${imageUrl(broker.photoUrl, 320)} 2x`}
            width={64}
            height={64}
            alt={`Foto de ${broker.name}`}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={s.initials} aria-hidden="true">
            {initialsOf(broker.name)}
          </span>
        )}
        <div>
          <p className={s.kicker}>Corretor responsável</p>
          <p className={s.name}>{profilePath ? <Link to={profilePath}>{broker.name}</Link> : broker.name}</p>
          {broker.creci ? <p className={s.creci}>CRECI {broker.creci}</p> : null}
        </div>
      </div>
      <div className={s.contacts}>
        {whatsapp ? (
          <a className={s.contactLink} href={whatsapp} target="_blank" rel="noopener noreferrer nofollow">
            <WhatsAppIcon size={18} className={s.whatsappIcon} />
            WhatsApp {formatPhone(broker.mobile || broker.phone)}
          </a>
        ) : null}
        {phone ? (
          <a className={s.contactLink} href={`tel:+${whatsAppNumber(phone) ?? phone.replace(/\D/g, "")}`}>
            <PhoneIcon size={18} />
            {formatPhone(phone)}
          </a>
        ) : null}
        {broker.email ? (
          <a
            className={s.contactLink}
            href={`mailto:${broker.email}?subject=${encodeURIComponent(`Imóvel ${listing.code}`)}`}
          >
            <MailIcon size={18} />
            {broker.email}
          </a>
        ) : null}
        {profilePath ? (
          <Link className={s.contactLink} to={profilePath}>
            Ver imóveis de {broker.name}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
