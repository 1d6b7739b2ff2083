/**
 * `/alertas/confirmar?token=…` (ADR 0034, ADR 0064): the double opt-in link
 * of the confirmation e-mail. The GET only shows the alert (described by its
 * filters) and a "Confirmar" button, so a mail scanner that opens the link
 * confirms nothing; the button POSTs to the same URL (a plain form: works
 * without JavaScript; the site refuses cross-origin POSTs, and the signed
 * token in the URL authorises) and the POST confirms the alert (once;
 * confirming again changes nothing) and shows "Alerta confirmado". A
 * malformed or forged token is the error screen with 400, an expired one (or
 * an alert deleted or cancelled meanwhile) with 410. Never cached, not indexed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { alertFailure } from "~/.server/alerts/pages";
import { alertById, confirmAlert, describeAlert, type SearchAlertRow } from "~/.server/alerts/store";
import { signAlertToken, verifyAlertToken } from "~/.server/alerts/tokens";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getDb } from "~/.server/db";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SuccessIcon } from "~/components/icons";
import { ALERT_CONFIRM_PATH, ALERTS_PATH } from "~/lib/alert-fields";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/lib/cache-control";
import { button, container } from "~/styles/ui.css";

/** Never stored, not indexed, no Referer off the site: the URL and the links carry the token. */
export const headers = tokenPageHeaders;

/** The alert id of the request's confirmation token, or the thrown error screen (400/410). */
function alertIdOfRequest(request: Request): string {
  const token = verifyAlertToken(new URL(request.url).searchParams.get("token"), "confirm");
  if (typeof token === "string") throw alertFailure(token);
  return token.subject;
}

/** What the page shows of an alert: its filters' description, never its name or typed text. */
async function view(alert: SearchAlertRow) {
  const vocabulary = await getVocabulary();
  return {
    site: { title: getTheme().title },
    description: describeAlert(alert, vocabulary),
    confirmed: alert.confirmedAt != null,
    // A `/busca` alert's path carries the typed text: linked only from the management page, once confirmed.
    searchPath: alert.query ? null : alert.path,
    manageUrl: `${ALERTS_PATH}?token=${encodeURIComponent(signAlertToken("manage", alert.email))}`,
  };
}

/** The alert and whether it is confirmed already; changes nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = alertIdOfRequest(request);
  const alert = await alertById(getDb().db, id);
  if (!alert || alert.unsubscribedAt) throw alertFailure("gone");
  return data(await view(alert), { headers: TOKEN_PAGE_HEADERS });
}

/** The "Confirmar" button: confirms the alert (idempotent) and records the agency's lead. */
export async function action({ request }: ActionFunctionArgs) {
  const id = alertIdOfRequest(request);
  const confirmed = await confirmAlert(id, { vocabulary: await getVocabulary() });
  if (!confirmed) throw alertFailure("gone");
  return data(await view(confirmed.alert), { headers: TOKEN_PAGE_HEADERS });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.confirmed ? "Alerta confirmado" : "Confirmar alerta"} | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** "Confirmar este alerta?" with the button, or "Alerta confirmado" with the ways on. */
export default function AlertConfirmPage() {
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() ?? loaded;
  const { search } = useLocation();
  if (!data.confirmed) {
    return (
      <div className={container}>
        <EmptyState title="Confirmar este alerta?" headingLevel={1}>
          <p>{data.description}</p>
          <p>Você vai receber um e-mail por dia, só quando houver imóveis novos ou preços reduzidos nesta busca.</p>
          <Form method="post" action={`${ALERT_CONFIRM_PATH}${search}`} replace>
            <button type="submit" className={button.primary}>
              Confirmar
            </button>
          </Form>
          <p>Se você não pediu este alerta, feche esta página: nada será enviado.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={container}>
      <EmptyState
        title="Alerta confirmado"
        headingLevel={1}
        icon={<SuccessIcon size={28} />}
        actions={[
          data.searchPath ? (
            <Link key="search" className={button.primary} to={data.searchPath}>
              Ver a busca
            </Link>
          ) : null,
          <a key="manage" className={button.outline} href={data.manageUrl}>
            Gerenciar meus alertas
          </a>,
        ].filter((item) => item !== null)}
      >
        <p>{data.description}</p>
        <p>Você vai receber um e-mail por dia, só quando houver imóveis novos ou preços reduzidos nesta busca.</p>
      </EmptyState>
    </div>
  );
}
