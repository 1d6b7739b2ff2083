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
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { redirectWithToast } from "~/.server/flash";
import {
  assignLead,
  type InboxLead,
  listAssignableUsers,
  listLeads,
  resendDelivery,
  setLeadStatus,
} from "~/.server/leads/inbox";
import { AdminNav } from "~/components/admin-nav";
import { formatPhone } from "~/components/broker-card";
import * as s from "~/components/admin.css";
import {
  CHANNEL_LABELS,
  formatSaoPaulo,
  inboxActionSchema,
  inboxFilterQuery,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  parseInboxFilters,
  UNASSIGNED,
} from "~/lib/lead-inbox";
import { button } from "~/styles/ui.css";
import { ADMIN_LEADS_CSV_PATH, ADMIN_LEADS_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (admin), then the filtered page of leads and the users a lead can be assigned to. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  const [page, assignable] = await Promise.all([listLeads(filters), listAssignableUsers()]);
  return json({ filters, page, assignable }, { headers: PRIVATE });
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Leads | Administração" }, { name: "robots", content: "noindex" }];

/** Where to go back after an action: this page with its filters (never another site). */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return `${ADMIN_LEADS_PATH}${url.search}`;
}

/**
 * Guard (admin, revocation checked), Origin check, then one of: status,
 * assign, resend. Invalid input answers 400 with a Portuguese message beside
 * the lead; success redirects back with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = inboxActionSchema.safeParse(form);
  const target =
    typeof form.leadId === "string" ? form.leadId : typeof form.deliveryId === "string" ? form.deliveryId : "";
  if (!parsed.success) {
    return json(
      { error: parsed.error.issues[0]?.message ?? "Pedido inválido.", target },
      { status: 400, headers: PRIVATE },
    );
  }
  const value = parsed.data;
  if (value.intent === "status") {
    if (!(await setLeadStatus(value.leadId, value.status)))
      return json({ error: "Este contato não existe mais.", target }, { status: 404, headers: PRIVATE });
    return redirectWithToast(
      backTo(request),
      { type: "success", title: `Status alterado para “${LEAD_STATUS_LABELS[value.status]}”` },
      { headers: PRIVATE },
    );
  }
  if (value.intent === "assign") {
    const problem = await assignLead(value.leadId, value.uid || null);
    if (problem) return json({ error: problem, target }, { status: 400, headers: PRIVATE });
    return redirectWithToast(
      backTo(request),
      { type: "success", title: value.uid ? "Contato atribuído" : "Atribuição removida" },
      { headers: PRIVATE },
    );
  }
  const result = await resendDelivery(value.deliveryId);
  if (!result.ok) return json({ error: result.message, target }, { status: 409, headers: PRIVATE });
  return redirectWithToast(
    backTo(request),
    { type: "success", title: "Reenvio agendado", description: "O envio será feito nos próximos segundos." },
    { headers: PRIVATE },
  );
}

function StatusBadge({ status }: { status: InboxLead["status"] }) {
  return <span className={`${s.badge} ${s.badgeTone[status]}`}>{LEAD_STATUS_LABELS[status]}</span>;
}

function LeadFacts({ lead }: { lead: InboxLead }) {
  const facts: [string, string | JSX.Element][] = [];
  if (lead.name) facts.push(["Nome", lead.name]);
  if (lead.phone) facts.push(["Telefone", <a href={`tel:+55${lead.phone}`}>{formatPhone(lead.phone)}</a>]);
  if (lead.email) facts.push(["E-mail", <a href={`mailto:${lead.email}`}>{lead.email}</a>]);
  if (lead.listingCode) facts.push(["Imóvel", lead.listingCode]);
  if (lead.condominium) facts.push(["Condomínio", lead.condominium]);
  if (lead.location) facts.push(["Localização", lead.location]);
  if (lead.message) facts.push(["Mensagem", lead.message]);
  if (lead.pageUrl) facts.push(["Página", lead.pageUrl]);
  if (lead.utm && Object.keys(lead.utm).length)
    facts.push([
      "UTM",
      Object.entries(lead.utm)
        .map(([k, v]) => `${k}=${v}`)
        .join(", "),
    ]);
  return (
    <dl className={s.facts}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt className={s.term}>{term}</dt>
          <dd className={s.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The inbox page. */
