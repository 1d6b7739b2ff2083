/**
 * The home page `/` (docs/product.md "Public site"): a hero with the search box,
 * featured listings (Vista `DestaqueWeb`), launches (`Lancamento`), featured
 * condominiums, links by city and neighbourhood to canonical filtered URLs,
 * and a "Quer vender seu imóvel?" block. Reads only the read model; while
 * the first sync fills it, a friendly "Estamos atualizando nosso catálogo"
 * state replaces the sections (never an error).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getHomeSections } from "~/.server/catalogue/home";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { handleLeadForm } from "~/.server/leads/submission";
import { getTheme } from "~/.server/theme";
import { CondominiumGrid } from "~/components/condominium-card";
import { EmptyState } from "~/components/empty-state";
import { ArrowRightIcon, BuildingIcon, CheckIcon } from "~/components/icons";
import { LeadForm } from "~/components/lead-form";
import { LinkItems } from "~/components/link-items";
import { ListingGrid } from "~/components/listing-grid";
import { SearchBox } from "~/components/search-box";
import { formatCount, plural } from "~/lib/format";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { container } from "~/styles/ui.css";
import * as s from "./home.css";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { LISTINGS_PATH } from "~/lib/paths";
import { siteOrigin } from "~/.server/origin";

export async function loader({ request }: LoaderFunctionArgs) {
  const site = getTheme();
  const origin = siteOrigin(request);
  const [vocabulary, sections] = await Promise.all([getVocabulary(), getHomeSections()]);
  const topCity = vocabulary.cities[0];
  const heroPhoto = sections.featured[0]?.coverPhotoUrl ?? sections.recent[0]?.coverPhotoUrl ?? "";
  return data(
    {
      site: { title: site.title, description: site.description, agencyName: site.agencyName },
      canonicalUrl: `${origin}/`,
      ogImage: heroPhoto ? `${origin}${imageUrl(heroPhoto, 1280)}` : null,
      vocabulary: { categories: vocabulary.categories, cities: vocabulary.cities },
      purposes: vocabulary.purposes,
      topCity: topCity?.label ?? "",
      quickLinks: sections.quickLinks,
      heroPhoto,
      sections,
      leadForm: leadFormTokens(),
    },
    { headers: { "Cache-Control": sections.total > 0 ? PUBLIC_PAGE_CACHE : "no-store" } },
  );
}

export const headers = publicPageHeaders;

/** The "quero vender meu imóvel" form (docs/spec.txt §7 `/email/sell-property`). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleLeadForm(request, { kind: "sell", clientIp: context.clientIp });
}

/** Title, description, canonical and Open Graph tags (the root adds og:site_name and og:locale). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // No data (the loader threw, e.g. a 404): keep the parent routes' tags.
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const title = data.site.title;
  const description = data.sections.total
    ? `${formatCount(data.sections.total)} imóveis à venda e para alugar${data.topCity ? ` em ${data.topCity}` : ""}. ${data.site.description}`
    : data.site.description;
  return pageMeta({ title, description, canonicalUrl: data.canonicalUrl, image: data.ogImage });
};

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  const { sections } = data;
  const updating = sections.total === 0;

  return (
    <>
      <section className={s.hero} aria-labelledby="home-title">
        {data.heroPhoto ? (
          <img
            className={s.heroPhoto}
            src={imageUrl(data.heroPhoto, 1280)}
            srcSet={imageSrcSet(data.heroPhoto, [640, 960, 1280, 1600])}
            sizes="100vw"
            width={1280}
            height={720}
            alt=""
            {...{ fetchpriority: "high" }}
          />
        ) : null}
        <div className={`${container} ${s.heroInner}`}>
          <h1 id="home-title" className={s.heroTitle}>
            {data.topCity ? `Encontre seu próximo imóvel em ${data.topCity}` : "Encontre seu próximo imóvel"}
          </h1>
          <p className={s.heroText}>
            {updating
              ? "Apartamentos, casas e imóveis comerciais para comprar ou alugar, com fotos, preços e custo mensal."
              : `${formatCount(data.purposes.venda)} imóveis à venda e ${formatCount(data.purposes.aluguel)} para alugar, com fotos, preços e o custo mensal de cada um.`}
          </p>
          <SearchBox vocabulary={data.vocabulary} />
          {data.quickLinks.length ? (
            <nav aria-label="Buscas rápidas">
              <ul className={s.quickLinks}>
                <LinkItems
                  links={data.quickLinks.map((link) => ({ to: link.url, label: link.label }))}
                  className={s.quickLink}
                />
              </ul>
            </nav>
          ) : null}
        </div>
      </section>

      {updating ? (
        <div className={`${container} ${s.section}`}>
          <EmptyState title="Estamos atualizando nosso catálogo" icon={<BuildingIcon size={28} />}>
            <p>Os imóveis aparecem aqui em alguns instantes. Volte daqui a pouco!</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <ListingSection
            id="destaques"
            title={sections.featured.length ? "Imóveis em destaque" : "Imóveis recentes"}
            text={
              sections.featured.length
                ? "Selecionados pela nossa equipe."
                : "Os últimos imóveis atualizados na nossa carteira."
            }
            listings={sections.featured.length ? sections.featured : sections.recent}
            seeAll={{ url: LISTINGS_PATH, label: `Ver todos os ${formatCount(sections.total)} imóveis` }}
          />
          {sections.launches.length ? (
            <ListingSection
              id="lancamentos"
              tinted
              title="Lançamentos"
              text="Empreendimentos novos, na planta ou recém-entregues."
              listings={sections.launches}
            />
          ) : null}
          {sections.condominiums.length ? (
            <CondominiumSection condominiums={sections.condominiums} total={sections.condominiumCount} />
          ) : null}
          {sections.cities.length ? <PlacesSection cities={sections.cities} /> : null}
        </>
      )}

      <section id="quero-vender" className={`${container} ${s.section}`} aria-labelledby="vender">
        <div className={s.sell}>
          <div>
            <h2 id="vender" className={s.sellTitle}>
              Quer vender seu imóvel?
            </h2>
            <p className={s.sellText}>
              A {data.site.agencyName} anuncia cada imóvel com fotos, descrição completa e todos os custos — preço,
              condomínio, IPTU e custo mensal — para quem procura decidir com segurança.
            </p>
            <ul className={s.sellList}>
              <li>
                <CheckIcon size={18} /> Avaliação gratuita com um corretor credenciado no CRECI
              </li>
              <li>
                <CheckIcon size={18} /> Seu imóvel visto por quem já está buscando na sua região
              </li>
              <li>
                <CheckIcon size={18} /> Sem compromisso: você decide depois da avaliação
              </li>
            </ul>
            {/* The owner's instant estimate (ADR 0089); the form beside it stays the spec's. */}
            <Link to="/anunciar" className={s.sellLink}>
              Quanto vale meu imóvel? Veja uma estimativa na hora
              <ArrowRightIcon size={18} />
            </Link>
          </div>
          <LeadForm
            kind="sell"
            id="form-quero-vender"
            className={s.sellForm}
            headingLevel={3}
            title="Quero vender meu imóvel"
            intro="Deixe seu contato e um corretor liga para você."
            submitLabel="Quero uma avaliação"
            tokens={data.leadForm}
          />
        </div>
      </section>
    </>
  );
}

