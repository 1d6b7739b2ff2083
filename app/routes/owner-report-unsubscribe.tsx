/**
 * `/proprietario/{token}/cancelar` (ADR 0083): stop the owner's monthly
 * e-mail. `{token}` is the report's token (the link on the report page) or
 * the signed unsubscribe token of the e-mail (its `List-Unsubscribe` link).
 * A GET only shows a confirm button, so that mail clients and link scanners
 * opening the URL unsubscribe nothing; a POST (the button, or a mail client's
 * RFC 8058 one-click) records the unsubscription at once. An unknown or
 * forged token: 404. Never stored, not indexed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getDb } from "~/.server/db";
import { unsubscribeOwnerReport, unsubscribeTarget } from "~/.server/owner-report/unsubscribe";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SuccessIcon } from "~/components/icons";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { button, container } from "~/styles/ui.css";

/**
 * Never stored, not indexed; `Referrer-Policy: same-origin` (the page's own
 * form must keep its `Origin` for the same-origin write guard).
 */
export const headers = tokenPageHeaders;

/** The report the URL's token names, or the thrown 404. */
async function targetOfRequest(request: Request, token: string | undefined) {
  const target = await unsubscribeTarget(getDb().db, token);
  if (!target) {
    const response = pageNotFound(new URL(request.url).pathname);
    for (const [name, value] of Object.entries(TOKEN_PAGE_HEADERS)) response.headers.set(name, value);
    throw response;
  }
  return target;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = await targetOfRequest(request, params.token);
  return data(
    { code: target.listingCode, cancelled: target.unsubscribedAt != null || !target.monthlyOptIn },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

/** RFC 8058 one-click: any POST with a valid token unsubscribes (idempotent). */
export async function action({ request, params }: ActionFunctionArgs) {
  const target = await targetOfRequest(request, params.token);
  await unsubscribeOwnerReport(getDb().db, target.reportId);
  return data({ cancelled: true as const }, { headers: TOKEN_PAGE_HEADERS });
}

export const meta: MetaFunction = () => [
  { title: "Cancelar o relatório mensal" },
  { name: "robots", content: "noindex, nofollow" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** The confirm button, or "E-mail mensal cancelado". */
export default function OwnerReportUnsubscribePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cancelled = data.cancelled || actionData?.cancelled === true;
  return (
    <div className={container}>
      {cancelled ? (
        <EmptyState title="E-mail mensal cancelado" headingLevel={1} icon={<SuccessIcon size={28} />}>
          <p>Você não vai mais receber o relatório mensal do imóvel {data.code} por e-mail.</p>
        </EmptyState>
      ) : (
        <EmptyState title="Parar de receber o relatório mensal?" headingLevel={1}>
          <p>O resumo mensal do imóvel {data.code} deixa de ser enviado para o seu e-mail.</p>
          <Form method="post" replace>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={button.primary}>
              Não quero mais receber
            </button>
          </Form>
        </EmptyState>
      )}
    </div>
  );
}
