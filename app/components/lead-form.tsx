/**
 * The contact forms (docs/product.md "Contact requests"): "quero
 * vender meu imóvel" {name, phone, location}, "mais informações" {code, name,
 * phone, email, message}, "avise-me" {condominium, name, e-mail or phone} and
 * the data-subject request of `/lgpd` {name, email, phone?, request, message}.
 * Each ends with a link to the privacy policy (`/lgpd`).
 *
 * Progressive enhancement: without JavaScript the form is a plain POST to the
 * page's own action (errors come back beside each field; success goes to
 * `/obrigado`). Once hydrated, Conform validates with the same zod schema on
 * blur, the form posts through a fetcher (pending state on the button) and
 * success replaces the form, in place, with a confirmation panel that takes
 * the focus (a polite live region) and offers to send another message.
 *
 * "Mais informações" and "avise-me" ask for a phone or an e-mail, at least one
 * (`requireContact`, docs/decisions/0036-listing-contact-bar.md).
 *
 * Every rendered form carries an idempotency key (replaced by one made in the
 * browser after hydration, and again after each success), a signed render
 * time and a honeypot (app/.server/leads/form-guard.ts).
 */
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { LeadFormTokens } from "~/.server/leads/form-guard";
import type { LeadActionData } from "~/.server/leads/submission";
import {
  LEAD_FORM_FIELDS,
  LEAD_MESSAGE_MAX,
  leadFormSchemas,
  LGPD_REQUEST_TYPES,
  type LeadFormKind,
} from "~/lib/leads";
import { LGPD_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { Field, FormAlert, SelectField, TextareaField } from "./forms";
import { SuccessIcon } from "./icons";
import * as s from "./lead-form.css";
import { useZodForm } from "./use-zod-form";

/** What each form says once it was sent (the in-place confirmation with JavaScript). */
export const LEAD_SENT_TEXT: Record<LeadFormKind, { title: string; description: string }> = {
  sell: { title: "Pedido enviado!", description: "Um corretor vai ligar para você em breve para avaliar seu imóvel." },
  info: {
    title: "Mensagem enviada!",
    description: "Um corretor vai responder em breve pelo telefone ou e-mail informado.",
  },
  alert: {
    title: "Aviso cadastrado!",
    description: "Avisaremos você assim que houver unidades disponíveis neste condomínio.",
  },
  lgpd: {
    title: "Solicitação recebida!",
    description: "Enviamos a confirmação para o seu e-mail e vamos responder em até 15 dias.",
  },
};

/** Props of {@link LeadForm}. */
export interface LeadFormProps {
  /** Which form. */
  kind: LeadFormKind;
  /** Signed render time and idempotency key from the page's loader (`leadFormTokens()`). */
  tokens: LeadFormTokens;
  /** `id` of the form element (anchor target, e.g. "quero-vender"). */
  id: string;
  /** Heading above the fields. */
  title: string;
  /** Heading level; default 2. */
  headingLevel?: 2 | 3;
  /** Text under the heading. */
  intro?: ReactNode;
  /** Label of the submit button. */
  submitLabel: string;
  /** Initial values: `code` (info), `condominium` (alert), `message` (info). */
  defaultValue?: Record<string, string>;
  /** Extra class of the card. */
  className?: string;
}

/** One of the three contact forms; see the module comment. */
export function LeadForm(props: LeadFormProps) {
  const { kind, tokens } = props;
  const schema = leadFormSchemas[kind];
  const fetcher = useFetcher<LeadActionData>({ key: `lead-${kind}` });
  const actionData = useActionData<LeadActionData | undefined>();
  const pageResult = actionData && typeof actionData === "object" && actionData.form === kind ? actionData : undefined;
  const last = fetcher.data ?? pageResult;

  const [enhanced, setEnhanced] = useState(false);
  const [key, setKey] = useState(tokens.idempotencyKey);
  useEffect(() => {
    setEnhanced(true);
    setKey(crypto.randomUUID());
  }, []);

  // A success answer (JSON, with JavaScript): the confirmation panel and a fresh key for the next request.
  const [sent, setSent] = useState(false);
  const seen = useRef<LeadActionData | undefined>(undefined);
  useEffect(() => {
    const data = fetcher.data;
    if (!data || data === seen.current) return;
    seen.current = data;
    if (data.sent) {
      setSent(true);
      setKey(crypto.randomUUID());
    }
  }, [fetcher.data]);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) panelRef.current?.focus();
  }, [sent]);

  const [form, fields] = useZodForm(schema, {
    id: props.id,
    lastResult: last?.result,
    defaultValue: { kind, ...props.defaultValue },
  });
  const pending = fetcher.state !== "idle";
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  const headingId = `${props.id}-titulo`;
  const all = fields as unknown as Record<string, FieldMetadata<string>>;

  if (sent) {
    const text = LEAD_SENT_TEXT[kind];
    return (
      <div
        ref={panelRef}
        id={props.id}
        className={`${s.form} ${s.sent} ${props.className ?? ""}`}
        role="status"
        aria-live="polite"
        aria-labelledby={headingId}
        tabIndex={-1}
        data-lead-sent={kind}
      >
        <span className={s.sentIcon}>
          <SuccessIcon size={28} />
        </span>
        <Heading id={headingId} className={s.title}>
          {text.title}
        </Heading>
        <p className={s.sentText}>{text.description}</p>
        <button type="button" className={button.outline} onClick={() => setSent(false)}>
          {kind === "alert" ? "Cadastrar outro aviso" : "Enviar outra mensagem"}
        </button>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={`${s.form} ${props.className ?? ""}`}
      aria-labelledby={headingId}
      aria-busy={pending || undefined}
      data-lead-form={kind}
    >
      <Heading id={headingId} className={s.title}>
        {props.title}
      </Heading>
      {props.intro ? <p className={s.intro}>{props.intro}</p> : null}

      <input type="hidden" name="kind" value={kind} />
      {kind === "info" ? <input type="hidden" name="code" value={props.defaultValue?.code ?? ""} /> : null}
      {kind === "alert" ? (
        <input type="hidden" name="condominium" value={props.defaultValue?.condominium ?? ""} />
      ) : null}
      <input type="hidden" name={LEAD_FORM_FIELDS.idempotencyKey} value={key} />
      <input type="hidden" name={LEAD_FORM_FIELDS.startedAt} value={last?.startedAt ?? tokens.startedAt} />
      {enhanced ? <input type="hidden" name={LEAD_FORM_FIELDS.enhanced} value="1" /> : null}
      <div className={s.trap} aria-hidden="true">
        <label>
          Não preencha este campo
          <input type="text" name={LEAD_FORM_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <TextField field={all.name} label="Nome" autoComplete="name" />
      {kind === "sell" ? (
        <>
          <PhoneField field={all.phone} />
          <TextField
            field={all.location}
            label="Onde fica o imóvel?"
            autoComplete="street-address"
            placeholder="Endereço, bairro e cidade"
          />
        </>
      ) : null}
      {kind === "info" ? (
        <>
          <p className={s.pairHint}>Informe um telefone, um e-mail ou os dois.</p>
          <div className={s.row}>
            <PhoneField field={all.phone} />
            <EmailField field={all.email} />
          </div>
          <TextareaField
            field={all.message}
            label="Mensagem"
            textareaProps={{ rows: 4, maxLength: LEAD_MESSAGE_MAX }}
          />
        </>
      ) : null}
      {kind === "alert" ? (
        <div className={s.row}>
          <EmailField field={all.email} optional />
          <PhoneField field={all.phone} optional />
        </div>
      ) : null}
      {kind === "lgpd" ? (
        <>
          <div className={s.row}>
            <EmailField field={all.email} />
            <PhoneField field={all.phone} optional />
          </div>
          <SelectField field={all.request} label="O que você quer pedir?">
            <option value="">Escolha uma opção</option>
            {Object.entries(LGPD_REQUEST_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextareaField
            field={all.message}
            label="Detalhes da solicitação"
            textareaProps={{ rows: 4, maxLength: LEAD_MESSAGE_MAX }}
          />
        </>
      ) : null}

      <FormAlert id={form.errorId} message={form.errors?.length ? form.errors.join(" ") : undefined} />
      <button type="submit" className={`${button.primary} ${s.submit}`} disabled={pending}>
        {pending ? "Enviando…" : props.submitLabel}
      </button>
      <p className={s.note}>
        Usamos seus dados só para responder a este contato.{" "}
        <Link to={LGPD_PATH} className={s.noteLink}>
          Política de privacidade
        </Link>
      </p>
    </fetcher.Form>
  );
}

/** A text input of the form kit, with its autofill hint and placeholder. */
function TextField({
  autoComplete,
  placeholder,
  type = "text",
  ...frame
}: {
  field: FieldMetadata<string>;
  label: string;
  type?: "text" | "tel" | "email";
  autoComplete: string;
  placeholder?: string;
  optional?: boolean;
}) {
  const inputMode = type === "text" ? undefined : type;
  return <Field {...frame} type={type} inputProps={{ autoComplete, inputMode, placeholder }} />;
}

/** A contact field: its label, input type, autofill hint and placeholder. */
const CONTACT_FIELDS = {
  phone: { label: "Telefone ou WhatsApp", type: "tel", autoComplete: "tel", placeholder: "(11) 91234-5678" },
  email: { label: "E-mail", type: "email", autoComplete: "email", placeholder: "nome@exemplo.com.br" },
} as const;

/** "Telefone ou WhatsApp": a Brazilian phone with area code. */
function PhoneField(props: { field: FieldMetadata<string>; optional?: boolean }) {
  return <TextField {...props} {...CONTACT_FIELDS.phone} />;
}

/** "E-mail". */
function EmailField(props: { field: FieldMetadata<string>; optional?: boolean }) {
  return <TextField {...props} {...CONTACT_FIELDS.email} />;
}
