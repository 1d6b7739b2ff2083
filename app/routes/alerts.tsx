/**
 * `/alertas?token=…` (ADR 0034): one address's saved-search alerts, reached
 * from the signed link of every alert e-mail. Lists them (search, status,
 * creation date) with "Pausar"/"Retomar" and "Excluir" each, and "Excluir
 * todos". The token names the address; without a valid one the error screen
 * answers 400 (malformed, forged) or 410 (expired). Changes are POSTs to the
 * same URL that come back here (303) with a toast. Never cached, not indexed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { alertFailure } from "~/.server/alerts/pages";
import { alertsOfEmail, describeAlert, manageAlerts } from "~/.server/alerts/store";
import { verifyAlertToken } from "~/.server/alerts/tokens";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { ALERTS_PATH } from "~/lib/alert-fields";
import { formatDate } from "~/lib/format";
import { LISTINGS_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/lib/cache-control";
import * as s from "./alerts.css";

/** Never stored, not indexed, no Referer off the site: the URL and the links carry the token. */
export const headers = tokenPageHeaders;

/** The address of the request's manage token, or the thrown error screen. */
function emailOfRequest(request: Request): string {
  const token = verifyAlertToken(new URL(request.url).searchParams.get("token"), "manage");
  if (typeof token === "string") throw alertFailure(token);
  return token.subject;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const email = emailOfRequest(request);
  const [alerts, vocabulary] = await Promise.all([alertsOfEmail(getDb().db, email), getVocabulary()]);
  return data(
    {
      site: { title: getTheme().title },
      email,
      alerts: alerts.map((alert) => ({
        id: alert.id,
        // Until the owner confirms it, the alert's name and text search are whatever the form was sent with.
        name: alert.confirmedAt ? alert.name : null,
        description: describeAlert(alert, vocabulary),
        path: alert.confirmedAt || !alert.query ? alert.path : null,
        createdAt: alert.createdAt.toISOString(),
        status: !alert.confirmedAt ? ("pending" as const) : alert.pausedAt ? ("paused" as const) : ("active" as const),
      })),
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

const actionSchema = z.object({
  intent: z.enum(["pause", "resume", "delete", "delete-all"]),
  id: z.string().uuid().optional(),
});

const TOASTS = {
  pause: "Alerta pausado",
  resume: "Alerta retomado",
  delete: "Alerta excluído",
  "delete-all": "Todos os alertas foram excluídos",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const email = emailOfRequest(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse({ intent: form.intent, id: form.id || undefined });
  if (!parsed.success)
    throw new Response(JSON.stringify({ detail: "Pedido inválido." }), { status: 400, headers: TOKEN_PAGE_HEADERS });
  await manageAlerts(getDb().db, email, parsed.data.intent, parsed.data.id);
  const url = new URL(request.url);
  return redirectWithToast(
    `${ALERTS_PATH}${url.search}`,
    { type: "success", title: TOASTS[parsed.data.intent] },
    { status: 303, headers: TOKEN_PAGE_HEADERS },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Meus alertas | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

export { GeneralErrorBoundary as ErrorBoundary };

const STATUS_LABELS = { pending: "Aguardando confirmação", paused: "Pausado", active: "Ativo" } as const;

/** The list of alerts with their buttons. */
export default function AlertsPage() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const formAction = `${ALERTS_PATH}${search}`;
  if (!data.alerts.length) {
    return (
      <div className={container}>
        <EmptyState
          title="Nenhum alerta ativo"
          headingLevel={1}
          actions={[
            <Link key="list" className={button.primary} to={LISTINGS_PATH}>
              Ver todos os imóveis
            </Link>,
          ]}
        >
          <p>Não há alertas de busca para {data.email}. Crie um em qualquer lista de imóveis.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={`${container} ${s.page}`}>
      <h1>Meus alertas</h1>
      <p>
        Alertas de busca de <strong>{data.email}</strong>. Cada alerta manda um e-mail por dia, só quando há novidades.
      </p>
      <ul data-alert-list="" className={s.list}>
        {data.alerts.map((alert) => (
          <li key={alert.id} data-alert-id={alert.id} className={s.item}>
            <strong>{alert.name || alert.description}</strong>
            {alert.name ? <span>{alert.description}</span> : null}
            <span className={s.meta}>
              {STATUS_LABELS[alert.status]} · criado em {formatDate(alert.createdAt)}
              {alert.path ? (
                <>
                  {" · "}
                  <Link to={alert.path}>Ver a busca</Link>
                </>
              ) : null}
            </span>
            <Form method="post" action={formAction} className={s.actions}>
              <input type="hidden" name="id" value={alert.id} />
              {alert.status === "active" ? (
                <button type="submit" name="intent" value="pause" className={button.outline}>
                  Pausar
                </button>
              ) : null}
              {alert.status === "paused" ? (
                <button type="submit" name="intent" value="resume" className={button.outline}>
                  Retomar
                </button>
              ) : null}
              <button type="submit" name="intent" value="delete" className={button.outline}>
                Excluir
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action={formAction}>
        <button type="submit" name="intent" value="delete-all" className={button.dark}>
          Excluir todos os meus alertas
        </button>
      </Form>
    </div>
  );
}