export default function AdminLeadsPage() {
  const { filters, page, assignable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const query = inboxFilterQuery(filters);
  const pageLink = (n: number) => {
    const params = new URLSearchParams(query);
    if (n > 1) params.set("pagina", String(n));
    const search = params.toString();
    return search ? `${ADMIN_LEADS_PATH}?${search}` : ADMIN_LEADS_PATH;
  };
  const csv = query.toString() ? `${ADMIN_LEADS_CSV_PATH}?${query}` : ADMIN_LEADS_CSV_PATH;

  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Leads</h1>
        <p className={s.muted}>
          {page.total === 0 ? "Nenhum contato" : page.total === 1 ? "1 contato" : `${page.total} contatos`}
          {query.toString() ? " com estes filtros" : ""}.
        </p>
      </header>

      <Form method="get" className={s.filters} aria-label="Filtros">
        <div className={s.field}>
          <label htmlFor="filtro-tipo" className={s.label}>
            Tipo
          </label>
          <select id="filtro-tipo" name="tipo" defaultValue={filters.tipo ?? ""} className={s.control}>
            <option value="">Todos</option>
            {Object.entries(LEAD_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor="filtro-status" className={s.label}>
            Status
          </label>
          <select id="filtro-status" name="status" defaultValue={filters.status ?? ""} className={s.control}>
            <option value="">Todos</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor="filtro-corretor" className={s.label}>
            Responsável
          </label>
          <select id="filtro-corretor" name="corretor" defaultValue={filters.corretor ?? ""} className={s.control}>
            <option value="">Todos</option>
            <option value={UNASSIGNED}>Sem responsável</option>
            {assignable.map((user) => (
              <option key={user.uid} value={user.uid}>
                {user.name}
              </option>
            ))}
          </select>
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
        <div className={s.row}>
          <button type="submit" className={button.dark}>
            Filtrar
          </button>
          <Link to={ADMIN_LEADS_PATH} className={button.ghost}>
            Limpar
          </Link>
        </div>
      </Form>

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
            <li key={lead.id} className={s.card} data-testid="lead" aria-labelledby={`lead-${lead.id}`}>
              <div className={s.leadHead}>
                <strong id={`lead-${lead.id}`}>
                  {LEAD_KIND_LABELS[lead.kind]}
                  {lead.name ? ` · ${lead.name}` : ""}
                </strong>
                <span className={s.row}>
                  <StatusBadge status={lead.status} />
                  <time dateTime={lead.createdAt} className={s.muted}>
                    {formatSaoPaulo(lead.createdAt)}
                  </time>
                </span>
              </div>
              <LeadFacts lead={lead} />

              {actionData && actionData.target === lead.id ? (
                <p className={s.alert} role="alert">
                  {actionData.error}
                </p>
              ) : null}

              <Form method="post" className={s.inlineForm} preventScrollReset>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="leadId" value={lead.id} />
                <span className={s.muted}>Mover para:</span>
                {LEAD_STATUSES.filter((status) => status !== lead.status).map((status) => (
                  <button
                    key={status}
                    type="submit"
                    name="status"
                    value={status}
                    className={`${button.outline} ${s.smallButton}`}
                    disabled={busy}
                  >
                    {LEAD_STATUS_LABELS[status]}
                  </button>
                ))}
              </Form>

              <Form method="post" className={s.inlineForm} preventScrollReset>
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="leadId" value={lead.id} />
                <label htmlFor={`responsavel-${lead.id}`} className={s.muted}>
                  Responsável:
                </label>
                <select
                  id={`responsavel-${lead.id}`}
                  name="uid"
                  defaultValue={lead.assigned?.uid ?? ""}
                  className={s.control}
                  style={{ width: "auto", maxWidth: "100%" }}
                >
                  <option value="">Sem responsável</option>
                  {assignable.map((user) => (
                    <option key={user.uid} value={user.uid}>
                      {user.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
                  Atribuir
                </button>
              </Form>

              <ul className={s.deliveries} aria-label="Envios">
                {lead.deliveries.map((delivery) => (
                  <li key={delivery.id} className={s.delivery}>
                    <strong>{CHANNEL_LABELS[delivery.channel]}</strong>
                    {delivery.recipient ? <span className={s.muted}>{delivery.recipient}</span> : null}
                    <span className={`${s.badge} ${s.badgeTone[delivery.status]}`}>
                      {delivery.status === "sent" ? "Enviado" : delivery.inProgress ? "Enviando…" : "Pendente"}
                    </span>
                    <span className={s.muted}>
                      {delivery.attempts} {delivery.attempts === 1 ? "tentativa" : "tentativas"}
                      {delivery.status === "sent" && delivery.sentAt
                        ? ` · enviado em ${formatSaoPaulo(delivery.sentAt)}`
                        : ""}
                      {delivery.status === "pending" && !delivery.inProgress
                        ? ` · próxima em ${formatSaoPaulo(delivery.nextAttemptAt)}`
                        : ""}
                    </span>
                    {delivery.lastError ? <span className={s.error}>Último erro: {delivery.lastError}</span> : null}
                    {actionData && actionData.target === delivery.id ? (
                      <span className={s.alert} role="alert">
                        {actionData.error}
                      </span>
                    ) : null}
                    <Form method="post" className={s.inlineForm} preventScrollReset>
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="deliveryId" value={delivery.id} />
                      <button
                        type="submit"
                        className={`${button.ghost} ${s.smallButton}`}
                        disabled={busy || delivery.inProgress}
                        aria-label={`Reenviar: ${CHANNEL_LABELS[delivery.channel]}`}
                      >
                        Reenviar
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}

      {page.pageCount > 1 ? (
        <nav className={s.pager} aria-label="Páginas">
          {page.page > 1 ? (
            <Link to={pageLink(page.page - 1)} className={button.outline} rel="prev">
              Anterior
            </Link>
          ) : (
            <span />
          )}
          <span className={s.muted}>
            Página {page.page} de {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link to={pageLink(page.page + 1)} className={button.outline} rel="next">
              Próxima
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
