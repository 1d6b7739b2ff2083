/**
 * The two forms of `/anunciar` (ADR 0089), server-rendered and working
 * without JavaScript: the estimate (a GET form, so the estimate is a link)
 * and the owner's contact (a POST with the spam-guard fields of every public
 * form and the property's fields as hidden inputs). Errors come from the
 * server and are shown beside each field.
 */
import { Form, Link } from "@remix-run/react";
import type { FilterVocabulary } from "~/lib/filters";
import { LEAD_EMAIL_MAX, LEAD_NAME_MAX, LEAD_PHONE_MAX, type LeadFormTokens } from "~/lib/lead-fields";
import { LGPD_PATH } from "~/lib/paths";
import {
  PURPOSE_CHOICES,
  VALUATION_MESSAGE_MAX,
  VALUATION_PARAMS,
  VALUATION_PATH,
  type ValuationField,
} from "~/lib/valuation-fields";
import { button } from "~/styles/ui.css";
import { Field, FormAlert, SelectField, TextareaField } from "./forms";
import { SpamGuardFields } from "./spam-guard-fields";
import * as s from "./valuation.css";

type Values = Partial<Record<ValuationField, string>>;
type Errors = Partial<Record<ValuationField, string>>;

/** Props of {@link EstimateForm}. */
export interface EstimateFormProps {
  vocabulary: FilterVocabulary;
  /** What the URL said (echoed back). */
  values: Values;
  /** pt-BR message per field. */
  errors: Errors;
}

