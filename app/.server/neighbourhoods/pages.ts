/**
 * The loaders' work of `/bairros` and `/bairros/{cidade}/{bairro}`
 * (docs/decisions/0090-neighbourhood-market-pages.md): each reads
 * precomputed rows of `neighbourhood_markets` (never the listings
 * themselves) plus the cached slug vocabulary for the list links, so a
 * request does a fixed, small amount of work.
 *
 * URL rules: the slugs are the list URLs' (`listings.city_slug`,
 * `neighbourhood_slug`); another spelling of a known slug (case, accents)
 * redirects 301 to the canonical path; an unknown city or neighbourhood is a
 * 404 with the site's error screen.
 */
import { data, redirect } from "@remix-run/node";
import { and, desc, eq } from "drizzle-orm";
import type { Purpose } from "~/domain/listing";
import { PUBLIC_PAGE_CACHE } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { filtersToUrl } from "~/lib/filters";
import { formatPrice } from "~/lib/format";
import { neighbourhoodJsonLd } from "~/lib/neighbourhood-json-ld";
import { breadcrumbJsonLd } from "~/lib/json-ld";
import { condominiumsPageUrl } from "~/lib/list-pages";
import { isShown, type NeighbourhoodMarket } from "~/lib/neighbourhood-market";
import { neighbourhoodMarketPath, NEIGHBOURHOODS_PATH } from "~/lib/neighbourhood-paths";
import { saoPauloFormat } from "~/lib/sao-paulo-time";
import { safeSlugify } from "~/lib/slug";
import { condominiumPath } from "~/lib/urls";
import { getVocabulary } from "../catalogue/vocabulary";
import { getDb, type Db } from "../db";
import { neighbourhoodMarkets } from "../db/schema";
import { siteOrigin } from "../origin";
import { getTheme } from "../theme";

/** Most neighbourhoods the index lists (most stock first): a bound on the page whatever the catalogue. */
export const MAX_INDEX_NEIGHBOURHOODS = 1000;

/** Canonical redirects follow the catalogue. */
const REDIRECT_CACHE = "public, max-age=300";

/** Longest slug accepted before it is read (a longer one is no known place). */
const MAX_SLUG_LENGTH = 120;

