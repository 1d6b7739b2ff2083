/**
 * `/painel/imovel/{codigo}` (issue 5 item 6): the private data of one listing
 * (owner, owner phone, notes, prontuário), fetched live from Vista; the page
 * behind the listing page's private panel without JavaScript (its JSON twin is
 * `/painel/imovel/{codigo}/dados`). Agent or admin only, with a revocation
 * check; always `Cache-Control: private, no-store`.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { loadPrivateListingData } from "~/.server/broker/private-listing";
import { PrivateListingDetails } from "~/components/private-listing";
import * as f from "~/components/auth-form.css";
import * as s from "~/components/private-listing.css";
import { PANEL_PATH } from "~/lib/auth";
import { container } from "~/styles/ui.css";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (with revocation check), then Vista. 404 for a malformed code. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "agent", { checkRevoked: true });
  return json(await loadPrivateListingData(request, params.codigo), { headers: PRIVATE });
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Dados internos do imóvel ${data?.code ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The private data page. */
export default function PanelListingPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${s.page}`}>
      <p className={s.muted}>
        <Link to={PANEL_PATH}>Painel do corretor</Link>
        {data.publicPath ? (
          <>
            {" · "}
            <Link to={data.publicPath}>Página pública do imóvel</Link>
          </>
        ) : null}
      </p>
      <section className={s.panel} aria-labelledby="dados-internos">
        <span className={s.badge}>Área do corretor · visível só para você</span>
        <h1 id="dados-internos" className={f.title}>
          Dados internos do imóvel {data.code}
        </h1>
        {data.listing ? <PrivateListingDetails listing={data.listing} /> : <p className={s.muted}>{data.error}</p>}
      </section>
    </div>
  );
}