/** "Quanto vale meu imóvel?": the GET form of the estimate. */
export function EstimateForm({ vocabulary, values, errors }: EstimateFormProps) {
  const error = (field: ValuationField) => (errors[field] ? [errors[field]] : undefined);
  const number = (field: ValuationField, label: string, extra: { optional?: boolean; hint?: string } = {}) => (
    <Field
      label={label}
      optional={extra.optional}
      hint={extra.hint}
      errors={error(field)}
      inputProps={{
        name: VALUATION_PARAMS[field],
        defaultValue: values[field] ?? "",
        inputMode: "decimal",
        maxLength: 12,
        required: !extra.optional,
      }}
    />
  );
  const choice = (
    field: "category" | "city",
    label: string,
    prompt: string,
    items: readonly { slug: string; label: string }[],
  ) => (
    <SelectField
      label={label}
      errors={error(field)}
      selectProps={{ name: VALUATION_PARAMS[field], defaultValue: values[field] ?? "", required: true }}
    >
      <option value="">{prompt}</option>
      {items.map((item) => (
        <option key={item.slug} value={item.slug}>
          {item.label}
        </option>
      ))}
    </SelectField>
  );
  return (
    <Form method="get" action={VALUATION_PATH} className={s.card} aria-labelledby="avaliacao-form-titulo">
      <h2 id="avaliacao-form-titulo" className={s.title}>
        Conte sobre o imóvel
      </h2>
      <fieldset className={s.purposes} aria-describedby={errors.purpose ? "finalidade-erro" : undefined}>
        <legend className={s.legend}>Você quer</legend>
        {(Object.keys(PURPOSE_CHOICES) as (keyof typeof PURPOSE_CHOICES)[]).map((purpose) => (
          <label key={purpose} className={s.radio}>
            <input
              type="radio"
              name={VALUATION_PARAMS.purpose}
              value={purpose}
              defaultChecked={(values.purpose ?? "venda") === purpose}
            />
            {PURPOSE_CHOICES[purpose]}
          </label>
        ))}
        {errors.purpose ? (
          <p id="finalidade-erro" className={s.fieldError}>
            {errors.purpose}
          </p>
        ) : null}
      </fieldset>
      {choice("category", "Tipo", "Escolha o tipo", vocabulary.categories)}
      <div className={s.grid}>
        {choice("city", "Cidade", "Escolha a cidade", vocabulary.cities)}
        <SelectField
          label="Bairro"
          errors={error("neighbourhood")}
          selectProps={{
            name: VALUATION_PARAMS.neighbourhood,
            defaultValue: values.neighbourhood ?? "",
            required: true,
          }}
        >
          <option value="">Escolha o bairro</option>
          {vocabulary.cities.map((city) => (
            <optgroup key={city.slug} label={city.label}>
              {city.neighbourhoods.map((nb) => (
                <option key={nb.slug} value={nb.slug}>
                  {nb.label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      </div>
      <Field
        label="CEP"
        optional
        hint="Ajuda o corretor a localizar o imóvel."
        errors={error("cep")}
        inputProps={{
          name: VALUATION_PARAMS.cep,
          defaultValue: values.cep ?? "",
          inputMode: "numeric",
          autoComplete: "postal-code",
          placeholder: "00000-000",
          maxLength: 9,
        }}
      />
      <div className={s.grid}>
        {number("area", "Área (m²)")}
        {number("bedrooms", "Quartos")}
        {number("suites", "Suítes", { optional: true })}
        {number("parking", "Vagas", { optional: true })}
      </div>
      {number("condoFee", "Condomínio (R$ por mês)", { optional: true })}
      <button type="submit" className={`${button.primary} ${s.submit}`}>
        Ver estimativa
      </button>
    </Form>
  );
}

/** Props of {@link ContactForm}. */
export interface ContactFormProps {
  tokens: LeadFormTokens;
  /** The estimate form's values, posted again as hidden inputs. */
  property: Values;
  /** The action's refusal: messages per field ("" for the form) and what was typed. */
  refusal?: { errors: Record<string, string[]>; values: Record<string, string>; startedAt?: string };
  /** True when there is a figure (the title changes). */
  hasEstimate: boolean;
}

/** The owner's contact (POST): a broker evaluates the property. */
export function ContactForm({ tokens, property, refusal, hasEstimate }: ContactFormProps) {
  const typed = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  return (
    <Form method="post" className={s.card} aria-labelledby="avaliacao-contato-titulo" data-valuation-contact>
      <h2 id="avaliacao-contato-titulo" className={s.title}>
        {hasEstimate ? "Quer anunciar com a gente?" : "Peça a avaliação de um corretor"}
      </h2>
      <p className={s.muted}>
        Um corretor credenciado no CRECI analisa o seu imóvel, sem compromisso, e liga para você.
      </p>
      {(Object.entries(property) as [ValuationField, string][]).map(([field, value]) => (
        <input key={field} type="hidden" name={VALUATION_PARAMS[field]} value={value} />
      ))}
      <SpamGuardFields
        idempotencyKey={tokens.idempotencyKey}
        startedAt={refusal?.startedAt ?? tokens.startedAt}
        enhanced={false}
      />
      <Field
        label="Nome"
        errors={errors.name}
        inputProps={{
          name: "name",
          defaultValue: typed.name,
          autoComplete: "name",
          maxLength: LEAD_NAME_MAX,
          required: true,
        }}
      />
      <div className={s.grid}>
        <Field
          label="Telefone ou WhatsApp"
          errors={errors.phone}
          inputProps={{
            name: "phone",
            type: "tel",
            defaultValue: typed.phone,
            autoComplete: "tel",
            placeholder: "(11) 91234-5678",
            maxLength: LEAD_PHONE_MAX,
            required: true,
          }}
        />
        <Field
          label="E-mail"
          errors={errors.email}
          inputProps={{
            name: "email",
            type: "email",
            defaultValue: typed.email,
            autoComplete: "email",
            placeholder: "nome@exemplo.com.br",
            maxLength: LEAD_EMAIL_MAX,
            required: true,
          }}
        />
      </div>
      <TextareaField
        label="Mensagem"
        optional
        errors={errors.message}
        textareaProps={{ name: "message", defaultValue: typed.message, rows: 3, maxLength: VALUATION_MESSAGE_MAX }}
      />
      <FormAlert id="avaliacao-contato-erro" message={errors[""]?.length ? errors[""].join(" ") : undefined} />
      <button type="submit" className={`${button.primary} ${s.submit}`}>
        Quero uma avaliação
      </button>
      <p className={s.muted}>
        Usamos seus dados só para responder a este contato. <Link to={LGPD_PATH}>Política de privacidade</Link>
      </p>
    </Form>
  );
}
