/**
 * `/painel` (docs/product.md "Broker area", agent middleware): the
 * broker's home: "Meus imóveis" (active listings whose Vista broker code is
 * the user's) and a quick lookup by listing code that opens its private data.
 * Agent or admin only; never cached.
 */
import { type LoaderFunctionArgs, json, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { listBrokerListings } from "~/.server/broker/private-listing";
import { getDb } from "~/.server/db";
import { loadBrokerPanelLeads } from "~/.server/leads/inbox";
import { brokerPanelFigures } from "~/.server/analytics/queries";
import { BrokerListingStats } from "~/components/broker-listing-stats";
import { BrokerLeads } from "~/components/broker-leads";
import * as f from "~/components/auth-form.css";
import { Field } from "~/components/forms";
import * as s from "~/components/private-listing.css";
import { privateListingPath, ROLE_DEFINITIONS } from "~/lib/auth";
import { listingLookupSchema } from "~/lib/auth-forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatPrice } from "~/lib/format";
import { ADMIN_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";

/** Guard, then the lookup redirect (`?codigo=`) or the user's listings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent");
  const url = new URL(request.url);
  let lookupError: string | null = null;
  if (url.searchParams.has("codigo")) {
    const parsed = listingLookupSchema.safeParse({ codigo: url.searchParams.get("codigo") ?? "" });
    if (parsed.success) throw redirect(privateListingPath(parsed.data.codigo), { headers: privatePage() });
    lookupError = parsed.error.issues[0]?.message ?? "Código inválido.";
  }
  const mine = user.brokerCode ? await listBrokerListings(getDb().db, user.brokerCode) : [];
  const leads = await loadBrokerPanelLeads(user);
  const stats = user.brokerCode ? await brokerPanelFigures(user.brokerCode) : null;
  return json(
    {
      user: {
        displayName: user.displayName,
        email: user.email,
        roleLabel: ROLE_DEFINITIONS[user.role].label,
        brokerCode: user.brokerCode,
        isAdmin: user.role === "admin",
      },
      mine,
      lookupError,
      leads,
      stats,
    },
    { headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Painel do corretor" }, { name: "robots", content: "noindex" }];

/** The broker's home. */
export default function PanelPage() {
  const { user, mine, lookupError, leads, stats } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${s.page}`}>
      <header>
        <h1 className={f.title}>Painel do corretor</h1>
        <p className={s.muted}>
          {[user.displayName || user.email, user.roleLabel]
            .filter((part, index, parts) => parts.indexOf(part) === index)
            .join(" · ")}
          {user.brokerCode ? ` · código Vista ${user.brokerCode}` : ""}
        </p>
      </header>

      <section aria-labelledby="busca-codigo">
        <h2 id="busca-codigo" className={s.heading}>
          Consultar um imóvel pelo código
        </h2>
        <Form method="get" className={s.lookup}>
          <Field
            label="Código do imóvel"
            errors={[lookupError]}
            inputProps={{ id: "codigo", name: "codigo", required: true, maxLength: 40, pattern: "[A-Za-z0-9\\-]+" }}
          />
          <button type="submit" className={button.dark}>
            Ver dados internos
          </button>
        </Form>
      </section>

      <section aria-labelledby="meus-imoveis">
        <h2 id="meus-imoveis" className={s.heading}>
          Meus imóveis
        </h2>
        {!user.brokerCode && user.isAdmin ? (
          <p className={s.muted}>
            Sua conta de administrador não está ligada a um código de corretor do Vista.{" "}
            <Link to={ADMIN_PATH}>Ir para a administração</Link>
          </p>
        ) : !user.brokerCode ? (
          <p className={s.muted}>
            Sua conta não está ligada a um código de corretor do Vista. Fale com o administrador.
          </p>
        ) : mine.length === 0 ? (
          <p className={s.muted}>Nenhum imóvel ativo com o seu código de corretor.</p>
        ) : (
          <table className={s.table}>
            <caption className={`${s.muted} ${f.captionStart}`}>
              {mine.length} {mine.length === 1 ? "imóvel" : "imóveis"}
            </caption>
            <thead>
              <tr>
                <th className={s.cell}>Código</th>
                <th className={s.cell}>Imóvel</th>
                <th className={s.cell}>Preço</th>
                <th className={s.cell}>Dados internos</th>
              </tr>
            </thead>
            <tbody>
              {mine.map((listing) => (
                <tr key={listing.code}>
                  <td className={s.cell}>{listing.code}</td>
                  <td className={s.cell}>
                    <Link to={listing.path}>{listing.title}</Link>
                    <br />
                    <span className={s.muted}>
                      {listing.neighbourhood}, {listing.city}
                    </span>
                  </td>
                  <td className={s.cell}>
                    {listing.salePrice
                      ? formatPrice(listing.salePrice)
                      : listing.rentPrice
                        ? `${formatPrice(listing.rentPrice)}/mês`
                        : "—"}
                  </td>
                  <td className={s.cell}>
                    <Link to={privateListingPath(listing.code)}>Ver</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {stats ? <BrokerListingStats {...stats} /> : null}

      <BrokerLeads leads={leads} />
    </div>
  );
}
