/**
 * `/corretor/{filtro}`: a broker's public portfolio (docs/spec.txt §2 route table;
 * issue 3 item 4; ADR 0008): the broker's card (photo, name, CRECI, contacts
 * already public on the listing page's broker card) and the broker's active
 * listings with the list page's components (ListingGrid, Pagination, 24 per
 * page, the same sorts).
 *
 * URL rules: `{filtro}` is a Vista broker code or a member slug
 * (`resolveBroker`, `~/.server/catalogue/brokers`). The canonical URL is the
 * broker's `path` (`/corretor/{slug}`) with `?ordem=` (not the default) and
 * `?pagina=` (≥ 2); any other spelling (the code, another case, an unknown or
 * malformed parameter) redirects 301 there. An unknown broker is the 404
 * "Page Not Found: {path}"; a page past the last redirects 302 to the last.
 * A broker without active listings is a 200 page with the card and an empty
 * state. Owner data never reaches this page (only summaries and the
 * website-safe broker fields).
 */
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { brokerListings, getBrokerDirectory, resolveBroker, type BrokerProfile } from "~/.server/catalogue/brokers";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import * as card from "~/components/broker-card.css";
import { formatPhone, whatsAppLink, whatsAppNumber } from "~/components/broker-card";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { EmptyState } from "~/components/empty-state";
import { MailIcon, PhoneIcon, WhatsAppIcon } from "~/components/icons";
import { JsonLd, type JsonLdNode } from "~/components/json-ld";
import { SortForm } from "~/components/sort-form";
import { ListingGrid } from "~/components/listing-grid";
import { Pagination } from "~/components/pagination";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { canonicalRedirect, DEFAULT_SORT, LISTINGS_PAGE_SIZE, SORT_ORDERS, type SortOrder } from "~/lib/filters";
import { formatCount, plural } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "./broker.css";
import { LISTINGS_PATH } from "~/lib/paths";

/** Canonical redirects follow the broker directory (names may change with a sync). */
const REDIRECT_CACHE = "public, max-age=300";
/** Deeper pages are not worth indexing (they stay followable). */
const MAX_INDEXED_PAGE = 10;

