/**
 * `/anunciar`, "Quanto vale meu imóvel?" (ADR 0089): the owner describes the
 * property in a GET form and gets, at once, a range of asking prices worked
 * out from the agency's active listings (`~/.server/valuation`), with the
 * comparables as links; then asks a broker for an evaluation (POST, a
 * `valuation` lead to the agency and Vista). Server-rendered, no JavaScript
 * of its own; cached like the other public pages (the estimate depends only
 * on the URL and the catalogue).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { handleValuationContact, type ValuationContactData } from "~/.server/valuation/contact";
import { valuationView } from "~/.server/valuation/estimate";
import { ContactForm, EstimateForm } from "~/components/valuation-form";
import { ValuationResult } from "~/components/valuation-result";
import * as v from "~/components/valuation.css";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { publicVocabulary } from "~/lib/filters";
import { pageMeta } from "~/lib/meta";
import { VALUATION_PATH } from "~/lib/valuation-fields";
import { container } from "~/styles/ui.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = await valuationView(url);
  if (view.canonical !== undefined) {
    throw redirect(`${VALUATION_PATH}?${view.canonical}`, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
  }
  const { query } = view;
  return data(
    {
      site: { title: getTheme().title, agencyName: getTheme().agencyName },
      canonicalUrl: `${siteOrigin(request)}${VALUATION_PATH}`,
      // The catalogue's choices (bounded): types, cities and their neighbourhoods.
      vocabulary: publicVocabulary(view.vocabulary),
      values: query.values,
      errors: query.status === "invalid" ? query.errors : {},
      subject: query.status === "valid" ? { purpose: query.input.purpose, area: query.input.area } : null,
      labels: view.labels,
      estimate: view.estimate,
      tokens: leadFormTokens(),
    },
    { status: query.status === "invalid" ? 400 : 200, headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

export const headers = publicPageHeaders;

/** The contact step: a `valuation` lead (see `~/.server/valuation/contact`). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleValuationContact(request, { clientIp: context.clientIp });
}

/** Title, description and canonical; an estimate's URL is not indexed (its canonical is the blank page). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return matches.flatMap((match) => match.meta ?? []);
  const tags = pageMeta({
    title: `Quanto vale meu imóvel? | ${data.site.title}`,
    description: `Descubra na hora uma faixa de preço para vender ou alugar seu imóvel, calculada com os anúncios da ${data.site.agencyName}, e peça a avaliação de um corretor.`,
    canonicalUrl: data.canonicalUrl,
  });
  return Object.keys(data.values).length ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function ValuationPage() {
  const data = useLoaderData<typeof loader>();
  const refusal = useActionData<ValuationContactData>();
  return (
    <div className={container}>
      <header className={v.intro}>
        <h1>Quanto vale meu imóvel?</h1>
        <p className={v.muted}>
          Informe os dados do imóvel e veja na hora uma faixa de preço, calculada com imóveis semelhantes anunciados
          pela {data.site.agencyName}. Depois, se quiser, peça a avaliação gratuita de um corretor.
        </p>
      </header>
      <div className={v.layout}>
        <EstimateForm vocabulary={data.vocabulary} values={data.values} errors={data.errors} />
        {data.estimate && data.labels && data.subject ? (
          <div className={v.column}>
            <ValuationResult
              estimate={data.estimate}
              labels={data.labels}
              rent={data.subject.purpose === "aluguel"}
              area={data.subject.area}
            />
            <ContactForm
              tokens={data.tokens}
              property={data.values}
              refusal={refusal}
              hasEstimate={data.estimate.status === "estimate"}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
