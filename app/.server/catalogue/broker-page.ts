/**
 * The loader of `/corretor/{filtro}` (`routes/broker.tsx`, ADR 0008): the
 * broker's public portfolio.
 *
 * URL rules: `{filtro}` is a Vista broker code or a member slug
 * (`resolveBroker`, `./brokers`). The canonical URL is the broker's `path`
 * (`/corretor/{slug}`) with `?ordem=` (not the default) and `?pagina=` (≥ 2);
 * any other spelling (the code, another case, an unknown or malformed
 * parameter) redirects 301 there. An unknown broker is the 404 "Page Not
 * Found: {path}"; a page past the last redirects 302 to the last. A broker
 * without active listings is a 200 page with the card and an empty state.
 * Owner data never reaches the page (only summaries and the website-safe
 * broker fields).
 *
 * One identity (ADR 0085): when an active team member carries the broker's
 * code (or `{filtro}` is such a member's code or slug), the address answers
 * 301 to `/membro/{slug}` with `ordem`, `pagina` and the tracking parameters
 * kept: the member's page lists the same listings, paged the same way.
 */
import { data, redirect } from "@remix-run/node";
import type { JsonLdNode } from "~/lib/json-ld";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { canonicalRedirect, DEFAULT_SORT, SORT_ORDERS, type SortOrder } from "~/lib/filters";
import { formatCount, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { brokerPageUrl } from "~/lib/list-pages";
import { LISTINGS_PATH, memberPath } from "~/lib/paths";
import { firstWhatsAppNumber, whatsAppNumber } from "~/lib/phone";
import { whatsAppLink } from "~/lib/whatsapp";
import { getDb } from "../db";
import { findPublicMember } from "../members";
import { siteOrigin } from "../origin";
import { getTheme } from "../theme";
import { activeMembersByBrokerCode, brokerFaceOf, credentialAgency } from "./broker-identity";
import { brokerListings, getBrokerDirectory, resolveBroker, type BrokerProfile } from "./brokers";

/** Canonical redirects follow the broker directory (names may change with a sync). */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;

/**
 * Sort and page of the query string of a portfolio (this page and the
 * listings of `/membro/{slug}`): the first valid `ordem` (not the default)
 * and `pagina` (2 to 100,000).
 */
export function readPortfolioQuery(search: URLSearchParams): { sort?: SortOrder; page?: number } {
  const out: { sort?: SortOrder; page?: number } = {};
  for (const [rawName, rawValue] of search) {
    const name = rawName.trim().toLowerCase();
    const value = rawValue.trim().toLowerCase();
    if (
      name === "ordem" &&
      out.sort === undefined &&
      (SORT_ORDERS as readonly string[]).includes(value) &&
      value !== DEFAULT_SORT
    ) {
      out.sort = value as SortOrder;
    }
    if (name === "pagina" && out.page === undefined && /^\d{1,6}$/.test(value) && Number(value) >= 2)
      out.page = Number(value);
  }
  return out;
}

/** The schema.org `RealEstateAgent` of the broker, working for the agency (`siteTitle`). */
function brokerJsonLd(broker: BrokerProfile, origin: string, siteTitle: string, photo: string | null): JsonLdNode {
  const { email, phone, mobile, creci, name } = broker;
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name,
    url: `${origin}${broker.path}`,
    ...(photo ? { image: photo } : {}),
    ...(phone || mobile ? { telephone: `+${whatsAppNumber(phone || mobile) ?? (phone || mobile)}` } : {}),
    ...(email ? { email } : {}),
    ...(creci ? { identifier: `CRECI ${creci}` } : {}),
    worksFor: { "@type": "RealEstateAgent", name: siteTitle, url: `${origin}/` },
  };
}

/**
 * The active team member behind a `/corretor/{filtro}` address (ADR 0085):
 * the one carrying the resolved broker's code; when no broker resolves (a
 * code the catalogue has not seen yet, or the member's own slug), the one
 * whose broker code or slug is `{filtro}`. Null when none (the page stays).
 */
