/**
 * `/membro/{id}` (docs/spec.txt §2, layout "about"; docs/product.md "one
 * member: photo, name, title, CRECI, bio, contact buttons, their listings").
 * `{id}` is the slug; a numeric id answers 301 to the slug. An unknown,
 * inactive or deleted member is the 404 screen. WhatsApp goes through
 * `/obrigado-whatsapp?membro=<slug>` (recorded as a lead, then the member's
 * number). Listings: the member's Vista broker code (`brokerListings`).
 * Public and cacheable; member changes empty the page cache.
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { brokerListings } from "~/.server/catalogue/brokers";
import { siteOrigin } from "~/.server/origin";
import { getDb } from "~/.server/db";
import { findPublicMember } from "~/.server/members";
import { storedFilePath } from "~/.server/storage";
import { getTheme } from "~/.server/theme";
import { formatCount } from "~/lib/format";
import { formatPhone, whatsAppNumber } from "~/lib/phone";
import { ListingGrid } from "~/components/listing-grid";
import { MemberPortrait } from "~/components/member-portrait";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { ABOUT_PATH, memberPath, whatsAppContactPath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { button, container } from "~/styles/ui.css";
import * as s from "./team.css";

/** Listings shown on the profile (the rest are on `/corretor/{code}`). */
const PROFILE_LISTINGS = 12;

/** The member (301 from a numeric id to the slug; 404 when not public) and their listings. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const member = await findPublicMember(getDb().db, params.id ?? "");
  if (!member) throw pageNotFound(url.pathname);
  const path = memberPath(member.slug);
  if (url.pathname !== path)
    throw redirect(`${path}${url.search}`, { status: 301, headers: { "Cache-Control": "public, max-age=300" } });
  const listings = member.brokerCode ? await brokerListings(member.brokerCode, { pageSize: PROFILE_LISTINGS }) : null;
  const hasWhatsApp = whatsAppNumber(member.whatsapp) != null;
  return json(
    {
      site: { title: getTheme().title },
      canonicalUrl: `${siteOrigin(request)}${path}`,
      member: {
        slug: member.slug,
        name: member.name,
        title: member.title,
        creci: member.creci,
        bio: member.bio,
        email: member.email,
        phone: member.phone,
        whatsapp: member.whatsapp,
        brokerCode: member.brokerCode,
        photoUrl: member.photoKey ? storedFilePath(member.photoKey) : null,
      },
      whatsappHref: hasWhatsApp
        ? `${whatsAppContactPath({ page: path, search: url.search })}&membro=${encodeURIComponent(member.slug)}`
        : null,
      listings: listings?.items ?? [],
      totalListings: listings?.total ?? 0,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/** Public page cache policy (a 404 keeps its own `no-store`). */
export const headers = publicPageHeaders;

/** Title, description, canonical and the photo as the social image. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const { member } = data;
  return pageMeta({
    title: `${member.name}${member.title ? ` – ${member.title}` : ""} | ${data.site.title}`,
    description: member.bio
      ? member.bio.slice(0, 155)
      : `${member.name}${member.creci ? ` (CRECI ${member.creci})` : ""} na ${data.site.title}.`,
    canonicalUrl: data.canonicalUrl,
    image: member.photoUrl ? `${new URL(data.canonicalUrl).origin}${member.photoUrl}` : null,
  });
};

/** The member's page. */
export default function MemberPage() {
  const { member, whatsappHref, listings, totalListings } = useLoaderData<typeof loader>();
  const phoneDigits = whatsAppNumber(member.phone);
  return (
    <div className={`${container} ${s.page}`}>
      <p className={s.muted}>
        <Link to={ABOUT_PATH}>← Nossa equipe</Link>
      </p>
      <div className={s.profile}>
        <MemberPortrait name={member.name} photoUrl={member.photoUrl} size={280} />
        <div className={s.profileText}>
          <header>
            <h1 className={s.title}>{member.name}</h1>
            {member.title ? <p className={s.muted}>{member.title}</p> : null}
            {member.creci ? <p className={s.muted}>CRECI {member.creci}</p> : null}
          </header>
          {member.bio ? <p className={s.prose}>{member.bio}</p> : null}
          <div className={s.contacts}>
            {whatsappHref ? (
              <a className={button.dark} href={whatsappHref} rel="nofollow">
                WhatsApp {formatPhone(member.whatsapp)}
              </a>
            ) : null}
            {phoneDigits ? (
              <a className={button.outline} href={`tel:+${phoneDigits}`}>
                Ligar {formatPhone(member.phone)}
              </a>
            ) : null}
            {member.email ? (
              <a className={button.outline} href={`mailto:${member.email}`}>
                {member.email}
              </a>
            ) : null}
          </div>
        </div>
      </div>
      {listings.length ? (
        <section aria-labelledby="imoveis-membro">
          <h2 id="imoveis-membro" className={s.sectionTitle}>
            Imóveis de {member.name}
          </h2>
          <ListingGrid listings={listings} label={`Imóveis de ${member.name}`} />
          {totalListings > listings.length && member.brokerCode ? (
            <p>
              <Link to={`/corretor/${encodeURIComponent(member.brokerCode)}`} className={button.outline}>
                Ver todos os {formatCount(totalListings)} imóveis
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
