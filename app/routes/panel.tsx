/**
 * `/painel` (agent or admin only): the broker's
 * home opens on "Meus leads" (ADR 0081: the unanswered ones first, each
 * opening its lead page), then a quick lookup by listing code that opens its
 * private data, a link to "Meus imóveis" (`/painel/imoveis`, paged) and the
 * figures of the broker's listings. Agent or admin only; never cached.
 */
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
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
import { PANEL_LISTINGS_PATH, parsePanelPage } from "~/lib/lead-workflow";
import { ADMIN_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";

/** Guard, then the lookup redirect (`?codigo=`) or the user's leads (`?pagina=`) and listing figures. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent");
  const url = new URL(request.url);
  let lookupError: string | null = null;
  if (url.searchParams.has("codigo")) {
    const parsed = listingLookupSchema.safeParse({ codigo: url.searchParams.get("codigo") ?? "" });
    if (parsed.success) throw redirect(privateListingPath(parsed.data.codigo), { headers: privatePage() });
    lookupError = parsed.error.issues[0]?.message ?? "Código inválido.";
  }
  const [leads, stats] = await Promise.all([
    loadBrokerPanelLeads(user, parsePanelPage(url.searchParams)),
    user.brokerCode ? brokerPanelFigures(user.brokerCode) : null,
  ]);
  return data(
    {
      user: {
        displayName: user.displayName,
        email: user.email,
        roleLabel: ROLE_DEFINITIONS[user.role].label,
        brokerCode: user.brokerCode,
        isAdmin: user.role === "admin",
      },
      lookupError,
      leads,
      now: new Date().toISOString(),
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
  const { user, lookupError, leads, now, stats } = useLoaderData<typeof loader>();
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

      <BrokerLeads page={leads} now={now} />

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
          <Link to={PANEL_LISTINGS_PATH}>Meus imóveis</Link>
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
        ) : (
          <p className={s.muted}>Os imóveis ativos com o seu código de corretor, com preço e dados internos.</p>
        )}
      </section>

      <section aria-labelledby="agenda">
        <h2 id="agenda" className={s.heading}>
          <Link to="/painel/agenda">Agenda</Link>
        </h2>
        <p className={s.muted}>Seus horários de visita, os próximos horários livres e as visitas agendadas.</p>
      </section>

      {stats ? <BrokerListingStats {...stats} /> : null}
    </div>
  );
}