async function memberOfBroker(code: string | null, filtro: string): Promise<{ slug: string } | null> {
  if (code) return (await activeMembersByBrokerCode([code])).get(code) ?? null;
  const wanted = filtro.trim();
  if (!wanted || wanted.length > 120) return null;
  const byCode = (await activeMembersByBrokerCode([wanted])).get(wanted);
  if (byCode) return byCode;
  const bySlug = await findPublicMember(getDb().db, wanted.toLowerCase());
  return bySlug && bySlug.brokerCode && !/^\d+$/.test(wanted) ? bySlug : null;
}

/** The broker page's response (public page cache); throws the redirects and the 404 described above. */
export async function brokerPageResponse(request: Request, filtro: string | undefined) {
  const url = new URL(request.url);
  const directory = await getBrokerDirectory();
  const broker = resolveBroker(directory, filtro ?? "");
  // One identity (ADR 0085): a broker an active team member carries lives on the member's page.
  const member = await memberOfBroker(broker?.code ?? null, filtro ?? "");
  if (member) {
    const target = brokerPageUrl(memberPath(member.slug), readPortfolioQuery(url.searchParams));
    throw redirect(canonicalRedirect(url, target) ?? target, {
      status: 301,
      headers: { "Cache-Control": REDIRECT_CACHE },
    });
  }
  if (!broker) throw pageNotFound(url.pathname);

  const query = readPortfolioQuery(url.searchParams);
  const canonical = brokerPageUrl(broker.path, query);
  const target = canonicalRedirect(url, canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const result = await brokerListings(broker.code, query);
  if (result.page > 1 && result.page > result.pageCount) {
    const last = brokerPageUrl(broker.path, { ...query, page: result.pageCount });
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const origin = siteOrigin(request);
  const site = getTheme();
  const face = brokerFaceOf(broker, null, broker.path, await credentialAgency());
  const pageUrl = (page: number) => `${origin}${brokerPageUrl(broker.path, { ...query, page })}`;
  const { email, phone, mobile, creci, photoUrl, name, code } = broker;
  const withCreci = `${name}${creci ? ` (CRECI ${creci})` : ""}`;
  const description = result.total
    ? `${formatCount(result.total)} ${result.total === 1 ? "imóvel" : "imóveis"} à venda e para alugar com ${withCreci} na ${site.title}. Veja fotos, preços e custo mensal e fale pelo WhatsApp.`
    : `${withCreci} na ${site.title}: fale pelo WhatsApp, telefone ou e-mail.`;
  const photo = photoUrl ? `${origin}${imageUrl(photoUrl, 640)}` : null;
  const cover = result.items[0]?.coverPhotoUrl;
  const whatsappNumber = firstWhatsAppNumber(mobile, phone);

  return data(
    {
      site: { title: site.title },
      broker: { code, name, email, phone, mobile, creci, photoUrl },
      face,
      whatsapp: whatsappNumber
        ? whatsAppLink(whatsappNumber, `Olá, ${name}! Vi seus imóveis no site ${site.title}: ${origin}${broker.path}`)
        : null,
      sort: query.sort ?? DEFAULT_SORT,
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      countText: result.total
        ? plural(result.total, "imóvel disponível", "imóveis disponíveis")
        : "Nenhum imóvel disponível no momento",
      description,
      canonicalUrl: `${origin}${canonical}`,
      path: broker.path,
      prevUrl: result.page > 1 ? pageUrl(result.page - 1) : null,
      nextUrl: result.page < result.pageCount ? pageUrl(result.page + 1) : null,
      ogImage: photo ?? (cover ? `${origin}${imageUrl(cover, 1280)}` : null),
      noindex: result.page > MAX_INDEXED_PAGE || query.sort != null || result.total === 0,
      crumbs: [{ name: "Início", path: "/" }, { name: "Imóveis", path: LISTINGS_PATH }, { name }],
      jsonLd: brokerJsonLd(broker, origin, site.title, photo),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