/** Sort and page of the query string: the first valid `ordem` (not the default) and `pagina` (2 to 100,000). */
function readQuery(search: URLSearchParams): { sort?: SortOrder; page?: number } {
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

/** The canonical path of a broker page with a sort and a page. */
function brokerPageUrl(broker: Pick<BrokerProfile, "path">, query: { sort?: SortOrder; page?: number }): string {
  const params: string[] = [];
  if (query.sort && query.sort !== DEFAULT_SORT) params.push(`ordem=${query.sort}`);
  if (query.page && query.page > 1) params.push(`pagina=${query.page}`);
  return params.length ? `${broker.path}?${params.join("&")}` : broker.path;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const directory = await getBrokerDirectory();
  const broker = resolveBroker(directory, params.filtro ?? "");
  if (!broker) throw pageNotFound(url.pathname);

  const query = readQuery(url.searchParams);
  const canonical = brokerPageUrl(broker, query);
  const target = canonicalRedirect(url, canonical);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": REDIRECT_CACHE } });

  const result = await brokerListings(broker.code, query);
  if (result.page > 1 && result.page > result.pageCount) {
    const last = brokerPageUrl(broker, { ...query, page: result.pageCount });
    throw redirect(last, { status: 302, headers: { "Cache-Control": "no-store" } });
  }

  const origin = siteOrigin(request);
  const site = getTheme();
  const canonicalUrl = `${origin}${canonical}`;
  const pageUrl = (page: number) => `${origin}${brokerPageUrl(broker, { ...query, page })}`;
  const { email, phone, mobile, creci, photoUrl, name, code } = broker;
  const countText = result.total
    ? plural(result.total, "imóvel disponível", "imóveis disponíveis")
    : "Nenhum imóvel disponível no momento";
  const description = result.total
    ? `${formatCount(result.total)} ${result.total === 1 ? "imóvel" : "imóveis"} à venda e para alugar com ${name}${creci ? ` (CRECI ${creci})` : ""} na ${site.title}. Veja fotos, preços e custo mensal e fale pelo WhatsApp.`
    : `${name}${creci ? ` (CRECI ${creci})` : ""} na ${site.title}: fale pelo WhatsApp, telefone ou e-mail.`;
  const photo = photoUrl ? `${origin}${imageUrl(photoUrl, 640)}` : null;
  const whatsappNumber = whatsAppNumber(mobile) ?? whatsAppNumber(phone);
  const jsonLd: JsonLdNode = {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name,
    url: `${origin}${broker.path}`,
    ...(photo ? { image: photo } : {}),
    ...(phone || mobile ? { telephone: `+${whatsAppNumber(phone || mobile) ?? (phone || mobile)}` } : {}),
    ...(email ? { email } : {}),
    ...(creci ? { identifier: `CRECI ${creci}` } : {}),
    worksFor: { "@type": "RealEstateAgent", name: site.title, url: `${origin}/` },
  };

  return json(
    {
      site: { title: site.title },
      broker: { code, name, email, phone, mobile, creci, photoUrl },
      whatsapp: whatsappNumber
        ? whatsAppLink(whatsappNumber, `Olá, ${name}! Vi seus imóveis no site ${site.title}: ${origin}${broker.path}`)
        : null,
      sort: query.sort ?? DEFAULT_SORT,
      items: result.items,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      countText,
      description,
      canonicalUrl,
      path: broker.path,
      prevUrl: result.page > 1 ? pageUrl(result.page - 1) : null,
      nextUrl: result.page < result.pageCount ? pageUrl(result.page + 1) : null,
      ogImage:
        photo ?? (result.items[0]?.coverPhotoUrl ? `${origin}${imageUrl(result.items[0].coverPhotoUrl, 1280)}` : null),
      noindex: result.page > MAX_INDEXED_PAGE || query.sort != null || result.total === 0,
      crumbs: [{ name: "Início", path: "/" }, { name: "Imóveis", path: LISTINGS_PATH }, { name }],
      jsonLd,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/** Title, description, canonical, Open Graph, prev/next and `noindex` on sorted, deep or empty pages. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const pageSuffix = data.page > 1 ? ` – Página ${data.page}` : "";
  const tags = pageMeta({
    title: `Imóveis de ${data.broker.name}${pageSuffix} | ${data.site.title}`,
    socialTitle: `Imóveis de ${data.broker.name}`,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
  });
  if (data.prevUrl) tags.push({ tagName: "link", rel: "prev", href: data.prevUrl });
  if (data.nextUrl) tags.push({ tagName: "link", rel: "next", href: data.nextUrl });
  if (data.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

type BrokerData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Up to two initials of a name ("Ana Paula" → "AP"). */
function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase();
}

/** The broker's card: photo, name, CRECI, WhatsApp, phone and e-mail (the fields the listing page's card shows). */
function ProfileCard({ data }: { data: BrokerData }) {
  const { broker } = data;
  const phone = broker.phone || broker.mobile;
  return (
    <section className={card.card} aria-label="Contato do corretor">
      <div className={card.header}>
        {broker.photoUrl ? (
          <img
            className={card.avatar}
            src={imageUrl(broker.photoUrl, 160)}
            srcSet={`${imageUrl(broker.photoUrl, 160)} 1x, ${imageUrl(broker.photoUrl, 320)} 2x`}
            width={64}
            height={64}
            alt={`Foto de ${broker.name}`}
            decoding="async"
          />
        ) : (
          <span className={card.initials} aria-hidden="true">
            {initialsOf(broker.name)}
          </span>
        )}
        <div>
          <p className={card.kicker}>Corretor</p>
          <p className={card.name}>{broker.name}</p>
          {broker.creci ? <p className={card.creci}>CRECI {broker.creci}</p> : null}
        </div>
      </div>
      <div className={card.contacts}>
        {data.whatsapp ? (
          <a className={card.contactLink} href={data.whatsapp} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon size={18} className={card.whatsappIcon} />
            WhatsApp {formatPhone(broker.mobile || broker.phone)}
          </a>
        ) : null}
        {phone ? (
          <a className={card.contactLink} href={`tel:+${whatsAppNumber(phone) ?? phone.replace(/\D/g, "")}`}>
            <PhoneIcon size={18} />
            {formatPhone(phone)}
          </a>
        ) : null}
        {broker.email ? (
          <a className={card.contactLink} href={`mailto:${broker.email}`}>
            <MailIcon size={18} />
            {broker.email}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** The broker page. */
export default function BrokerPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === data.path;
  const hrefFor = (page: number) => {
    const params: string[] = [];
    if (data.sort !== DEFAULT_SORT) params.push(`ordem=${data.sort}`);
    if (page > 1) params.push(`pagina=${page}`);
    return params.length ? `${data.path}?${params.join("&")}` : data.path;
  };
  const firstShown = (data.page - 1) * LISTINGS_PAGE_SIZE + 1;
  const lastShown = firstShown + data.items.length - 1;

  return (
    <div className={`${container} ${s.page}`} data-broker={data.broker.code}>
      <Breadcrumbs items={data.crumbs} />
      <header className={s.header}>
        <h1 className={s.title}>Imóveis de {data.broker.name}</h1>
        <p className={s.muted} role="status">
          {data.countText}
          {data.broker.creci ? ` · CRECI ${data.broker.creci}` : ""}
        </p>
      </header>
      <div className={s.layout}>
        <aside className={s.profile} aria-label="Corretor">
          <ProfileCard data={data} />
        </aside>
        <section aria-labelledby="carteira" aria-busy={loading} style={loading ? { opacity: 0.55 } : undefined}>
          <h2 id="carteira" className={visuallyHidden}>
            Imóveis do corretor
          </h2>
          {data.total > 0 ? (
            <>
              <div className={s.toolbar}>
                <p className={s.muted}>
                  {data.pageCount > 1
                    ? `Mostrando ${formatCount(firstShown)}–${formatCount(lastShown)} de ${formatCount(data.total)}`
                    : data.countText}
                </p>
                <SortForm action={data.path} sort={data.sort} />
              </div>
              <ListingGrid listings={data.items} eagerCount={3} label={`Imóveis de ${data.broker.name}`} />
              <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
            </>
          ) : (
            <EmptyState
              title="Nenhum imóvel disponível no momento"
              actions={[
                <Link key="all" to={LISTINGS_PATH} className={button.dark}>
                  Ver todos os imóveis
                </Link>,
              ]}
            >
              <p>
                {data.broker.name} não tem imóveis anunciados agora. Fale pelo WhatsApp ou veja todo o nosso catálogo.
              </p>
            </EmptyState>
          )}
        </section>
      </div>
      <JsonLd data={data.jsonLd} />
    </div>
  );
}
