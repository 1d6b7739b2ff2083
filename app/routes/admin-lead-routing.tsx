/**
 * `/admin/distribuicao` (docs/decisions/0080-lead-routing-and-response-reminders.md):
 * who takes a lead that neither its listing nor Vista gives a broker — the
 * fallback rule, off ("ficam sem responsável") or the rotation — and which
 * active brokers take part in the rotation ("Recebe leads"); below, the
 * response targets in force (read-only: configuration and opening hours).
 * One plain form post (works without JavaScript), then a redirect back with a
 * toast. Admin only; never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { redirectWithToast } from "~/.server/flash";
import { leadRoutingPageData, saveLeadRoutingForm } from "~/.server/leads/routing-page";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { AdminSubmitRow } from "~/components/admin-submit";
import { FactList } from "~/components/fact-list";
import { CheckboxField, FormAlert, SelectField } from "~/components/forms";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import { LEAD_FALLBACK_LABELS, LEAD_FALLBACK_RULES, parseLeadRoutingForm } from "~/lib/lead-routing";
import { adminMeta } from "~/lib/meta";
import { ADMIN_LEAD_ROUTING_PATH } from "~/lib/paths";

/** Guard (admin), then the rule, the brokers and the response targets. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(await leadRoutingPageData(), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Distribuição de leads");

/**
 * Guard (admin, revocation checked), Origin check, then the save. Invalid
 * input answers 400 with the pt-BR message beside the field; a success
 * redirects back with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPost(request);
  const parsed = parseLeadRoutingForm(await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400, headers: privatePage() });
  await saveLeadRoutingForm(parsed.value, admin.uid);
  return redirectWithToast(
    ADMIN_LEAD_ROUTING_PATH,
    {
      type: "success",
      title: "Distribuição salva",
      description: "Os próximos leads sem corretor seguem a nova regra.",
    },
    { headers: privatePage() },
  );
}

/** "25 minutos úteis" / "1 minuto útil" (every minute when no opening hours are set). */
function minutesText(minutes: number, business: boolean): string {
  const unit = minutes === 1 ? "minuto" : "minutos";
  if (!business) return `${minutes} ${unit}`;
  return `${minutes} ${unit} ${minutes === 1 ? "útil" : "úteis"}`;
}

/** The routing page. */
export default function AdminLeadRoutingPage() {
  const { settings, brokers, sla } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const business = sla.hours.length > 0;

  return (
    <div className={s.page}>
      <AdminPageHeader title="Distribuição de leads">
        Cada lead vai para o corretor do imóvel; sem ele, para o corretor que o Vista indicar. Aqui você decide o que
        acontece quando nenhum dos dois é um corretor do site.
      </AdminPageHeader>

      <Form method="post" className={s.form}>
        <FormAlert className={s.alert} message={errors[""]} />
        <SelectField
          label="Leads sem corretor"
          errors={errors.fallback ? [errors.fallback] : undefined}
          hint="No rodízio, cada lead vai para o corretor que está há mais tempo sem receber um."
          selectProps={{ id: "fallback", name: "fallback", defaultValue: settings.fallback, className: s.control }}
        >
          {LEAD_FALLBACK_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {LEAD_FALLBACK_LABELS[rule]}
            </option>
          ))}
        </SelectField>

        <h2 className={s.heading}>Corretores no rodízio</h2>
        {brokers.length === 0 ? (
          <p className={s.muted}>Nenhum corretor ativo. Convide corretores em Usuários.</p>
        ) : (
          <ul className={s.list} aria-label="Corretores">
            {brokers.map((broker) => (
              <li key={broker.uid} className={s.card}>
                <input type="hidden" name="corretor" value={broker.uid} />
                <CheckboxField
                  label={`${broker.name}: recebe leads`}
                  errors={errors.recebe ? [errors.recebe] : undefined}
                  inputProps={{
                    id: `recebe-${broker.uid}`,
                    name: "recebe",
                    value: broker.uid,
                    defaultChecked: broker.receivesLeads,
                  }}
                />
                <p className={`${s.muted} ${s.ruleName}`}>
                  {broker.email}
                  {broker.brokerCode ? ` · código Vista ${broker.brokerCode}` : " · sem código Vista"}
                  {broker.lastRoundRobinAt
                    ? ` · último lead do rodízio em ${formatSaoPaulo(broker.lastRoundRobinAt)}`
                    : " · ainda não recebeu lead do rodízio"}
                </p>
              </li>
            ))}
          </ul>
        )}
        <AdminSubmitRow busy={busy}>Salvar distribuição</AdminSubmitRow>
      </Form>

      <section className={s.card} aria-labelledby="prazos">
        <h2 id="prazos" className={s.heading}>
          Prazos de resposta
        </h2>
        <FactList
          classes={{ list: s.facts, row: s.factRow, term: s.term, value: s.value }}
          rows={[
            ["Lembrete ao corretor", `depois de ${minutesText(sla.brokerMinutes, business)} sem resposta`],
            ["Aviso aos administradores", `depois de ${minutesText(sla.adminMinutes, business)} sem resposta`],
            [
              "Horário contado",
              business ? sla.hours.join("\n") : "Todos os minutos (a imobiliária não informou horários)",
            ],
          ]}
        />
        <p className={s.muted}>
          Os prazos vêm da configuração do servidor (LEAD_SLA_MINUTES e LEAD_SLA_ADMIN_MINUTES) e o horário, dos dados
          da imobiliária.
        </p>
      </section>
    </div>
  );
}
