/**
 * "Criar alerta" (ADR 0034): a compact form on the list, search and map
 * pages that saves the page's search with an e-mail (optional name; a daily
 * digest). The page's path and query go in a hidden field; the server reads
 * the filters from it with the list pages' codec.
 *
 * Progressive enhancement like the contact forms (`./lead-form`): without
 * JavaScript a plain POST to `/alertas/criar` (errors on that page, success
 * → "Confirme seu e-mail"); once hydrated, the form posts through a fetcher
 * and the confirmation shows in place, and the same zod schema as the
 * action's validates on blur once the visitor first focuses the form
 * (`./use-lazy-validation`). Honeypot, signed render time and idempotency key as in ADR 0015.
 */
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ALERT_CREATE_PATH, ALERT_NAME_MAX, type AlertActionData } from "~/lib/alert-fields";
import { LEAD_EMAIL_MAX, type LeadFormTokens } from "~/lib/lead-fields";
import { LGPD_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { Field, FormAlert } from "./forms";
import * as s from "./alert-form.css";
import { SpamGuardFields } from "./spam-guard-fields";
import { useEnhancedForm } from "./use-enhanced-form";
import { fieldAttributes, useLazyValidation } from "./use-lazy-validation";

/** Props of {@link AlertForm}. */
export interface AlertFormProps {
  /** Signed render time and idempotency key from the page's loader (`leadFormTokens()`). */
  tokens: LeadFormTokens;
  /** The page's path and query, e.g. `/todos-os-imoveis/venda-apartamento?quartos=2` (default: the current location). */
  page?: string;
  /** A refused no-JS submission's answer (the `/alertas/criar` page). */
  lastResult?: AlertActionData;
  /** Heading level (default 2). */
  headingLevel?: 2 | 3;
}

/** The "Criar alerta" card; see the module comment. */
export function AlertForm({ tokens, lastResult, headingLevel = 2, ...props }: AlertFormProps) {
  const location = useLocation();
  const page = props.page ?? `${location.pathname}${location.search}`;
  const fetcher = useFetcher<AlertActionData>({ key: "alert-search" });
  const last = fetcher.data ?? lastResult;
  const { enhanced, idempotencyKey: key, renewKey } = useEnhancedForm(tokens.idempotencyKey);
  useEffect(() => {
    if (fetcher.data?.sent) renewKey();
  }, [fetcher.data, renewKey]);

  const { form, field, formErrors } = useLazyValidation({
    id: "criar-alerta",
    load: () => import("./public-form-validators").then((validators) => validators.alertValidator),
    lastResult: last?.result,
  });
  const email = field("email");
  const name = field("name");
  const pending = fetcher.state !== "idle";
  const Heading = headingLevel === 3 ? "h3" : "h2";

  return (
    <fetcher.Form
      method="post"
      action={ALERT_CREATE_PATH}
      {...form}
      className={s.form}
      aria-labelledby="criar-alerta-titulo"
      aria-busy={pending || undefined}
      data-alert-form=""
    >
      <Heading id="criar-alerta-titulo" className={s.title}>
        Receba novidades desta busca
      </Heading>
      <p className={s.intro}>Um e-mail por dia, só quando houver imóveis novos ou preços reduzidos.</p>
      <input type="hidden" name="page" value={page} />
      <SpamGuardFields idempotencyKey={key} startedAt={last?.startedAt ?? tokens.startedAt} enhanced={enhanced} />
      <div className={s.row}>
        <Field
          label="E-mail"
          errors={email.errors}
          inputProps={{
            ...fieldAttributes(email),
            type: "email",
            autoComplete: "email",
            inputMode: "email",
            placeholder: "nome@exemplo.com.br",
            maxLength: LEAD_EMAIL_MAX,
            required: true,
          }}
        />
        <Field
          label="Nome do alerta"
          optional
          errors={name.errors}
          inputProps={{
            ...fieldAttributes(name),
            autoComplete: "off",
            maxLength: ALERT_NAME_MAX,
            placeholder: "Ex.: Apê perto do metrô",
          }}
        />
        <button type="submit" className={`${button.primary} ${s.submit}`} disabled={pending}>
          {pending ? "Criando…" : "Criar alerta"}
        </button>
      </div>
      {field("page").errors?.length ? (
        <FormAlert message="Não foi possível ler a busca desta página. Recarregue a página e tente de novo." />
      ) : null}
      <FormAlert id="criar-alerta-erro" message={formErrors?.length ? formErrors.join(" ") : undefined} />
      {fetcher.data?.sent ? (
        <p className={s.sent} role="status" tabIndex={-1}>
          <strong>Quase lá!</strong> Enviamos um link de confirmação para o seu e-mail. O alerta começa quando você
          confirmar.
        </p>
      ) : null}
      <p className={s.note}>
        Você pode cancelar a qualquer momento pelo link de cada e-mail.{" "}
        <Link to={LGPD_PATH} className={s.noteLink}>
          Política de privacidade
        </Link>
      </p>
    </fetcher.Form>
  );
}
