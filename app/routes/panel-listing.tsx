/**
 * `/painel/imovel/{codigo}`: the private data of one listing
 * (owner, owner phone, notes, prontuário), fetched live from Vista; the page
 * behind the listing page's private panel without JavaScript (its JSON twin is
 * `/painel/imovel/{codigo}/dados`). Agent or admin only, with a revocation
 * check; every view recorded in the owner-data access log, and over the
 * hourly limit a 429 whose page says until when (ADR 0022); always
 * `Cache-Control: private, no-store`.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { servePrivateListing } from "~/.server/broker/private-listing";
import { PrivateListingDetails } from "~/components/private-listing";
import * as f from "~/components/auth-form.css";
import * as s from "~/components/private-listing.css";
import { container } from "~/styles/ui.css";
import { privatePage } from "~/lib/cache-control";
import { PANEL_PATH } from "~/lib/paths";

/** Guard (with revocation check), then the logged and limited Vista read. 404 for a malformed code. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true });
  return servePrivateListing(request, params.codigo, { user, clientIp: context.clientIp });
}

/** Never cached; a refusal by the hourly limit keeps its `Retry-After`. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return privatePage(retryAfter ? { "Retry-After": retryAfter } : {});
};

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
