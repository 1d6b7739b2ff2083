/**
 * `/obrigado-whatsapp` (docs/spec.txt §2 "thank-you after a messaging-app contact"):
 * every WhatsApp button of the site points here. The loader
 * records the contact as a lead (listing code, page, UTM parameters), only
 * when the browser opens the page itself (`isTopLevelNavigation`: never for
 * an `<img>` or a fetch from another site), and the
 * page continues at once to `https://wa.me/<number>?text=…` (meta refresh,
 * so it works without JavaScript), with a button in case the browser does not
 * follow. No number to continue to → 404. Never cached, never indexed.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { whatsAppHandOff } from "~/.server/leads/whatsapp";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { WhatsAppIcon } from "~/components/icons";
import * as p from "~/components/detail-page.css";
import { pageNotFound } from "~/lib/errors";
import { button, container } from "~/styles/ui.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const handOff = await whatsAppHandOff(request, { clientIp: context.clientIp });
  if (!handOff) throw pageNotFound(new URL(request.url).pathname);
  return data(
    {
      site: { title: getTheme().title },
      whatsappUrl: handOff.whatsappUrl,
      listing: handOff.listing,
      page: handOff.page,
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

/** Never cached: each visit is one contact. */
export const headers = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

/** The hand-off: continue to WhatsApp right away. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Abrindo o WhatsApp… | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
  ...(data ? [{ httpEquiv: "refresh", content: `0;url=${data.whatsappUrl}` } as const] : []),
];

/** "Obrigado" with the WhatsApp button and the way back. */
export default function ThankYouWhatsAppPage() {
  const data = useLoaderData<typeof loader>();
  const back = data.listing?.path ?? data.page;
  return (
    <div className={container}>
      <EmptyState
        title="Obrigado pelo contato!"
        headingLevel={1}
        icon={<WhatsAppIcon size={28} />}
        actions={[
          <a className={`${button.primary} ${p.whatsapp}`} href={data.whatsappUrl} rel="noopener noreferrer nofollow">
            <WhatsAppIcon size={20} />
            Abrir o WhatsApp
          </a>,
          <Link className={button.outline} to={back}>
            {data.listing ? `Voltar ao imóvel ${data.listing.code}` : "Voltar ao site"}
          </Link>,
        ]}
      >
        <p>
          Estamos abrindo o WhatsApp para você conversar com um corretor
          {data.listing ? ` sobre o imóvel ${data.listing.code}` : ""}. Se nada acontecer, toque no botão abaixo.
        </p>
      </EmptyState>
    </div>
  );
}
