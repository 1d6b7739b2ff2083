/**
 * The contact forms (docs/product.md "Contact requests"): "quero
 * vender meu imóvel" {name, phone, location}, "mais informações" {code, name,
 * phone, email, message}, "avise-me" {condominium, name, e-mail or phone} and
 * the data-subject request of `/lgpd` {name, email, phone?, request, message}.
 * Each ends with a link to the privacy policy (`/lgpd`).
 *
 * Progressive enhancement: without JavaScript the form is a plain POST to the
 * page's own action (errors come back beside each field; success goes to
 * `/obrigado`). Once hydrated, the form posts through a fetcher (pending
 * state on the button) and success replaces the form, in place, with a
 * confirmation panel that takes the focus (a polite live region) and offers
 * to send another message. The same zod schema as the action's validates on
 * blur once the visitor first focuses the form: it is loaded then, not with
 * the page (`./use-lazy-validation`).
 *
 * "Mais informações" and "avise-me" ask for a phone or an e-mail, at least one
 * (`requireContact`, docs/decisions/0036-listing-contact-bar.md).
 *
 * Every rendered form carries an idempotency key (replaced by one made in the
 * browser after hydration, and again after each success), a signed render
 * time and a honeypot (`./spam-guard-fields`; app/.server/leads/form-guard.ts).
 */
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  LEAD_EMAIL_MAX,
  LEAD_LOCATION_MAX,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  LEAD_PHONE_MAX,
  LGPD_REQUEST_TYPES,
  type LeadActionData,
  type LeadFormKind,
  type LeadFormTokens,
} from "~/lib/lead-fields";
import { LGPD_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import { Field, FormAlert, SelectField, TextareaField } from "./forms";
import { SuccessIcon } from "./icons";
import * as s from "./lead-form.css";
import { SpamGuardFields } from "./spam-guard-fields";
import { useEnhancedForm } from "./use-enhanced-form";
import { fieldAttributes, type LazyField, useLazyValidation } from "./use-lazy-validation";

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
  const fetcher = useFetcher<LeadActionData>({ key: `lead-${kind}` });
  const actionData = useActionData<LeadActionData | undefined>();
  const pageResult = actionData && typeof actionData === "object" && actionData.form === kind ? actionData : undefined;
  const last = fetcher.data ?? pageResult;

  const { enhanced, idempotencyKey: key, renewKey } = useEnhancedForm(tokens.idempotencyKey);

  // A success answer (JSON, with JavaScript): the confirmation panel and a fresh key for the next request.
  const [sent, setSent] = useState(false);
  const seen = useRef<LeadActionData | undefined>(undefined);
  useEffect(() => {
    const data = fetcher.data;
    if (!data || data === seen.current) return;
    seen.current = data;
    if (data.sent) {
      setSent(true);
      renewKey();
    }
  }, [fetcher.data, renewKey]);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) panelRef.current?.focus();
  }, [sent]);

  const { form, field, formErrors } = useLazyValidation({
    id: props.id,
    load: () => import("./public-form-validators").then((validators) => validators.leadValidator(kind)),
    lastResult: last?.result,
    defaultValue: props.defaultValue,
  });
  const pending = fetcher.state !== "idle";
  const Heading = props.headingLevel === 3 ? "h3" : "h2";
  const headingId = `${props.id}-titulo`;

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
        <button type="button" className={`${button.outline} ${s.again}`} onClick={() => setSent(false)}>
          {kind === "alert" ? "Cadastrar outro aviso" : "Enviar outra mensagem"}
        </button>
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      {...form}
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
      <SpamGuardFields idempotencyKey={key} startedAt={last?.startedAt ?? tokens.startedAt} enhanced={enhanced} />

      <TextField field={field("name")} label="Nome" autoComplete="name" maxLength={LEAD_NAME_MAX} required />
      {kind === "sell" ? (
        <>
          <PhoneField field={field("phone")} required />
          <TextField
            field={field("location")}
            label="Onde fica o imóvel?"
            autoComplete="street-address"
            placeholder="Endereço, bairro e cidade"
            maxLength={LEAD_LOCATION_MAX}
            required
          />
        </>
      ) : null}
      {kind === "info" ? (
        <>
          <p className={s.pairHint}>Informe um telefone, um e-mail ou os dois.</p>
          <div className={s.row}>
            <PhoneField field={field("phone")} />
            <EmailField field={field("email")} />
          </div>
          <MessageField field={field("message")} label="Mensagem" />
        </>
      ) : null}
      {kind === "alert" ? (
        <div className={s.row}>
          <EmailField field={field("email")} optional />
          <PhoneField field={field("phone")} optional />
        </div>
      ) : null}
      {kind === "lgpd" ? (
        <>
          <div className={s.row}>
            <EmailField field={field("email")} required />
            <PhoneField field={field("phone")} optional />
          </div>
          <SelectField
            label="O que você quer pedir?"
            errors={field("request").errors}
            selectProps={{ ...fieldAttributes(field("request")), required: true }}
          >
            <option value="">Escolha uma opção</option>
            {Object.entries(LGPD_REQUEST_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <MessageField field={field("message")} label="Detalhes da solicitação" />
        </>
      ) : null}

      <FormAlert id={`${props.id}-erro`} message={formErrors?.length ? formErrors.join(" ") : undefined} />
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

/** A text input of the form kit, with its autofill hint, placeholder and limits. */
function TextField({
  field,
  autoComplete,
  placeholder,
  type = "text",
  maxLength,
  required,
  ...frame
}: {
  field: LazyField;
  label: string;
  type?: "text" | "tel" | "email";
  autoComplete: string;
  placeholder?: string;
  maxLength: number;
  required?: boolean;
  optional?: boolean;
}) {
  const inputMode = type === "text" ? undefined : type;
  return (
    <Field
      {...frame}
      errors={field.errors}
      inputProps={{ ...fieldAttributes(field), type, autoComplete, inputMode, placeholder, maxLength, required }}
    />
  );
}

/** A message: a four-line textarea of at most {@link LEAD_MESSAGE_MAX} characters, required. */
function MessageField({ field, label }: { field: LazyField; label: string }) {
  return (
    <TextareaField
      label={label}
      errors={field.errors}
      textareaProps={{ ...fieldAttributes(field), rows: 4, maxLength: LEAD_MESSAGE_MAX, required: true }}
    />
  );
}

/** A contact field: its label, input type, autofill hint, placeholder and limit. */
const CONTACT_FIELDS = {
  phone: {
    label: "Telefone ou WhatsApp",
    type: "tel",
    autoComplete: "tel",
    placeholder: "(11) 91234-5678",
    maxLength: LEAD_PHONE_MAX,
  },
  email: {
    label: "E-mail",
    type: "email",
    autoComplete: "email",
    placeholder: "nome@exemplo.com.br",
    maxLength: LEAD_EMAIL_MAX,
  },
} as const;

/** "Telefone ou WhatsApp": a Brazilian phone with area code. */
function PhoneField(props: { field: LazyField; optional?: boolean; required?: boolean }) {
  return <TextField {...props} {...CONTACT_FIELDS.phone} />;
}

/** "E-mail". */
function EmailField(props: { field: LazyField; optional?: boolean; required?: boolean }) {
  return <TextField {...props} {...CONTACT_FIELDS.email} />;
}
