/**
 * `/proprietario/{token}` (ADR 0083): the owner's report behind a private
 * link, without sign-in. The token authorises; the page shows that one
 * listing's figures (counts, never a visitor's personal data), and every
 * opening is logged. Unknown token: 404; expired or revoked: 410; too many
 * openings from one IP: 429. Every answer, error screens included, is
 * `Cache-Control: private, no-store`, `X-Robots-Tag: noindex` and
 * `Referrer-Policy: no-referrer` (the URL is the secret); the page is never
 * tracked by the site's analytics (`~/lib/analytics-events`).
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { OWNER_REPORT_HEADERS, serveOwnerReport } from "~/.server/owner-report/page";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { OwnerReport } from "~/components/owner-report";
import { container } from "~/styles/ui.css";

/** The report of the token in the URL, its opening logged; throws the error screens (404, 410, 429). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const report = await serveOwnerReport(request, params.token, context.clientIp);
  return data({ report }, { headers: OWNER_REPORT_HEADERS });
}

/** The same private, unindexed, referrer-less headers on the document and its error screens. */
export const headers: HeadersFunction = ({ errorHeaders }) => ({
  ...OWNER_REPORT_HEADERS,
  ...(errorHeaders?.get("Retry-After") ? { "Retry-After": errorHeaders.get("Retry-After")! } : {}),
});

/** Title and `noindex`; the referrer policy also as a meta tag for the links inside. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Relatório do imóvel ${data.report.listing.code}` : "Relatório do proprietário" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** The report page. */
export default function OwnerReportPage() {
  const { report } = useLoaderData<typeof loader>();
  const { token = "" } = useParams();
  return (
    <div className={container}>
      <OwnerReport report={report} token={token} />
    </div>
  );
}
