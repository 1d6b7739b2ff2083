/**
 * `/membro/{id}` (docs/spec.txt §2, layout "about"; docs/product.md "one
 * member: photo, name, title, CRECI, bio, contact buttons, their listings").
 * `{id}` is the slug; a numeric id answers 301 to the slug. An unknown,
 * inactive or deleted member is the 404 screen. WhatsApp goes through
 * `/obrigado-whatsapp?membro=<slug>` (recorded as a lead, then the member's
 * number). The credential line follows COFECI (ADR 0085). Listings: the
 * member's Vista broker code, paged and sorted like `/corretor/{filtro}`,
 * which answers 301 here for a broker a member carries (ADR 0085). The
 * loader lives in `~/.server/members/member-page`. Public and cacheable;
 * member changes empty the page cache.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { memberPageResponse } from "~/.server/members/member-page";
import { JsonLd } from "~/components/json-ld";
import { ListingGrid } from "~/components/listing-grid";
import { MemberPortrait } from "~/components/member-portrait";
import * as layout from "~/components/page-layout.css";
import { Pagination } from "~/components/pagination";
import { ResultsToolbar, showingRange } from "~/components/results-page";
import { SortForm } from "~/components/sort-form";
import { publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PAGE_SIZE } from "~/lib/filters";
import { formatCount, plural } from "~/lib/format";
import { brokerPageUrl, pageTitleSuffix, withPagingMeta } from "~/lib/list-pages";
import { pageMeta } from "~/lib/meta";
import { ABOUT_PATH } from "~/lib/paths";
import { formatPhone, whatsAppNumber } from "~/lib/phone";
import { button, container } from "~/styles/ui.css";
import * as s from "./team.css";

/** The member (301 to the canonical URL; 404 when not public) and a page of their listings. */
export const loader = ({ request, params }: LoaderFunctionArgs) => memberPageResponse(request, params.id);

/** Public page cache policy (a 404 keeps its own `no-store`). */
export const headers = publicPageHeaders;

/** Title, description, canonical and the photo as the social image. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const { member } = data;
  const tags = pageMeta({
    title: `${member.name}${member.title ? ` – ${member.title}` : ""}${pageTitleSuffix(data.page)} | ${data.site.title}`,
    description: member.bio
      ? member.bio.slice(0, 155)
      : `${member.name}${member.creci ? ` (CRECI ${member.creci})` : ""} na ${data.site.title}.`,
    canonicalUrl: data.canonicalUrl,
    image: member.photoUrl ? `${new URL(data.canonicalUrl).origin}${member.photoUrl}` : null,
  });
  return withPagingMeta(tags, data);
};

type MemberData = ReturnType<typeof useLoaderData<typeof loader>>;

/** "Imóveis de {nome}": the toolbar (count, sort), a page of the grid and the pager. */
function MemberListings({ data }: { data: MemberData }) {
  const { member, listings, totalListings, page, pageCount, sort, path } = data;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const countText = plural(totalListings, "imóvel disponível", "imóveis disponíveis");
  return (
    <section
      aria-labelledby="imoveis-membro"
      aria-busy={loading}
      className={loading ? layout.loading : undefined}
      data-member-listings=""
    >
      <h2 id="imoveis-membro" className={s.sectionTitle}>
        Imóveis de {member.name}
      </h2>
      <ResultsToolbar
        count={
          pageCount > 1
            ? showingRange(page, LISTINGS_PAGE_SIZE, listings.length, formatCount(totalListings))
            : countText
        }
      >
        <SortForm action={path} sort={sort} />
      </ResultsToolbar>
      <ListingGrid listings={listings} label={`Imóveis de ${member.name}`} />
      <Pagination page={page} pageCount={pageCount} hrefFor={(n) => brokerPageUrl(path, { sort, page: n })} />
    </section>
  );
}

/** The member's page. */
export default function MemberPage() {
  const data = useLoaderData<typeof loader>();
  const { member, whatsappHref, listings, credential } = data;
  const phoneDigits = whatsAppNumber(member.phone);
  const credentialLine = [credential.role, credential.registration].filter(Boolean).join(" · ");
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
            {credentialLine ? (
              <p className={s.muted} data-credential="">
                {credentialLine}
              </p>
            ) : null}
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
      {listings.length ? <MemberListings data={data} /> : null}
      <JsonLd data={data.jsonLd} />
    </div>
  );
}
