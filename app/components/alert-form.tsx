/**
 * "Criar alerta" (ADR 0034): a compact form on the list, search and map
 * pages that saves the page's search with an e-mail (optional name; a daily
 * digest). The page's path and query go in a hidden field; the server reads
 * the filters from it with the list pages' codec.
 *
 * Progressive enhancement like the contact forms (`./lead-form`): without
 * JavaScript a plain POST to `/alertas/criar` (errors on that page, success
 * → "Confirme seu e-mail"); once hydrated, Conform validates with the same
 * zod schema, the form posts through a fetcher and the confirmation shows in
 * place. Honeypot, signed render time and idempotency key as in ADR 0015.
 */
import { getFormProps } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { LeadFormTokens } from "~/.server/leads/form-guard";
import { ALERT_CREATE_PATH, ALERT_NAME_MAX, alertFormSchema, type AlertActionData } from "~/lib/alerts";
import { LEAD_FORM_FIELDS } from "~/lib/leads";
import { LGPD_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { Field, FormAlert } from "./forms";
import * as s from "./alert-form.css";
import { useZodForm } from "./use-zod-form";

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
  const [enhanced, setEnhanced] = useState(false);
  const [key, setKey] = useState(tokens.idempotencyKey);
  useEffect(() => {
    setEnhanced(true);
    setKey(crypto.randomUUID());
  }, []);
  useEffect(() => {
    if (fetcher.data?.sent) setKey(crypto.randomUUID());
  }, [fetcher.data]);

  const [form, fields] = useZodForm(alertFormSchema, {
    id: "criar-alerta",
    lastResult: last?.result,
    defaultValue: { page },
  });
  const pending = fetcher.state !== "idle";
  const Heading = headingLevel === 3 ? "h3" : "h2";

  return (
    <fetcher.Form
      method="post"
      action={ALERT_CREATE_PATH}
      {...getFormProps(form)}
      noValidate
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
      <input type="hidden" name={LEAD_FORM_FIELDS.idempotencyKey} value={key} />
      <input type="hidden" name={LEAD_FORM_FIELDS.startedAt} value={last?.startedAt ?? tokens.startedAt} />
      {enhanced ? <input type="hidden" name={LEAD_FORM_FIELDS.enhanced} value="1" /> : null}
      <div className={s.trap} aria-hidden="true">
        <label>
          Não preencha este campo
          <input type="text" name={LEAD_FORM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className={s.row}>
        <Field
          field={fields.email}
          label="E-mail"
          type="email"
          inputProps={{ autoComplete: "email", inputMode: "email", placeholder: "nome@exemplo.com.br" }}
        />
        <Field
          field={fields.name}
          label="Nome do alerta"
          optional
          inputProps={{ autoComplete: "off", maxLength: ALERT_NAME_MAX, placeholder: "Ex.: Apê perto do metrô" }}
        />
        <button type="submit" className={`${button.primary} ${s.submit}`} disabled={pending}>
          {pending ? "Criando…" : "Criar alerta"}
        </button>
      </div>
      {fields.page.errors?.length ? (
        <FormAlert message="Não foi possível ler a busca desta página. Recarregue a página e tente de novo." />
      ) : null}
      <FormAlert id={form.errorId} message={form.errors?.length ? form.errors.join(" ") : undefined} />
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
