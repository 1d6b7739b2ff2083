/**
 * `/alertas/criar` (ADR 0034): where "Criar alerta" posts. The action is
 * `handleAlertForm`. Without JavaScript a success lands here with
 * `?enviado=1` ("Confirme seu e-mail") and a refused submission renders the
 * form again with its messages; a plain GET shows the form for `?pagina=`
 * (a list, search or map path; default all listings). Not indexed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { handleAlertForm } from "~/.server/alerts/form";
import { leadFormTokens } from "~/.server/leads/form-guard";
import { getTheme } from "~/.server/theme";
import { AlertForm } from "~/components/alert-form";
import { EmptyState } from "~/components/empty-state";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SuccessIcon } from "~/components/icons";
import { ALERT_PAGE_MAX, type AlertActionData } from "~/lib/alert-fields";
import { LISTINGS_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("pagina") ?? "";
  const page = /^\/(?!\/)[^\s\\]*$/.test(asked) && asked.length <= ALERT_PAGE_MAX ? asked : LISTINGS_PATH;
  return data(
    {
      site: { title: getTheme().title },
      sent: url.searchParams.get("enviado") === "1",
      page,
      tokens: leadFormTokens(),
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleAlertForm(request, { clientIp: context.clientIp });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Alerta de imóveis | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

export { GeneralErrorBoundary as ErrorBoundary };

/** "Confirme seu e-mail", or the form with the messages of a refused submission. */
export default function AlertCreatePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<AlertActionData | { error: string } | undefined>();
  const refused = actionData && "form" in actionData && !actionData.sent ? actionData : undefined;
  if (data.sent && !refused) {
    return (
      <div className={container}>
        <EmptyState
          title="Confirme seu e-mail"
          headingLevel={1}
          icon={<SuccessIcon size={28} />}
          actions={[
            <Link key="list" className={button.primary} to={LISTINGS_PATH}>
              Ver todos os imóveis
            </Link>,
          ]}
        >
          <p>
            Enviamos um link de confirmação para o seu e-mail. O alerta começa a funcionar quando você clicar nele (o
            link vale por 7 dias).
          </p>
          <p>Se não encontrar a mensagem, confira a caixa de spam.</p>
        </EmptyState>
      </div>
    );
  }
  const echoed = refused?.result.initialValue?.page;
  const page = typeof echoed === "string" && echoed.startsWith("/") ? echoed : data.page;
  return (
    <div className={container}>
      <h1>Criar alerta de imóveis</h1>
      <AlertForm tokens={data.tokens} page={page} lastResult={refused} />
      <p>
        <Link to={page}>Voltar à busca</Link>
      </p>
    </div>
  );
}
