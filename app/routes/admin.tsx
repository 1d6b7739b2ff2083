/**
 * `/admin` (docs/spec.txt §2, layout "admin", admin middleware): the admin
 * home, a dashboard of the agency's day (docs/decisions/0084-admin-dashboard.md):
 * KPI cards and tables of leads per channel and window, the leads nobody
 * answered yet, first-response times per broker and channel, searches with
 * no result and listings viewed without a lead, each count linking to the
 * filtered lead list; then a card per section of `ADMIN_SECTIONS`, and the
 * Vista sync panel with "Sincronizar tudo agora" (a full run,
 * docs/decisions/0068-sync-faults.md) and, while the sync's safety valve
 * holds removals back, "Confirmar remoções"
 * (docs/decisions/0073-sync-safety-valve.md). Admin only; never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { loadAdminDashboard } from "~/.server/admin/dashboard";
import { confirmHeldRemovals, startFullSync, syncPanel, type SyncPanel } from "~/.server/admin/sync";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { redirectWithToast } from "~/.server/flash";
import { AdminAreas } from "~/components/admin-dashboard/admin-areas";
import * as d from "~/components/admin-dashboard/dashboard.css";
import { EmptySearchesTable, ViewedWithoutLeadsTable } from "~/components/admin-dashboard/demand-tables";
import { FirstResponseTables } from "~/components/admin-dashboard/first-response";
import { ChannelTable, LeadKpis, UnansweredLeads } from "~/components/admin-dashboard/lead-figures";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import { ADMIN_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";

/** The form intent of "Sincronizar tudo agora". */
const FULL_SYNC_INTENT = "sincronizar-tudo";

/** The form intent of "Confirmar remoções" (held back by the sync's safety valve). */
const CONFIRM_REMOVALS_INTENT = "confirmar-remocoes";

