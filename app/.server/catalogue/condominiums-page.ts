/**
 * The loader of `/condominios` (`routes/condominiums.tsx`; the condominium
 * index, ADR 0008): every condominium with active units, filterable by city
 * and neighbourhood, sorted by active units, 24 per page.
 *
 * URL rules (`parseCondominiumQuery`): canonical parameters `cidade`,
 * `bairro`, `pagina`; any other spelling redirects 301 to the canonical URL; a
 * page past the last redirects 302 to the last. Reads only the read model
 * (cached directory).
 */
import { data, redirect } from "@remix-run/node";
import type { CondominiumCard } from "~/domain/condominium";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { canonicalRedirect } from "~/lib/filters";
import { formatPrice, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { CONDOMINIUMS_PATH } from "~/lib/paths";
import { siteOrigin } from "../origin";
import { getTheme } from "../theme";
import {
  condominiumIndexUrl,
  CONDOMINIUM_PAGE_SIZE,
  getCondominiumDirectory,
  pageOfCondominiums,
  parseCondominiumQuery,
  type CondominiumPlace,
} from "./condominium-index";

/** Canonical redirects follow the catalogue (places come and go with a sync). */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;

/** The place named by the filters: heading, "Moema, São Paulo" and the breadcrumb trail. */
function placeTexts(city: CondominiumPlace | null, neighbourhood: { label: string } | null) {
  const place = neighbourhood && city ? `${neighbourhood.label}, ${city.label}` : (city?.label ?? "");
  const heading = neighbourhood
    ? `Condomínios em ${neighbourhood.label}`
    : city
      ? `Condomínios em ${city.label}`
      : "Condomínios";
  const crumbs: { name: string; path?: string }[] = place
    ? [{ name: "Início", path: "/" }, { name: "Condomínios", path: CONDOMINIUMS_PATH }, { name: place }]
    : [{ name: "Início", path: "/" }, { name: "Condomínios" }];
  return { place, heading, crumbs };
}

/** The meta description: count, place and the lowest sale price of the page (BRL). */
function describePage(countText: string, place: string, items: readonly CondominiumCard[], siteTitle: string): string {
  const prices = items.map((c) => c.salePriceFrom).filter((p): p is number => p != null);
  const cheapest = prices.length ? Math.min(...prices) : null;
  return `${countText}${place ? ` em ${place}` : ""}: fotos, unidades à venda e para alugar${
    cheapest != null ? ` a partir de ${formatPrice(cheapest)}` : ""
  } na ${siteTitle}.`;
}

/**
 * The index's response: `state` "empty" (no condominium yet, e.g. the first
 * sync still running; `no-store`) or "ok" (public page cache). Throws the
 * redirects described above.
 */
export async function condominiumsPageResponse(request: Request) {
  const url = new URL(request.url);
  const site = { title: getTheme().title };
  const origin = siteOrigin(request);
  const directory = await getCondominiumDirectory();
  if (directory.cards.length === 0) {
    return data(
      { state: "empty" as const, site, canonicalUrl: `${origin}${CONDOMINIUMS_PATH}` },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const { filters, canonical } = parseCondominiumQuery(url.searchParams, directory.cities);
  const target = canonicalRedirect(url, canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const result = pageOfCondominiums(directory, filters, CONDOMINIUM_PAGE_SIZE);
  if (result.page > 1 && result.page > result.pageCount) {
    throw redirect(condominiumIndexUrl({ ...filters, page: result.pageCount }), {
      status: 302,
      headers: { "Cache-Control": "no-store" },
    });
  }

  const city = directory.cities.find((c) => c.slug === filters.city) ?? null;
  const neighbourhood = city?.neighbourhoods.find((n) => n.slug === filters.neighbourhood) ?? null;
  const { place, heading, crumbs } = placeTexts(city, neighbourhood);
  const countText = plural(result.total, "condomínio com unidades disponíveis", "condomínios com unidades disponíveis");
  const pageUrl = (page: number) => `${origin}${condominiumIndexUrl({ ...filters, page })}`;
  const cover = result.items[0]?.coverPhotoUrl;

  return data(
    {
      state: "ok" as const,
      site,
      filters: { city: filters.city ?? "", neighbourhood: filters.neighbourhood ?? "" },
      cities: directory.cities.map((c) => ({
        slug: c.slug,
        label: c.label,
        count: c.count,
        neighbourhoods: c.neighbourhoods.map((n) => ({ slug: n.slug, label: n.label, count: n.count })),
      })),
      heading,
      countText,
      description: describePage(countText, place, result.items, site.title),
      items: result.items.map(({ citySlug: _c, neighbourhoodSlug: _n, ...card }) => card),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      crumbs,
      canonicalUrl: `${origin}${canonical}`,
      prevUrl: result.page > 1 ? pageUrl(result.page - 1) : null,
      nextUrl: result.page < result.pageCount ? pageUrl(result.page + 1) : null,
      ogImage: cover ? `${origin}${imageUrl(cover, 1280)}` : null,
      noindex: result.page > MAX_INDEXED_PAGE,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
