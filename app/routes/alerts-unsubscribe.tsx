/**
 * `/alertas/cancelar?token=…` (ADR 0034): the one-click unsubscribe of one
 * alert, the link of every digest's `List-Unsubscribe` header. A POST (RFC
 * 8058: a mail client sends `List-Unsubscribe=One-Click`; the page's button
 * sends the same) cancels the alert at once, with no further question; a GET
 * only shows the alert and a "Cancelar alerta" button, so that link scanners
 * opening the URL cancel nothing. Refused tokens: the error screen with 400
 * (malformed, forged) or 410 (expired, alert deleted).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { alertFailure } from "~/.server/alerts/pages";
import { alertById, describeAlert, unsubscribeAlert } from "~/.server/alerts/store";
import { signAlertToken, verifyAlertToken } from "~/.server/alerts/tokens";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getDb } from "~/.server/db";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SuccessIcon } from "~/components/icons";
import { ALERT_UNSUBSCRIBE_PATH, ALERTS_PATH } from "~/lib/alert-fields";
import { LISTINGS_PATH } from "~/lib/paths";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/lib/cache-control";
import { button, container } from "~/styles/ui.css";

/** Never stored, not indexed, no Referer off the site: the URL and the links carry the token. */
export const headers = tokenPageHeaders;

/** The alert of the request's token, or the thrown error screen. */
async function alertOfRequest(request: Request) {
  const token = verifyAlertToken(new URL(request.url).searchParams.get("token"), "unsubscribe");
  if (typeof token === "string") throw alertFailure(token);
  const alert = await alertById(getDb().db, token.subject);
  if (!alert) throw alertFailure("gone");
  return alert;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const alert = await alertOfRequest(request);
  const vocabulary = await getVocabulary();
  return data(
    {
      site: { title: getTheme().title },
      description: describeAlert(alert, vocabulary),
      cancelled: alert.unsubscribedAt != null,
      manageUrl: `${ALERTS_PATH}?token=${encodeURIComponent(signAlertToken("manage", alert.email))}`,
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

/** RFC 8058 one-click: any POST with a valid token cancels the alert (idempotent). */
export async function action({ request }: ActionFunctionArgs) {
  const alert = await alertOfRequest(request);
  await unsubscribeAlert(getDb().db, alert.id);
  return data({ cancelled: true as const }, { headers: TOKEN_PAGE_HEADERS });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Cancelar alerta | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** The confirm button, or "Alerta cancelado". */
export default function AlertUnsubscribePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const cancelled = data.cancelled || actionData?.cancelled === true;
  return (
    <div className={container}>
      {cancelled ? (
        <EmptyState
          title="Alerta cancelado"
          headingLevel={1}
          icon={<SuccessIcon size={28} />}
          actions={[
            <a key="manage" className={button.outline} href={data.manageUrl}>
              Gerenciar meus alertas
            </a>,
            <Link key="list" className={button.primary} to={LISTINGS_PATH}>
              Ver todos os imóveis
            </Link>,
          ]}
        >
          <p>Você não vai mais receber e-mails deste alerta: {data.description}.</p>
        </EmptyState>
      ) : (
        <EmptyState title="Cancelar este alerta?" headingLevel={1}>
          <p>{data.description}</p>
          <Form method="post" action={`${ALERT_UNSUBSCRIBE_PATH}${search}`} replace>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={button.primary}>
              Cancelar alerta
            </button>
          </Form>
          <p>
            <a href={data.manageUrl}>Gerenciar todos os meus alertas</a>
          </p>
        </EmptyState>
      )}
    </div>
  );
}
