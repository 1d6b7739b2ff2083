/**
 * `/admin/acessos` ("Acessos a dados de proprietários"; LGPD art. 37;
 * ADR 0022): the record of who read a listing's owner data (owner name and
 * phone, notes, prontuário), when and from where. Filters by user (e-mail or
 * uid), listing code, São Paulo date range and "recusados" (a GET form, so
 * every view has a URL), 50 per page, newest first; above the list, the users
 * with the most distinct listings under the same filters. Read-only. Admin
 * only, revocation checked; never cached.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { listOwnerDataAccess, summarizeOwnerDataAccess } from "~/.server/broker/owner-access";
import { getConfig } from "~/.server/config";
import {
  AdminFilterBar,
  AdminPager,
  AdminTable,
  DateRangeFields,
  FilterInput,
  filterHref,
} from "~/components/admin-list";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { CheckboxField } from "~/components/forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import {
  formatSaoPauloSeconds,
  ownerAccessFilterQuery,
  parseOwnerAccessFilters,
  REFUSED_ONLY,
  shortUserAgent,
} from "~/lib/owner-access";
import { ADMIN_OWNER_ACCESS_PATH } from "~/lib/paths";
import { adminMeta } from "~/lib/meta";

/** Guard (admin, revocation checked), then the filtered page of the log and the per-user summary. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  const filters = parseOwnerAccessFilters(new URL(request.url).searchParams);
  const [page, summary] = await Promise.all([listOwnerDataAccess(filters), summarizeOwnerDataAccess(filters)]);
  return data(
    { filters, page, summary, limitPerHour: getConfig().OWNER_DATA_LIMIT_PER_HOUR },
    { headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Acessos a dados de proprietários");

/** The log filtered by one user (first page), linked from a user's e-mail. */
function userHref(query: URLSearchParams, uid: string): string {
  return filterHref(ADMIN_OWNER_ACCESS_PATH, query, { usuario: uid, pagina: "" });
}

/** The access log page. */
export default function AdminOwnerAccessPage() {
  const { filters, page, summary, limitPerHour } = useLoaderData<typeof loader>();
  const query = ownerAccessFilterQuery(filters);
  const filtered = query.toString() !== "";

  return (
    <div className={s.page}>
      <AdminPageHeader title="Acessos a dados de proprietários">
        Cada vez que alguém abre os dados internos de um imóvel (proprietário, telefone, observações, prontuário), o
        acesso fica registrado aqui (LGPD, art. 37).{" "}
        {limitPerHour > 0
          ? `Cada usuário pode abrir até ${limitPerHour} ${limitPerHour === 1 ? "imóvel diferente" : "imóveis diferentes"} por hora; acima disso o acesso é recusado e também registrado.`
          : "Não há limite de imóveis por hora."}
      </AdminPageHeader>

      <AdminFilterBar clearTo={ADMIN_OWNER_ACCESS_PATH}>
        <FilterInput
          label="Usuário (e-mail ou uid)"
          id="filtro-usuario"
          name="usuario"
          value={filters.usuario}
          maxLength={320}
        />
        <FilterInput label="Código do imóvel" id="filtro-imovel" name="imovel" value={filters.imovel} maxLength={40} />
        <DateRangeFields de={filters.de} ate={filters.ate} />
        <CheckboxField
          label="Somente recusados"
          inputProps={{
            id: "filtro-situacao",
            name: "situacao",
            value: REFUSED_ONLY,
            defaultChecked: filters.situacao === REFUSED_ONLY,
          }}
        />
      </AdminFilterBar>

      <section aria-labelledby="resumo-usuarios">
        <h2 id="resumo-usuarios" className={s.heading}>
          Usuários com mais imóveis consultados{filtered ? " (com estes filtros)" : ""}
        </h2>
        {summary.length === 0 ? (
          <p className={s.muted}>Nenhum acesso registrado.</p>
        ) : (
          <AdminTable
            columns={["Usuário", "Imóveis diferentes", "Acessos", "Recusados", "Último acesso"]}
            testId="resumo-acessos"
          >
            {summary.map((user) => (
              <tr key={user.uid}>
                <td className={s.cell}>
                  <Link to={userHref(query, user.uid)} title={`uid ${user.uid}`}>
                    {user.email || user.uid}
                  </Link>
                </td>
                <td className={s.cell}>{user.listings}</td>
                <td className={s.cell}>{user.views}</td>
                <td className={s.cell}>{user.refused}</td>
                <td className={`${s.cell} ${s.nowrap}`}>{formatSaoPaulo(user.lastAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="lista-acessos">
        <h2 id="lista-acessos" className={s.heading}>
          Acessos
        </h2>
        <p className={s.muted}>
          {page.total === 0 ? "Nenhum acesso" : page.total === 1 ? "1 acesso" : `${page.total} acessos`}
          {filtered ? " com estes filtros" : ""}, do mais recente ao mais antigo. Horários de Brasília.
        </p>
        {page.items.length ? (
          <AdminTable columns={["Data e hora", "Usuário", "Imóvel", "IP", "Navegador", "Situação"]} testId="acessos">
            {page.items.map((entry) => (
              <tr key={entry.id} data-testid="acesso">
                <td className={`${s.cell} ${s.nowrap}`}>
                  <time dateTime={entry.at}>{formatSaoPauloSeconds(entry.at)}</time>
                </td>
                <td className={s.cell}>
                  <Link to={userHref(query, entry.uid)} title={`uid ${entry.uid}`}>
                    {entry.email || entry.uid}
                  </Link>
                </td>
                <td className={`${s.cell} ${s.nowrap}`}>
                  {entry.listingPath ? <Link to={entry.listingPath}>{entry.listingCode}</Link> : entry.listingCode}
                </td>
                <td className={`${s.cell} ${s.nowrap}`}>{entry.ip || "—"}</td>
                <td className={s.cell} title={entry.userAgent || undefined}>
                  {entry.userAgent ? shortUserAgent(entry.userAgent) : "—"}
                </td>
                <td className={`${s.cell} ${s.nowrap}`}>
                  {entry.allowed ? (
                    "Permitido"
                  ) : (
                    <span className={`${s.badge} ${s.badgeTone.novo}`}>Recusado (limite)</span>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
      </section>

      <AdminPager basePath={ADMIN_OWNER_ACCESS_PATH} query={query} page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
