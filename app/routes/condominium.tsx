/**
 * `/detalhes/{condominio}`: a condominium page (docs/spec.txt §2 route table;
 * docs/product.md "Public site": name, description, amenities (`InfraEstrutura`),
 * photos, a single-point map, every available unit for sale and for rent (a
 * long section shows its first units and a link to `?unidades=todas`,
 * docs/decisions/0058), price, condo-fee and price-per-m² ranges).
 * An unknown slug is the 404 "Page Not Found: {path}" (docs/spec.txt §2, §5); a slug
 * in the wrong case redirects 301 to the canonical one.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { getCondominiumPage } from "~/.server/catalogue/detail";
import { condominiumPageView, DETAIL_REDIRECT_CACHE_CONTROL } from "~/.server/catalogue/detail-view";
import { setPageJsonLd } from "~/.server/page-json-ld";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { handleLeadForm } from "~/.server/leads/submission";
import { CondominiumHeader, CondominiumSummary, UnitsSection } from "~/components/condominium-page";
import { AmenitiesSection, DetailFrame, DetailMap, TextSection } from "~/components/detail-layout";
import { DetailsSection, LocationSection } from "~/components/detail-sections";
import * as p from "~/components/detail-page.css";
import { PageJsonLd } from "~/components/json-ld";
import { LeadFormIsland } from "~/components/lead-form-island";
import { ShareButtons } from "~/components/share-buttons";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { onlyAllUnitsChanged } from "~/lib/condominium-units";
import { pageNotFound } from "~/lib/errors";
import { OG_IMAGE_WIDTH, pageMeta } from "~/lib/meta";
import { condominiumPath } from "~/lib/urls";
import { button, container } from "~/styles/ui.css";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const slug = params.condominio ?? "";
  const page = await getCondominiumPage(slug);
  if (!page) {
    const lower = slug.toLowerCase();
    if (lower !== slug && (await getCondominiumPage(lower))) {
      throw redirect(`${condominiumPath(lower)}${url.search}`, {
        status: 301,
        headers: { "Cache-Control": DETAIL_REDIRECT_CACHE_CONTROL },
      });
    }
    throw pageNotFound(url.pathname);
  }
  const { jsonLd, ...view } = await condominiumPageView(request, page);
  // Only crawlers read it, in the document: not sent twice as loader data (ADR 0094).
  setPageJsonLd(context, jsonLd);
  return data({ ...view, leadForm: leadFormTokens() }, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
}

/** The "avise-me" form: the condominium is this page's, whatever the form says. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await getCondominiumPage(params.condominio ?? "");
  if (!page) throw pageNotFound(new URL(request.url).pathname);
  return handleLeadForm(request, {
    kind: "alert",
    fixed: { condominium: page.condominium.slug },
    clientIp: context.clientIp,
  });
}

/**
 * The loader's `Cache-Control`, unless a parent made the response private (a
 * flash toast) or the loader threw (the error's own, e.g. `no-store` on a 404).
 */
export const headers = publicPageHeaders;

/**
 * Showing every unit (`?unidades=todas`) changes nothing in the data: no new
 * request for this route's loader then, unless a form was sent.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && onlyAllUnitsChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

/** Title, description, canonical, Open Graph (cover image) and Twitter card. */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Condomínio" }];
  const { name, neighbourhood } = data.condominium;
  const title = `${name}${neighbourhood ? ` em ${neighbourhood}` : ""}`;
  return pageMeta({
    title: `${title} | ${data.site.title}`,
    socialTitle: title,
    description: data.description,
    canonicalUrl: data.canonicalUrl,
    image: data.ogImage,
    imageWidth: OG_IMAGE_WIDTH,
    imageAlt: name,
    twitter: true,
  });
};

/** The condominium page. */
export default function CondominiumRoute() {
  const data = useLoaderData<typeof loader>();
  const { condominium, forSale, forRent } = data;

  return (
    <DetailFrame
      crumbs={data.crumbs}
      galleryKey={condominium.slug}
      photos={condominium.photos}
      title={condominium.name}
      dataAttributes={{ "data-condominium": condominium.slug }}
      after={
        <>
          <UnitsSection id="a-venda" purpose="venda" units={forSale} />
          <UnitsSection id="para-alugar" purpose="aluguel" units={forRent} />
          {!data.unitCount ? (
            <div className={container}>
              <Link className={button.outline} to={data.neighbourhoodPath}>
                Ver outros imóveis em {condominium.neighbourhood}
              </Link>
            </div>
          ) : null}
          <PageJsonLd pageKey={data.canonicalUrl} />
        </>
      }
    >
      <CondominiumHeader condominium={condominium} />

      <aside className={p.aside} aria-label="Resumo do condomínio">
        <CondominiumSummary
          unitCount={data.unitCount}
          stats={data.stats}
          saleCount={forSale.length}
          rentCount={forRent.length}
        />
        <LeadFormIsland
          kind="alert"
          id="avise-me"
          title={data.unitCount ? "Avise-me de novas unidades" : "Avise-me quando houver unidades"}
          intro={`Receba um aviso quando surgirem unidades no ${condominium.name}.`}
          submitLabel="Quero ser avisado"
          tokens={data.leadForm}
          defaultValue={{ condominium: condominium.slug }}
        />
        <ShareButtons url={data.canonicalUrl} title={condominium.name} />
      </aside>

      <div className={p.content}>
        <TextSection id="sobre" title="Sobre o condomínio" text={condominium.description} />
        <AmenitiesSection id="infraestrutura" title="Infraestrutura e lazer" items={condominium.infrastructure} />
        <DetailsSection rows={data.detailRows} />
        <LocationSection place={condominium} mapUrl={data.mapUrl} />
        <DetailMap map={data.map} label={`Mapa: localização do ${condominium.name}`} />
      </div>
    </DetailFrame>
  );
}
