/**
 * `/admin/redirecionamentos` (docs/spec.txt §2 "route rules"): the
 * route rules — from-path, target (site path or absolute URL), 301/302,
 * active — with a form to add or edit one (`?editar=<id>`), and buttons to
 * turn a rule on or off and to delete it. Validation (one zod schema,
 * `~/lib/redirects`) shows pt-BR messages beside each field; the server also
 * refuses a duplicate from-path and a rule that would close a cycle. A save
 * applies at once (cache reload, page cache emptied). Admin only; never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { FormAlert } from "~/components/forms";
import { RedirectRuleForm, RedirectRuleItem } from "~/components/redirect-rules";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { adminMeta } from "~/lib/meta";
import { handleRedirectAction, redirectsPageData } from "./admin-redirects.server";

/** Guard (admin), then every rule and the one being edited (`?editar=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(await redirectsPageData(request), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Redirecionamentos");

/**
 * Guard (admin, revocation checked), Origin check, then `save` (Conform
 * submission: 400 with field errors, or a redirect with a toast), `toggle`
 * or `delete` (`./admin-redirects.server`).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPost(request);
  return handleRedirectAction(await request.formData());
}

/** The rules page. */
export default function AdminRedirectsPage() {
  const { rules, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <div className={s.page}>
      <AdminPageHeader title="Redirecionamentos">
        Quem abrir o caminho de origem vai para o destino. Use 301 para mudanças definitivas e 302 para temporárias.
        Caminhos da administração, do login e do sistema não podem ser redirecionados.
      </AdminPageHeader>

      <FormAlert className={s.alert} message={actionData?.error} />

      <RedirectRuleForm editing={editing} lastResult={actionData?.result} busy={busy} />

      <section aria-labelledby="regras-titulo" className={s.page}>
        <h2 id="regras-titulo" className={s.heading}>
          {rules.length === 0
            ? "Nenhum redirecionamento cadastrado"
            : rules.length === 1
              ? "1 redirecionamento"
              : `${rules.length} redirecionamentos`}
        </h2>
        <ul className={s.list}>
          {rules.map((rule) => (
            <RedirectRuleItem key={rule.id} rule={rule} busy={busy} />
          ))}
        </ul>
      </section>
    </div>
  );
}
