/**
 * `/painel/leads/{id}` (ADR 0081): one lead
 * and its workflow. The lead (contact, message, listing, origin), the one-tap
 * replies (WhatsApp, e-mail, phone: the reply is recorded, which stamps the
 * first response, then the browser goes to `wa.me`, `mailto:` or `tel:`), the
 * status form ("perdido" asks why), notes, the duplicate flag with "Juntar a
 * este", and the history. Agent or admin (admin passes the agent guard);
 * an agent only on their own leads (`canActOnLead`): 404 for an unknown or
 * malformed id, 403 for another broker's lead. Works without JavaScript;
 * never cached.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import * as s from "~/components/admin.css";
import * as f from "~/components/auth-form.css";
import { DuplicateFlag, LeadDetails, MergedNotice } from "~/components/lead-page/lead-details";
import { NoteForm, ReplyButtons, StatusForm } from "~/components/lead-page/lead-actions";
import { LeadHistory } from "~/components/lead-page/lead-history";
import { LeadVisit } from "~/components/lead-page/lead-visit";
import { getDb } from "~/.server/db";
import { leadVisitView } from "~/.server/visits/lead-visit";
import * as p from "~/components/private-listing.css";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "~/lib/lead-inbox";
import { availableReplyChannels } from "~/lib/lead-workflow";
import { ADMIN_LEADS_PATH, PANEL_PATH } from "~/lib/paths";
import { container } from "~/styles/ui.css";
import { handleLeadPageAction, requireLeadFor } from "./panel-lead.server";

/** Guard (agent or admin), then the lead when the user may act on it (else 404 / 403). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "agent");
  const { lead, history } = await requireLeadFor(user, request, params.id);
  return data(
    {
      lead,
      history,
      channels: availableReplyChannels(lead),
      isAdmin: user.role === "admin",
      visit: lead.kind === "visit" ? await leadVisitView(getDb().db, lead.id) : null,
      now: new Date().toISOString(),
    },
    { headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title (the lead's name) and `noindex`. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  // No visitor's name in the title: titles travel to browser history, tabs and analytics.
  { title: data ? `Contato: ${LEAD_KIND_LABELS[data.lead.kind]}` : "Contato" },
  { name: "robots", content: "noindex" },
];

/**
 * Guard (agent or admin, revocation checked), Origin check, the lead's
 * permission, then the posted intent (`./panel-lead.server`): a redirect back
 * with a toast, a redirect to the reply's channel, or 400/404/409 with a
 * message beside the field.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireRole(request, "agent", { checkRevoked: true });
  assertSameOrigin(request);
  const data = await requireLeadFor(user, request, params.id);
  return handleLeadPageAction(user, data, await request.formData());
}

/** The lead page. */
export default function PanelLeadPage() {
  const { lead, history, channels, isAdmin, visit, now } = useLoaderData<typeof loader>();
  const actionError = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={`${container} ${p.page}`}>
      <p className={p.muted}>
        <Link to={PANEL_PATH}>Painel do corretor</Link>
        {isAdmin ? (
          <>
            {" · "}
            <Link to={ADMIN_LEADS_PATH}>Leads (administração)</Link>
          </>
        ) : null}
      </p>
      <header className={s.leadHead}>
        <h1 className={f.title}>{lead.name || "Contato sem nome"}</h1>
        <span className={`${s.badge} ${s.badgeTone[lead.status]}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
      </header>
      <MergedNotice lead={lead} />
      <DuplicateFlag lead={lead} busy={busy} actionError={actionError} />
      <section aria-label="Dados do contato" className={s.card}>
        <LeadDetails lead={lead} />
      </section>
      <LeadVisit visit={visit} now={now} />
      {lead.mergedInto ? null : (
        <>
          <ReplyButtons channels={channels} busy={busy} actionError={actionError} />
          <StatusForm
            kind={lead.kind}
            status={lead.status}
            lostReason={lead.lostReason}
            busy={busy}
            actionError={actionError}
          />
          <NoteForm busy={busy} actionError={actionError} />
        </>
      )}
      <LeadHistory entries={history} />
    </div>
  );
}
