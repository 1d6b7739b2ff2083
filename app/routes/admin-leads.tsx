/**
 * `/admin/leads` (docs/product.md "Leads: inbox with status,
 * assignment, delivery status, export"): the leads inbox. Filters by kind,
 * status, broker and São Paulo date range (a GET form, so every view has a
 * URL), 20 per page, newest first. Each lead shows its contact data, its
 * status with buttons to move it (novo → em atendimento → concluído), its
 * broker with an assignment form, and the delivery state of each channel
 * (ADR 0014) with "Reenviar". Works without JavaScript (POST, then a
 * redirect back with a toast). Admin only; never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { listAssignableUsers, listLeads } from "~/.server/leads/inbox";
import { AdminFilterBar, AdminPager, DateRangeFields, FilterSelect } from "~/components/admin-list";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { LeadInboxCard } from "~/components/lead-inbox-card";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import {
  inboxFilterQuery,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  parseInboxFilters,
  RESPONSE_FILTER_LABELS,
  UNASSIGNED,
} from "~/lib/lead-inbox";
import { formatCount } from "~/lib/format";
import { ADMIN_LEADS_CSV_PATH, ADMIN_LEADS_PATH } from "~/lib/paths";
import { adminMeta } from "~/lib/meta";
import { button } from "~/styles/ui.css";
import { handleInboxAction } from "./admin-leads.server";

/** Guard (admin), then the filtered page of leads and the users a lead can be assigned to. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const [page, assignable] = await Promise.all([listLeads(filters), listAssignableUsers()]);
  return data({ filters, page, assignable }, { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Leads");

/**
 * Guard (admin, revocation checked), Origin check, then one of: status,
 * assign, resend (`./admin-leads.server`). Invalid input answers 400 with a
 * Portuguese message beside the lead; success redirects back with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPost(request);
  return handleInboxAction(request, await request.formData(), {
    uid: admin.uid,
    name: admin.displayName || admin.email,
  });
}

/** The inbox page. */
export default function AdminLeadsPage() {
  const { filters, page, assignable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const query = inboxFilterQuery(filters);
  const csv = query.toString() ? `${ADMIN_LEADS_CSV_PATH}?${query}` : ADMIN_LEADS_CSV_PATH;
  // The select filters in the order shown: label, query name (the field's id is `filtro-<name>`), options.
  const selects = [
    ["Tipo", "tipo", Object.entries(LEAD_KIND_LABELS)],
    ["Status", "status", LEAD_STATUSES.map((status) => [status, LEAD_STATUS_LABELS[status]] as const)],
    ["Resposta", "resposta", Object.entries(RESPONSE_FILTER_LABELS)],
    [
      "Responsável",
      "corretor",
      [[UNASSIGNED, "Sem responsável"], ...assignable.map((user) => [user.uid, user.name] as const)],
    ],
  ] as const;

  return (
    <div className={s.page}>
      <AdminPageHeader title="Leads">
        {page.total === 0 ? "Nenhum contato" : page.total === 1 ? "1 contato" : `${formatCount(page.total)} contatos`}
        {query.toString() ? " com estes filtros" : ""}.
      </AdminPageHeader>

      <AdminFilterBar clearTo={ADMIN_LEADS_PATH}>
        {selects.map(([label, name, options]) => (
          <FilterSelect
            key={name}
            label={label}
            id={`filtro-${name}`}
            name={name}
            value={filters[name]}
            options={options}
          />
        ))}
        <DateRangeFields de={filters.de} ate={filters.ate} />
      </AdminFilterBar>

      <p className={s.row}>
        <a href={csv} className={button.outline} download>
          Exportar CSV
        </a>
        <span className={s.hint}>
          Planilha para o Excel (UTF-8, separada por ponto e vírgula), com os filtros atuais.
        </span>
      </p>

      {page.items.length === 0 ? (
        <p className={s.muted}>Nenhum contato encontrado.</p>
      ) : (
        <ol className={s.list} aria-label="Contatos">
          {page.items.map((lead) => (
            <LeadInboxCard key={lead.id} lead={lead} assignable={assignable} busy={busy} actionError={actionData} />
          ))}
        </ol>
      )}

      <AdminPager basePath={ADMIN_LEADS_PATH} query={query} page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
