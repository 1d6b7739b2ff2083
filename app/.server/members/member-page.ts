/**
 * The loader of `/membro/{id}` (`routes/member.tsx`; ADR 0019, ADR 0085): the
 * member's profile with the credential line (COFECI; the agency's CRECI when
 * the member has none) and, for a member carrying a Vista broker code, the
 * broker's listings paged and sorted as on `/corretor/{filtro}` (24 per page,
 * `?ordem=`, `?pagina=`): `/corretor/{filtro}` answers 301 here for such a
 * member, so this page is the person's one page.
 *
 * URL rules: a numeric id, another case or a non-canonical query answers 301
 * to `/membro/{slug}` with `ordem` (not the default) and `pagina` (≥ 2),
 * tracking parameters kept; a page past the last answers 302 to the last;
 * an unknown, inactive or deleted member is the 404 screen.
 */
import { data, redirect } from "@remix-run/node";
import { brokerCredentialParts } from "~/lib/broker-credential";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { canonicalRedirect, DEFAULT_SORT } from "~/lib/filters";
import type { JsonLdNode } from "~/lib/json-ld";
import { brokerPageUrl } from "~/lib/list-pages";
import { memberPath, whatsAppContactPath } from "~/lib/paths";
import { whatsAppNumber } from "~/lib/phone";
import { readPortfolioQuery } from "../catalogue/broker-page";
import { credentialAgency } from "../catalogue/broker-identity";
import { brokerListings, type BrokerListingsPage } from "../catalogue/brokers";
import { getDb } from "../db";
import { siteOrigin } from "../origin";
import { storedFilePath } from "../storage";
import { getTheme } from "../theme";
import { findPublicMember, type Member } from "./store";

/** Canonical redirects: stable unless the admin renames the slug. */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable), as on the broker pages. */
const MAX_INDEXED_PAGE = 10;

/** The schema.org `RealEstateAgent` of the member, working for the agency. */
function memberJsonLd(member: Member, url: string, photo: string | null, siteTitle: string, origin: string) {
  const phone = whatsAppNumber(member.phone) ?? whatsAppNumber(member.whatsapp);
  const node: JsonLdNode = {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: member.name,
    url,
    ...(photo ? { image: photo } : {}),
    ...(phone ? { telephone: `+${phone}` } : {}),
    ...(member.email ? { email: member.email } : {}),
    ...(member.creci ? { identifier: `CRECI ${member.creci}` } : {}),
    worksFor: { "@type": "RealEstateAgent", name: siteTitle, url: `${origin}/` },
  };
  return node;
}

/** The broker's listings of the page asked for, or null for a member without a Vista code. */
async function memberListings(member: Member, query: ReturnType<typeof readPortfolioQuery>, path: string) {
  if (!member.brokerCode) return null;
  const result: BrokerListingsPage = await brokerListings(member.brokerCode, query);
  if (result.page > 1 && result.page > result.pageCount) {
    const last = brokerPageUrl(path, { ...query, page: result.pageCount });
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }
  return result;
}

/** The member page's response (public page cache); throws the redirects and the 404 described above. */
export async function memberPageResponse(request: Request, id: string | undefined) {
  const url = new URL(request.url);
  const member = await findPublicMember(getDb().db, id ?? "");
  if (!member) throw pageNotFound(url.pathname);
  const path = memberPath(member.slug);
  const query = readPortfolioQuery(url.searchParams);
  const canonical = brokerPageUrl(path, query);
  const target = canonicalRedirect(url, canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const [listings, agency] = await Promise.all([memberListings(member, query, path), credentialAgency()]);
  const origin = siteOrigin(request);
  const site = getTheme();
  const photoUrl = member.photoKey ? storedFilePath(member.photoKey) : null;
  const page = listings?.page ?? 1;
  const pageCount = listings?.pageCount ?? 0;
  const pageUrl = (n: number) => `${origin}${brokerPageUrl(path, { ...query, page: n })}`;
  const credential = brokerCredentialParts({ name: member.name, creci: member.creci, title: member.title, agency });
  return data(
    {
      site: { title: site.title },
      canonicalUrl: `${origin}${canonical}`,
      path,
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
        photoUrl,
      },
      credential,
      whatsappHref:
        whatsAppNumber(member.whatsapp) != null
          ? `${whatsAppContactPath({ page: path, search: url.search })}&membro=${encodeURIComponent(member.slug)}`
          : null,
      sort: query.sort ?? DEFAULT_SORT,
      listings: listings?.items ?? [],
      totalListings: listings?.total ?? 0,
      page,
      pageCount,
      prevUrl: page > 1 ? pageUrl(page - 1) : null,
      nextUrl: page < pageCount ? pageUrl(page + 1) : null,
      noindex: page > MAX_INDEXED_PAGE || query.sort != null,
      jsonLd: memberJsonLd(member, `${origin}${path}`, photoUrl ? `${origin}${photoUrl}` : null, site.title, origin),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
