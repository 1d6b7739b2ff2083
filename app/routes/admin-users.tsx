/**
 * `/admin/usuarios` (docs/product.md "Usuários: list, create (invite by
 * e-mail), edit, delete, promote to admin"; ADR 0018): the users with search
 * (name or e-mail), sort and pages of 20 (GET form, query string `q`,
 * `ordem`, `pagina`); a form to invite one (Firebase account without password
 * + e-mail with a link to create it); `?editar=<uid>` opens the edit form
 * (name, phone, role, Vista broker code) and the user's active sessions
 * (docs/decisions/0020-server-side-sessions.md). Per user: ativar /
 * desativar, promover a administrador, reenviar convite, excluir. Firebase
 * and the table stay consistent (`~/.server/users/manage`). Admin only;
 * never cached; works without JavaScript; bad input → 400 with pt-BR
 * messages beside the fields. The intents are handled in
 * `admin-users.server.ts`.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { AdminPageHeader } from "~/components/admin-nav";
import { EditForm, InviteForm } from "~/components/admin-user-forms";
import { UserRow } from "~/components/admin-user-row";
import { SessionList } from "~/components/admin-user-sessions";
import * as s from "~/components/admin.css";
import * as u from "~/components/admin-users.css";
import { Field, FormAlert, SelectField } from "~/components/forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { ADMIN_USERS_PATH } from "~/lib/paths";
import { USER_SORT_LABELS, USER_SORTS, type UserSort } from "~/lib/users";
import { adminMeta } from "~/lib/meta";
import { button } from "~/styles/ui.css";
import { loadUsersPage, runUsersIntent, type UsersActionData } from "./admin-users.server";

/** Guard (admin), then one page of users, the one being edited and that user's active sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireRole(request, "admin");
  return data(await loadUsersPage(request, admin), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Usuários");

/** Guard (admin, revocation checked), Origin check, then the posted intent (see `runUsersIntent`). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPost(request);
  return runUsersIntent(request, admin);
}

/** This page with the query `query` at page `page` (defaults left out). */
function listLink(query: { q: string; ordem: UserSort }, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.ordem !== "nome") params.set("ordem", query.ordem);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `${ADMIN_USERS_PATH}?${search}` : ADMIN_USERS_PATH;
}

function SearchForm({ query }: { query: { q: string; ordem: UserSort } }) {
  return (
    <Form method="get" className={s.filters} aria-label="Busca">
      <Field
        label="Buscar"
        className={s.field}
        inputProps={{
          id: "busca-usuario",
          name: "q",
          type: "search",
          defaultValue: query.q,
          placeholder: "Nome ou e-mail",
        }}
      />
      <SelectField
        label="Ordenar por"
        className={s.field}
        selectProps={{ id: "ordem-usuario", name: "ordem", defaultValue: query.ordem }}
      >
        {USER_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {USER_SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className={button.outline}>
        Aplicar
      </button>
    </Form>
  );
}

function Pager({ query, page, pageCount }: { query: { q: string; ordem: UserSort }; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav className={s.pager} aria-label="Páginas">
      {page > 1 ? (
        <Link to={listLink(query, page - 1)} className={button.outline} rel="prev">
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className={s.muted}>
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={listLink(query, page + 1)} className={button.outline} rel="next">
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The users page. */
export default function AdminUsersPage() {
  const { page, query, editing, sessions, self } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as UsersActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const here = listLink(query, page.page);
  const editLink = (uid: string) => `${here}${here.includes("?") ? "&" : "?"}editar=${encodeURIComponent(uid)}`;

  return (
    <div className={s.page}>
      <AdminPageHeader title="Usuários">
        Quem entra na área do corretor. Corretores veem o painel e os dados privados dos imóveis; administradores também
        gerenciam o site.
      </AdminPageHeader>

      <FormAlert message={actionData?.error} className={s.alert} />

      {editing ? (
        <>
          <EditForm
            key={editing.uid}
            user={editing}
            lastResult={actionData?.form === "edit" ? actionData.result : null}
            busy={busy}
            cancelTo={here}
          />
          <SessionList uid={editing.uid} email={editing.email} sessions={sessions} busy={busy} />
        </>
      ) : (
        // A new key after a successful invitation (the count changes) empties the form.
        <InviteForm
          key={`convite-${page.total}`}
          lastResult={actionData?.form === "invite" ? actionData.result : null}
          busy={busy}
        />
      )}

      <SearchForm query={query} />

      <section aria-labelledby="usuarios-titulo" className={s.page}>
        <h2 id="usuarios-titulo" className={u.sectionTitle}>
          {page.total === 0 ? "Nenhum usuário encontrado" : page.total === 1 ? "1 usuário" : `${page.total} usuários`}
        </h2>
        <ul className={s.list}>
          {page.users.map((user) => (
            <UserRow key={user.uid} user={user} self={user.uid === self} editTo={editLink(user.uid)} busy={busy} />
          ))}
        </ul>
      </section>

      <Pager query={query} page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
