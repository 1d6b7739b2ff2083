/**
 * `/obrigado` (docs/spec.txt §2 "thank-you page"): where a contact form lands after a
 * successful submission without JavaScript. `?assunto=`
 * (vender | informacoes | aviso | lgpd) picks the text; `?imovel=<code>` links back
 * to the listing. Not indexed; no visitor data is read or shown.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { findListingPathByCode } from "~/.server/catalogue/search";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { SuccessIcon } from "~/components/icons";
import { button, container } from "~/styles/ui.css";
import { LISTINGS_PATH } from "~/lib/paths";
import * as s from "./thank-you.css";

/** What the visitor sent, from `?assunto=` (anything else: a generic thank-you). */
const subjectSchema = z.enum(["vender", "informacoes", "aviso", "lgpd", "contato"]).catch("contato");

/** Text of each subject: what happens next. */
const TEXTS = {
  vender: {
    title: "Recebemos seu pedido de avaliação!",
    text: "Um corretor vai ligar para você em breve, em horário comercial, para conhecer seu imóvel e combinar a avaliação.",
  },
  informacoes: {
    title: "Recebemos sua mensagem!",
    text: "Um corretor vai responder em breve pelo telefone ou e-mail que você informou.",
  },
  aviso: {
    title: "Aviso cadastrado!",
    text: "Vamos avisar você assim que surgirem unidades disponíveis neste condomínio.",
  },
  lgpd: {
    title: "Recebemos sua solicitação!",
    text: "Enviamos uma confirmação para o seu e-mail. Vamos responder em até 15 dias, como determina a LGPD (art. 19, II).",
  },
  contato: {
    title: "Obrigado pelo contato!",
    text: "Recebemos seus dados e vamos responder em breve.",
  },
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const subject = subjectSchema.parse(url.searchParams.get("assunto") ?? "");
  const code = (url.searchParams.get("imovel") ?? "").trim();
  const listingPath = /^[A-Za-z0-9_-]{1,30}$/.test(code) ? await findListingPathByCode(code) : null;
  return data(
    { site: { title: getTheme().title }, subject, listing: listingPath ? { code, path: listingPath } : null },
    { headers: { "Cache-Control": "public, max-age=300", "X-Robots-Tag": "noindex" } },
  );
}

/** Keeps `private, no-store` when the root consumed a flash cookie; else the loader's. */
export { publicPageHeaders as headers } from "~/lib/cache-control";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Obrigado | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

/** The thank-you panel with the ways on. */
export default function ThankYouPage() {
  const data = useLoaderData<typeof loader>();
  const text = TEXTS[data.subject];
  const actions = [
    data.listing ? (
      <Link className={button.primary} to={data.listing.path}>
        Voltar ao imóvel {data.listing.code}
      </Link>
    ) : null,
    <Link className={data.listing ? button.outline : button.primary} to={LISTINGS_PATH}>
      Ver todos os imóveis
    </Link>,
    <Link className={button.outline} to="/">
      Voltar para o início
    </Link>,
  ].filter((action) => action !== null);
  return (
    <div className={`${container} ${s.page}`}>
      <EmptyState title={text.title} headingLevel={1} icon={<SuccessIcon size={28} />} actions={actions}>
        <p>{text.text}</p>
      </EmptyState>
    </div>
  );
}
