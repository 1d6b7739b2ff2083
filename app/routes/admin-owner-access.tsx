/**
 * `/admin/acessos` ("Acessos a dados de proprietários"; LGPD art. 37;
 * ADR 0022): the record of who read a listing's owner data (owner name and
 * phone, notes, prontuário), when and from where. Filters by user (e-mail or
 * uid), listing code, São Paulo date range and "recusados" (a GET form, so
 * every view has a URL), 50 per page, newest first; above the list, the users
 * with the most distinct listings under the same filters. Read-only. Admin
 * only, revocation checked; never cached.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { listOwnerDataAccess, summarizeOwnerDataAccess } from "~/.server/broker/owner-access";
import { getConfig } from "~/.server/config";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { Pagination } from "~/components/pagination";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import {
  formatSaoPauloSeconds,
  ownerAccessFilterQuery,
  parseOwnerAccessFilters,
  REFUSED_ONLY,
  shortUserAgent,
} from "~/lib/owner-access";
import { button } from "~/styles/ui.css";
import { ADMIN_OWNER_ACCESS_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (admin, revocation checked), then the filtered page of the log and the per-user summary. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  const filters = parseOwnerAccessFilters(new URL(request.url).searchParams);
  const [page, summary] = await Promise.all([listOwnerDataAccess(filters), summarizeOwnerDataAccess(filters)]);
  return json({ filters, page, summary, limitPerHour: getConfig().OWNER_DATA_LIMIT_PER_HOUR }, { headers: PRIVATE });
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [
  { title: "Acessos a dados de proprietários | Administração" },
  { name: "robots", content: "noindex" },
];

/** The page of `?…` with these filters plus `changes` (a value of "" removes the key). */
function withFilters(query: URLSearchParams, changes: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.toString();
  return search ? `${ADMIN_OWNER_ACCESS_PATH}?${search}` : ADMIN_OWNER_ACCESS_PATH;
}

/** The access log page. */
export default function AdminOwnerAccessPage() {
  const { filters, page, summary, limitPerHour } = useLoaderData<typeof loader>();
  const query = ownerAccessFilterQuery(filters);
  const filtered = query.toString() !== "";
  const pageLink = (n: number) => withFilters(query, { pagina: n > 1 ? String(n) : "" });

  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Acessos a dados de proprietários</h1>
        <p className={s.muted}>
          Cada vez que alguém abre os dados internos de um imóvel (proprietário, telefone, observações, prontuário), o
          acesso fica registrado aqui (LGPD, art. 37).{" "}
          {limitPerHour > 0
            ? `Cada usuário pode abrir até ${limitPerHour} ${limitPerHour === 1 ? "imóvel diferente" : "imóveis diferentes"} por hora; acima disso o acesso é recusado e também registrado.`
            : "Não há limite de imóveis por hora."}
        </p>
      </header>

      <Form method="get" className={s.filters} aria-label="Filtros">
        <div className={s.field}>
          <label htmlFor="filtro-usuario" className={s.label}>
            Usuário (e-mail ou uid)
          </label>
          <input
            id="filtro-usuario"
            name="usuario"
            defaultValue={filters.usuario ?? ""}
            maxLength={320}
            className={s.control}
          />
        </div>
        <div className={s.field}>
          <label htmlFor="filtro-imovel" className={s.label}>
            Código do imóvel
          </label>
          <input
            id="filtro-imovel"
            name="imovel"
            defaultValue={filters.imovel ?? ""}
            maxLength={40}
            className={s.control}
          />
        </div>
        <div className={s.field}>
          <label htmlFor="filtro-de" className={s.label}>
            De
          </label>
          <input id="filtro-de" type="date" name="de" defaultValue={filters.de ?? ""} className={s.control} />
        </div>
        <div className={s.field}>
          <label htmlFor="filtro-ate" className={s.label}>
            Até
          </label>
          <input id="filtro-ate" type="date" name="ate" defaultValue={filters.ate ?? ""} className={s.control} />
        </div>
        <label className={s.checkbox}>
          <input
            type="checkbox"
            name="situacao"
            value={REFUSED_ONLY}
            defaultChecked={filters.situacao === REFUSED_ONLY}
          />
          Somente recusados
        </label>
        <div className={s.row}>
          <button type="submit" className={button.dark}>
            Filtrar
          </button>
          <Link to={ADMIN_OWNER_ACCESS_PATH} className={button.ghost}>
            Limpar
          </Link>
        </div>
      </Form>

      <section aria-labelledby="resumo-usuarios">
        <h2 id="resumo-usuarios" className={s.heading}>
          Usuários com mais imóveis consultados{filtered ? " (com estes filtros)" : ""}
        </h2>
        {summary.length === 0 ? (
          <p className={s.muted}>Nenhum acesso registrado.</p>
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="resumo-acessos">
              <thead>
                <tr>
                  <th className={s.cell}>Usuário</th>
                  <th className={s.cell}>Imóveis diferentes</th>
                  <th className={s.cell}>Acessos</th>
                  <th className={s.cell}>Recusados</th>
                  <th className={s.cell}>Último acesso</th>
                </tr>
              </thead>
              <tbody>
                {summary.map((user) => (
                  <tr key={user.uid}>
                    <td className={s.cell}>
                      <Link to={withFilters(query, { usuario: user.uid, pagina: "" })} title={`uid ${user.uid}`}>
                        {user.email || user.uid}
                      </Link>
                    </td>
                    <td className={s.cell}>{user.listings}</td>
                    <td className={s.cell}>{user.views}</td>
                    <td className={s.cell}>{user.refused}</td>
                    <td className={`${s.cell} ${s.nowrap}`}>{formatSaoPaulo(user.lastAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="acessos">
              <thead>
                <tr>
                  <th className={s.cell}>Data e hora</th>
                  <th className={s.cell}>Usuário</th>
                  <th className={s.cell}>Imóvel</th>
                  <th className={s.cell}>IP</th>
                  <th className={s.cell}>Navegador</th>
                  <th className={s.cell}>Situação</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((entry) => (
                  <tr key={entry.id} data-testid="acesso">
                    <td className={`${s.cell} ${s.nowrap}`}>
                      <time dateTime={entry.at}>{formatSaoPauloSeconds(entry.at)}</time>
                    </td>
                    <td className={s.cell}>
                      <Link to={withFilters(query, { usuario: entry.uid, pagina: "" })} title={`uid ${entry.uid}`}>
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
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <Pagination page={page.page} pageCount={page.pageCount} hrefFor={pageLink} />
    </div>
  );
}
