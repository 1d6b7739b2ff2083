/**
 * `/admin/membros` (docs/product.md "Membros"): the team members with search,
 * an active/inactive filter and an order (GET form, works without
 * JavaScript), each linking to its edit page; "Novo membro" opens
 * `/admin/membros/novo`. Admin only; never cached.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { listMembers } from "~/.server/members";
import { AdminNav } from "~/components/admin-nav";
import * as m from "~/components/admin-member.css";
import * as s from "~/components/admin.css";
import { Field, SelectField } from "~/components/forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { memberListParams } from "~/lib/members";
import { adminMemberPath, memberPath } from "~/lib/paths";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { adminMeta } from "~/lib/meta";
import { button } from "~/styles/ui.css";

/** Guard (admin), then the members matching the query string (`q`, `status`, `ordem`; bad values fall back to defaults). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const query = memberListParams(new URL(request.url).searchParams);
  const rows = await listMembers(getDb().db, { q: query.q, status: query.status, order: query.ordem });
  return data(
    {
      query,
      members: rows.map((row) => ({
        id: row.id,
        name: row.name,
        title: row.title,
        slug: row.slug,
        email: row.email,
        brokerCode: row.brokerCode,
        active: row.active,
        deleted: row.deletedAt != null,
        hasLogin: row.userUid != null,
        sortOrder: row.sortOrder,
      })),
    },
    { headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Membros");

/** "Nenhum membro encontrado", "1 membro" or "{n} membros". */
function countLabel(count: number): string {
  if (count === 0) return "Nenhum membro encontrado";
  return count === 1 ? "1 membro" : `${count} membros`;
}

/** The members list. */
export default function AdminMembersPage() {
  const { query, members } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminNav />
      <header className={m.headerRow}>
        <div>
          <h1 className={s.title}>Membros</h1>
          <p className={s.muted}>A equipe mostrada em /sobre e nas páginas de cada membro.</p>
        </div>
        <Link to={`${ADMIN_MEMBERS_PATH}/novo`} className={button.dark}>
          Novo membro
        </Link>
      </header>
      <Form method="get" className={s.filters} role="search" aria-label="Filtrar membros">
        <Field
          label="Buscar"
          inputProps={{
            id: "membros-q",
            name: "q",
            type: "search",
            defaultValue: query.q,
            placeholder: "Nome, e-mail, CRECI ou código",
          }}
        />
        <SelectField
          label="Situação"
          selectProps={{ id: "membros-status", name: "status", defaultValue: query.status }}
        >
          <option value="todos">Todos</option>
          <option value="ativos">Ativos</option>
          <option value="inativos">Inativos e excluídos</option>
        </SelectField>
        <SelectField label="Ordem" selectProps={{ id: "membros-ordem", name: "ordem", defaultValue: query.ordem }}>
          <option value="ordem">Ordem no site</option>
          <option value="nome">Nome</option>
          <option value="recentes">Alterados recentemente</option>
        </SelectField>
        <button type="submit" className={button.outline}>
          Filtrar
        </button>
      </Form>
      <section aria-labelledby="membros-titulo" className={s.page}>
        <h2 id="membros-titulo" className={m.sectionTitle}>
          {countLabel(members.length)}
        </h2>
        <ul className={s.list}>
          {members.map((member) => (
            <li key={member.id} className={s.card} data-testid="membro">
              <div className={s.leadHead}>
                <Link to={adminMemberPath(member.id)} className={s.cardLink}>
                  {member.name}
                </Link>
                <span className={s.row}>
                  {member.deleted ? (
                    <span className={`${s.badge} ${s.badgeTone.novo}`}>Excluído</span>
                  ) : (
                    <span className={`${s.badge} ${member.active ? s.badgeTone.sent : s.badgeTone.pending}`}>
                      {member.active ? "Ativo" : "Inativo"}
                    </span>
                  )}
                  {member.hasLogin ? (
                    <span className={`${s.badge} ${s.badgeTone.neutral}`}>Com acesso de corretor</span>
                  ) : null}
                </span>
              </div>
              <p className={s.muted}>
                {[
                  member.title,
                  member.email,
                  member.brokerCode ? `Vista ${member.brokerCode}` : "",
                  `ordem ${member.sortOrder}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {member.active && !member.deleted ? (
                <p className={s.hint}>
                  Página pública: <a href={memberPath(member.slug)}>{memberPath(member.slug)}</a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
