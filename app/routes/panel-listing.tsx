/**
 * `/painel/imovel/{codigo}`: the private data of one listing
 * (owner, owner phone, notes, prontuário), fetched live from Vista; the page
 * behind the listing page's private panel without JavaScript (its JSON twin is
 * `/painel/imovel/{codigo}/dados`). Agent or admin only, with a revocation
 * check; every view recorded in the owner-data access log, and over the
 * hourly limit a 429 whose page says until when (ADR 0022); always
 * `Cache-Control: private, no-store`. Below, the owner's report links
 * (ADR 0083): create one (shown once, with WhatsApp and e-mail buttons),
 * see their openings, revoke one.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { servePrivateListing } from "~/.server/broker/private-listing";
import { ownerReportAction, ownerReportLinks } from "~/.server/owner-report/panel";
import { OwnerReportLinks } from "~/components/owner-report-links";
import { PrivateListingDetails } from "~/components/private-listing";
import type { PrivateListingData } from "~/domain/listing";
import { listingLookupSchema } from "~/lib/auth-forms";
import { pageNotFound } from "~/lib/errors";
import * as f from "~/components/auth-form.css";
import * as s from "~/components/private-listing.css";
import { container } from "~/styles/ui.css";
import { privatePage } from "~/lib/cache-control";
import { PANEL_PATH } from "~/lib/paths";

/**
 * Guard (with revocation check), then the logged and limited Vista read, and
 * the listing's owner-report links. 404 for a malformed code.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true });
  const served = await servePrivateListing(request, params.codigo, { user, clientIp: context.clientIp });
  const listing = (await served.json()) as PrivateListingData;
  const reports = listing.publicPath ? await ownerReportLinks(listing.code, user) : [];
  return data(
    { ...listing, reports, now: new Date().toISOString() },
    { status: served.status, headers: served.headers },
  );
}

/** The owner-report forms (create, revoke): guarded like the page; 404 for a malformed code. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true });
  const parsed = listingLookupSchema.safeParse({ codigo: params.codigo ?? "" });
  if (!parsed.success) throw pageNotFound(new URL(request.url).pathname);
  return ownerReportAction(request, parsed.data.codigo, user);
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
  const actionData = useActionData<typeof action>();
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
      {data.publicPath ? (
        <div className={s.panel}>
          <OwnerReportLinks links={data.reports} actionData={actionData} now={data.now} />
        </div>
      ) : null}
    </div>
  );
}
