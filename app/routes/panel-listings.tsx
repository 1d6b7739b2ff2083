/**
 * `/painel/imoveis`, "Meus imóveis" (docs/decisions/0082-broker-listings-page.md):
 * every active listing whose Vista broker code is the user's, with their
 * true number, 25 a page (`?pagina=`, beyond the last: the last), a search
 * (`?q=`: code, neighbourhood or title) and per listing the views, leads and
 * visits of the last 30 days. Admins may pick any broker (`?corretor=`);
 * an agent asking for another broker's code gets 403. Agent or admin only;
 * never cached. Works without JavaScript (GET forms and links).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { loadMyListings } from "~/.server/broker/my-listings";
import { getBrokerDirectory } from "~/.server/catalogue/brokers";
import { getDb } from "~/.server/db";
import { BrokerListingsTable } from "~/components/broker-listings-table";
import * as s from "~/components/broker-listings.css";
import { Field, SelectField } from "~/components/forms";
import { Pagination } from "~/components/pagination";
import * as p from "~/components/private-listing.css";
import * as f from "~/components/auth-form.css";
import {
  BROKER_LISTINGS_PAGE_SIZE,
  BROKER_LISTINGS_QUERY_MAX,
  brokerListingsHref,
  parseBrokerListingsQuery,
} from "~/lib/broker-listings";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatCount, plural } from "~/lib/format";
import { ADMIN_PATH, PANEL_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";

/** Guard, query, then the chosen broker's page of listings (see the module comment). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent");
  const isAdmin = user.role === "admin";
  const { query, errors } = parseBrokerListingsQuery(new URL(request.url).searchParams);
  if (!isAdmin && query.corretor !== undefined && query.corretor !== user.brokerCode)
    throw new Response("Forbidden", { status: 403, headers: privatePage() });
  const brokerCode = (isAdmin ? query.corretor : undefined) ?? user.brokerCode;
  const db = getDb().db;
  const brokers = isAdmin
    ? (await getBrokerDirectory({ db })).brokers.map((broker) => ({
        code: broker.code,
        name: broker.name || "Sem nome",
        label: `${broker.name || "Sem nome"} (código ${broker.code}) · ${plural(broker.activeListings, "imóvel", "imóveis")}`,
      }))
    : null;
  const listing = brokerCode ? await loadMyListings(db, brokerCode, { q: query.q, page: query.pagina }) : null;
  return data(
    { isAdmin, ownCode: user.brokerCode, brokerCode, brokers, query, errors, listing },
    { status: errors.q || errors.corretor ? 400 : 200, headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Meus imóveis" }, { name: "robots", content: "noindex" }];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** "24/11/2026" of `YYYY-MM-DD`. */
function brazilianDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** The GET form: the search, and for admins the broker. */
function SearchForm({ data }: { data: Data }) {
  const { brokers, brokerCode, query, errors } = data;
  const options =
    brokers && brokerCode && !brokers.some((b) => b.code === brokerCode)
      ? [...brokers, { code: brokerCode, name: "Corretor", label: `Código ${brokerCode}` }]
      : (brokers ?? []);
  return (
    <Form method="get" className={s.search} aria-label="Buscar nos meus imóveis">
      {brokers ? (
        <SelectField
          label="Corretor"
          className={s.searchField}
          errors={[errors.corretor]}
          selectProps={{ id: "corretor", name: "corretor", defaultValue: brokerCode ?? "" }}
        >
          <option value="">Escolha um corretor</option>
          {options.map((broker) => (
            <option key={broker.code} value={broker.code}>
              {broker.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Field
        label="Código, bairro ou título"
        className={s.searchField}
        errors={[errors.q]}
        inputProps={{
          id: "q",
          name: "q",
          type: "search",
          defaultValue: query.q ?? "",
          maxLength: BROKER_LISTINGS_QUERY_MAX,
          autoComplete: "off",
        }}
      />
      <button type="submit" className={button.dark}>
        Buscar
      </button>
      {query.q ? (
        <Link to={brokerListingsHref({ corretor: query.corretor })} className={button.ghost}>
          Limpar busca
        </Link>
      ) : null}
    </Form>
  );
}

/** Why there is no list: no broker code, no listing, or nothing found. */
function EmptyState({ data }: { data: Data }) {
  const { isAdmin, brokerCode, ownCode, listing, query } = data;
  if (!brokerCode)
    return isAdmin ? (
      <p className={s.muted}>
        Sua conta de administrador não está ligada a um código de corretor do Vista. Escolha um corretor acima ou{" "}
        <Link to={ADMIN_PATH}>vá para a administração</Link>.
      </p>
    ) : (
      <p className={s.muted}>Sua conta não está ligada a um código de corretor do Vista. Fale com o administrador.</p>
    );
  if (listing?.total === 0)
    return (
      <p className={s.muted}>
        {brokerCode === ownCode
          ? "Nenhum imóvel ativo com o seu código de corretor."
          : `Nenhum imóvel ativo com o código de corretor ${brokerCode}.`}
      </p>
    );
  return (
    <p className={s.muted} role="status">
      Nenhum imóvel encontrado para “{query.q}”.{" "}
      <Link to={brokerListingsHref({ corretor: query.corretor })}>Ver todos</Link>
    </p>
  );
}

/** "Meus imóveis". */
export default function PanelListingsPage() {
  const data = useLoaderData<typeof loader>();
  const { listing, query, brokerCode, ownCode } = data;
  const first = listing ? (listing.page - 1) * BROKER_LISTINGS_PAGE_SIZE + 1 : 0;
  const last = listing ? first + listing.rows.length - 1 : 0;
  const matchText =
    listing && query.q ? `${plural(listing.matching, "encontrado", "encontrados")} para “${query.q}” · ` : "";
  return (
    <div className={`${container} ${p.page}`}>
      <header className={s.summary}>
        <h1 className={f.title}>Meus imóveis</h1>
        {listing ? (
          <p className={s.total} data-testid="total-imoveis">
            {plural(listing.total, "imóvel", "imóveis")}
          </p>
        ) : null}
        {brokerCode && brokerCode !== ownCode ? (
          <p className={s.muted}>
            {data.brokers?.find((broker) => broker.code === brokerCode)?.name ?? "Corretor"} · código Vista {brokerCode}
          </p>
        ) : null}
        <p className={s.muted}>
          <Link to={PANEL_PATH}>Voltar ao painel</Link>
        </p>
      </header>

      <SearchForm data={data} />

      {listing && listing.rows.length > 0 ? (
        <section aria-label="Lista de imóveis" className={p.page}>
          <p className={s.muted}>
            Visualizações, leads e visitas de {brazilianDate(listing.from)} a {brazilianDate(listing.to)} (30 dias),
            medidos pelo site. Visitas: leads do imóvel hoje com visita agendada. Favoritos: ainda não medidos (a lista
            de favoritos fica só no navegador do visitante).
          </p>
          <BrokerListingsTable
            rows={listing.rows}
            caption={`${matchText}${formatCount(first)} a ${formatCount(last)} de ${formatCount(listing.matching)} · página ${formatCount(listing.page)} de ${formatCount(listing.pageCount)}`}
          />
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(page) => brokerListingsHref({ ...query, pagina: page })}
          />
        </section>
      ) : (
        <EmptyState data={data} />
      )}
    </div>
  );
}