/** Guard (admin), then the dashboard's figures and the sync panel, read together. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "admin");
  const [dashboard, sync] = await Promise.all([loadAdminDashboard(), syncPanel()]);
  return data({ name: user.displayName || user.email, dashboard, sync }, { headers: privatePage() });
}

/**
 * Guard (admin, revocation checked), Origin check, then `sincronizar-tudo`:
 * records the request for a full sync and starts it without waiting, back
 * to `/admin` with a toast; or `confirmar-remocoes` (with `since`, the hold
 * the panel showed): records the confirmation and starts a run, back with a
 * toast saying so, or that nothing is held or the hold changed. Any other
 * intent: 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPost(request);
  const form = await request.formData();
  if (form.get("intent") === CONFIRM_REMOVALS_INTENT) return confirmRemovals(form.get("since"));
  if (form.get("intent") !== FULL_SYNC_INTENT) {
    return data({ error: "Ação desconhecida." }, { status: 400, headers: privatePage() });
  }
  await startFullSync();
  return redirectWithToast(
    ADMIN_PATH,
    {
      type: "success",
      title: "Sincronização completa iniciada",
      description: "Todos os imóveis serão lidos de novo do Vista. Isso pode levar alguns minutos.",
    },
    { headers: privatePage() },
  );
}

/** "Confirmar remoções": the confirmation of the hold that started at `since`, and its toast. */
async function confirmRemovals(since: FormDataEntryValue | null) {
  const date = typeof since === "string" ? new Date(since) : null;
  const { outcome } = await confirmHeldRemovals(date && !Number.isNaN(date.getTime()) ? date : null);
  const toasts = {
    confirmed: {
      type: "success",
      title: "Remoções confirmadas",
      description: "Os imóveis que o Vista deixou de listar saem do site na próxima sincronização, já iniciada.",
    },
    none: { type: "info", title: "Não há remoções retidas", description: "Nada foi alterado." },
    changed: {
      type: "warning",
      title: "As remoções retidas mudaram",
      description: "Confira os números de novo antes de confirmar.",
    },
  } as const;
  return redirectWithToast(ADMIN_PATH, toasts[outcome], { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Administração" }, { name: "robots", content: "noindex" }];

/** Removals held back by the safety valve, with "Confirmar remoções". */
function HeldRemovals({ held }: { held: NonNullable<SyncPanel["held"]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CONFIRM_REMOVALS_INTENT;
  const count = (n: number) => n.toLocaleString("pt-BR");
  const share = held.active > 0 ? Math.round((held.removals / held.active) * 100) : 0;
  return (
    <div role="status">
      <p className={s.warning}>
        Remoções retidas desde {formatSaoPaulo(held.since)}: a última resposta do Vista deixou de listar{" "}
        {count(held.removals)} dos {count(held.active)} imóveis ativos ({share}%), acima do limite de{" "}
        {count(held.limit)} por sincronização. O catálogo foi mantido.
      </p>
      <p className={s.muted}>
        {held.confirmedAt
          ? `Confirmadas em ${formatSaoPaulo(held.confirmedAt)}; serão aplicadas na próxima sincronização.`
          : `Se a redução for real, ela será aplicada quando ${held.confirmRuns} sincronizações seguidas a confirmarem (${held.runs} até agora), ou já na próxima se você confirmar.`}
      </p>
      {held.confirmedAt ? null : (
        <Form method="post" className={s.inlineForm}>
          <input type="hidden" name="intent" value={CONFIRM_REMOVALS_INTENT} />
          <input type="hidden" name="since" value={held.since} />
          <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
            {busy ? "Confirmando…" : "Confirmar remoções"}
          </button>
        </Form>
      )}
    </div>
  );
}

/** The state of the sync, the held removals and the full-sync button. */
function SyncSection({ sync }: { sync: SyncPanel }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === FULL_SYNC_INTENT;
  return (
    <section aria-labelledby="sincronizacao-titulo" className={s.card}>
      <h2 id="sincronizacao-titulo" className={s.heading}>
        Sincronização com o Vista
      </h2>
      <p className={s.muted}>
        {sync.running
          ? "Sincronizando agora."
          : sync.lastSuccessAt
            ? `Última sincronização: ${formatSaoPaulo(sync.lastSuccessAt)}.`
            : "Nenhuma sincronização concluída ainda."}{" "}
        {sync.lastFullSyncAt ? `Última sincronização completa: ${formatSaoPaulo(sync.lastFullSyncAt)}.` : null}
      </p>
      {sync.fullPending ? <p className={s.muted}>Há uma sincronização completa pedida e ainda não concluída.</p> : null}
      {sync.held ? <HeldRemovals held={sync.held} /> : null}
      <p className={s.muted}>
        A sincronização completa lê de novo todos os imóveis do Vista; ela também acontece todas as noites.
      </p>
      <Form method="post" className={s.inlineForm}>
        <input type="hidden" name="intent" value={FULL_SYNC_INTENT} />
        <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
          {busy ? "Pedindo…" : "Sincronizar tudo agora"}
        </button>
      </Form>
    </section>
  );
}

/** The admin home. */
export default function AdminHome() {
  const { name, dashboard, sync } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Administração</h1>
        <p className={s.muted}>Olá, {name}. O dia da imobiliária em números; cada número leva à lista de leads.</p>
      </header>
      <section aria-labelledby="leads-titulo">
        <h2 id="leads-titulo" className={s.heading}>
          Leads
        </h2>
        <LeadKpis dashboard={dashboard} />
      </section>
      <div className={d.panels}>
        <section className={s.card} aria-label="Leads por canal">
          <ChannelTable dashboard={dashboard} />
        </section>
        <UnansweredLeads dashboard={dashboard} />
        <FirstResponseTables dashboard={dashboard} />
        <div className={d.panels}>
          <EmptySearchesTable dashboard={dashboard} />
          <ViewedWithoutLeadsTable dashboard={dashboard} />
        </div>
      </div>
      <AdminAreas />
      <SyncSection sync={sync} />
    </div>
  );
}
