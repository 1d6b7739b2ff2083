/**
 * `/visitas/{token}/avaliacao` (ADR 0093): the visitor rates a visit 1–5 with an optional comment
 * (at most 1,000 characters), once, only after the visit's start; a second visit to the page shows
 * the rating given. The token is the visit's manage link's: unknown → 404 error screen. Spam
 * defence as the other public forms; never cached, not indexed, same-origin referrer (the URL is
 * the secret). Works without JavaScript (a plain POST, then a 303 back here).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { getDb } from "~/.server/db";
import { handleFeedbackPost, loadFeedbackPage } from "~/.server/visits/feedback-page";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { ErrorList, FormAlert, TextareaField } from "~/components/forms";
import { SpamGuardFields } from "~/components/spam-guard-fields";
import * as s from "~/components/visit-feedback.css";
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from "~/lib/cache-control";
import { FEEDBACK_FIELDS, FEEDBACK_MAX, RATING_LABELS } from "~/lib/visit-followup";
import { visitWhenText } from "~/lib/visit-format";
import { button, container } from "~/styles/ui.css";

/** The visit of the token and what the page may do with it (per-IP limit: 429; unknown token: 404). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFeedbackPage(getDb().db, params.token, {
    url: new URL(request.url),
    clientIp: context.clientIp,
  });
  return data(page, { headers: TOKEN_PAGE_HEADERS });
}

/** Stores the rating once (see `~/.server/visits/feedback-page`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleFeedbackPost(request, params.token ?? "", { db: getDb().db, clientIp: context.clientIp });
}

/** Never cached, not indexed, same-origin referrer, the error screens too. */
export const headers = tokenPageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [
  { title: "Avalie sua visita" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export { GeneralErrorBoundary as ErrorBoundary };

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Refused = ReturnType<typeof useActionData<typeof action>>;

/** The rating form: five radio buttons in a fieldset and the comment. */
function FeedbackForm({ data, refused }: { data: Data; refused: Refused }) {
  const [search] = useSearchParams();
  const errors = refused && "errors" in refused ? refused.errors : {};
  const typed = refused && "errors" in refused ? refused : null;
  // A link in the e-mail may carry `?nota=N`: it only pre-selects, the visitor still sends.
  const chosen = typed?.rating ?? search.get("nota") ?? "";
  return (
    <Form method="post" className={s.form} noValidate>
      <FormAlert message={errors.form} />
      <fieldset
        className={s.ratings}
        aria-describedby={errors.rating ? "nota-erro" : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className={s.legend}>Sua nota para a visita</legend>
        <div className={s.options}>
          {RATING_LABELS.map((label, index) => (
            <label key={label} className={s.option}>
              <input
                type="radio"
                name={FEEDBACK_FIELDS.rating}
                value={index + 1}
                defaultChecked={chosen === String(index + 1)}
                required
              />
              {index + 1} · {label}
            </label>
          ))}
        </div>
        <ErrorList id="nota-erro" errors={[errors.rating]} />
      </fieldset>
      <TextareaField
        label="Comentário"
        optional
        hint={`Até ${FEEDBACK_MAX.toLocaleString("pt-BR")} caracteres. O corretor e a imobiliária leem sua avaliação.`}
        errors={[errors.comment]}
        textareaProps={{
          id: FEEDBACK_FIELDS.comment,
          name: FEEDBACK_FIELDS.comment,
          rows: 4,
          maxLength: FEEDBACK_MAX,
          defaultValue: typed?.comment ?? "",
        }}
      />
      <SpamGuardFields idempotencyKey="" startedAt={typed?.startedAt ?? data.startedAt} enhanced={false} />
      <div>
        <button type="submit" className={button.dark}>
          Enviar avaliação
        </button>
      </div>
    </Form>
  );
}

/** The rating page. */
export default function VisitFeedbackPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const when = visitWhenText(new Date(data.startsAt));
  return (
    <div className={`${container} ${s.page}`}>
      <h1>Avalie sua visita</h1>
      <p className={s.muted}>
        {data.listing.title} (cód. {data.listing.code}) · {when}
      </p>
      {data.state === "given" ? (
        <>
          <p className={s.given} role="status" data-testid="avaliacao-dada">
            Obrigado! Sua nota: {data.rating} de 5 ({RATING_LABELS[(data.rating ?? 1) - 1]}).
            {data.comment ? `\nSeu comentário: ${data.comment}` : ""}
          </p>
          <p className={s.muted}>A avaliação já foi registrada e não pode ser alterada.</p>
        </>
      ) : data.state === "too-early" ? (
        <p className={s.muted} data-testid="avaliacao-cedo">
          A avaliação fica disponível depois do horário da visita. Até lá, você pode remarcar ou cancelar pelo link que
          recebeu.
        </p>
      ) : data.state === "cancelled" ? (
        <p className={s.muted}>Esta visita foi cancelada: não há o que avaliar.</p>
      ) : (
        <FeedbackForm data={data} refused={refused} />
      )}
      <p className={s.muted}>
        <Link to="/">Ver outros imóveis</Link>
      </p>
    </div>
  );
}
