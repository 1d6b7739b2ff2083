/**
 * The responsible broker of a listing (docs/product.md: "the responsible broker
 * (name, photo, CRECI, WhatsApp)") and its WhatsApp link. Only the
 * website-safe broker fields are used: name, photo, CRECI, phones and e-mail,
 * never the CRM's internal notes or the owner's data. The face
 * (name, photo, credential, page) is the team member's when one carries the
 * broker's code (ADR 0085); the contacts stay Vista's broker's.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Broker } from "~/domain/listing";
import { brokerCredentialLine, type BrokerFace } from "~/lib/broker-credential";
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

/** What the head of a broker's card shows: the name (alt text, initials), the photo and the credential line. */
export type BrokerHeaderFace = Pick<BrokerFace, "name" | "photo" | "credential">;

/**
 * The face of a Vista broker with no team member behind the code: Vista's
 * name and photo, "Corretor de Imóveis · CRECI …" when Vista has the CRECI
 * (the server's faces add the agency's CRECI otherwise, ADR 0085).
 */
export function vistaBrokerFace(broker: Pick<Broker, "name" | "creci" | "photoUrl">): BrokerHeaderFace {
  return {
    name: broker.name,
    photo: broker.photoUrl ? { src: broker.photoUrl, local: false } : null,
    credential: brokerCredentialLine({ name: broker.name, creci: broker.creci }),
  };
}

/** Props of {@link BrokerHeader}. */
export interface BrokerHeaderProps {
  face: BrokerHeaderFace;
  /** The line above the name. */
  kicker: string;
  /** The name as shown (plain or a link). */
  name: ReactNode;
  /** The photo's `loading` attribute. */
  loading?: "lazy";
}

function BrokerPhoto({ face, loading }: Pick<BrokerHeaderProps, "face" | "loading">) {
  if (!face.photo) {
    return (
      <span className={s.initials} aria-hidden="true">
        {initialsOf(face.name)}
      </span>
    );
  }
  // A member's photo is served as stored (`/arquivos/…`, already resized at upload); Vista's goes through the image route.
  const src = face.photo.local ? face.photo.src : imageUrl(face.photo.src, 160);
  return (
    <img
      className={s.avatar}
      src={src}
      srcSet={face.photo.local ? undefined : `${src} 1x, ${imageUrl(face.photo.src, 320)} 2x`}
      width={64}
      height={64}
      alt={`Foto de ${face.name}`}
      loading={loading}
      decoding="async"
    />
  );
}

/** The head of a broker's card: the photo (or the initials), the kicker, the name and the credential line (COFECI). */
export function BrokerHeader({ face, kicker, name, loading }: BrokerHeaderProps) {
  return (
    <div className={s.header}>
      <BrokerPhoto face={face} loading={loading} />
      <div>
        <p className={s.kicker}>{kicker}</p>
        <p className={s.name}>{name}</p>
        {face.credential ? (
          <p className={s.creci} data-credential="">
            {face.credential}
          </p>
        ) : null}
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
  /** Vista's broker of the listing (the contacts, and the face when `face` is absent). */
  broker: Broker;
  /** The listing the visitor is looking at (named in the WhatsApp message). */
  listing: { code: string; title: string };
  /** Absolute URL of the listing page. */
  url: string;
  /**
   * How the broker is shown (ADR 0085): the team member's name, photo, CRECI
   * and `/membro/{slug}`, else Vista's with `/corretor/{…}`; absent: Vista's
   * without a page link.
   */
  face?: BrokerFace | null;
  /** Link of the WhatsApp contact (through `/obrigado-whatsapp`); default: straight to `wa.me`. */
  whatsappHref?: string | null;
}

/** Photo, name, credential (name, "Corretor(a) de Imóveis", CRECI) and contact links of the broker. */
export function BrokerCard({ broker, listing, url, face, whatsappHref }: BrokerCardProps) {
  const direct = brokerWhatsAppLink(broker, listing, url);
  const whatsapp = direct && whatsappHref ? whatsappHref : direct;
  const shown = face ?? vistaBrokerFace(broker);
  const profilePath = face?.path ?? null;
  return (
    <section className={s.card} aria-label="Corretor responsável" data-broker-member={face?.member ? "" : undefined}>
      <BrokerHeader
        face={shown}
        kicker="Corretor responsável"
        name={profilePath ? <Link to={profilePath}>{shown.name}</Link> : shown.name}
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
            {face?.member ? `Ver perfil e imóveis de ${shown.name}` : `Ver imóveis de ${shown.name}`}
          </Link>
        ) : null}
      </BrokerContacts>
    </section>
  );
}
