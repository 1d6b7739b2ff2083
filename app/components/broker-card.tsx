/**
 * The responsible broker of a listing (docs/product.md: "the responsible broker
 * (name, photo, CRECI, WhatsApp)") and its WhatsApp link. Only the
 * website-safe broker fields are used (docs/vista-api.md §6.6).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Broker } from "~/domain/listing";
import { imageUrl } from "~/lib/images";
import { MailIcon, PhoneIcon, WhatsAppIcon } from "./icons";
import * as s from "./broker-card.css";
import { firstWhatsAppNumber, formatPhone, telHref } from "~/lib/phone";
import { listingWhatsAppMessage, whatsAppLink } from "~/lib/whatsapp";

/** The broker's WhatsApp link about a listing, or null without a usable mobile/phone. */
export function brokerWhatsAppLink(
  broker: Broker,
  listing: { code: string; title: string },
  url: string,
): string | null {
  const number = firstWhatsAppNumber(broker.mobile, broker.phone);
  return number ? whatsAppLink(number, listingWhatsAppMessage(listing, url)) : null;
}

/** Up to two initials of a name ("Ana Lima" → "AL"). */
function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase();
}

/** Props of {@link BrokerHeader}. */
export interface BrokerHeaderProps {
  broker: Pick<Broker, "name" | "creci" | "photoUrl">;
  /** The line above the name. */
  kicker: string;
  /** The name as shown (plain or a link). */
  name: ReactNode;
  /** The photo's `loading` attribute. */
  loading?: "lazy";
}

function BrokerPhoto({ broker, loading }: Pick<BrokerHeaderProps, "broker" | "loading">) {
  if (!broker.photoUrl) {
    return (
      <span className={s.initials} aria-hidden="true">
        {initialsOf(broker.name)}
      </span>
    );
  }
  const src = imageUrl(broker.photoUrl, 160);
  return (
    <img
      className={s.avatar}
      src={src}
      srcSet={`${src} 1x, ${imageUrl(broker.photoUrl, 320)} 2x`}
      width={64}
      height={64}
      alt={`Foto de ${broker.name}`}
      loading={loading}
      decoding="async"
    />
  );
}

/** The head of a broker's card: the photo (or the initials), the kicker, the name and the CRECI. */
export function BrokerHeader({ broker, kicker, name, loading }: BrokerHeaderProps) {
  return (
    <div className={s.header}>
      <BrokerPhoto broker={broker} loading={loading} />
      <div>
        <p className={s.kicker}>{kicker}</p>
        <p className={s.name}>{name}</p>
        {broker.creci ? <p className={s.creci}>CRECI {broker.creci}</p> : null}
      </div>
    </div>
  );
}

/** Props of {@link BrokerContacts}. */
export interface BrokerContactsProps {
  broker: Pick<Broker, "phone" | "mobile" | "email">;
  /** The WhatsApp link; none without it. */
  whatsapp: string | null;
  /** The `rel` of the WhatsApp link. */
  whatsappRel: string;
  /** The `href` of the e-mail link (shown when the broker has an e-mail). */
  mailHref: string;
  /** Links after the e-mail. */
  children?: ReactNode;
}

/** The contact links of a broker's card: WhatsApp, phone (or mobile) and e-mail, then `children`. */
export function BrokerContacts({ broker, whatsapp, whatsappRel, mailHref, children }: BrokerContactsProps) {
  const phone = broker.phone || broker.mobile;
  return (
    <div className={s.contacts}>
      {whatsapp ? (
        <a className={s.contactLink} href={whatsapp} target="_blank" rel={whatsappRel}>
          <WhatsAppIcon size={18} className={s.whatsappIcon} />
          WhatsApp {formatPhone(broker.mobile || broker.phone)}
        </a>
      ) : null}
      {phone ? (
        <a className={s.contactLink} href={telHref(phone)}>
          <PhoneIcon size={18} />
          {formatPhone(phone)}
        </a>
      ) : null}
      {broker.email ? (
        <a className={s.contactLink} href={mailHref}>
          <MailIcon size={18} />
          {broker.email}
        </a>
      ) : null}
      {children}
    </div>
  );
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
  return (
    <section className={s.card} aria-label="Corretor responsável">
      <BrokerHeader
        broker={broker}
        kicker="Corretor responsável"
        name={profilePath ? <Link to={profilePath}>{broker.name}</Link> : broker.name}
        loading="lazy"
      />
      <BrokerContacts
        broker={broker}
        whatsapp={whatsapp}
        whatsappRel="noopener noreferrer nofollow"
        mailHref={`mailto:${broker.email}?subject=${encodeURIComponent(`Imóvel ${listing.code}`)}`}
      >
        {profilePath ? (
          <Link className={s.contactLink} to={profilePath}>
            Ver imóveis de {broker.name}
          </Link>
        ) : null}
      </BrokerContacts>
    </section>
  );
}
