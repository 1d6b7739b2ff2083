/**
 * `/admin/lgpd` (LGPD art. 18, 19 and 37; ADR 0031): the data subjects'
 * requests received on `/lgpd` with their deadline (15 calendar days, art.
 * 19 II) and status; the search for every record of a person by e-mail or
 * phone (`?q=`, a GET form, so each search has a URL), grouped by source
 * with counts and links to the pages that manage users and members; the
 * JSON and CSV exports; "Anonimizar" and "Excluir" of the person's leads,
 * each with a required reason and a confirming second click; and the audit
 * trail. Works without JavaScript (without it the destructive buttons act on
 * the first click, after the required reason). Admin only, revocation
 * checked for the actions; never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { AdminFilterBar, FilterInput } from "~/components/admin-list";
import { AdminPageHeader } from "~/components/admin-nav";
import { PrivacyAuditTrail, PrivacyRequests, PrivacySearchResult } from "~/components/admin-privacy";
import * as s from "~/components/admin.css";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { ADMIN_PRIVACY_PATH } from "~/lib/paths";
import { adminMeta } from "~/lib/meta";
import { handlePrivacyAction, loadPrivacyPage } from "./admin-privacy.server";

/** Guard (admin), then the requests, the search of `?q=` and the audit trail. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(await loadPrivacyPage(request), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("LGPD: pedidos e dados pessoais");

/** Guard (admin, revocation checked), Origin check, then `anonymise` or `delete` (`./admin-privacy.server`). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPost(request);
  return handlePrivacyAction(await request.formData(), admin);
}
/** The page. */
export default function AdminPrivacyPage() {
  const { q, invalid, requests, search, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";

  return (
    <div className={s.page}>
      <AdminPageHeader title="LGPD: pedidos e dados pessoais">
        Pedidos dos titulares com o prazo legal de resposta (15 dias, LGPD art. 19), busca de todos os registros de uma
        pessoa, exportação, anonimização e exclusão, com o registro de cada ação.
      </AdminPageHeader>

      <PrivacyRequests requests={requests} />

      <section aria-labelledby="busca-titular">
        <h2 id="busca-titular" className={s.heading}>
          Buscar os dados de uma pessoa
        </h2>
        <AdminFilterBar clearTo={ADMIN_PRIVACY_PATH}>
          <FilterInput label="E-mail ou telefone" id="busca-q" name="q" value={q} maxLength={254} />
        </AdminFilterBar>
        {invalid ? (
          <p className={s.error} role="alert">
            Informe um e-mail ou um telefone com DDD, por exemplo (11) 91234-5678.
          </p>
        ) : null}
      </section>

      {search ? <PrivacySearchResult q={q} search={search} busy={busy} actionError={actionData} /> : null}

      <PrivacyAuditTrail audit={audit} />
    </div>
  );
}
