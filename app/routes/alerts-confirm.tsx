/**
 * `/alertas/confirmar?token=…` (ADR 0034): the double opt-in link of the
 * confirmation e-mail. A valid token confirms the alert (once; opening the
 * link again shows the same page) and the page says "Alerta confirmado". A
 * malformed or forged token is the error screen with 400, an expired one (or
 * an alert deleted meanwhile) with 410. Never cached, not indexed.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { alertFailure } from "~/.server/alerts/pages";
import { confirmAlert, describeAlert } from "~/.server/alerts/store";
import { signAlertToken, verifyAlertToken } from "~/.server/alerts/tokens";
import { getVocabulary } from "~/.server/catalogue/vocabulary";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SuccessIcon } from "~/components/icons";
import { ALERTS_PATH } from "~/lib/alert-fields";
import { button, container } from "~/styles/ui.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const token = verifyAlertToken(new URL(request.url).searchParams.get("token"), "confirm");
  if (typeof token === "string") throw alertFailure(token);
  const vocabulary = await getVocabulary();
  const confirmed = await confirmAlert(token.subject, { vocabulary });
  if (!confirmed) throw alertFailure("gone");
  const { alert } = confirmed;
  return json(
    {
      site: { title: getTheme().title },
      description: describeAlert(alert, vocabulary),
      name: alert.name,
      searchPath: alert.path,
      manageUrl: `${ALERTS_PATH}?token=${encodeURIComponent(signAlertToken("manage", alert.email))}`,
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Alerta confirmado | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** "Alerta confirmado" with the search and the ways on. */
export default function AlertConfirmPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <EmptyState
        title="Alerta confirmado"
        headingLevel={1}
        icon={<SuccessIcon size={28} />}
        actions={[
          <Link key="search" className={button.primary} to={data.searchPath}>
            Ver a busca
          </Link>,
          <a key="manage" className={button.outline} href={data.manageUrl}>
            Gerenciar meus alertas
          </a>,
        ]}
      >
        <p>
          {data.name ? <strong>{data.name}: </strong> : null}
          {data.description}
        </p>
        <p>Você vai receber um e-mail por dia, só quando houver imóveis novos ou preços reduzidos nesta busca.</p>
      </EmptyState>
    </div>
  );
}