/** "29 de novembro de 2026, 14:05" in São Paulo time. */
export function dataDateText(at: Date): string {
  const date = saoPauloFormat("pt-BR", { day: "numeric", month: "long", year: "numeric" }).format(at);
  const time = saoPauloFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${date}, ${time}`;
}

/** The list pages' URLs of a neighbourhood: per purpose, all types and each type. */
type ListHrefs = Record<Purpose, { all: string; types: Record<string, string> }>;

async function listHrefs(market: NeighbourhoodMarket, db: Db): Promise<ListHrefs> {
  const vocabulary = await getVocabulary({ db });
  const place = { city: market.citySlug, neighbourhoods: [market.neighbourhoodSlug] };
  const hrefs = {} as ListHrefs;
  for (const purpose of market.purposes) {
    const types: Record<string, string> = {};
    for (const type of purpose.byType) {
      types[type.slug] = filtersToUrl({ purpose: purpose.purpose, category: type.slug, ...place }, vocabulary);
    }
    hrefs[purpose.purpose] = { all: filtersToUrl({ purpose: purpose.purpose, ...place }, vocabulary), types };
  }
  return hrefs;
}

/** The meta description: the two headline medians and the stock. */
function describe(market: NeighbourhoodMarket, dataDate: string): string {
  const [sale, rent] = market.purposes;
  const parts: string[] = [];
  if (sale && isShown(sale.all.pricePerM2)) parts.push(`${formatPrice(sale.all.pricePerM2.value)}/m² à venda`);
  if (rent && isShown(rent.all.pricePerM2)) parts.push(`${formatPrice(rent.all.pricePerM2.value)}/m² para alugar`);
  const prices = parts.length ? `preço mediano de ${parts.join(" e ")}; ` : "";
  return `Mercado imobiliário em ${market.neighbourhood}, ${market.city}: ${prices}estoque, novos anúncios, reduções de preço e tempo no mercado por tipo de imóvel. Dados de ${dataDate}.`;
}

/** A route parameter as a slug, or null when it cannot name a place. */
function slugParam(value: string | undefined): string | null {
  if (!value || value.length > MAX_SLUG_LENGTH) return null;
  return safeSlugify(value) || null;
}

/**
 * The loader answer (`data()`) of `/bairros/{cidade}/{bairro}`: the neighbourhood's stored
 * figures, its list and condominium links, meta data and JSON-LD.
 * @throws a 301 to the canonical spelling, or a 404 (`pageNotFound`) for an unknown place.
 */
export async function neighbourhoodPageResponse(
  request: Request,
  params: { cidade?: string; bairro?: string },
  db: Db = getDb().db,
) {
  const url = new URL(request.url);
  const city = slugParam(params.cidade);
  const neighbourhood = slugParam(params.bairro);
  if (!city || !neighbourhood) throw pageNotFound(url.pathname);
  const [row] = await db
    .select()
    .from(neighbourhoodMarkets)
    .where(and(eq(neighbourhoodMarkets.citySlug, city), eq(neighbourhoodMarkets.neighbourhoodSlug, neighbourhood)))
    .limit(1);
  if (!row) throw pageNotFound(url.pathname);
  const path = neighbourhoodMarketPath(row.citySlug, row.neighbourhoodSlug);
  if (url.pathname !== path) throw redirect(path, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const market = row.figures;
  const site = { title: getTheme().title };
  const origin = siteOrigin(request);
  const canonicalUrl = `${origin}${path}`;
  const dataDate = dataDateText(row.dataAsOf);
  const description = describe(market, dataDate);
  const crumbs = [
    { name: "Início", path: "/" },
    { name: "Bairros", path: NEIGHBOURHOODS_PATH },
    { name: `${market.neighbourhood}, ${market.city}` },
  ];
  const jsonLd = [
    ...neighbourhoodJsonLd({
      market,
      url: canonicalUrl,
      description,
      agencyName: site.title,
      computedAt: row.computedAt.toISOString(),
    }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: c.path ? `${origin}${c.path}` : canonicalUrl }))),
  ];
  return data(
    {
      site,
      canonicalUrl,
      description,
      crumbs,
      market,
      dataDate,
      computedDate: dataDateText(row.computedAt),
      lists: await listHrefs(market, db),
      condominiumsHref: condominiumsPageUrl(market.citySlug, market.neighbourhoodSlug),
      condominiumPaths: Object.fromEntries(market.condominiums.map((c) => [c.slug, condominiumPath(c.slug)])),
      jsonLd,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/** A neighbourhood of the index. */
export interface IndexNeighbourhood {
  name: string;
  path: string;
  stock: number;
  /** Median asking sale price per m² (BRL/m²), null when suppressed. */
  salePricePerM2: number | null;
  /** Median asking rent per m² (BRL/m² per month), null when suppressed. */
  rentPricePerM2: number | null;
}

/** A city of the index with its neighbourhoods (pt-BR alphabetical order). */
export interface IndexCity {
  name: string;
  slug: string;
  stock: number;
  neighbourhoods: IndexNeighbourhood[];
}

/**
 * The loader answer (`data()`) of `/bairros`: every city (most stock first) with its
 * neighbourhoods, at most {@link MAX_INDEX_NEIGHBOURHOODS} of them (most
 * stock first). An empty table (figures not computed yet) gives an empty
 * list, not cached.
 */
export async function neighbourhoodsIndexResponse(request: Request, db: Db = getDb().db) {
  const rows = await db
    .select({
      city: neighbourhoodMarkets.city,
      citySlug: neighbourhoodMarkets.citySlug,
      neighbourhood: neighbourhoodMarkets.neighbourhood,
      neighbourhoodSlug: neighbourhoodMarkets.neighbourhoodSlug,
      stock: neighbourhoodMarkets.stock,
      salePricePerM2: neighbourhoodMarkets.salePricePerM2,
      rentPricePerM2: neighbourhoodMarkets.rentPricePerM2,
      dataAsOf: neighbourhoodMarkets.dataAsOf,
    })
    .from(neighbourhoodMarkets)
    .orderBy(desc(neighbourhoodMarkets.stock), neighbourhoodMarkets.neighbourhoodSlug)
    .limit(MAX_INDEX_NEIGHBOURHOODS);
  const cities = new Map<string, IndexCity>();
  for (const row of rows) {
    const city = cities.get(row.citySlug) ?? { name: row.city, slug: row.citySlug, stock: 0, neighbourhoods: [] };
    city.stock += row.stock;
    city.neighbourhoods.push({
      name: row.neighbourhood,
      path: neighbourhoodMarketPath(row.citySlug, row.neighbourhoodSlug),
      stock: row.stock,
      salePricePerM2: row.salePricePerM2,
      rentPricePerM2: row.rentPricePerM2,
    });
    cities.set(row.citySlug, city);
  }
  const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });
  const list = [...cities.values()].sort((a, b) => b.stock - a.stock || collator.compare(a.name, b.name));
  for (const city of list) city.neighbourhoods.sort((a, b) => collator.compare(a.name, b.name));
  const latest = rows.reduce<Date | null>((max, r) => (!max || r.dataAsOf > max ? r.dataAsOf : max), null);
  const origin = siteOrigin(request);
  return data(
    {
      site: { title: getTheme().title },
      canonicalUrl: `${origin}${NEIGHBOURHOODS_PATH}`,
      cities: list,
      dataDate: latest ? dataDateText(latest) : null,
    },
    { headers: { "Cache-Control": rows.length ? PUBLIC_PAGE_CACHE : "no-store" } },
  );
}