type HomeData = ReturnType<typeof useLoaderData<typeof loader>>;

function ListingSection(props: {
  id: string;
  title: string;
  text: string;
  listings: HomeData["sections"]["featured"];
  seeAll?: { url: string; label: string };
  tinted?: boolean;
}) {
  return (
    <section className={`${s.section} ${props.tinted ? s.sectionTinted : ""}`} aria-labelledby={props.id}>
      <div className={container}>
        <div className={s.sectionHeader}>
          <div>
            <h2 id={props.id}>{props.title}</h2>
            <p className={s.sectionText}>{props.text}</p>
          </div>
          {props.seeAll ? (
            <Link className={s.seeAll} to={props.seeAll.url}>
              {props.seeAll.label}
              <ArrowRightIcon size={18} />
            </Link>
          ) : null}
        </div>
        <ListingGrid listings={props.listings} label={props.title} layout="row" />
      </div>
    </section>
  );
}

function CondominiumSection({
  condominiums,
  total,
}: {
  condominiums: HomeData["sections"]["condominiums"];
  total: number;
}) {
  return (
    <section className={s.section} aria-labelledby="condominios">
      <div className={container}>
        <div className={s.sectionHeader}>
          <div>
            <h2 id="condominios">Condomínios em destaque</h2>
            <p className={s.sectionText}>Os prédios com mais unidades disponíveis agora.</p>
          </div>
          <Link className={s.seeAll} to="/condominios">
            {total > condominiums.length
              ? `Ver todos os ${formatCount(total)} condomínios`
              : "Ver todos os condomínios"}
            <ArrowRightIcon size={18} />
          </Link>
        </div>
        <div className={s.condominiumRow}>
          <CondominiumGrid condominiums={condominiums} label="Condomínios em destaque" />
        </div>
      </div>
    </section>
  );
}

function PlacesSection({ cities }: { cities: HomeData["sections"]["cities"] }) {
  return (
    <section className={`${s.section} ${s.sectionTinted}`} aria-labelledby="bairros">
      <div className={container}>
        <div className={s.sectionHeader}>
          <div>
            <h2 id="bairros">Explore por cidade e bairro</h2>
            <p className={s.sectionText}>Os bairros com mais imóveis disponíveis.</p>
          </div>
        </div>
        <div className={s.cities}>
          {cities.map((city) => (
            <div key={city.url} className={s.cityBlock}>
              <div className={s.cityLinks}>
                <h3>
                  <Link to={city.url}>{city.label}</Link>
                </h3>
                <span className={s.muted}>{plural(city.count, "imóvel", "imóveis")}</span>
                <Link to={city.forSaleUrl}>À venda</Link>
                <Link to={city.forRentUrl}>Para alugar</Link>
              </div>
              <ul className={s.placeList}>
                {city.neighbourhoods.map((nb) => (
                  <li key={nb.url}>
                    <Link className={s.placeLink} to={nb.url}>
                      {nb.label}
                      <span className={s.placeCount}>{formatCount(nb.count)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
