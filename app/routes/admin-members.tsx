/**
 * `/admin/membros` (docs/product.md "Membros"): the team members
 * with search, an active/inactive filter and an order (GET form, works
 * without JavaScript), each linking to its edit page; "Novo membro" opens
 * `/admin/membros/novo`. Admin only; never cached.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { listMembers } from "~/.server/members";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { adminMemberPath, MEMBER_ORDERS, MEMBER_STATUS_FILTERS, memberPath } from "~/lib/members";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { singleLineText } from "~/lib/text-fields";
import { button } from "~/styles/ui.css";

const PRIVATE = { "Cache-Control": "private, no-store" };

const querySchema = z.object({
  q: singleLineText({ max: 100 }).catch(""),
  status: z.enum(MEMBER_STATUS_FILTERS).catch("todos"),
  ordem: z.enum(MEMBER_ORDERS).catch("ordem"),
});

/** Guard (admin), then the members matching the query string (`q`, `status`, `ordem`; bad values fall back to defaults). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse({
    q: params.get("q") ?? "",
    status: params.get("status") ?? undefined,
    ordem: params.get("ordem") ?? undefined,
  });
  const rows = await listMembers(getDb().db, { q: query.q, status: query.status, order: query.ordem });
  return json(
    {
      query,
      members: rows.map((m) => ({
        id: m.id,
        name: m.name,
        title: m.title,
        slug: m.slug,
        email: m.email,
        brokerCode: m.brokerCode,
        active: m.active,
        deleted: m.deletedAt != null,
        hasLogin: m.userUid != null,
        sortOrder: m.sortOrder,
      })),
    },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Membros | Administração" }, { name: "robots", content: "noindex" }];

/** The members list. */
export default function AdminMembersPage() {
  const { query, members } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminNav />
      <header className={s.row} style={{ justifyContent: "space-between" }}>
        <div>
          <h1 className={s.title}>Membros</h1>
          <p className={s.muted}>A equipe mostrada em /sobre e nas páginas de cada membro.</p>
        </div>
        <Link to={`${ADMIN_MEMBERS_PATH}/novo`} className={button.dark}>
          Novo membro
        </Link>
      </header>
      <Form method="get" className={s.filters} role="search" aria-label="Filtrar membros">
        <div className={s.field}>
          <label htmlFor="membros-q" className={s.label}>
            Buscar
          </label>
          <input
            id="membros-q"
            name="q"
            type="search"
            defaultValue={query.q}
            className={s.control}
            placeholder="Nome, e-mail, CRECI ou código"
          />
        </div>
        <div className={s.field}>
          <label htmlFor="membros-status" className={s.label}>
            Situação
          </label>
          <select id="membros-status" name="status" defaultValue={query.status} className={s.control}>
            <option value="todos">Todos</option>
            <option value="ativos">Ativos</option>
            <option value="inativos">Inativos e excluídos</option>
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor="membros-ordem" className={s.label}>
            Ordem
          </label>
          <select id="membros-ordem" name="ordem" defaultValue={query.ordem} className={s.control}>
            <option value="ordem">Ordem no site</option>
            <option value="nome">Nome</option>
            <option value="recentes">Alterados recentemente</option>
          </select>
        </div>
        <button type="submit" className={button.outline}>
          Filtrar
        </button>
      </Form>
      <section aria-labelledby="membros-titulo" className={s.page}>
        <h2 id="membros-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
          {members.length === 0
            ? "Nenhum membro encontrado"
            : members.length === 1
              ? "1 membro"
              : `${members.length} membros`}
        </h2>
        <ul className={s.list}>
          {members.map((m) => (
            <li key={m.id} className={s.card} data-testid="membro">
              <div className={s.leadHead}>
                <Link to={adminMemberPath(m.id)} className={s.cardLink}>
                  {m.name}
                </Link>
                <span className={s.row}>
                  {m.deleted ? (
                    <span className={`${s.badge} ${s.badgeTone.novo}`}>Excluído</span>
                  ) : (
                    <span className={`${s.badge} ${m.active ? s.badgeTone.sent : s.badgeTone.pending}`}>
                      {m.active ? "Ativo" : "Inativo"}
                    </span>
                  )}
                  {m.hasLogin ? (
                    <span className={`${s.badge} ${s.badgeTone.neutral}`}>Com acesso de corretor</span>
                  ) : null}
                </span>
              </div>
              <p className={s.muted}>
                {[m.title, m.email, m.brokerCode ? `Vista ${m.brokerCode}` : "", `ordem ${m.sortOrder}`]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {m.active && !m.deleted ? (
                <p className={s.hint}>
                  Página pública: <a href={memberPath(m.slug)}>{memberPath(m.slug)}</a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
